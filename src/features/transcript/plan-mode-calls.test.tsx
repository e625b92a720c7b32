import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../core/log/types.ts';
import { renderInSession } from '../../../testing/session-render.tsx';
import { Transcript } from './transcript.tsx';

describe('Transcript: acting while planning', () => {
  it('marks a write made while plan mode was on, and not one made after it was left', () => {
    const events: SessionEvent[] = [
      { type: 'plan/mode', seq: 0, data: { active: true } },
      { type: 'turn/start', seq: 1, data: { turn: 1 } },
      { type: 'tool/call', seq: 2, data: { turn: 1, step: 1, callId: 'w1', name: 'write_file', arguments: '{"path":"a.md","content":"x"}' } },
      { type: 'tool/result', seq: 3, data: { turn: 1, step: 1, callId: 'w1', content: [{ type: 'text', text: 'Wrote 1 characters to a.md.' }] } },
      { type: 'plan/mode', seq: 4, data: { active: false } },
      { type: 'tool/call', seq: 5, data: { turn: 1, step: 2, callId: 'w2', name: 'write_file', arguments: '{"path":"b.md","content":"y"}' } },
      { type: 'tool/result', seq: 6, data: { turn: 1, step: 2, callId: 'w2', content: [{ type: 'text', text: 'Wrote 1 characters to b.md.' }] } },
    ];
    renderInSession(<Transcript sessionId="acting" />, 'acting', { events });
    const [first, second] = screen.getAllByRole('article', { name: 'Tool call write_file' });
    expect(within(first!).getByRole('button')).toHaveAccessibleName(/ran while plan mode was on$/);
    expect(within(second!).queryByText('ran while plan mode was on')).toBeNull();
  });
});
