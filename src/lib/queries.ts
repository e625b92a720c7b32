/**
 * Every TanStack Query read of the app, as key factories and `queryOptions` factories next to the API client
 * (TanStack's convention): host-level reads (`host.describe`, `session.list`) and per-session reads
 * (`session.modes`); a feature's own reads live in its `api/`. Keys are stable arrays; the values are exactly what `callMethod` returns.
 * Components call `useQuery(xQueryOptions(...))` and never spell a key themselves.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Capabilities } from '../core/protocol/methods.ts';
import { callMethod } from './api-client.ts';
import { lostReadRetryDelay, retryLostRead } from './retry-lost.ts';

/** Query keys of host-level reads. `all` prefixes every key here, for a blanket invalidation. */
export const hostKeys = {
  all: ['host'] as const,
  describe: () => ['host', 'describe'] as const,
  sessions: () => ['host', 'sessions'] as const,
};

/**
 * `host.describe` (docs/protocol.md "Unary calls"): version, model, and the ui-plan `capabilities` extension
 * (absent on a plain dsh host). Never stale within a page's life; the host does not change capabilities live. A read
 * that failed on the way (a lost request, a 5xx) is asked again (`retryLostRead`), also from `capabilityNow`: what
 * it answers decides actions (a draft or a stored session), and one lost request must not decide them.
 * @throws ApiError from `callMethod` (surfaced as the query's `error`)
 */
export function hostDescribeQueryOptions() {
  return queryOptions({
    queryKey: hostKeys.describe(),
    queryFn: ({ signal }) => callMethod('host.describe', {}, signal),
    staleTime: Infinity,
    retry: retryLostRead,
    retryDelay: lostReadRetryDelay,
  });
}

/** A capability of the host (`host.describe().capabilities`, docs/protocol.md "Unary calls"), each a yes or no. */
export type CapabilityName = keyof Capabilities;

/**
 * Whether the host has `capability` now, for an action deciding when it runs: waits for `host.describe` when it has
 * not answered yet (one request, shared with the query's own, never a second), and for its retries when it failed on
 * the way (`retryLostRead`: up to 7.5 s); a describe that failed for good, or a host without the `capabilities`
 * extension (a plain dsh host), reads as `false`. An action never decides on what its button
 * read when it rendered: the page's first render comes before `host.describe` answers.
 * @param queryClient the app's query client
 * @param capability the capability's name (e.g. `sessions`: draft sessions; `importStream`: the streamed import route;
 *   `setPlanMode`: `session.setPlanMode`)
 * @returns resolves to `true` when the host advertises it; never rejects
 */
export async function capabilityNow(queryClient: QueryClient, capability: CapabilityName): Promise<boolean> {
  try {
    return (await queryClient.ensureQueryData(hostDescribeQueryOptions())).capabilities?.[capability] === true;
  } catch {
    return false;
  }
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

/** Query keys of per-session reads. `all(sessionId)` prefixes every key of one session, for a blanket invalidation. */
export const sessionKeys = {
  all: (sessionId: string) => ['session', sessionId] as const,
  commands: (sessionId: string) => ['session', sessionId, 'commands'] as const,
  modes: (sessionId: string) => ['session', sessionId, 'modes'] as const,
};

/**
 * `session.modes` (seed 002): the collaboration modes a session can switch to, `default` among them. Never stale
 * within a page's life; the host's mode list is fixed by its config.
 * @param sessionId the session
 * @throws ApiError from `callMethod`
 */
export function sessionModesQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: sessionKeys.modes(sessionId),
    queryFn: ({ signal }) => callMethod('session.modes', { sessionId }, signal),
    staleTime: Infinity,
  });
}
