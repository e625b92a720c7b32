import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readFixture } from '../../../fixtures/paths.ts';
import { parseSessionLog } from '../../core/log/reader.ts';
import { foldProgress } from '../../core/plan/progress.ts';
import { progressProjectionValueOf } from '../../core/plan/progress-projection.ts';
import { renderInSession } from '../../../testing/session-render.tsx';
import PlanProgress from './plan-progress.tsx';

const events = (name: string) => parseSessionLog(readFixture('todos', name)).events;

describe('Plan progress', () => {
  it('shows the approved plan’s steps with their status, the count and the audit, and scrolls to where a step changed', async () => {
    const user = userEvent.setup();
    const onShow = vi.fn();
    const all = events('plan-progress.jsonl');
    const secondWrite = all.filter((e) => e.type === 'todo/write')[1]!;
    const { unmount } = renderInSession(<PlanProgress sessionId="half" onShow={onShow} />, 'half', { events: all.filter((e) => e.seq <= secondWrite.seq + 1) });
    const region = screen.getByRole('region', { name: 'Plan progress' });
    expect(within(region).getByText('1 of 4 steps done')).toBeVisible();
    expect(within(region).getByText('Add a --greeting flag to the CLI · revision 1, approved')).toBeVisible();
    const items = within(region).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.plan-progress__status')?.textContent)).toEqual(['done', 'in progress', 'not started', 'not started']);
    expect(within(region).queryByText(/Plan carried out/)).toBeNull();
    await user.click(within(items[0]!).getByRole('button'));
    expect(onShow).toHaveBeenCalledWith(expect.stringMatching(/-todos$/));

    unmount();

    renderInSession(<PlanProgress sessionId="whole" onShow={onShow} />, 'whole', { events: all });
    const ended = screen.getByRole('region', { name: 'Plan progress' });
    expect(within(ended).getByText('Plan carried out: 4 of 4 steps; 0 not done; 0 extra')).toBeVisible();
    expect(within(ended).getByText('The turn completed.')).toBeVisible();
  });

  it('collapses to one line and back with the keyboard', async () => {
    const user = userEvent.setup();
    renderInSession(<PlanProgress sessionId="keys" onShow={() => {}} />, 'keys', { events: events('plan-progress.jsonl') });
    const toggle = screen.getByRole('button', { name: /Plan progress/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: /^Plan: 4 of 4/ })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('titles a list written with no plan approved “To-dos”', () => {
    renderInSession(<PlanProgress sessionId="loose" onShow={() => {}} />, 'loose', { events: events('no-plan.jsonl') });
    const region = screen.getByRole('region', { name: 'To-dos' });
    expect(within(region).getByText('1 of 2 done')).toBeVisible();
    expect(within(region).getAllByRole('listitem')).toHaveLength(2);
  });

  it('renders nothing for a session with neither an approved plan nor a to-do list', () => {
    const { container } = renderInSession(<PlanProgress sessionId="none" onShow={() => {}} />, 'none', {
      events: parseSessionLog(readFixture('dsh-recordings', 'plan-review', 'session.jsonl')).events.slice(0, 3),
    });
    expect(container.querySelector('.plan-progress')).toBeNull();
  });

  it('shows the host’s progress projection when the loaded tail holds none of the plan (older pages not loaded)', () => {
    const all = events('plan-progress.jsonl');
    const progress = JSON.parse(JSON.stringify(progressProjectionValueOf(foldProgress(all))));
    renderInSession(<PlanProgress sessionId="tail" onShow={() => {}} />, 'tail', { events: all.slice(-1), hasOlder: true, progress });
    const region = screen.getByRole('region', { name: 'Plan progress' });
    expect(within(region).getByText('4 of 4 steps done')).toBeVisible();
    expect(within(region).getByText('Plan carried out: 4 of 4 steps; 0 not done; 0 extra')).toBeVisible();
    // The whole log's fold: no "from the loaded part" note.
    expect(within(region).queryByText('From the loaded part of the session.')).toBeNull();
  });

  it('folds the loaded events when the host’s progress value is not one', () => {
    const all = events('plan-progress.jsonl');
    renderInSession(<PlanProgress sessionId="bad" onShow={() => {}} />, 'bad', { events: all, progress: { view: { kind: 'plan' } } });
    expect(within(screen.getByRole('region', { name: 'Plan progress' })).getByText('4 of 4 steps done')).toBeVisible();
  });
});
