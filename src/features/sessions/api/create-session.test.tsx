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
    const { result } = renderHook(
      () =>
        useCreateSession(
          () => capabilityNow(queryClient, 'sessions'),
          (id) => created.push(id),
        ),
      { wrapper },
    );
    expect(queryClient.getQueryData(hostKeys.describe())).toBeUndefined();
    act(() => result.current.mutate());
    await waitFor(() => expect(created).toHaveLength(1));
    // A draft is stored and listed only at its first message: the host does not list it yet.
    const listed = await callMethod('session.list', {});
    expect(listed.items.map((item) => item.sessionId)).not.toContain(created[0]);
    expect(fetchSpy.mock.calls.filter(([input]) => String(input).includes('/api/host.describe'))).toHaveLength(1);
  });

  it('asks for no draft when host.describe fails (read as a plain dsh host)', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const real = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
      String(input).includes('/api/host.describe') ? Promise.reject(new TypeError('Failed to fetch')) : real(input, init),
    );
    await expect(capabilityNow(queryClient, 'sessions')).resolves.toBe(false);
  });
});
