/**
 * MSW for Vitest (Node): `server` over the mocked harness with a zero-delay scripted model that a test may hold
 * between steps (`holdModel`), and `resetMockHarness()` for a fresh harness between tests (vitest.setup.ts calls it
 * after each test, which also lets a held model go).
 */
import { setupServer } from 'msw/node';
import { createModelGate } from '../harness/models/gate.ts';
import type { Harness, PluginEntry } from '../harness/types.ts';
import { createHandlers } from './handlers.ts';
import { createMockHarness } from './harness.ts';

const gate = createModelGate();
const harness = createMockHarness({ delayMs: 0, wrapModel: gate.wrap });

/**
 * Hold the mocked model: from now on every model step waits before its first chunk until `release()` (or until its
 * turn is cancelled). A whole-App test holds it before an answer it checks, so the turn stops at the next step —
 * after the boundary that commits a plan-mode or mode change — instead of running (and rendering) work the test does
 * not look at. `resetMockHarness` releases it.
 * @returns `release()`, which lets every waiting and later step go on
 */
export function holdModel(): { release: () => void } {
  gate.hold();
  return { release: () => gate.release() };
}

/** The MSW server; `vitest.setup.ts` starts it with `onUnhandledRequest: 'error'`. */
export const server = setupServer(...createHandlers(harness.getHarness));

/**
 * Replace the mock harness with a fresh, empty one (the old one is closed).
 * @param options.plugins - the new harness's plugin list (e.g. session modes); default: the plan-mode harness
 */
export function resetMockHarness(options: { plugins?: PluginEntry[] } = {}): void {
  gate.release();
  harness.reset(options.plugins);
}

/** The current mock harness, for tests that drive the engine directly. */
export function getMockHost(): Harness {
  return harness.getHarness();
}
