/**
 * The mocked harness instance shared by the Node and browser entries: one `Host` over `MemoryStorage` with the
 * scripted model, replaceable by `resetMockHarness()` (a fresh, empty host; the old one is closed).
 */
import { createHost } from '../harness/host.ts';
import { MemoryStorage } from '../harness/storage/memory.ts';
import { createScriptedModel } from '../harness/models/scripted.ts';
import type { Host } from '../harness/types.ts';

/** Options of the mocked harness. */
export interface MockHarnessOptions {
  /** Per-delta pacing of the scripted model in ms (0 in tests, a little in the browser so streaming is visible). */
  delayMs: number;
}

/**
 * Create a holder of the current mocked host.
 * @returns `getHost` (the live host) and `reset` (close it and start a fresh one with empty storage)
 */
export function createMockHarness(options: MockHarnessOptions): { getHost: () => Host; reset: () => void } {
  const make = () =>
    createHost({
      storage: new MemoryStorage(),
      model: createScriptedModel({ delayMs: options.delayMs }),
      cwd: '/workspace',
      version: 'mock',
    });
  let host = make();
  return {
    getHost: () => host,
    reset: () => {
      const old = host;
      host = make();
      void old.close();
    },
  };
}
