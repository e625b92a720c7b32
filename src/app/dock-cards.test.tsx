/**
 * The dock's review card and question flow are lazy chunks read through `lazyModule().use()`: once loaded, a question
 * shows its card in the commit that brings the question, with no loading line at any moment (docs/style.md "Lazy
 * views render at once").
 */
import { Profiler } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type * as DraftStore from '../features/composer/draft-store.ts';
import { answerCall, respondWith } from '../../testing/render.tsx';
import { useAnsweringStore } from '../lib/answering-store.ts';
import type { QuestionItem } from '../core/questions/types.ts';
import { planReviewQuestions, renderInSession } from '../../testing/session-render.tsx';
import { focusComposer } from '../features/composer/composer.tsx';
import { useComposerFocusStore } from '../features/composer/focus-store.ts';
import { useComposerDraftStore } from '../features/composer/draft-store.ts';
import { ownEntry } from '../lib/session-persist.ts';
import { QUESTION_SHOWN_MARK } from '../lib/user-timing.ts';
import { Dock, loadDockCards } from './dock.tsx';

// Every render of the composer, counted through the one hook only it calls.
const composerRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../features/composer/draft-store.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof DraftStore>();
  return {
    ...actual,
    useComposerDraft: (sessionId: string) => {
      composerRenders.count += 1;
      return actual.useComposerDraft(sessionId);
    },
  };
});

/** Every moment the document said "Loading…", as seen by a MutationObserver over the whole body. */
let loadingSeen: number;
let observer: MutationObserver | undefined;
const watchForLoading = () => {
  loadingSeen = 0;
  observer = new MutationObserver(() => {
    if (document.body.textContent?.includes('Loading…')) loadingSeen += 1;
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
};

beforeAll(async () => {
  await loadDockCards();
});

afterEach(() => observer?.disconnect());

const choice: QuestionItem[] = [
  { id: 'q1', header: 'Default', question: 'Which default should the flag use?', options: [{ label: 'Hello' }, { label: 'Hi' }] },
];

it.each([
  ['the plan review card', planReviewQuestions(), 'Approve this plan and leave plan mode?'],
  ['the question flow', choice, 'Which default should the flag use?'],
])('shows %s in the commit of its question, never a loading line', async (_label, questions, region) => {
  const { update } = renderInSession(<Dock sessionId="s1" />, 's1');
  expect(screen.getByRole('textbox', { name: 'Message the agent' })).toBeInTheDocument();
  watchForLoading();
  await update({ questions: [{ rpcId: 'r1', questions }] });
  // No findBy: the card must be there as soon as the update's commit is, not after a later render.
  expect(screen.getByRole('region', { name: region })).toBeInTheDocument();
  expect(screen.queryByText('Loading…')).toBeNull();
  expect(loadingSeen).toBe(0);
});

it('marks the commit that shows a question’s card (User Timing), once per question shown', async () => {
  performance.clearMarks(QUESTION_SHOWN_MARK);
  const marks = () => performance.getEntriesByName(QUESTION_SHOWN_MARK, 'mark').map((m) => (m as PerformanceMark).detail as unknown);
  const { update, store } = renderInSession(<Dock sessionId="s1" />, 's1');
  expect(marks()).toEqual([]);
  await update({ questions: [{ rpcId: 'r1', questions: planReviewQuestions() }] });
  expect(marks()).toEqual(['r1']);
  await update({
    questions: [
      { rpcId: 'r1', questions: planReviewQuestions() },
      { rpcId: 'r2', questions: choice },
    ],
  });
  expect(marks()).toEqual(['r1']);
  // The first is answered elsewhere: the second shows, in a commit of its own.
  act(() => store.applyMux({ type: 'question/resolved', sessionId: 's1', questionRpcId: 'r1', outcome: 'answered' }, 'r'));
  expect(screen.getByRole('region', { name: 'Which default should the flag use?' })).toBeInTheDocument();
  expect(marks()).toEqual(['r1', 'r2']);
});

it('shows a question that is already pending when the dock mounts at once', () => {
  renderInSession(<Dock sessionId="s1" />, 's1', { questions: [{ rpcId: 'r1', questions: planReviewQuestions() }] });
  expect(screen.getByRole('region', { name: 'Approve this plan and leave plan mode?' })).toBeInTheDocument();
  expect(screen.queryByText('Loading…')).toBeNull();
});

beforeEach(() => useAnsweringStore.setState({ answering: {} }));

const REVIEW_REGION = 'Approve this plan and leave plan mode?';

it.each([
  ['Approve', 'Approve'],
  ['Keep planning', 'Keep planning'],
])('hides the review card the moment %s is sent and shows the composer, before the host answers', async (_label, action) => {
  const call = respondWith({ accepted: true }, { hold: true });
  renderInSession(<Dock sessionId="s1" />, 's1', { questions: [{ rpcId: 'r1', questions: planReviewQuestions() }] });
  await userEvent.setup().click(screen.getByRole('button', { name: action }));
  // The send is still held: nothing came back, yet the card is gone and the message box is there and focused.
  expect(screen.queryByRole('region', { name: REVIEW_REGION })).toBeNull();
  const box = screen.getByRole('textbox', { name: 'Message the agent' });
  await waitFor(() => expect(box).toHaveFocus());
  call.release();
  await waitFor(() => expect(call.bodies).toHaveLength(1));
});

it('brings the card back as it was, focused and with the failure said, when the send fails', async () => {
  const call = respondWith({ accepted: false, reason: 'not-pending' }, { hold: true });
  renderInSession(<Dock sessionId="s1" />, 's1', { questions: [{ rpcId: 'r1', questions: planReviewQuestions() }] });
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Feedback' }), 'smaller steps');
  await user.click(screen.getByRole('button', { name: 'Keep planning' }));
  expect(screen.queryByRole('region', { name: REVIEW_REGION })).toBeNull();
  call.release();
  const card = await screen.findByRole('region', { name: REVIEW_REGION });
  await waitFor(() => expect(card).toHaveFocus());
  expect(screen.getByRole('status')).toHaveTextContent('not-pending');
  expect(screen.getByRole('textbox', { name: 'Feedback' })).toHaveValue('smaller steps');
  expect(screen.queryByRole('textbox', { name: 'Message the agent' })).toBeNull();
});

it('hides the composer while a question shows and shows the same one back, focused, when it leaves', async () => {
  const { update, store } = renderInSession(<Dock sessionId="s1" />, 's1');
  const box = screen.getByRole('textbox', { name: 'Message the agent' });
  await update({ questions: [{ rpcId: 'r1', questions: planReviewQuestions() }] });
  expect(screen.getByRole('region', { name: REVIEW_REGION })).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Message the agent' })).toBeNull();
  // Not taken out of the page: the question's commit pays no blur and no layout for it, the answer's no remount.
  expect(box.isConnected).toBe(true);
  expect(box.closest('[hidden]')).not.toBeNull();
  // A focus request made meanwhile waits for the composer to show.
  act(() => focusComposer());
  expect(box).not.toHaveFocus();
  expect(useComposerFocusStore.getState().wanted).toBe(true);
  act(() => store.applyMux({ type: 'question/resolved', sessionId: 's1', questionRpcId: 'r1', outcome: 'answered' }, 'x'));
  expect(screen.getByRole('textbox', { name: 'Message the agent' })).toBe(box);
  await waitFor(() => expect(box).toHaveFocus());
});

it('focuses the card after its paint when the browser blurred the hidden composer in between', async () => {
  const { update } = renderInSession(<Dock sessionId="s1" />, 's1');
  const box = screen.getByRole('textbox', { name: 'Message the agent' });
  box.focus();
  await update({ questions: [{ rpcId: 'r1', questions: planReviewQuestions() }] });
  // A browser blurs a focused element once it is hidden (at its next style update, before the paint); jsdom does not.
  box.blur();
  await waitFor(() => expect(screen.getByRole('region', { name: REVIEW_REGION })).toHaveFocus());
});

it('renders nothing of the hidden composer when the reply to its send comes after the question, and shows the cleared draft again', async () => {
  act(() => useComposerDraftStore.getState().clear('s1'));
  const execute = answerCall('commands/execute', { ok: true, value: { commandId: 'c1', result: { kind: 'success' } } }, true);
  const renders: string[] = [];
  const { update, store } = renderInSession(
    <Profiler id="dock" onRender={(_id, phase) => renders.push(phase)}>
      <Dock sessionId="s1" />
    </Profiler>,
    's1',
  );
  const box = screen.getByRole('textbox', { name: 'Message the agent' });
  await userEvent.type(box, '/plan go{Enter}');
  await update({ questions: [{ rpcId: 'r1', questions: planReviewQuestions() }] });
  expect(screen.getByRole('region', { name: REVIEW_REGION })).toBeInTheDocument();
  const before = renders.length;
  execute.release();
  await waitFor(() => expect(ownEntry(useComposerDraftStore.getState().entries, 's1') ?? '').toBe(''));
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(renders.length).toBe(before);
  act(() => store.applyMux({ type: 'question/resolved', sessionId: 's1', questionRpcId: 'r1', outcome: 'answered' }, 'x'));
  expect(screen.getByRole('textbox', { name: 'Message the agent' })).toHaveValue('');
});

it('renders nothing of the composer it hides, in the commit that brings the question or after it', async () => {
  const { update } = renderInSession(<Dock sessionId="s1" />, 's1');
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  const before = composerRenders.count;
  await update({ questions: [{ rpcId: 'r1', questions: planReviewQuestions() }] });
  expect(screen.getByRole('region', { name: REVIEW_REGION })).toBeInTheDocument();
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(composerRenders.count).toBe(before);
});
