/**
 * The mocked harness instance shared by the Node and browser entries: one `Harness` over `MemoryStorage` with the
 * scripted model, replaceable by `resetMockHarness()` (a fresh, empty harness; the old one is closed).
 */
import { createHarness } from '../harness/harness.ts';
import { MemoryStorage } from '../harness/storage/memory.ts';
import { createScriptedModel } from '../harness/models/scripted.ts';
import type { Harness, ModelProvider, PluginEntry } from '../harness/types.ts';

/** Options of the mocked harness. */
export interface MockHarnessOptions {
  /** Per-delta pacing of the scripted model in ms (0 in tests, a little in the browser so streaming is visible). */
  delayMs: number;
  /** Wraps the scripted model of every harness (tests hold it between steps); default: the model as is. */
  wrapModel?: (model: ModelProvider) => ModelProvider;
}

/**
 * Create a holder of the current mock harness.
 * @returns `getHarness` (the live harness) and `reset` (close it and start a fresh one with empty storage, built with
 *   `plugins` when given — e.g. the session-modes variant — else the default plan-mode harness)
 */
export function createMockHarness(options: MockHarnessOptions): { getHarness: () => Harness; reset: (plugins?: PluginEntry[]) => void } {
  const make = (plugins?: PluginEntry[]) =>
    createHarness({
      storage: new MemoryStorage(),
      model: (options.wrapModel ?? ((model) => model))(createScriptedModel({ delayMs: options.delayMs })),
      cwd: '/workspace',
      version: 'mock',
      ...(plugins ? { plugins } : {}),
    });
  let harness = make();
  return {
    getHarness: () => harness,
    reset: (plugins) => {
      const old = harness;
      harness = make(plugins);
      void old.close();
    },
  };
}
