import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SessionEvent } from '../../core/log/types.ts';
import { renderInSession } from '../../../testing/session-render.tsx';
import { PlanningCallsNote } from './components/planning-calls-note.tsx';

const call = (seq: number, callId: string, name: string, args = '{}'): SessionEvent => ({
  type: 'tool/call',
  seq,
  data: { turn: 1, step: seq, callId, name, arguments: args },
});
const ok = (seq: number, callId: string): SessionEvent => ({
  type: 'tool/result',
  seq,
  data: { turn: 1, step: seq - 1, callId, content: [{ type: 'text', text: 'ok' }] },
});

describe('PlanningCallsNote', () => {
  it('counts the calls that can change files made in plan mode since the previous plan, each a link to its row', async () => {
    const onShowCall = vi.fn();
    const events: SessionEvent[] = [
      { type: 'plan/mode', seq: 0, data: { active: true } },
      call(1, 'w0', 'write_file'),
      ok(2, 'w0'),
      call(3, 'x1', 'exit_plan_mode', JSON.stringify({ plan: '# One' })),
      { type: 'tool/result', seq: 4, data: { turn: 1, step: 3, callId: 'x1', content: [{ type: 'text', text: 'Error: keep planning' }], isError: true } },
      call(5, 'w1', 'write_file'),
      ok(6, 'w1'),
      call(7, 'b1', 'bash'),
      call(9, 'x2', 'exit_plan_mode', JSON.stringify({ plan: '# Two' })),
    ];
    renderInSession(<PlanningCallsNote sessionId="note" onShowCall={onShowCall} />, 'note', { events });
    expect(screen.getByText(/The agent made 2 calls that can change files while plan mode was on/)).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'bash' }));
    expect(onShowCall).toHaveBeenCalledWith('b1');
  });

  it('says nothing when the agent only read while planning', () => {
    const events: SessionEvent[] = [
      { type: 'plan/mode', seq: 0, data: { active: true } },
      call(1, 'r', 'read_file'),
      ok(2, 'r'),
      call(3, 'x', 'exit_plan_mode'),
    ];
    const { container } = renderInSession(<PlanningCallsNote sessionId="quiet" />, 'quiet', { events });
    expect(container.textContent).toBe('');
  });
});
