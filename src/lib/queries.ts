/**
 * TanStack Query key factories and `queryOptions` for host-level reads shared by several features
 * (`host.describe`, `session.list`). Keys are stable arrays; the values are exactly what `callMethod` returns.
 */
import { queryOptions } from '@tanstack/react-query';
import { callMethod } from './api-client.ts';

/** Query keys of host-level reads. `all` prefixes every key here, for a blanket invalidation. */
export const hostKeys = {
  all: ['host'] as const,
  describe: () => ['host', 'describe'] as const,
  sessions: () => ['host', 'sessions'] as const,
};

/**
 * `host.describe` (PROTOCOL.md "Unary calls"): version, model, and the ui-plan `capabilities` extension
 * (absent on a plain dsh host). Never stale within a page's life; the host does not change capabilities live.
 * @throws ApiError from `callMethod` (surfaced as the query's `error`)
 */
export function hostDescribeQueryOptions() {
  return queryOptions({
    queryKey: hostKeys.describe(),
    queryFn: ({ signal }) => callMethod('host.describe', {}, signal),
    staleTime: Infinity,
  });
}

/**
 * `session.list` (first page): session summaries newest first, with `title`, `running`, `readOnly` and the
 * projection snapshot. Refetched when the host announces `host/session-added` (see the session-stream provider).
 * @throws ApiError from `callMethod`
 */
export function sessionListQueryOptions() {
  return queryOptions({
    queryKey: hostKeys.sessions(),
    queryFn: ({ signal }) => callMethod('session.list', {}, signal),
  });
}
