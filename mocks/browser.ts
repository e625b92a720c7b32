/**
 * MSW for the browser (`npm run dev:mock`, e2e against the mock): a service worker over the mocked harness, with
 * a small per-delta delay so streaming text is visible. `src/main.tsx` starts it before rendering.
 */
import { setupWorker } from 'msw/browser';
import { createHandlers } from './handlers.ts';
import { createMockHarness } from './harness.ts';

const harness = createMockHarness({ delayMs: 12 });

/** The MSW worker; start it with `worker.start({ onUnhandledRequest: 'bypass' })`. */
export const worker = setupWorker(...createHandlers(harness.getHarness));
