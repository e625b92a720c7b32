/**
 * The dock's warm-up renders the review card and the question flow once off the page: nothing of it ever reaches the
 * document, no draft or answering mark is written, it runs once per page, and a question that comes meanwhile shows
 * its card in its own commit.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { planReviewQuestions, renderInSession } from '../../testing/session-render.tsx';
import { useAnsweringStore } from '../lib/answering-store.ts';
import { useReviewCommentsStore } from '../features/plan-review/comments-store.ts';
import { useReviewFeedbackStore } from '../features/plan-review/feedback-store.ts';
import { useQuestionDraftStore } from '../features/questions/draft-store.ts';
import { Dock, loadDockCards } from './dock.tsx';
import { dockWarmedUp, resetDockWarmUp, warmDockCards } from './dock-warm-up.tsx';

/** Every text the document showed while the warm-up ran, as seen by a MutationObserver over the whole body. */
let seen: string[];
let observer: MutationObserver | undefined;

beforeAll(async () => {
  await loadDockCards();
});

beforeEach(() => {
  resetDockWarmUp();
  seen = [];
  observer = new MutationObserver(() => seen.push(document.body.textContent ?? ''));
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
});

afterEach(() => observer?.disconnect());

const storesNow = () => ({
  comments: useReviewCommentsStore.getState().entries,
  feedback: useReviewFeedbackStore.getState().entries,
  flow: useQuestionDraftStore.getState().entries,
  answering: useAnsweringStore.getState().answering,
});

it('renders the card and the flow once off the page and leaves nothing behind', async () => {
  renderInSession(<Dock sessionId="s1" />, 's1');
  const before = storesNow();
  expect(dockWarmedUp()).toBe(false);
  act(() => warmDockCards());
  await waitFor(() => expect(dockWarmedUp()).toBe(true));
  // Its plan ("Approve this plan?", "First step") and its question ("Which one?") never showed in the document.
  expect(seen.some((text) => /Approve this plan\?|First step|Which one\?/.test(text))).toBe(false);
  expect(screen.queryByRole('region', { name: 'Approve this plan?' })).toBeNull();
  expect(screen.getByRole('textbox', { name: 'Message the agent' })).toBeInTheDocument();
  expect(storesNow()).toEqual(before);
});

it('does not run before it is asked for, and runs once per page', async () => {
  renderInSession(<Dock sessionId="s1" />, 's1');
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(dockWarmedUp()).toBe(false);
  act(() => warmDockCards());
  await waitFor(() => expect(dockWarmedUp()).toBe(true));
  act(() => warmDockCards());
  expect(dockWarmedUp()).toBe(true);
});

it('shows a question that comes while it runs in the commit of that question', async () => {
  const { update } = renderInSession(<Dock sessionId="s1" />, 's1');
  act(() => warmDockCards());
  await update({ questions: [{ rpcId: 'r1', questions: planReviewQuestions() }] });
  expect(screen.getByRole('region', { name: 'Approve this plan and leave plan mode?' })).toBeInTheDocument();
  await waitFor(() => expect(dockWarmedUp()).toBe(true));
  expect(screen.getAllByRole('region', { name: 'Approve this plan and leave plan mode?' })).toHaveLength(1);
});
