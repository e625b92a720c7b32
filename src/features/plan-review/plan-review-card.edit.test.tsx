/**
 * Editing the plan on the review card, by keyboard only: Edit plan turns the plan into the "Plan" textbox with its
 * preview, Approve is not offered while editing, Send edits as feedback sends the edited plan and its diff with the
 * comments and Feedback (the review feedback format), an unchanged edit is refused, Discard edits asks first, the edit
 * survives a remount from the tab's sessionStorage, and the next revision says whether the agent adopted the edits.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatReviewFeedback, parseReviewFeedback } from '../../core/review/feedback-format.ts';
import type { PlanRevision } from '../../core/review/history.ts';
import { planEditDiff } from '../../core/review/plan-edit.ts';
import { respondToQuestion } from '../../lib/api-client.ts';
import { REVIEW_COMMENTS_KEY } from './comments-store.ts';
import { renderReviewCard, setUpReviewCards, tabTo } from '../../../testing/review-card.tsx';

vi.mock('../../lib/api-client.ts', () => ({ respondToQuestion: vi.fn() }));

const PLAN = ['# Plan', '', '- one step', '- two step', ''].join('\n');

setUpReviewCards();

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(respondToQuestion).mockReset();
  vi.mocked(respondToQuestion).mockResolvedValue({ accepted: true });
});

function renderCard(rpcId = 'e1', revisions?: { chain: PlanRevision[]; current: number }, plan = PLAN) {
  return renderReviewCard(plan, rpcId, revisions);
}

async function startEditing(user: UserEvent): Promise<HTMLElement> {
  await screen.findByRole('heading', { name: 'Plan' });
  await tabTo(user, screen.getByRole('button', { name: 'Edit plan' }));
  await user.keyboard('{Enter}');
  const box = screen.getByRole('textbox', { name: 'Plan' });
  expect(box).toHaveFocus();
  return box;
}

describe('editing the plan', () => {
  it('edits in the textbox with a preview, offers no Approve, and sends the edited plan, its diff and Feedback', async () => {
    const user = userEvent.setup();
    renderCard();
    const box = await startEditing(user);
    expect(box).toHaveValue(PLAN);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByText(/dsh approves only the plan the agent sent/)).toBeInTheDocument();
    await user.keyboard('{Control>}{End}{/Control}- three step');
    const preview = screen.getByRole('region', { name: 'Preview' });
    await waitFor(() => expect(within(preview).getByText('three step')).toBeInTheDocument());
    await tabTo(user, screen.getByRole('textbox', { name: 'Feedback' }));
    await user.keyboard('Adopt this, please.');
    await tabTo(user, screen.getByRole('button', { name: 'Send edits as feedback' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(respondToQuestion).toHaveBeenCalled());
    const custom = (vi.mocked(respondToQuestion).mock.calls[0]![2] as { answers: { custom: string }[] }).answers[0]!.custom;
    const edited = `${PLAN}- three step`;
    expect(parseReviewFeedback(custom)).toEqual({ edit: { plan: edited, diff: planEditDiff(PLAN, edited) }, comments: [], general: 'Adopt this, please.' });
  });

  it('refuses to send an edit that changed nothing, and Ctrl+Enter in the editor sends like the button', async () => {
    const user = userEvent.setup();
    renderCard('e2');
    const box = await startEditing(user);
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(screen.getByText('You have not changed the plan yet.')).toHaveAttribute('role', 'status');
    await user.clear(box);
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(screen.getByText('The edited plan is empty.')).toHaveAttribute('role', 'status');
    expect(respondToQuestion).not.toHaveBeenCalled();
    await user.type(box, '# New plan');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(respondToQuestion).toHaveBeenCalled());
  });

  it('keeps the edit across a remount, asks before discarding it, and returns to the plan and Approve', async () => {
    const user = userEvent.setup();
    const { unmount } = renderCard('e3');
    await startEditing(user);
    await user.keyboard('{Control>}{End}{/Control}Kept.');
    window.dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.getItem(REVIEW_COMMENTS_KEY)).toContain('Kept.');
    unmount();
    renderCard('e3');
    const box = await screen.findByRole('textbox', { name: 'Plan' });
    expect(box).toHaveValue(`${PLAN}Kept.`);
    await tabTo(user, screen.getByRole('button', { name: 'Discard edits' }));
    await user.keyboard('{Enter}');
    const confirm = screen.getByRole('alertdialog', { name: 'Discard edits?' });
    expect(within(confirm).getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('textbox', { name: 'Plan' })).toHaveValue(`${PLAN}Kept.`);
    await tabTo(user, screen.getByRole('button', { name: 'Discard edits' }));
    await user.keyboard('{Enter}');
    await tabTo(user, within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Discard edits' }));
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('textbox', { name: 'Plan' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Proposed plan' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
    window.dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.getItem(REVIEW_COMMENTS_KEY) ?? '').not.toContain('Kept.');
  });
});

describe('the revision after an edit', () => {
  const EDITED = `${PLAN}- three step\n`;
  const revision = (version: number, plan: string, outcome: PlanRevision['outcome']): PlanRevision => ({
    callId: `call-${version}`,
    seq: version,
    chain: 1,
    version,
    plan,
    title: 'Plan',
    outcome,
  });
  const feedback = formatReviewFeedback({ edit: { plan: EDITED, diff: planEditDiff(PLAN, EDITED) }, comments: [], general: '' });
  const chainTo = (v2: string) => ({ chain: [revision(1, PLAN, { kind: 'kept-planning', feedback }), revision(2, v2, { kind: 'pending' })], current: 1 });

  it('says the agent adopted the edits when the revision equals them after normalising', async () => {
    renderCard('e4', chainTo(EDITED.replace(/\n/g, '  \r\n')), EDITED.replace(/\n/g, '  \r\n'));
    expect(await screen.findByText('The agent adopted your edits (sent on v1).')).toBeInTheDocument();
  });

  it('says the agent changed the edits, with the diff against the edited text', async () => {
    const user = userEvent.setup();
    const v2 = EDITED.replace('three step', 'third step');
    renderCard('e5', chainTo(v2), v2);
    const summary = await screen.findByText('The agent changed your edits (sent on v1).');
    await tabTo(user, summary);
    await user.keyboard('{Enter}');
    const diff = screen.getByRole('region', { name: 'Differences from your edits' });
    expect(diff).toHaveTextContent('-- three step');
    expect(diff).toHaveTextContent('+- third step');
  });
});
