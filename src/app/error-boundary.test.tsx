/**
 * Tests of the app's error boundary: it shows the error and "Try again" starts over from a clean query cache.
 */
import { QueryClient, QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary.tsx';

it('reports a render error and recovers on "Try again"', async () => {
  const user = userEvent.setup();
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  let broken = true;
  function Fragile() {
    if (broken) throw new Error('projection exploded');
    return <p>All good</p>;
  }
  render(
    <ErrorBoundary>
      <Fragile />
    </ErrorBoundary>,
  );
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('Something went wrong');
  expect(alert).toHaveTextContent('projection exploded');
  broken = false;
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(screen.getByText('All good')).toBeInTheDocument();
  quiet.mockRestore();
});

it('clears the query cache on "Try again", so a cached value that broke the render is fetched again', async () => {
  const user = userEvent.setup();
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const sessionQuery = queryOptions({ queryKey: ['session', 'x'], queryFn: async (): Promise<{ events: string[] | null }> => ({ events: ['hello'] }) });
  client.setQueryData(sessionQuery.queryKey, { events: null });
  function Reader() {
    const query = useQuery(sessionQuery);
    if (!query.data) return <p>Loading</p>;
    return <p>{(query.data.events as string[]).length} events</p>;
  }
  render(
    <QueryClientProvider client={client}>
      <ErrorBoundary>
        <Reader />
      </ErrorBoundary>
    </QueryClientProvider>,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('1 events')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  quiet.mockRestore();
});
