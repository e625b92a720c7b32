import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInSession } from '../../../testing/session-render.tsx';
import { useReviewFeedbackStore } from './feedback-store.ts';
import { PlanReviewCard } from './plan-review-card.tsx';
import { reviewOfPlan } from '../../../testing/review-fixture.ts';

vi.mock('../../lib/api-client.ts', () => ({ respondToQuestion: vi.fn() }));

const card = () => screen.getByRole('region', { name: 'Approve this plan and leave plan mode?' });

beforeEach(() => {
  useReviewFeedbackStore.setState({ entries: {} });
});

describe('PlanReviewCard expansion and title', () => {
  it('expands to the whole content area and collapses back with its labelled button', async () => {
    const user = userEvent.setup();
    renderInSession(<PlanReviewCard sessionId="s1" rpcId="rpc-e1" review={reviewOfPlan('# Plan\n\n- one step')} />, 's1');
    const expand = within(card()).getByRole('button', { name: 'Expand the plan review' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    expect(expand).toHaveAttribute('aria-controls', within(card()).getByRole('region', { name: 'Proposed plan' }).id);
    await user.click(expand);
    expect(expand).toHaveAttribute('aria-expanded', 'true');
    expect(expand).toHaveAccessibleName('Collapse the plan review');
    expect(card()).toHaveClass('plan-review--expanded');
    await user.click(expand);
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    expect(card()).not.toHaveClass('plan-review--expanded');
  });

  it('collapses on Escape from anywhere in the card and gives focus back to its button', async () => {
    const user = userEvent.setup();
    renderInSession(<PlanReviewCard sessionId="s1" rpcId="rpc-e2" review={reviewOfPlan('# Plan\n\n- one step')} />, 's1');
    await user.click(within(card()).getByRole('button', { name: 'Expand the plan review' }));
    await user.click(within(card()).getByRole('textbox', { name: 'Feedback' }));
    await user.keyboard('{Escape}');
    const expand = within(card()).getByRole('button', { name: 'Expand the plan review' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    expect(expand).toHaveFocus();
  });

  it('leaves Escape alone while collapsed, and to the Approve confirm while it is open', async () => {
    const user = userEvent.setup();
    renderInSession(<PlanReviewCard sessionId="s1" rpcId="rpc-e3" review={reviewOfPlan('# Plan\n\n- one step')} />, 's1');
    expect(fireEvent.keyDown(card(), { key: 'Escape' })).toBe(true);
    await user.click(within(card()).getByRole('button', { name: 'Expand the plan review' }));
    await user.type(within(card()).getByRole('textbox', { name: 'Feedback' }), 'split it');
    await user.click(within(card()).getByRole('button', { name: 'Approve' }));
    expect(screen.getByRole('alertdialog', { name: 'Approve without your feedback?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(card()).getByRole('button', { name: 'Collapse the plan review' })).toHaveAttribute('aria-expanded', 'true');
  });

  it.each([
    ['# Add a flag\n\n## Steps\n\n- one', 'Add a flag'],
    ['Context first.\n\n## Add a flag\n\n# Appendix\n\n### Notes', 'Add a flag'],
  ])('marks the plan’s own title, its first heading, as the card’s title heading (%#)', (plan, title) => {
    renderInSession(<PlanReviewCard sessionId="s1" rpcId="rpc-e4" review={reviewOfPlan(plan)} />, 's1');
    const headings = within(card()).getAllByRole('heading');
    expect(headings.filter((h) => h.classList.contains('markdown-title')).map((h) => h.textContent)).toEqual([title]);
  });
});
