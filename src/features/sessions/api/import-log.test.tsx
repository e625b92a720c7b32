/**
 * `useImportLog` decides between the streamed import route and the one-shot `session.import` when a file is chosen,
 * not from what the sidebar read when it rendered: a log opened before `host.describe` answered goes the streamed way
 * on a host that has the route.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRecordingFixture } from '../../../../fixtures/paths.ts';
import { capabilityNow, hostKeys } from '../../../lib/queries.ts';
import { useImportLog } from './import-log.ts';

afterEach(() => vi.restoreAllMocks());

/** The paths fetch was asked for. */
const fetchedPaths = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map(([input]) => new URL(String(input), location.href).pathname);

describe('useImportLog', () => {
  it('streams a log opened before host.describe has answered to a host with the streamed import (it waits for it, once)', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const opened: string[] = [];
    const { result } = renderHook(
      () =>
        useImportLog(
          () => capabilityNow(queryClient, 'importStream'),
          (id) => opened.push(id),
        ),
      { wrapper },
    );
    expect(queryClient.getQueryData(hostKeys.describe())).toBeUndefined();
    act(() => result.current.mutate(new Blob([readRecordingFixture('plan-review')], { type: 'application/jsonl' })));
    await waitFor(() => expect(opened).toHaveLength(1));
    const paths = fetchedPaths(fetchSpy);
    expect(paths).toContain('/api/sessions/import.jsonl');
    expect(paths).not.toContain('/api/session.import');
    expect(paths.filter((path) => path === '/api/host.describe')).toHaveLength(1);
  });
});
