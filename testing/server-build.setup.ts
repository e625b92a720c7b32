/**
 * Vitest global setup of the node project: builds the server and CLI (scripts/build-server.mjs, as `npm run build`
 * does) before any test runs, so a test that spawns `bin/ui-plan.mjs` runs this checkout's source, never an older build.
 * Never imported by product code.
 */
import { buildServer } from '../scripts/build-server.mjs';

/** Build once per run. */
export default async function setup(): Promise<void> {
  await buildServer();
}
