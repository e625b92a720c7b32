/**
 * The Transcript container reads its session from the session layer: the folded rows of the stream, how far the
 * history is loaded, what the session waits for, whether it is a log that will not go on, and each plan card's revision
 * from the review history; "Try again" and "Load earlier messages" pull pages through the store.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readFixture } from '../../../fixtures/paths.ts';
import { planReviewQuestions, renderInSession } from '../../../testing/session-render.tsx';
import { parseSessionLog } from '../../core/log/reader.ts';
import type { SessionEvent } from '../../core/log/types.ts';
import type { MuxFrame } from '../../core/protocol/frames.ts';
import { foldReviewHistory } from '../../core/review/revisions.ts';
import { useSessionQuestions } from '../../session/hooks.ts';
import { Transcript } from './transcript.tsx';

const SESSION = 'session-transcript';
const user = (seq: number, text: string): SessionEvent => ({
  type: 'user/message',
  seq,
  data: { content: [{ type: 'text', text }], source: { kind: 'user' } },
});
const turnStart: SessionEvent = { type: 'turn/start', seq: 2, data: { turn: 1 } } as SessionEvent;
const region = () => screen.getByRole('region', { name: 'Transcript' });

describe('Transcript', () => {
  it('shows the rows of the session and follows new events of the stream', async () => {
    const { store } = renderInSession(<Transcript sessionId={SESSION} />, SESSION, { events: [user(0, 'first words')] });
    expect(within(region()).getByText('first words')).toBeInTheDocument();
    act(() => store.applyMux({ type: 'session/event', sessionId: SESSION, event: user(1, 'second words') } as MuxFrame, ''));
    expect(await within(region()).findByText('second words')).toBeInTheDocument();
  });

  it("renders the rows of the events that came just before a question after the question's own commit", async () => {
    /** Stands in for the dock: notes, in the commit that first shows the question, whether the new rows are in too. */
    const seen: boolean[] = [];
    function QuestionProbe() {
      const questions = useSessionQuestions(SESSION);
      useLayoutEffect(() => {
        if (questions.length > 0 && seen.length === 0) seen.push(within(region()).queryByText('words before the question') !== null);
      }, [questions]);
      return null;
    }
    const { store } = renderInSession(
      <>
        <Transcript sessionId={SESSION} />
        <QuestionProbe />
      </>,
      SESSION,
      { events: [user(0, 'first words'), turnStart] },
    );
    // The events and the question behind them reach React together, as a burst the store tells at once does.
    act(() => {
      store.applyMux({ type: 'session/event', sessionId: SESSION, event: user(3, 'words before the question') } as MuxFrame, '');
      store.applyMux({ type: 'question/requested', sessionId: SESSION, questions: planReviewQuestions() }, 'rpc-q');
    });
    expect(seen).toEqual([false]);
    expect(await within(region()).findByText('words before the question')).toBeInTheDocument();
  });

  it('says it is loading before the baseline and that the session is empty after it', () => {
    const { unmount } = renderInSession(<Transcript sessionId={SESSION} />, SESSION);
    expect(within(region()).getByText('Loading the session…')).toBeInTheDocument();
    unmount();
    renderInSession(<Transcript sessionId={SESSION} />, SESSION, { events: [] });
    expect(within(region()).getByText('No messages yet.')).toBeInTheDocument();
  });

  it.each([
    ['a plan review', planReviewQuestions(), 'Waiting for your review'],
    ['another question', [{ id: 'q', question: 'Which one?' }], 'Waiting for your answer'],
  ])('says the open turn waits for %s instead of running', (_case, questions, line) => {
    renderInSession(<Transcript sessionId={SESSION} />, SESSION, { events: [user(0, 'go'), turnStart], questions: [{ rpcId: 'rpc-1', questions }] });
    expect(within(region()).getByText(line)).toBeInTheDocument();
    expect(within(region()).queryByText('Running…')).toBeNull();
  });

  it("leaves a question's commit to its card: the transcript's view changes only after that paint", async () => {
    const { store } = renderInSession(<Transcript sessionId={SESSION} />, SESSION, { events: [user(0, 'go'), turnStart] });
    expect(within(region()).getByText('Running…')).toBeInTheDocument();
    const changes: number[] = [];
    const observer = new MutationObserver((records) => changes.push(records.length));
    observer.observe(region(), { subtree: true, childList: true, characterData: true, attributes: true });
    // act flushes every render the frame scheduled: none of them touches the transcript's view.
    act(() => store.applyMux({ type: 'question/requested', sessionId: SESSION, questions: planReviewQuestions() }, 'rpc-1'));
    await act(() => Promise.resolve());
    expect(changes).toEqual([]);
    expect(await within(region()).findByText('Waiting for your review')).toBeInTheDocument();
    observer.disconnect();
  });

  it('says a read-only log ends during its open turn', async () => {
    const { update } = renderInSession(<Transcript sessionId={SESSION} />, SESSION, { events: [user(0, 'go'), turnStart] });
    expect(within(region()).getByText('Running…')).toBeInTheDocument();
    await update({ summary: { readOnly: true } });
    expect(within(region()).getByText('The log ends during this turn.')).toBeInTheDocument();
  });

  it('pulls the next older page through the store', async () => {
    const { store } = renderInSession(<Transcript sessionId={SESSION} />, SESSION, { events: [user(5, 'latest')], hasOlder: true });
    const loadOlder = vi.spyOn(store, 'loadOlder');
    await userEvent.setup().click(within(region()).getByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() => expect(loadOlder).toHaveBeenCalledWith(SESSION));
  });

  it('labels each plan card with its revision from the review history', async () => {
    const events = parseSessionLog(readFixture('review', 'revisions.jsonl')).events;
    renderInSession(<Transcript sessionId={SESSION} />, SESSION, { events, reviews: foldReviewHistory(events) });
    const cards = await within(region()).findAllByRole('article', { name: /^Plan: / });
    await waitFor(() => expect(within(cards[0]!).getByText('Revision 1 of 4')).toBeInTheDocument());
    expect(within(cards[7]!).getByText('Revision 2 of 2')).toBeInTheDocument();
  });
});
