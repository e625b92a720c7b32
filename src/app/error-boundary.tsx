/**
 * Error boundary of the app: a render error shows what failed and a "Try again" button (which re-mounts the
 * children) instead of a blank page.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from './locales.ts';

interface State { error: Error | undefined }

/** Catch render errors below; `children` re-mount on "Try again". */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[ui-plan] render error', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="app-error">
        <h2>{t.errorTitle}</h2>
        <pre>{this.state.error.message}</pre>
        <button type="button" className="button primary" onClick={() => this.setState({ error: undefined })}>
          {t.tryAgain}
        </button>
      </div>
    );
  }
}
