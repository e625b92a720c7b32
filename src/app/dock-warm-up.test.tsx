/**
 * The dock's warm-up renders the review card and the question flow once, laid out but unseen: only inside an inert,
 * invisible box of no height (never in the accessibility tree), no draft or answering mark is written, it runs once
 * per page, and a question that comes meanwhile shows its card in its own commit.
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

/**
 * Every text the document showed while the warm-up ran outside its box, as seen by a MutationObserver over the whole
 * body, and how its box looked each time it was there.
 */
let seen: string[];
let boxes: { inert: boolean; visibility: string; height: string; position: string; inDock: boolean }[];
let observer: MutationObserver | undefined;

beforeAll(async () => {
  await loadDockCards();
});

beforeEach(() => {
  resetDockWarmUp();
  seen = [];
  boxes = [];
  observer = new MutationObserver(() => {
    const box = document.querySelector<HTMLElement>('[data-warm-up]');
    if (box) {
      const style = getComputedStyle(box);
      boxes.push({
        inert: box.inert,
        visibility: style.visibility,
        height: style.height,
        position: style.position,
        inDock: box.parentElement?.classList.contains('dock') ?? false,
      });
    }
    const body = document.body.cloneNode(true) as HTMLElement;
    body.querySelector('[data-warm-up]')?.remove();
    seen.push(body.textContent ?? '');
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
});

afterEach(() => observer?.disconnect());

const storesNow = () => ({
  comments: useReviewCommentsStore.getState().entries,
  feedback: useReviewFeedbackStore.getState().entries,
  flow: useQuestionDraftStore.getState().entries,
  answering: useAnsweringStore.getState().answering,
});

it('renders the card and the flow once, unseen and inert, and leaves nothing behind', async () => {
  renderInSession(<Dock sessionId="s1" />, 's1');
  const before = storesNow();
  expect(dockWarmedUp()).toBe(false);
  act(() => warmDockCards());
  // While it is there, its card and flow are in the document, but not in the accessibility tree.
  await waitFor(() => expect(document.querySelector('[data-warm-up] .plan-review')).not.toBeNull());
  expect(screen.queryByRole('region', { name: 'Approve this plan?' })).toBeNull();
  expect(screen.queryByRole('region', { name: 'Which one?' })).toBeNull();
  await waitFor(() => expect(dockWarmedUp()).toBe(true));
  await waitFor(() => expect(document.querySelector('[data-warm-up]')).toBeNull());
  // Its plan ("Approve this plan?", "First step") and its question ("Which one?") never showed outside its box, and
  // the box was always inert, invisible, out of the flow and of no height, inside the dock.
  expect(seen.some((text) => /Approve this plan\?|First step|Which one\?/.test(text))).toBe(false);
  expect(boxes.length).toBeGreaterThan(0);
  expect(boxes.every((b) => b.inert && b.visibility === 'hidden' && b.height === '0px' && b.position === 'absolute' && b.inDock)).toBe(true);
  expect(screen.getByRole('textbox', { name: 'Message the agent' })).toBeInTheDocument();
  expect(storesNow()).toEqual(before);
});

it('never takes focus from the page', async () => {
  renderInSession(<Dock sessionId="s1" />, 's1');
  const composer = screen.getByRole('textbox', { name: 'Message the agent' });
  composer.focus();
  act(() => warmDockCards());
  await waitFor(() => expect(dockWarmedUp()).toBe(true));
  await waitFor(() => expect(document.querySelector('[data-warm-up]')).toBeNull());
  expect(composer).toHaveFocus();
});

it('runs once per page', async () => {
  renderInSession(<Dock sessionId="s1" />, 's1');
  act(() => warmDockCards());
  await waitFor(() => expect(dockWarmedUp()).toBe(true));
  await waitFor(() => expect(document.querySelector('[data-warm-up]')).toBeNull());
  act(() => warmDockCards());
  expect(document.querySelector('[data-warm-up]')).toBeNull();
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

it.each([
  ['asked for before the question came', true],
  ['asked for while the question shows', false],
])('renders nothing while a question shows, and counts the question’s card as the warm-up (%s)', async (_label, askFirst) => {
  const { update } = renderInSession(<Dock sessionId="s1" />, 's1');
  // Asked for, but its transition not yet rendered when the question comes (or asked for after it).
  if (askFirst) warmDockCards();
  await update({ questions: [{ rpcId: 'r1', questions: planReviewQuestions() }] });
  expect(screen.getByRole('region', { name: 'Approve this plan and leave plan mode?' })).toBeInTheDocument();
  act(() => warmDockCards());
  await waitFor(() => expect(dockWarmedUp()).toBe(true));
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(boxes).toEqual([]);
});

it('is asked for by the dock right after its first paint, without waiting for the idle prefetch or a question', async () => {
  renderInSession(<Dock sessionId="s1" />, 's1');
  expect(dockWarmedUp()).toBe(false);
  await waitFor(() => expect(dockWarmedUp()).toBe(true));
  await waitFor(() => expect(document.querySelector('[data-warm-up]')).toBeNull());
});
