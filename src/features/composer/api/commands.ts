/**
 * The composer's one read: `commands/list` for the session's agent (docs/upstream-spec.md §1.8), the slash commands
 * the suggestion list offers. Asked for only while the draft is a partial command.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommandDescriptor } from '../../../core/protocol/methods.ts';
import { callMethod } from '../../../lib/api-client.ts';
import { sessionKeys } from '../../../lib/queries.ts';

/**
 * `commands/list` for one agent. Fresh for a minute: the registry changes only with the host's plugins.
 * @param sessionId the session (its agent id)
 * @throws ApiError from `callMethod`
 */
export function commandListQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: sessionKeys.commands(sessionId),
    queryFn: ({ signal }) => callMethod('commands/list', { args: { agentId: sessionId } }, signal),
    staleTime: 60_000,
  });
}

/**
 * The session's commands, fetched only while `enabled`.
 * @returns the commands in host order; undefined while not asked for, loading, or after a failure
 */
export function useCommandList(sessionId: string, enabled: boolean): readonly CommandDescriptor[] | undefined {
  const { data } = useQuery({ ...commandListQueryOptions(sessionId), enabled });
  return data;
}
