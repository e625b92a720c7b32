import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFixture } from '../../../fixtures/paths.ts';
import { renderInSession } from '../../../testing/session-render.tsx';
import { parseSessionLog } from '../../core/log/reader.ts';
import { foldReviewHistory } from '../../core/review/revisions.ts';
import { reviewChainOf } from '../../core/review/history.ts';
import { useReviewFeedbackStore } from './feedback-store.ts';
import { PlanReviewCard } from './plan-review-card.tsx';
import { reviewOfPlan } from '../../../testing/review-fixture.ts';

/** The fixture's first chain: v1 kept planning with feedback, v2 dismissed, v3 kept planning, v4 identical to v3. */
const HISTORY = foldReviewHistory(parseSessionLog(readFixture('review', 'revisions.jsonl')).events);
const CHAIN = HISTORY.revisions.filter((r) => r.chain === 1);

function renderCard(current: number) {
  const plan = CHAIN[current]!.plan;
  return renderInSession(<PlanReviewCard sessionId="s1" rpcId={`q-${current}`} review={reviewOfPlan(plan)} revisions={{ chain: CHAIN, current }} />, 's1');
}

beforeEach(() => useReviewFeedbackStore.setState({ entries: {} }));
afterEach(() => vi.restoreAllMocks());

describe('PlanReviewCard revisions', () => {
  it('labels the plan with its revision in the chain', () => {
    renderCard(1);
    expect(screen.getByText('Revision 2 of 4')).toBeInTheDocument();
  });

  it('shows no changes toggle for a chain’s first revision', () => {
    renderCard(0);
    expect(screen.getByText('Revision 1 of 4')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Changes since/ })).toBeNull();
  });

  it('toggles between the rendered plan and the diff against the previous revision, with the feedback above it', async () => {
    renderCard(1);
    const planButton = screen.getByRole('button', { name: 'Plan' });
    const changes = screen.getByRole('button', { name: 'Changes since v1' });
    expect(planButton).toHaveAttribute('aria-pressed', 'true');
    expect(changes).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(changes);
    expect(changes).toHaveAttribute('aria-pressed', 'true');
    const diff = await screen.findByRole('list', { name: 'Changes from v1 to v2' });
    const region = screen.getByRole('region', { name: 'Proposed plan' });
    expect(within(region).getByText('You asked:').closest('blockquote')).toHaveTextContent('You asked: print it before the output, and add a test');
    const added = within(diff).getAllByText(/^Added/);
    expect(added).toHaveLength(2);
    // The changed line marks its inserted words, the new line is inserted whole; deletions are struck through.
    expect([...diff.querySelectorAll('ins')].map((el) => el.textContent)).toEqual([' before the output', '3. Add a test in `cli.test.js`']);
    expect(within(region).getByText('+2 −1 lines')).toBeInTheDocument();
    expect(within(region).queryByRole('heading', { level: 1 })).toBeNull();
    await userEvent.click(planButton);
    expect(within(region).getByRole('heading', { level: 1, name: 'Add a greeting flag' })).toBeInTheDocument();
  });

  it('says what the user said after dismissing the previous revision', async () => {
    renderCard(2);
    await userEvent.click(screen.getByRole('button', { name: 'Changes since v2' }));
    expect((await screen.findByText('You said:')).closest('blockquote')).toHaveTextContent('You said: Also document the flag in the README.');
  });

  it('says a revision identical to the previous one is identical', async () => {
    renderCard(3);
    await userEvent.click(screen.getByRole('button', { name: 'Changes since v3' }));
    expect(await screen.findByRole('note')).toHaveTextContent('v4 is identical to v3: the plan did not change.');
    expect(screen.queryByRole('list', { name: /Changes from/ })).toBeNull();
  });

  it('compares any two revisions of the chain', async () => {
    renderCard(3);
    await userEvent.click(screen.getByRole('button', { name: 'Changes since v3' }));
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Older revision' }), 'v1');
    const diff = screen.getByRole('list', { name: 'Changes from v1 to v4' });
    expect(within(diff).getAllByText(/^Added/)).toHaveLength(3);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Newer revision' }), 'v2');
    expect(screen.getByRole('list', { name: 'Changes from v1 to v2' })).toBeInTheDocument();
  });

  it('finds the chain of the plan under review in the history', () => {
    expect(reviewChainOf(HISTORY, CHAIN[1]!.plan)).toEqual({ chain: CHAIN, current: 1 });
    // v3 and v4 have the same text: the pending one wins, else the latest.
    expect(reviewChainOf(HISTORY, CHAIN[3]!.plan)?.current).toBe(3);
    const pending = HISTORY.revisions.at(-1)!;
    expect(reviewChainOf(HISTORY, pending.plan)).toMatchObject({ current: 1 });
    expect(reviewChainOf(HISTORY, '# Not there')).toBeUndefined();
  });

  it('copies the plan to the clipboard and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderCard(1);
    await user.click(screen.getByRole('button', { name: 'Copy plan' }));
    expect(writeText).toHaveBeenCalledWith(CHAIN[1]!.plan);
    // The live status line says it (the button shows it too, in its label box).
    await waitFor(() => expect(document.querySelector('.plan-actions [aria-live="polite"]')).toHaveTextContent('Copied'));
  });

  it('says why when the browser refuses the clipboard', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    renderCard(1);
    await user.click(screen.getByRole('button', { name: 'Copy plan' }));
    await waitFor(() => expect(screen.getByText(/Could not copy: the browser refused the clipboard \(Write permission denied\.\)/)).toBeInTheDocument());
    expect(document.querySelector('.plan-actions [aria-live="polite"]')).not.toHaveTextContent('Copied');
  });

  it('downloads the plan as a Markdown file named after its title and revision', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:plan';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    renderCard(1);
    await userEvent.click(screen.getByRole('button', { name: 'Download .md' }));
    expect(clicks).toEqual(['Add-a-greeting-flag-v2.md']);
    expect(await created[0]!.text()).toBe(CHAIN[1]!.plan);
  });
});
