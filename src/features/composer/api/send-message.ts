/**
 * The composer's send: a `/` line through `commands/execute`, anything else through `session.prompt`. A sent draft
 * is cleared only when the send succeeded; an error that only said the connection was down clears when it comes back.
 */
import { useMutation } from '@tanstack/react-query';
import { parseCommandLine } from '../../../core/commands/grammar.ts';
import { callMethod } from '../../../lib/api-client.ts';
import type { ConnectionState } from '../../../lib/downlink.ts';
import { currentCopy } from '../../../lib/language.ts';
import { useComposerDraftStore } from '../draft-store.ts';
import { composerLocales } from '../locales.ts';
import { useResetWhenBack } from './reset-when-back.ts';

/**
 * What became of a sent draft: `sent` (a prompt, or a command that succeeded), or `command-failed` — the command
 * ran and its `error` result is logged (`command/run` + `command/done`), so the transcript's command card shows it.
 */
export type SendOutcome = 'sent' | 'command-failed';

/**
 * Send one draft: a `/` line through `commands/execute` (docs/upstream-spec.md §1.8, §4.5), anything else through
 * `session.prompt` (docs/protocol.md: no slash parsing there).
 * @param text the draft as typed; it is trimmed, and must not be blank
 * @param running whether the agent is running (`mode: 'steer'`), else `mode: 'queue'`
 * @returns `command-failed` for a command `error` result (logged, so not thrown), else `sent`
 * @throws Error "Unknown command: /x" for a `/` line that does not parse or matches no command (no value, nothing
 *   logged); ApiError from the transport (`http-413` without sending when the body is over 1 MiB)
 */
export async function sendComposerText(sessionId: string, text: string, running: boolean): Promise<SendOutcome> {
  const copy = currentCopy(composerLocales);
  const line = text.trim();
  if (line.startsWith('/')) {
    const parsed = parseCommandLine(line);
    if (parsed === undefined) throw new Error(copy.unknownCommand(line.split(/\s/, 1)[0] ?? line));
    const value = await callMethod('commands/execute', { args: { agentId: sessionId, line, images: [] } });
    if (value === undefined) throw new Error(copy.unknownCommand(`/${parsed.name}`));
    return value.result.kind === 'error' ? 'command-failed' : 'sent';
  }
  await callMethod('session.prompt', { sessionId, mode: running ? 'steer' : 'queue', content: [{ type: 'text', text: line }] });
  return 'sent';
}

/**
 * Send drafts of a session (`sendComposerText`); the draft is cleared when a send succeeds, kept when a command
 * failed (its card in the transcript says why) or the send threw.
 * @param running whether a turn runs (the message steers it)
 * @param connection the downlink state (a network error clears when it is back)
 */
export function useSendMessage(sessionId: string, running: boolean, connection: ConnectionState | undefined) {
  const clearDraft = useComposerDraftStore((state) => state.clear);
  const send = useMutation({
    mutationFn: (text: string) => sendComposerText(sessionId, text, running),
    onSuccess: (outcome) => {
      if (outcome === 'sent') clearDraft(sessionId);
    },
  });
  useResetWhenBack(connection, send.error, send.reset);
  return send;
}
