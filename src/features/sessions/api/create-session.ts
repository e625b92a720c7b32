/**
 * New session: `session.create`, then the session list is refreshed. On a host with the sessions capability the new
 * session is a draft, stored and listed only at its first message or command.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client.ts';
import { hostKeys } from '../../../lib/queries.ts';

/**
 * Create a session (docs/protocol.md "Unary calls").
 * @param draft ask for a draft (`capabilities.sessions`); a plain dsh host takes no such field
 * @param onCreated called with the new session's id once the list was refreshed
 */
export function useCreateSession(draft: boolean, onCreated: (sessionId: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callMethod('session.create', draft ? { draft: true } : {}),
    onSuccess: async ({ sessionId }) => {
      await queryClient.invalidateQueries({ queryKey: hostKeys.sessions() });
      onCreated(sessionId);
    },
  });
}
