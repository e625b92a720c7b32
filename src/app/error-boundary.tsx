/**
 * Error boundary of the app: a render error shows what failed and a "Try again" button instead of a blank page.
 * "Try again" really starts over: it clears the query cache (so no cached value that broke a render is served
 * again) and re-mounts the children under a new key (so the session-stream provider builds a fresh store and pulls
 * fresh baselines). View state (drafts in the zustand stores) is kept. The real defence is that nothing throws:
 * events are validated before any fold sees them.
 */
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { Component, Fragment, type ContextType, type ErrorInfo, type ReactNode } from 'react';
import { useCopy } from '../lib/language.ts';
import { appLocales } from './locales.ts';

interface State {
  error: Error | undefined;
  generation: number;
}

/** What failed and "Try again", in the interface language. */
function ErrorNotice({ error, onTryAgain }: { error: Error; onTryAgain: () => void }) {
  const t = useCopy(appLocales);
  return (
    <div role="alert" className="app-error">
      <h2>{t.errorTitle}</h2>
      <pre>{error.message}</pre>
      <button type="button" className="button primary" onClick={onTryAgain}>
        {t.tryAgain}
      </button>
    </div>
  );
}

/** Catch render errors below; on "Try again" the query cache is cleared and `children` re-mount from scratch. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  static override contextType = QueryClientContext;
  declare context: ContextType<typeof QueryClientContext>;
  override state: State = { error: undefined, generation: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[ui-plan] render error', error, info.componentStack);
  }

  private readonly tryAgain = (): void => {
    const client: QueryClient | undefined = this.context;
    client?.clear();
    this.setState((state) => ({ error: undefined, generation: state.generation + 1 }));
  };

  override render(): ReactNode {
    if (!this.state.error) return <Fragment key={this.state.generation}>{this.props.children}</Fragment>;
    return <ErrorNotice error={this.state.error} onTryAgain={this.tryAgain} />;
  }
}
