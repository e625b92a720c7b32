/**
 * The harness's model providers: one per session, made on first use from `HarnessOptions.model` (a provider shared
 * by all, or a factory called once per session, as replay providers keep per-session cursors), and the names
 * `host.describe` reports (those of the first provider made, asked of the factory once when none is made yet).
 */
import type { HarnessOptions, ModelProvider } from '../types.ts';

/** What {@link createModelTable} returns. */
export interface ModelTable {
  /** The session's provider (made on first use). */
  modelFor(sessionId: string): ModelProvider;
  /** `{provider, model}` for `host.describe`, fixed at the first call. */
  describe(): { provider: string; model: string };
  /** Drop a session's provider (a freed draft, a deleted session). */
  forget(sessionId: string): void;
}

/** @param model - `HarnessOptions.model` */
export function createModelTable(model: HarnessOptions['model']): ModelTable {
  const providers = new Map<string, ModelProvider>();
  let described: { provider: string; model: string } | undefined;
  return {
    modelFor(sessionId) {
      let provider = providers.get(sessionId);
      if (!provider) {
        provider = typeof model === 'function' ? model(sessionId) : model;
        providers.set(sessionId, provider);
      }
      return provider;
    },
    describe() {
      if (!described) {
        const provider = typeof model === 'function' ? (providers.values().next().value ?? model('host.describe')) : model;
        described = { provider: provider.provider, model: provider.model };
      }
      return described;
    },
    forget: (sessionId) => void providers.delete(sessionId),
  };
}
