/**
 * The session list's admin writes (`capabilities.sessions`): rename (the title is kept beside the log, never in it),
 * delete (the log moves to the server's trash) and restore (Undo). Each refreshes the session list when it succeeded.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client.ts';
import { hostKeys } from '../../../lib/queries.ts';

/** Refresh the session list (after a write that changed it). */
function useRefreshList() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: hostKeys.sessions() });
}

/**
 * Rename a session (`session.rename`; an empty title goes back to the derived one).
 * @param onRenamed called once the list was refreshed
 */
export function useRenameSession(onRenamed: () => void) {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: ({ sessionId, title }: { sessionId: string; title: string }) => callMethod('session.rename', { sessionId, title }),
    onSuccess: async () => {
      onRenamed();
      await refresh();
    },
  });
}

/**
 * Delete a session (`session.delete`): the log waits in the trash, so it can be restored.
 * @param onDeleted called with what was deleted, before the list is refreshed
 */
export function useDeleteSession(onDeleted: (deleted: { sessionId: string; title: string }) => void) {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: ({ sessionId }: { sessionId: string; title: string }) => callMethod('session.delete', { sessionId }),
    onSuccess: async (_value, deleted) => {
      onDeleted(deleted);
      await refresh();
    },
  });
}

/**
 * Restore the session deleted last under an id (`session.restore`, Undo).
 * @param onRestored called with the restored session's id once the list was refreshed
 */
export function useRestoreSession(onRestored: (sessionId: string) => void) {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: (sessionId: string) => callMethod('session.restore', { sessionId }),
    onSuccess: async ({ sessionId }) => {
      await refresh();
      onRestored(sessionId);
    },
  });
}
