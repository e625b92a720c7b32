/**
 * The composer: the message box under the transcript. Plain text goes to `session.prompt` (steer while the agent
 * runs, else queue); a line starting with `/` goes to `commands/execute`. The draft lives in the per-session draft
 * store, so it survives remounts and reloads; it is cleared only when a send succeeds. The session's plan target,
 * running state, read-only flag and the downlink state are read from src/session/; nothing is sent while offline.
 */
import { isComposing } from '../../lib/keys.ts';
import { memo, useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { CommandDescriptor } from '../../core/protocol/methods.ts';
import { useCopy } from '../../lib/language.ts';
import { offlineReason } from '../../lib/offline-reason.ts';
import { ownEntry } from '../../lib/session-persist.ts';
import { takeTypeAhead } from '../../lib/type-ahead.ts';
import { useSessionConnection, useSessionMode, useSessionPlan, useSessionReadOnly, useSessionRunning } from '../../session/hooks.ts';
import { useCommandList } from './api/commands.ts';
import { useSendMessage } from './api/send-message.ts';
import { useStopTurn } from './api/stop-turn.ts';
import { CommandList } from './components/command-list.tsx';
import { ComposerButtons } from './components/composer-buttons.tsx';
import { ComposerNotes } from './components/composer-notes.tsx';
import { useComposerDraft, useComposerDraftStore } from './draft-store.ts';
import { useComposerFocusStore } from './focus-store.ts';
import { composerLocales } from './locales.ts';
import { composerKeyAction } from './model/keys.ts';
import { isPlanningTarget, placeholderOf } from './model/placeholder.ts';
import { commandSuggestionsFor, highlightedIndex, isPartialCommand, stepHighlight } from './model/suggestions.ts';
import '../../components/controls.css';
import './composer.css';

/**
 * Move keyboard focus to the composer's textbox (the app calls it when a question card goes away).
 * When no composer is mounted yet, the next one to mount takes focus (the request waits in `useComposerFocusStore`).
 */
export function focusComposer(): void {
  useComposerFocusStore.getState().request();
}

/**
 * The textbox ref that takes a waiting focus request (see `focusComposer`), with the keys typed while it was on its
 * way (`takeTypeAhead`): their text is added to the draft, caret at its end, and an Enter typed after them is held on
 * that text (`hold`, the composer's one held send, {@link useHeldSend}), so it sends once the composer shows the
 * text and the downlink is open, as an Enter typed then would. Nothing is held for a read-only composer or a blank
 * text (an Enter there sends nothing).
 * @param hold a stable callback that holds a send of `text`
 */
function useFocusRequest(sessionId: string, readOnly: boolean, hold: (text: string) => void) {
  const input = useRef<HTMLTextAreaElement>(null);
  const wanted = useComposerFocusStore((state) => state.wanted);
  const taken = useComposerFocusStore((state) => state.taken);
  useEffect(() => {
    const box = input.current;
    // A hidden composer (a question shows in its place, a hidden `Activity`) runs no effect: the request waits until it
    // shows again.
    if (!wanted || box === null) return;
    box.focus();
    taken();
    const typed = takeTypeAhead();
    if (typed.text === '') return;
    const { entries, set } = useComposerDraftStore.getState();
    const text = `${ownEntry(entries, sessionId) ?? ''}${typed.text}`;
    set(sessionId, text);
    if (typed.enter && !readOnly && text.trim() !== '') hold(text);
    box.value = text;
    box.setSelectionRange(text.length, text.length);
  }, [wanted, taken, sessionId, readOnly, hold]);
  return input;
}

/**
 * The composer's one held send: an Enter it cannot act on when it comes goes out later, once the draft is the text it
 * was held on and the downlink is open. Two presses are held: one pressed while the downlink is not open (Enter while
 * "Connecting…" right after load, or "Reconnecting…"; before this, it was silently lost, which a cold load's first
 * Enter often met: the sockets open after the composer's first paint), and one typed after the type-ahead keys before
 * the composer existed (`useFocusRequest`: held on their text, it goes out once the composer shows it). An edit after
 * the press means the user is still writing, so the hold ends and the draft just stays. The composer sends nothing
 * while offline (Send stays disabled with the reason beside it).
 * @param draft the session's draft now
 * @param online whether the downlink is open (`offlineReason` gave no reason)
 * @param sendNow sends a draft (the composer's send mutation); called at most once per hold, `onSettled` ends it
 * @returns `held` (a press is waiting on this very draft while offline), `hold(text)` (stable: hold a send of `text`)
 *   and `release()` (call on an edit: the hold ends)
 */
function useHeldSend(draft: string, online: boolean, sendNow: (text: string, onSettled: () => void) => void) {
  // One object per press: the effect sends each at most once, even if the downlink drops and comes back meanwhile.
  const [held, setHeld] = useState<{ text: string } | undefined>(undefined);
  const sent = useRef<{ text: string } | undefined>(undefined);
  const waiting = held !== undefined && held.text === draft;
  useEffect(() => {
    if (!waiting || !online || held === undefined || sent.current === held) return;
    sent.current = held;
    sendNow(held.text, () => setHeld((now) => (now === held ? undefined : now)));
  }, [waiting, online, held, sendNow]);
  const hold = useCallback((text: string) => setHeld({ text }), []);
  return { held: waiting && !online, hold, release: () => setHeld(undefined) };
}

/** The `/` suggestions of a draft: the session's commands while the draft is a partial name, and the highlight. */
function useSuggestions(sessionId: string, draft: string, readOnly: boolean) {
  const [dismissedFor, setDismissedFor] = useState<string | undefined>(undefined);
  const [cursor, setCursor] = useState({ draft: '', index: 0 });
  const wanted = !readOnly && isPartialCommand(draft);
  const commands = useCommandList(sessionId, wanted);
  const shown = wanted && dismissedFor !== draft ? commandSuggestionsFor(draft, commands) : [];
  const index = highlightedIndex(cursor, draft, shown.length);
  return {
    shown,
    index,
    highlighted: shown[index],
    move: (step: 1 | -1) => setCursor({ draft, index: stepHighlight(index, shown.length, step) }),
    dismiss: () => setDismissedFor(draft),
  };
}

/**
 * Message box "Message the agent" with a "Send" button. Enter sends (it submits the form, as Send does), Shift+Enter
 * is a newline, IME composition never sends; `/` opens a "Commands" suggestion list (arrows, Enter/Tab to complete,
 * Escape to close); Escape stops a running turn. A caller that hides it (a question shows in its place) puts it in a hidden `Activity`: its effects
 * are gone meanwhile, so a focus request waits until it shows again, and nothing it reads renders it. Memoised on
 * `sessionId` alone, so hiding it renders nothing of it (the dock's question commit carries the card alone).
 */
export const Composer = memo(function Composer({ sessionId }: { sessionId: string }) {
  // Keyed by session: an in-flight send or an error of one session never shows in another.
  return <ComposerForSession key={sessionId} sessionId={sessionId} />;
});

function ComposerForSession({ sessionId }: { sessionId: string }) {
  const copy = useCopy(composerLocales);
  const [listId, errorId, statusId] = [useId(), useId(), useId()];
  const running = useSessionRunning(sessionId);
  const { readOnly } = useSessionReadOnly(sessionId);
  const connection = useSessionConnection();
  const planning = isPlanningTarget(useSessionPlan(sessionId), useSessionMode(sessionId));
  const offline = readOnly ? undefined : offlineReason(connection, { keepsText: true });
  const draft = useComposerDraft(sessionId);
  const setDraft = useComposerDraftStore((state) => state.set);
  const send = useSendMessage(sessionId, running, connection);
  const { mutate } = send;
  const sendHeld = useCallback((text: string, onSettled: () => void) => mutate(text, { onSettled }), [mutate]);
  const held = useHeldSend(draft, offline === undefined, sendHeld);
  const input = useFocusRequest(sessionId, readOnly, held.hold);
  const stop = useStopTurn(sessionId, running, connection);
  const suggestions = useSuggestions(sessionId, draft, readOnly);
  const canSend = !readOnly && !send.isPending && offline === undefined && draft.trim() !== '';
  const stopping = stop.isPending || (stop.isSuccess && running);
  const canStop = running && !readOnly && !stopping && offline === undefined;
  const complete = (command: CommandDescriptor) => setDraft(sessionId, `/${command.name} `);
  const actions = {
    'highlight-next': () => suggestions.move(1),
    'highlight-previous': () => suggestions.move(-1),
    'close-suggestions': suggestions.dismiss,
    complete: () => suggestions.highlighted && complete(suggestions.highlighted),
    stop: () => canStop && stop.mutate(),
    send: () => {
      if (canSend) send.mutate(draft);
      else if (offline !== undefined && !readOnly && !send.isPending && draft.trim() !== '') held.hold(draft);
    },
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const composing = isComposing(event);
    const state = { draft, highlighted: suggestions.highlighted?.name, running };
    const action = composerKeyAction({ key: event.key, shiftKey: event.shiftKey, composing }, state);
    if (action === undefined) return;
    event.preventDefault();
    // Enter submits the form, as the Send button does, rather than sending from here: sent without a submit event, a
    // typed draft left Chromium's autofill watching the form and every element around it, and when the review card
    // hid the composer it forced a style and layout of the whole page inside the card's frame (docs/style.md "Enter
    // submits the form").
    if (action === 'send' && event.currentTarget.form) event.currentTarget.form.requestSubmit();
    else actions[action]();
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actions.send();
  };
  const error = send.error ?? stop.error;
  const listOpen = suggestions.highlighted !== undefined;
  return (
    <form className="composer" onSubmit={onSubmit} aria-busy={send.isPending || undefined}>
      {listOpen ? (
        <CommandList id={listId} label={copy.commandsLabel} suggestions={suggestions.shown} highlighted={suggestions.index} onPick={complete} />
      ) : null}
      <div className="composer__row">
        <textarea
          ref={input}
          className="field composer__input"
          aria-label={copy.inputLabel}
          placeholder={copy[placeholderOf(readOnly, planning)]}
          value={draft}
          rows={2}
          disabled={readOnly}
          readOnly={send.isPending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          aria-controls={listOpen ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={listOpen ? `${listId}-${suggestions.index}` : undefined}
          onChange={(event) => {
            if (send.isError) send.reset();
            held.release();
            setDraft(sessionId, event.target.value);
          }}
          onKeyDown={onKeyDown}
        />
        <ComposerButtons
          showStop={running && !readOnly}
          stopping={stopping}
          sending={send.isPending}
          canSend={canSend}
          offlineId={offline !== undefined ? statusId : undefined}
          onStop={actions.stop}
        />
      </div>
      <ComposerNotes
        statusId={statusId}
        offline={held.held ? offlineReason(connection, { sendsWhenBack: true }) : offline}
        stopping={stopping}
        errorId={errorId}
        error={error}
      />
    </form>
  );
}
