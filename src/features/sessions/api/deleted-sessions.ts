/**
 * The deleted sessions the host can bring back (`session.listDeleted`, `capabilities.sessions`): the read behind the
 * "Recently deleted" list and the "This session was deleted" page. Its key sits under the session list's, so a
 * refresh of the list after a write, a `host/session-added` or a `-removed` refreshes it too (a `host/session-updated`
 * refreshes the list alone: src/session/list-refresh.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MethodValue } from '../../../core/protocol/methods.ts';
import { callMethod } from '../../../lib/api-client.ts';
import { hostKeys, sessionListQueryOptions } from '../../../lib/queries.ts';
import { useHostCapabilities } from '../../../session/hooks.ts';

/** One restorable deleted session: `sessionId`, `title` (listed title at deletion, `null` when none), `deletedAt` (epoch ms). */
export type DeletedSession = MethodValue<'session.listDeleted'>['items'][number];

/**
 * `session.listDeleted`: newest deletion first, at most 50 (docs/protocol.md "Unary calls").
 * @throws ApiError from `callMethod` (surfaced as the query's `error`)
 */
export function deletedSessionsQueryOptions() {
  return queryOptions({
    queryKey: [...hostKeys.sessions(), 'deleted'] as const,
    queryFn: ({ signal }) => callMethod('session.listDeleted', {}, signal),
  });
}

/**
 * The restorable deleted sessions; empty on a host without `capabilities.sessions` (it has no trash to list).
 * @param wanted whether to ask the host now (default true); false keeps what is cached and asks nothing
 */
export function useDeletedSessions(wanted = true): readonly DeletedSession[] {
  const capabilities = useHostCapabilities();
  const enabled = wanted && capabilities?.sessions === true;
  const { data } = useQuery({ ...deletedSessionsQueryOptions(), enabled });
  return data?.items ?? [];
}

/**
 * The deleted session a selection points at (Back onto a deleted session, a reload of its address): the entry when the
 * id is in the trash and not a live session, else undefined (also while either list loads).
 * @param sessionId the selected session id
 * @param wanted whether to ask the host for the deleted sessions now (default true); false (the shell's first commit,
 *   before the composer painted) leaves that read for later
 */
export function useDeletedSelection(sessionId: string | undefined, wanted = true): DeletedSession | undefined {
  const deleted = useDeletedSessions(wanted);
  // The list itself is read from the first commit on: it is wanted at once (the session's row, the sidebar), and a
  // read that fails before the first connection opens is retried when it opens (src/session/provider.tsx).
  const { data: list } = useQuery(sessionListQueryOptions());
  if (sessionId === undefined || list === undefined || list.items.some((item) => item.sessionId === sessionId)) return undefined;
  return deleted.find((entry) => entry.sessionId === sessionId);
}
