#!/usr/bin/env node
// Entry of the `ui-plan` command: runs the compiled server and CLI (dist-server/cli.mjs, written by `npm run build`,
// scripts/build-server.mjs) and exits with its code. Without a build it says how to make one and exits 2.
import { existsSync } from 'node:fs';

const entry = new URL('../dist-server/cli.mjs', import.meta.url);
if (!existsSync(entry)) {
  console.error('ui-plan: the server is not built; run npm run build first');
  process.exit(2);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
