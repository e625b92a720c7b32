/**
 * MSW for Vitest (Node): `server` over the mocked harness with a zero-delay scripted model, and
 * `resetMockHarness()` for a fresh host between tests (vitest.setup.ts calls it after each test).
 */
import { setupServer } from 'msw/node';
import type { Host, PluginEntry } from '../harness/types.ts';
import { createHandlers } from './handlers.ts';
import { createMockHarness } from './harness.ts';

const harness = createMockHarness({ delayMs: 0 });

/** The MSW server; `vitest.setup.ts` starts it with `onUnhandledRequest: 'error'`. */
export const server = setupServer(...createHandlers(harness.getHost));

/**
 * Replace the mocked host with a fresh, empty one (the old one is closed).
 * @param options.plugins - the new host's plugin list (e.g. session modes); default: the plan-mode host
 */
export function resetMockHarness(options: { plugins?: PluginEntry[] } = {}): void {
  harness.reset(options.plugins);
}

/** The current mocked host, for tests that drive the engine directly. */
export function getMockHost(): Host {
  return harness.getHost();
}
