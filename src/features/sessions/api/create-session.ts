/**
 * New session: `session.create`, then the session list is refreshed. On a host with the sessions capability the new
 * session is a draft, stored and listed only at its first message or command. Keys typed meanwhile wait for its composer.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client.ts';
import { capabilityNow, hostKeys } from '../../../lib/queries.ts';
import { cancelTypeAhead, startTypeAhead } from '../../../lib/type-ahead.ts';

/**
 * Create a session (docs/protocol.md "Unary calls"), for every New session button (the sessions list's, the empty
 * state's). It asks for a draft when the host has `capabilities.sessions`, decided when pressed (`capabilityNow`): the
 * host's capabilities may not have answered yet, and guessing "no" then stored and listed an empty session at once. A
 * plain dsh host takes no such field.
 * @param onCreated called with the new session's id once the list was refreshed
 */
export function useCreateSession(onCreated: (sessionId: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    // Keys typed from the press until the new session's composer has focus are held for it (src/lib/type-ahead.ts).
    onMutate: () => startTypeAhead(),
    mutationFn: async () => callMethod('session.create', (await capabilityNow(queryClient, 'sessions')) ? { draft: true } : {}),
    onError: () => cancelTypeAhead(),
    onSuccess: async ({ sessionId }) => {
      await queryClient.invalidateQueries({ queryKey: hostKeys.sessions() });
      onCreated(sessionId);
    },
  });
}
