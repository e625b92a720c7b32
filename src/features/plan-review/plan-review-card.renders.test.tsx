import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInSession } from '../../../testing/session-render.tsx';
import { respondToQuestion } from '../../lib/api-client.ts';
import { useReviewFeedbackStore } from './feedback-store.ts';
import { loadCardParts, PlanReviewCard } from './plan-review-card.tsx';
import { reviewOfPlan } from '../../../testing/review-fixture.ts';

// Count the renders of the plan's subtree: the Markdown component replaced by a plain (not memoised) one, so any
// re-render of the card above it would reach it.
const planRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../components/markdown.tsx', () => ({
  Markdown: ({ text }: { text: string }) => {
    planRenders.count += 1;
    return <div>{text}</div>;
  },
}));
vi.mock('../../lib/api-client.ts', () => ({ respondToQuestion: vi.fn() }));

// The line-comments chunk is prefetched with the card in the app: loaded here too, so the plan renders once.
beforeAll(() => loadCardParts());

beforeEach(() => {
  planRenders.count = 0;
  useReviewFeedbackStore.setState({ entries: {} });
  vi.mocked(respondToQuestion).mockReset();
});

describe('PlanReviewCard rendering', () => {
  it('does not re-render the plan while Feedback is typed, cleared, or the confirm opens and closes', async () => {
    const user = userEvent.setup();
    renderInSession(<PlanReviewCard sessionId="s1" rpcId="rpc-1" review={reviewOfPlan('# Plan\n\n- one step')} />, 's1');
    expect(planRenders.count).toBe(1);
    const feedback = screen.getByRole('textbox', { name: 'Feedback' });
    await user.type(feedback, 'use a flag instead');
    expect(feedback).toHaveValue('use a flag instead');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByRole('alertdialog', { name: 'Approve without your feedback?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.clear(feedback);
    expect(planRenders.count).toBe(1);
  });

  it('sends Keep planning with the Feedback text as typed', async () => {
    vi.mocked(respondToQuestion).mockResolvedValue({ accepted: true });
    const user = userEvent.setup();
    renderInSession(<PlanReviewCard sessionId="s1" rpcId="rpc-2" review={reviewOfPlan('# Plan\n\n- one step')} />, 's1');
    await user.type(screen.getByRole('textbox', { name: 'Feedback' }), 'split step one');
    await user.click(screen.getByRole('button', { name: 'Keep planning' }));
    await waitFor(() =>
      expect(respondToQuestion).toHaveBeenCalledWith('rpc-2', 's1', { answers: [{ id: 'plan-review', selected: [], custom: 'split step one' }] }),
    );
  });

  it('says when part of the plan is capped, and Approve still answers for the whole plan', async () => {
    vi.mocked(respondToQuestion).mockResolvedValue({ accepted: true });
    const plan = `# Plan\n\n${'x'.repeat(1_000_000)}`;
    renderInSession(<PlanReviewCard sessionId="s1" rpcId="rpc-3" review={reviewOfPlan(plan)} />, 's1');
    expect(screen.getByRole('note')).toHaveTextContent('Part of this plan is too large to format');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(respondToQuestion).toHaveBeenCalledWith('rpc-3', 's1', { answers: [{ id: 'plan-review', selected: ['Approve'] }] }));
  });

  it('shows no capped note for an ordinary plan', () => {
    renderInSession(<PlanReviewCard sessionId="s1" rpcId="rpc-4" review={reviewOfPlan('# Plan\n\n- one step')} />, 's1');
    expect(screen.queryByRole('note')).toBeNull();
  });
});
