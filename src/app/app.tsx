/**
 * The app root: providers (TanStack Query, the session stream), the error boundary and the shell. Tests pass
 * their own `QueryClient` (retry off); the entry creates the default one.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { SessionStreamProvider } from '../session/provider.tsx';
import type { SessionStreamStore } from '../session/store.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { Shell } from './shell.tsx';
import './theme.css';

/** Props of `App`: an optional query client and session-stream store (defaults are created once). */
export interface AppProps {
  queryClient?: QueryClient;
  store?: SessionStreamStore;
}

/** Render the whole app. */
export function App({ queryClient, store }: AppProps) {
  const [client] = useState(() => queryClient ?? new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <ErrorBoundary>
        <SessionStreamProvider store={store}>
          <Shell />
        </SessionStreamProvider>
      </ErrorBoundary>
    </QueryClientProvider>
  );
}
