/**
 * The virtualised transcript: a long transcript renders a window of rows, each saying its place; older
 * history not loaded yet is offered; a result whose call lives on an older page waits for it instead of showing alone.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SessionEvent } from '../../core/log/types.ts';
import { transcriptViewOf } from '../../core/transcript/fold.ts';
import { TranscriptView } from './components/transcript-view.tsx';

const user = (seq: number, text: string): SessionEvent => ({
  type: 'user/message',
  seq,
  data: { content: [{ type: 'text', text }], source: { kind: 'user' } },
});

const rows = (count: number) => transcriptViewOf(Array.from({ length: count }, (_, i) => user(i, `row ${i}`)));

const region = () => screen.getByRole('region', { name: 'Transcript' });

describe('virtualised transcript', () => {
  it("renders a window of a long transcript, not every row, and says each row's place", () => {
    render(<TranscriptView transcript={rows(1000)} loaded error={undefined} />);
    const items = within(region()).getAllByRole('listitem');
    expect(items.length).toBeLessThan(300);
    expect(items[0]).toHaveAttribute('aria-posinset', '1');
    expect(items[0]).toHaveAttribute('aria-setsize', '1000');
  });

  it('offers the older history that is not loaded yet', async () => {
    const u = userEvent.setup();
    const onLoadOlder = vi.fn();
    const { rerender } = render(<TranscriptView transcript={rows(3)} loaded error={undefined} hasOlder onLoadOlder={onLoadOlder} />);
    await u.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(onLoadOlder).toHaveBeenCalled();
    rerender(<TranscriptView transcript={rows(3)} loaded error={undefined} hasOlder loadingOlder onLoadOlder={onLoadOlder} />);
    expect(screen.getByText('Loading earlier messages…')).toBeInTheDocument();
  });
});

describe('partial history', () => {
  const call: SessionEvent = { type: 'tool/call', seq: 0, data: { callId: 'c1', name: 'read_file', arguments: '{"path":"a.ts"}' } };
  const result: SessionEvent = {
    type: 'tool/result',
    seq: 1,
    data: {
      message: {
        source: { kind: 'tool', callId: 'c1' },
        content: [{ type: 'tool-result', toolCallId: 'c1', content: [{ type: 'text', text: 'file body' }], isError: false }],
        role: 'user',
      },
    },
  };

  it('shows a result whose call is on an older page only once the call is loaded, as one card', () => {
    const { rerender } = render(
      <TranscriptView transcript={transcriptViewOf([result, user(2, 'next')])} loaded error={undefined} hasOlder onLoadOlder={() => undefined} />,
    );
    expect(within(region()).queryByRole('article', { name: /^Tool call/ })).toBeNull();
    expect(within(region()).getByText('next')).toBeInTheDocument();
    rerender(<TranscriptView transcript={transcriptViewOf([call, result, user(2, 'next')])} loaded error={undefined} />);
    expect(
      within(region())
        .getAllByRole('article', { name: /^Tool call/ })
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Tool call read_file']);
  });

  it('shows a lone result once the whole history is loaded (its call was never logged)', () => {
    render(<TranscriptView transcript={transcriptViewOf([result])} loaded error={undefined} />);
    expect(within(region()).getByRole('article', { name: 'Tool call tool' })).toBeInTheDocument();
  });
});
