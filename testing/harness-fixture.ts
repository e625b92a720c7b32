/**
 * Test support for driving the reference harness in-process: a harness on memory storage and a fake model with a
 * deterministic clock and ids (one counter behind `now()`, `newId()` and `tick()`), its mux and host-stream frames
 * collected in arrival order, a model step held open until released, and a bounded wait on microtasks.
 * Environment-free: no sockets, no real time (a zero-delay timer is the only global).
 */
import type { ServerRequest } from '../src/core/protocol/envelopes.ts';
import { createFakeModel, type FakeModel, type FakeStep, type say } from './fake-model.ts';
import { createHarness, type ReferenceHarness } from '../harness/harness.ts';
import { MemoryStorage } from '../harness/storage/memory.ts';
import type { HarnessOptions } from '../harness/types.ts';

/** What {@link createTestHarness} returns. */
export type TestHarness = {
  host: ReferenceHarness;
  /** The storage in use: `options.storage` when it is a `MemoryStorage` (a restart over the same files), else a fresh one. */
  storage: MemoryStorage;
  model: FakeModel;
  /** Every mux frame (`openMux`), in arrival order. */
  mux: ServerRequest[];
  /** Every host-stream frame (`openHostStream`), in arrival order. */
  hostFrames: ServerRequest[];
  /** Messages the harness logged through `logger.warn`. */
  warnings: string[];
  /**
   * Advance the counter behind `now()` and `newId()`, for ids a test makes itself (e.g. rpcIds).
   * @returns the new counter value (1, 2, …)
   */
  tick: () => number;
};

/**
 * A harness with the fake model answering `steps` in order; `now()` is `1000 + counter` ms and `newId()` a UUID ending in
 * the counter, so logs are identical from run to run.
 * @param steps the fake model's steps (see `createFakeModel`)
 * @param options harness options overriding the defaults (`cwd: '/work'`, the clock, ids, logger, storage, model)
 */
export function createTestHarness(steps: FakeStep[] = [], options: Partial<HarnessOptions> = {}): TestHarness {
  let n = 0;
  const storage = options.storage instanceof MemoryStorage ? options.storage : new MemoryStorage();
  const model = createFakeModel(steps);
  const warnings: string[] = [];
  const host = createHarness({
    storage,
    model,
    cwd: '/work',
    now: () => 1_000 + n,
    newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    logger: { warn: (message) => void warnings.push(message) },
    ...options,
  });
  const mux: ServerRequest[] = [];
  const hostFrames: ServerRequest[] = [];
  host.openMux((frame) => void mux.push(frame));
  host.openHostStream((frame) => void hostFrames.push(frame));
  return { host, storage, model, mux, hostFrames, warnings, tick: () => ++n };
}

/** A model step that {@link gate} holds open. */
export type GatedStep = {
  step: FakeStep;
  /** Let the step answer. */
  release: () => void;
  /** Resolves once the model was asked for the step. */
  opened: Promise<void>;
};

/**
 * A step held open until `release()`, for acting while a turn is in flight.
 * @param chunks the step's answer once released (`say(...)` or `call(...)`)
 */
export function gate(chunks: () => ReturnType<typeof say>): GatedStep {
  let release!: () => void;
  let opened!: () => void;
  const wasOpened = new Promise<void>((resolve) => (opened = resolve));
  const held = new Promise<void>((resolve) => (release = resolve));
  const step: FakeStep = async () => {
    opened();
    await held;
    return chunks();
  };
  return { step, release, opened: wasOpened };
}

/**
 * Yield to the event loop until `check()` holds, at most 200 zero-delay turns.
 * @throws Error "condition not reached" when it still does not hold
 */
export async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 0));
  if (!check()) throw new Error('condition not reached');
}
