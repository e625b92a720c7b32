/**
 * Test kit of the plan-review card's component tests (comments, edit, outline): the card's lazy parts loaded once,
 * its draft stores emptied before each case, a card rendered in a session, and focus moved by Tab only (bounded), so
 * a control a test reaches is proven reachable by keyboard.
 */
import type { UserEvent } from '@testing-library/user-event';
import { beforeAll, beforeEach, expect } from 'vitest';
import { loadMarkdownRenderer } from '../src/components/markdown-loader.ts';
import type { PlanRevision } from '../src/core/review/history.ts';
import { useReviewCommentsStore } from '../src/features/plan-review/comments-store.ts';
import { useReviewFeedbackStore } from '../src/features/plan-review/feedback-store.ts';
import { loadCardParts, PlanReviewCard } from '../src/features/plan-review/plan-review-card.tsx';
import { reviewOfPlan } from './review-fixture.ts';
import { renderInSession } from './session-render.tsx';

/** Load the markdown renderer and the card's parts before the file's cases; empty the review drafts before each. */
export function setUpReviewCards(): void {
  beforeAll(async () => {
    await loadMarkdownRenderer();
    await loadCardParts();
  });
  beforeEach(() => {
    useReviewFeedbackStore.setState({ entries: {} });
    useReviewCommentsStore.setState({ entries: {} });
  });
}

/**
 * Render the review card of `plan` in session `s1`.
 * @param plan the plan markdown
 * @param rpcId the review question's rpcId
 * @param revisions the revision chain, for revision 2 and later
 */
export function renderReviewCard(plan: string, rpcId = 'q1', revisions?: { chain: PlanRevision[]; current: number }) {
  return renderInSession(<PlanReviewCard sessionId="s1" rpcId={rpcId} review={reviewOfPlan(plan)} revisions={revisions} />, 's1');
}

/** Press Tab until `target` has focus (at most `max` presses), so the control is proven reachable by keyboard. */
export async function tabTo(user: UserEvent, target: HTMLElement, max = 120): Promise<void> {
  for (let i = 0; i < max && document.activeElement !== target; i += 1) await user.tab();
  expect(target).toHaveFocus();
}
