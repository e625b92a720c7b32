/**
 * MSW for Vitest (Node): `server` over the mocked harness with a zero-delay scripted model that a test may hold
 * between steps (`holdModel`), and `resetMockHarness()` for a fresh harness between tests (vitest.setup.ts calls it
 * after each test, which also lets a held model go).
 */
import { setupServer } from 'msw/node';
import type { Harness, ModelProvider, PluginEntry } from '../harness/types.ts';
import { createHandlers } from './handlers.ts';
import { createMockHarness } from './harness.ts';

/** Resolves when the held model may go on; `undefined` while nothing holds it. */
let held: Promise<void> | undefined;
let letGo: () => void = () => undefined;

/** The scripted model, waiting before each step while a test holds it (or until the step's request is cancelled). */
function holdable(model: ModelProvider): ModelProvider {
  return {
    provider: model.provider,
    model: model.model,
    async *stream(request) {
      while (held !== undefined && !request.signal.aborted) {
        const cancelled = new Promise<void>((resolve) => request.signal.addEventListener('abort', () => resolve(), { once: true }));
        await Promise.race([held, cancelled]);
      }
      yield* model.stream(request);
    },
  };
}

const harness = createMockHarness({ delayMs: 0, wrapModel: holdable });

/**
 * Hold the mocked model: from now on every model step waits before its first chunk until `release()` (or until its
 * turn is cancelled). A whole-App test holds it before an answer it checks, so the turn stops at the next step —
 * after the boundary that commits a plan-mode or mode change — instead of running (and rendering) work the test does
 * not look at. `resetMockHarness` releases it.
 * @returns `release()`, which lets every waiting and later step go on
 */
export function holdModel(): { release: () => void } {
  held ??= new Promise<void>((resolve) => {
    letGo = () => {
      held = undefined;
      resolve();
    };
  });
  return { release: () => letGo() };
}

/** The MSW server; `vitest.setup.ts` starts it with `onUnhandledRequest: 'error'`. */
export const server = setupServer(...createHandlers(harness.getHarness));

/**
 * Replace the mock harness with a fresh, empty one (the old one is closed).
 * @param options.plugins - the new harness's plugin list (e.g. session modes); default: the plan-mode harness
 */
export function resetMockHarness(options: { plugins?: PluginEntry[] } = {}): void {
  letGo();
  harness.reset(options.plugins);
}

/** The current mock harness, for tests that drive the engine directly. */
export function getMockHost(): Harness {
  return harness.getHarness();
}
