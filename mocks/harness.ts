/**
 * The mocked harness instance shared by the Node and browser entries: one `Host` over `MemoryStorage` with the
 * scripted model, replaceable by `resetMockHarness()` (a fresh, empty host; the old one is closed).
 */
import { createHost } from '../harness/host.ts';
import { MemoryStorage } from '../harness/storage/memory.ts';
import { createScriptedModel } from '../harness/models/scripted.ts';
import type { Host, ModelProvider, PluginEntry } from '../harness/types.ts';

/** Options of the mocked harness. */
export interface MockHarnessOptions {
  /** Per-delta pacing of the scripted model in ms (0 in tests, a little in the browser so streaming is visible). */
  delayMs: number;
  /** Wraps the scripted model of every host (tests hold it between steps); default: the model as is. */
  wrapModel?: (model: ModelProvider) => ModelProvider;
}

/**
 * Create a holder of the current mocked host.
 * @returns `getHost` (the live host) and `reset` (close it and start a fresh one with empty storage, built with
 *   `plugins` when given — e.g. the session-modes variant — else the default plan-mode host)
 */
export function createMockHarness(options: MockHarnessOptions): { getHost: () => Host; reset: (plugins?: PluginEntry[]) => void } {
  const make = (plugins?: PluginEntry[]) =>
    createHost({
      storage: new MemoryStorage(),
      model: (options.wrapModel ?? ((model) => model))(createScriptedModel({ delayMs: options.delayMs })),
      cwd: '/workspace',
      version: 'mock',
      ...(plugins ? { plugins } : {}),
    });
  let host = make();
  return {
    getHost: () => host,
    reset: (plugins) => {
      const old = host;
      host = make(plugins);
      void old.close();
    },
  };
}
