/**
 * Line comments on the review card, by keyboard: a block's Comment control, the "Comment" textbox and Add comment;
 * comments under their block and in the Comments region in plan order; edit and delete; Keep planning sends them in
 * the review feedback format; Approve asks first; an over-limit feedback is refused; the comments of the previous
 * revision are marked from the diff and can be resolved or carried forward.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatReviewFeedback, parseReviewFeedback } from '../../core/review/feedback-format.ts';
import type { PlanRevision } from '../../core/review/history.ts';
import { respondToQuestion } from '../../lib/api-client.ts';
import { REVIEW_COMMENTS_KEY, useReviewCommentsStore } from './comments-store.ts';
import { renderReviewCard, setUpReviewCards, tabTo } from '../../../testing/review-card.tsx';

vi.mock('../../lib/api-client.ts', () => ({ respondToQuestion: vi.fn() }));

const PLAN = ['# Plan', '', 'Intro text.', '', '- one step', '- two step', '', '| a | b |', '| - | - |', '| 1 | 2 |', ''].join('\n');

setUpReviewCards();

beforeEach(() => {
  vi.mocked(respondToQuestion).mockReset();
  vi.mocked(respondToQuestion).mockResolvedValue({ accepted: true });
});

/** The Comment control of the block whose text is `text` (its control follows it). */
function commentButtonOf(text: string): HTMLElement {
  const block = screen.getByText(text).closest('p, li, tr, h1, h2, h3')!;
  const control = block.tagName === 'LI' || block.tagName === 'TR' ? block.querySelector('.block-comments') : block.nextElementSibling;
  return within(control as HTMLElement).getByRole('button', { name: /^Comment on lines? \d/ });
}

async function addComment(user: UserEvent, blockText: string, comment: string): Promise<void> {
  await tabTo(user, commentButtonOf(blockText));
  await user.keyboard('{Enter}');
  const box = screen.getByRole('textbox', { name: 'Comment' });
  expect(box).toHaveFocus();
  await user.type(box, comment);
  await tabTo(user, screen.getByRole('button', { name: 'Add comment' }));
  await user.keyboard('{Enter}');
}

function renderCard(rpcId = 'q1', revisions?: { chain: PlanRevision[]; current: number }, plan = PLAN) {
  return renderReviewCard(plan, rpcId, revisions);
}

describe('line comments', () => {
  it('comments on a list item and a table row by keyboard, lists them in plan order, and sends them with Keep planning', async () => {
    const user = userEvent.setup();
    renderCard();
    await screen.findByRole('heading', { name: 'Plan' });
    await addComment(user, '1', 'Check the numbers.');
    await addComment(user, 'two step', 'Split this step.');
    const region = screen.getByRole('region', { name: 'Comments' });
    expect(within(region).getByText('(2 comments)')).toBeInTheDocument();
    expect(
      within(region)
        .getAllByRole('button', { name: /^Go to/ })
        .map((b) => b.textContent),
    ).toEqual(['line 6', 'line 10']);
    await user.type(screen.getByRole('textbox', { name: 'Feedback' }), 'Otherwise fine.');
    await user.click(screen.getByRole('button', { name: 'Keep planning' }));
    await waitFor(() => expect(respondToQuestion).toHaveBeenCalled());
    const custom = vi.mocked(respondToQuestion).mock.calls[0]![2] as { answers: { custom: string }[] };
    expect(parseReviewFeedback(custom.answers[0]!.custom)).toEqual({
      comments: [
        { start: 6, end: 6, quote: '- two step', text: 'Split this step.' },
        { start: 10, end: 10, quote: '| 1 | 2 |', text: 'Check the numbers.' },
      ],
      general: 'Otherwise fine.',
    });
  });

  it('edits and deletes a comment, and keeps the drafts in the tab’s sessionStorage', async () => {
    const user = userEvent.setup();
    const { unmount } = renderCard('q2');
    await screen.findByRole('heading', { name: 'Plan' });
    await addComment(user, 'Intro text.', 'Too vague.');
    window.dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.getItem(REVIEW_COMMENTS_KEY)).toContain('Too vague.');
    unmount();
    renderCard('q2');
    await screen.findByRole('heading', { name: 'Plan' });
    const region = screen.getByRole('region', { name: 'Comments' });
    await user.click(within(region).getByRole('button', { name: 'Edit the comment on line 3' }));
    const box = within(region).getByRole('textbox', { name: 'Comment' });
    await user.clear(box);
    await user.type(box, 'Name the flag.');
    await user.click(within(region).getByRole('button', { name: 'Save' }));
    expect(within(region).getByText('Name the flag.')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Delete the comment on line 3' }));
    expect(screen.queryByRole('region', { name: 'Comments' })).toBeNull();
  });

  it('asks before Approve while a comment is not sent, and says what Approve does', async () => {
    const user = userEvent.setup();
    renderCard('q3');
    await screen.findByRole('heading', { name: 'Plan' });
    expect(screen.getByText(/Approve ends plan mode/)).toBeInTheDocument();
    await addComment(user, 'one step', 'Why?');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('1 comment is not sent or not resolved.');
    expect(respondToQuestion).not.toHaveBeenCalled();
  });

  it('refuses a feedback over the request body limit and says why, keeping the comments', async () => {
    const user = userEvent.setup();
    renderCard('q4');
    await screen.findByRole('heading', { name: 'Plan' });
    useReviewCommentsStore
      .getState()
      .set('q4', { comments: [{ id: 'c1', start: 3, end: 3, quote: 'Intro text.', text: 'x'.repeat(1_100_000) }], resolved: [] });
    await user.click(screen.getByRole('button', { name: 'Keep planning' }));
    expect(await screen.findByText(/Not sent: the feedback with its comments is \d+ KB/)).toBeInTheDocument();
    expect(respondToQuestion).not.toHaveBeenCalled();
    expect(useReviewCommentsStore.getState().entries.q4?.comments).toHaveLength(1);
  });
});

describe('comments of the previous revision', () => {
  const V1 = ['# Plan', '', 'Old intro.', '', '- keep me', ''].join('\n');
  const V2 = ['# Plan', '', 'New intro.', '', '- added first', '- keep me', ''].join('\n');
  const feedback = formatReviewFeedback({
    comments: [
      { start: 3, end: 3, quote: 'Old intro.', text: 'Rewrite the intro.' },
      { start: 5, end: 5, quote: '- keep me', text: 'Say why.' },
    ],
    general: '',
  });
  const revision = (version: number, plan: string, outcome: PlanRevision['outcome']): PlanRevision => ({
    callId: `call-${version}`,
    seq: version,
    chain: 1,
    version,
    plan,
    title: 'Plan',
    outcome,
  });
  const chain = [revision(1, V1, { kind: 'kept-planning', feedback }), revision(2, V2, { kind: 'pending' })];

  it('marks each from the diff, resolves one and carries one forward to its new lines', async () => {
    const user = userEvent.setup();
    renderCard('q5', { chain, current: 1 }, V2);
    await screen.findByRole('heading', { name: 'Plan' });
    const region = screen.getByRole('region', { name: 'Comments' });
    expect(within(region).getByText('Comments sent on v1')).toBeInTheDocument();
    const items = within(region).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('The lines changed');
    expect(within(items[0]!).getByRole('button', { name: 'Show in Changes since v1' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('The lines did not change');
    await user.click(within(items[1]!).getByRole('button', { name: 'Carry forward' }));
    expect(within(items[1]!).getByText(/Carried forward to line 6/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('2 comments are not sent or not resolved.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(items[0]!).getByRole('button', { name: 'Resolved' }));
    expect(within(items[0]!).getByRole('button', { name: 'Resolved' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Keep planning' }));
    await waitFor(() => expect(respondToQuestion).toHaveBeenCalled());
    const custom = vi.mocked(respondToQuestion).mock.calls[0]![2] as { answers: { custom: string }[] };
    expect(parseReviewFeedback(custom.answers[0]!.custom).comments).toEqual([{ start: 6, end: 6, quote: '- keep me', text: 'Say why.' }]);
  });

  it('follows a comment from another client by its quote when its line numbers are off', async () => {
    const user = userEvent.setup();
    // Line 1 is the title, but the quote is "- keep me" (line 5 of v1, line 6 of v2): the quote decides.
    const off = formatReviewFeedback({ comments: [{ start: 1, end: 1, quote: '- keep me', text: 'Say why.' }], general: '' });
    renderCard('q7', { chain: [revision(1, V1, { kind: 'kept-planning', feedback: off }), revision(2, V2, { kind: 'pending' })], current: 1 }, V2);
    await screen.findByRole('heading', { name: 'Plan' });
    const [item] = within(screen.getByRole('region', { name: 'Comments' })).getAllByRole('listitem');
    expect(item).toHaveTextContent('The lines did not change');
    await user.click(within(item!).getByRole('button', { name: 'Carry forward' }));
    expect(within(item!).getByText(/Carried forward to line 6/)).toBeInTheDocument();
  });

  it('says when a carried comment’s lines are gone, and links a changed one to the diff', async () => {
    const user = userEvent.setup();
    const gone = [revision(1, V1, { kind: 'kept-planning', feedback }), revision(2, '# Plan\n\nAll new.\n', { kind: 'pending' })];
    renderCard('q6', { chain: gone, current: 1 }, '# Plan\n\nAll new.\n');
    await screen.findByRole('heading', { name: 'Plan' });
    const items = within(screen.getByRole('region', { name: 'Comments' })).getAllByRole('listitem');
    expect(items[1]).toHaveTextContent('could not be found in this revision');
    expect(within(items[1]!).getByRole('button', { name: 'Carry forward' })).toBeDisabled();
    await user.click(within(items[0]!).getByRole('button', { name: 'Show in Changes since v1' }));
    expect(screen.getByRole('button', { name: 'Changes since v1' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(document.querySelector('[data-old-line="3"]')).not.toBeNull());
  });
});
