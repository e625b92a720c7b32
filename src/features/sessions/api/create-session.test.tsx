import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callMethod } from '../../../lib/api-client.ts';
import { capabilityNow, hostKeys } from '../../../lib/queries.ts';
import { useCreateSession } from './create-session.ts';

afterEach(() => vi.restoreAllMocks());

describe('useCreateSession', () => {
  it('asks for a draft when New session is pressed before host.describe has answered (it waits for it, once)', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const created: string[] = [];
    const { result } = renderHook(() => useCreateSession((id) => created.push(id)), { wrapper });
    expect(queryClient.getQueryData(hostKeys.describe())).toBeUndefined();
    act(() => result.current.mutate());
    await waitFor(() => expect(created).toHaveLength(1));
    // A draft is stored and listed only at its first message: the host does not list it yet.
    const listed = await callMethod('session.list', {});
    expect(listed.items.map((item) => item.sessionId)).not.toContain(created[0]);
    expect(fetchSpy.mock.calls.filter(([input]) => String(input).includes('/api/host.describe'))).toHaveLength(1);
  });

  it('asks host.describe again after a lost request or a 5xx, and reads the capability from its answer', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const real = globalThis.fetch;
    const failures = [() => Promise.reject(new TypeError('Failed to fetch')), () => Promise.resolve(new Response('busy', { status: 503 }))];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const fail = String(input).includes('/api/host.describe') ? failures.shift() : undefined;
      return fail ? fail() : real(input, init);
    });
    await expect(capabilityNow(queryClient, 'sessions')).resolves.toBe(true);
    expect(spy.mock.calls.filter(([input]) => String(input).includes('/api/host.describe'))).toHaveLength(3);
  });

  it('reads a describe that failed for good (five lost requests) as a plain dsh host, and an answer at once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const describes = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
      const answer = capabilityNow(queryClient, 'sessions');
      await vi.advanceTimersByTimeAsync(20_000);
      await expect(answer).resolves.toBe(false);
      expect(describes).toHaveBeenCalledTimes(5);

      describes.mockClear();
      describes.mockImplementation(() => Promise.resolve(new Response('not here', { status: 404 })));
      await expect(capabilityNow(new QueryClient(), 'sessions')).resolves.toBe(false);
      expect(describes).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
