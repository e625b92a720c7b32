/**
 * A gate in front of a model provider, for tests that must act while a turn is running: while the gate is held, every
 * step waits before its first chunk, until the gate is released or the step's request is cancelled (so Stop still
 * works). Held or not, the steps are the wrapped model's own. Environment-free; used by the mocked harness of Vitest
 * (mocks/node.ts) and by the end-to-end test server (testing/held-serve.ts).
 */
import type { ModelProvider } from '../types.ts';

/** A gate and the models it holds. */
export interface ModelGate {
  /** The model behind this gate (same names, same steps). */
  wrap(model: ModelProvider): ModelProvider;
  /** Hold from now on: every step (waiting or about to start) waits before its first chunk. Idempotent. */
  hold(): void;
  /** Let every waiting and later step go on. Idempotent. */
  release(): void;
  /** Whether the gate is held. */
  readonly held: boolean;
  /** How many steps wait at the gate right now (a test waits for this before it acts on a held turn). */
  readonly waiting: number;
}

/** Create an open gate. */
export function createModelGate(): ModelGate {
  /** Resolves when the gate opens; `undefined` while it is open. */
  let closed: Promise<void> | undefined;
  let open: () => void = () => {};
  let waiting = 0;
  return {
    wrap: (model) => ({
      provider: model.provider,
      model: model.model,
      async *stream(request) {
        while (closed !== undefined && !request.signal.aborted) {
          const cancelled = new Promise<void>((resolve) => request.signal.addEventListener('abort', () => resolve(), { once: true }));
          waiting += 1;
          try {
            await Promise.race([closed, cancelled]);
          } finally {
            waiting -= 1;
          }
        }
        yield* model.stream(request);
      },
    }),
    hold() {
      closed ??= new Promise<void>((resolve) => {
        open = () => {
          closed = undefined;
          resolve();
        };
      });
    },
    release: () => open(),
    get held() {
      return closed !== undefined;
    },
    get waiting() {
      return waiting;
    },
  };
}
