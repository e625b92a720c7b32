/**
 * The composer: the message box under the transcript. Plain text goes to `session.prompt` (steer while the
 * agent runs, else queue); a line starting with `/` goes to `commands/execute` (`/plan`, `/plan <task>`,
 * `/plan off`, …). The draft lives in the per-session draft store, so it survives remounts and reloads; it is
 * cleared only when a send succeeds. While plan mode (or the `plan` session mode) is the effective target the
 * placeholder asks for a task to plan. While a turn runs, Stop (or Escape) cancels it through `session.cancel`.
 * Errors are worded by `describeApiError`; a command that ran and failed is shown once, by its card in the transcript.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { parseCommandLine } from '../../core/commands/grammar.ts';
import { PLAN_MODE } from '../../core/modes/fold.ts';
import { modeTargetOf } from '../../core/modes/projection.ts';
import { effectiveTarget } from '../../core/plan/fold.ts';
import type { CommandDescriptor, ModeProjectionValue, PlanProjectionValue } from '../../core/protocol/methods.ts';
import { ApiError, callMethod } from '../../lib/api-client.ts';
import { describeApiError } from '../../lib/describe-api-error.ts';
import type { ConnectionState } from '../../lib/downlink.ts';
import { offlineReason } from '../../lib/offline-reason.ts';
import { commandListQueryOptions } from '../../lib/queries.ts';
import { useComposerDraft, useComposerDraftStore } from './draft-store.ts';
import { useComposerFocusStore } from './focus-store.ts';
import { currentCopy, useCopy } from '../../lib/language.ts';
import { composerLocales } from './locales.ts';
import './composer.css';

/** Props of {@link Composer}. */
export type ComposerProps = {
  sessionId: string;
  /** The `plan` projection value; only its effective target is read (placeholder). */
  plan: PlanProjectionValue | undefined;
  /** The `mode` projection of the session-modes variant (seed 002); a `plan` target gets the plan placeholder. */
  mode?: ModeProjectionValue | undefined;
  /** The agent is running: a message steers the current turn instead of queueing a new one, and Stop shows. */
  running: boolean;
  readOnly?: boolean;
  /**
   * The downlink state. While it is not `connected`, Send and Stop are disabled with the reason shown beside them
   * ("Reconnecting… your text is kept") and the draft stays editable. When it comes back, a
   * transport error of the last send (`ApiError` code `network`, e.g. "Failed to fetch") is cleared: it described
   * a connection that is gone. Undefined = unknown: nothing is disabled or cleared.
   */
  connection?: ConnectionState | undefined;
};

/**
 * Move keyboard focus to the composer's textbox (the app calls it when a question card goes away).
 * When no composer is mounted yet, the next one to mount takes focus (the request waits in `useComposerFocusStore`).
 */
export function focusComposer(): void {
  useComposerFocusStore.getState().request();
}

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
 * Commands offered for a draft: shown only while the draft is `/` plus a partial name (no whitespace yet).
 * @returns matching commands by name prefix, in host order; `[]` when the draft is not a partial command
 */
export function commandSuggestionsFor(draft: string, commands: readonly CommandDescriptor[] | undefined): CommandDescriptor[] {
  if (commands === undefined || !/^\/\S*$/.test(draft)) return [];
  const prefix = draft.slice(1);
  return commands.filter((command) => command.name.startsWith(prefix));
}

/**
 * Whether the composer should offer the plan placeholder: plan mode is the effective target (docs/upstream-spec.md §1.11
 * "Client effective target"), or, in the session-modes variant, the target mode (`pending ?? current`) is `plan`.
 * @param plan the `plan` projection value, undefined when absent
 * @param mode the `mode` projection value, undefined when absent
 */
export function isPlanningTarget(plan: PlanProjectionValue | undefined, mode: ModeProjectionValue | undefined): boolean {
  if (mode !== undefined) return modeTargetOf(mode) === PLAN_MODE;
  return plan !== undefined && effectiveTarget(plan);
}

/** IME composition (`isComposing`, or keyCode 229 from browsers that report it that way) must never send. */
function isImeEnter(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
  return event.nativeEvent.isComposing || event.keyCode === 229;
}

/**
 * Message box "Message the agent" with a "Send" button. Enter sends, Shift+Enter is a newline, IME composition
 * never sends; `/` opens a "Commands" suggestion list (arrows, Enter/Tab to complete, Escape to close).
 */
export function Composer(props: ComposerProps) {
  // Keyed by session: an in-flight send or an error of one session never shows in another.
  return <ComposerForSession key={props.sessionId} {...props} />;
}

function ComposerForSession({ sessionId, plan, mode, running, readOnly = false, connection }: ComposerProps) {
  const copy = useCopy(composerLocales);
  const listId = useId();
  const errorId = useId();
  const offlineId = useId();
  const online = connection === undefined ? undefined : connection === 'connected';
  const offline = readOnly ? undefined : offlineReason(connection, { keepsText: true });
  const draft = useComposerDraft(sessionId);
  const setDraft = useComposerDraftStore((state) => state.set);
  const clearDraft = useComposerDraftStore((state) => state.clear);
  const [dismissedFor, setDismissedFor] = useState<string | undefined>(undefined);
  // The highlighted suggestion belongs to the draft it was moved in; any edit starts again at the first one.
  const [cursor, setCursor] = useState({ draft: '', index: 0 });
  const activeIndex = cursor.draft === draft ? cursor.index : 0;
  const setActiveIndex = (index: number) => setCursor({ draft, index });
  const input = useRef<HTMLTextAreaElement>(null);
  const focusWanted = useComposerFocusStore((state) => state.wanted);
  const focusTaken = useComposerFocusStore((state) => state.taken);

  useEffect(() => {
    if (!focusWanted || input.current === null) return;
    input.current.focus();
    focusTaken();
  }, [focusWanted, focusTaken]);

  const send = useMutation({
    mutationFn: (text: string) => sendComposerText(sessionId, text, running),
    // A failed command keeps its draft for a fix; its card in the transcript says why.
    onSuccess: (outcome) => {
      if (outcome === 'sent') clearDraft(sessionId);
    },
  });
  const stop = useMutation({
    mutationFn: () => callMethod('session.cancel', { sessionId }),
  });
  const { reset: resetSend, error: sendError } = send;
  const { reset: resetStop, error: stopError, isIdle: stopIdle } = stop;

  // A stop belongs to one turn: once the turn is over, the next turn's Stop starts fresh.
  useEffect(() => {
    if (!running && !stopIdle) resetStop();
  }, [running, stopIdle, resetStop]);

  // The connection is back: an error that only said the connection was down no longer holds.
  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = wasOnline.current === false && online === true;
    wasOnline.current = online;
    if (!cameBack) return;
    if (isNetworkError(sendError)) resetSend();
    if (isNetworkError(stopError)) resetStop();
  }, [online, sendError, stopError, resetSend, resetStop]);

  const wantsCommands = !readOnly && /^\/\S*$/.test(draft);
  const commands = useQuery({ ...commandListQueryOptions(sessionId), enabled: wantsCommands });
  const suggestions = wantsCommands && dismissedFor !== draft ? commandSuggestionsFor(draft, commands.data) : [];
  const listOpen = suggestions.length > 0;
  const active = suggestions[Math.min(activeIndex, suggestions.length - 1)];

  const busy = send.isPending;
  const canSend = !readOnly && !busy && offline === undefined && draft.trim() !== '';
  const planning = isPlanningTarget(plan, mode);
  const stopping = stop.isPending || (stop.isSuccess && running);
  const canStop = running && !readOnly && !stopping && offline === undefined;

  const submit = () => {
    if (!canSend) return;
    send.mutate(draft);
  };

  const cancelTurn = () => {
    if (!canStop) return;
    stop.mutate();
  };

  const complete = (command: CommandDescriptor) => setDraft(sessionId, `/${command.name} `);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isImeEnter(event)) return;
    if (listOpen && active) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex((Math.min(activeIndex, suggestions.length - 1) + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedFor(draft);
        return;
      }
      if (event.key === 'Tab' && !event.shiftKey) {
        event.preventDefault();
        complete(active);
        return;
      }
      // Enter completes a partial name; on an exact name it sends the command as typed.
      if (event.key === 'Enter' && !event.shiftKey && draft !== `/${active.name}`) {
        event.preventDefault();
        complete(active);
        return;
      }
    }
    if (event.key === 'Escape' && running) {
      event.preventDefault();
      cancelTurn();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  const error = send.error ?? stop.error;

  return (
    <form className="composer" onSubmit={onSubmit} aria-busy={busy || undefined}>
      {listOpen ? (
        <ul id={listId} role="listbox" aria-label={copy.commandsLabel} className="composer__commands">
          {suggestions.map((command, index) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- combobox pattern: the textbox owns the keys (aria-activedescendant), the click is for pointers
            <li
              key={command.name}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={command === active}
              className="composer__command"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => complete(command)}
            >
              <span className="composer__command-name">/{command.name}</span>
              {command.input?.hint ? <span className="composer__command-hint">{command.input.hint}</span> : null}
              <span className="composer__command-description">{command.description}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="composer__row">
        <textarea
          ref={input}
          className="composer__input"
          aria-label={copy.inputLabel}
          placeholder={readOnly ? copy.readOnly : planning ? copy.planPlaceholder : copy.placeholder}
          value={draft}
          rows={2}
          disabled={readOnly}
          readOnly={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          aria-controls={listOpen ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={listOpen && active ? `${listId}-${suggestions.indexOf(active)}` : undefined}
          onChange={(event) => {
            if (send.isError) send.reset();
            setDraft(sessionId, event.target.value);
          }}
          onKeyDown={onKeyDown}
        />
        {running && !readOnly ? (
          <button
            type="button"
            className="composer__stop"
            disabled={stopping || offline !== undefined}
            aria-describedby={offline !== undefined ? offlineId : undefined}
            aria-keyshortcuts="Escape"
            title={copy.stopHint}
            onClick={cancelTurn}
          >
            {stopping ? copy.stopping : copy.stop}
          </button>
        ) : null}
        <button type="submit" className="composer__send" disabled={!canSend} aria-describedby={offline !== undefined ? offlineId : undefined}>
          {busy ? copy.sending : copy.send}
        </button>
      </div>
      <p id={offlineId} role="status" className="composer__status">
        {offline ?? (stopping ? copy.stoppingStatus : '')}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="composer__error">
          {describeApiError(error, { keepsText: true })}
        </p>
      ) : null}
    </form>
  );
}

function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'network';
}
