/**
 * The dock's review card and question flow are lazy chunks read through `lazyModule().use()`: once loaded, a question
 * shows its card in the commit that brings the question, with no loading line at any moment (docs/style.md "Lazy
 * views render at once").
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { QuestionItem } from '../core/questions/types.ts';
import { planReviewQuestions, renderInSession } from '../../testing/session-render.tsx';
import { Dock, loadDockCards } from './dock.tsx';

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

it('shows a question that is already pending when the dock mounts at once', () => {
  renderInSession(<Dock sessionId="s1" />, 's1', { questions: [{ rpcId: 'r1', questions: planReviewQuestions() }] });
  expect(screen.getByRole('region', { name: 'Approve this plan and leave plan mode?' })).toBeInTheDocument();
  expect(screen.queryByText('Loading…')).toBeNull();
});
