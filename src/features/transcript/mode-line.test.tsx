/**
 * `mode/set` lines of the session-modes variant (seed 002) in the transcript: each logged mode is one quiet line,
 * wrong-shaped payloads show nothing, and the fold keeps them in seq order with the notice beside them.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../core/log/types.ts';
import { foldTranscript, transcriptViewOf } from '../../core/transcript/fold.ts';
import { TranscriptView } from './components/transcript-view.tsx';

const events: SessionEvent[] = [
  { type: 'turn/start', seq: 0, data: { turn: 1 } },
  { type: 'mode/set', seq: 1, data: { mode: 'review' } },
  {
    type: 'user/message',
    seq: 2,
    data: {
      content: [{ type: 'text', text: 'n' }],
      source: { kind: 'plugin', plugin: 'mode', form: 'notice', summary: 'The user switched this session to review mode.' },
    },
  },
  { type: 'mode/set', seq: 3, data: { mode: 42 } },
  { type: 'mode/set', seq: 4, data: { mode: 'default' } },
];

describe('mode lines', () => {
  it('folds each valid mode/set into a mode item in seq order', () => {
    const { items } = foldTranscript(events);
    expect(items.map((item) => (item.kind === 'mode' ? `mode:${item.mode}` : item.kind))).toEqual(['mode:review', 'notice', 'mode:default']);
  });

  it('renders "Mode: Review" and "Mode: Default" with the notice between them', () => {
    render(<TranscriptView transcript={transcriptViewOf(events, {})} loaded error={undefined} />);
    const region = screen.getByRole('region', { name: 'Transcript' });
    const lines = within(region)
      .getAllByText(/^Mode: |switched this session/)
      .map((el) => el.textContent);
    expect(lines).toEqual(['Mode: Review', 'The user switched this session to review mode.', 'Mode: Default']);
  });
});
