/** Plan cards in the transcript: their revision label, copy/download actions, and being scrolled to from Reviews. */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../fixtures/paths.ts';
import { parseSessionLog } from '../../core/log/reader.ts';
import type { SessionEvent } from '../../core/log/types.ts';
import { foldReviewHistory } from '../../core/review/revisions.ts';
import { transcriptViewOf } from '../../core/transcript/fold.ts';
import { PlanRevisionsContext } from './components/plan-revisions.ts';
import type { PlanRevisionLabel } from './model/plan-revisions.ts';
import { TranscriptView } from './components/transcript-view.tsx';

const EVENTS = parseSessionLog(readFixture('review', 'revisions.jsonl')).events;

function labelsOf(events: readonly SessionEvent[]): Map<string, PlanRevisionLabel> {
  const history = foldReviewHistory(events);
  return new Map(history.revisions.map((r) => [r.callId, { version: r.version, total: history.revisions.filter((x) => x.chain === r.chain).length }]));
}

const region = () => screen.getByRole('region', { name: 'Transcript' });

describe('plan cards with revisions', () => {
  it('label each plan card with its revision in its chain, and none for a call that is not a revision', () => {
    render(
      <PlanRevisionsContext value={labelsOf(EVENTS)}>
        <TranscriptView transcript={transcriptViewOf(EVENTS)} loaded error={undefined} />
      </PlanRevisionsContext>,
    );
    const cards = within(region()).getAllByRole('article', { name: /^Plan: / });
    expect(cards.map((card) => within(card).queryByText(/^Revision \d+ of \d+$/)?.textContent ?? null)).toEqual([
      'Revision 1 of 4',
      'Revision 2 of 4',
      'Revision 3 of 4',
      'Revision 4 of 4',
      null,
      null,
      'Revision 1 of 2',
      'Revision 2 of 2',
    ]);
  });

  it('offer Copy plan and Download .md on every plan card with a plan, beside the plan once it is shown', async () => {
    render(
      <PlanRevisionsContext value={labelsOf(EVENTS)}>
        <TranscriptView transcript={transcriptViewOf(EVENTS)} loaded error={undefined} />
      </PlanRevisionsContext>,
    );
    const card = within(region()).getAllByRole('article', { name: /^Plan: / })[1]!;
    expect(within(card).queryByRole('group', { name: /^Copy or download/ })).toBeNull();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Show the plan' }));
    const group = within(card).getByRole('group', { name: 'Copy or download Add a greeting flag' });
    expect(within(group).getByRole('button', { name: 'Copy plan' })).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'Download .md' })).toBeInTheDocument();
  });

  it('brings a plan card far up a long transcript into view and marks it when asked to', async () => {
    const filler: SessionEvent[] = Array.from({ length: 600 }, (_, i) => ({
      type: 'user/message',
      seq: EVENTS.length + i,
      data: { content: [{ type: 'text', text: `later ${i}` }], source: { kind: 'user' } },
    }));
    const events = [...EVENTS, ...filler];
    const view = transcriptViewOf(events);
    const { rerender } = render(
      <PlanRevisionsContext value={labelsOf(events)}>
        <TranscriptView transcript={view} loaded error={undefined} />
      </PlanRevisionsContext>,
    );
    const v1 = () => within(region()).queryAllByRole('article', { name: 'Plan: Add a greeting flag' })[0];
    const before = v1()?.closest('li');
    expect(before?.getAttribute('aria-current') ?? null).toBeNull();
    rerender(
      <PlanRevisionsContext value={labelsOf(events)}>
        <TranscriptView transcript={view} loaded error={undefined} scrollTarget={{ callId: 'call-1', token: 1 }} />
      </PlanRevisionsContext>,
    );
    await waitFor(() => expect(v1()?.closest('li')).toHaveAttribute('aria-current', 'true'));
    await waitFor(() => expect(v1()?.closest('li')).toHaveFocus());
  });
});
