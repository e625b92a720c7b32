/**
 * The transcript's find box: it searches every folded row — also rows the virtualised list does not
 * render — says "n of m", moves with Enter / Shift+Enter and the buttons, marks the current row, closes on Escape,
 * and offers "Load all" while older history is not loaded.
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

/** `count` user messages; every 10th names the word "needle". */
const rows = (count: number) => transcriptViewOf(Array.from({ length: count }, (_, i) => user(i, i % 10 === 3 ? `row ${i} has the Needle` : `row ${i}`)));

const region = () => screen.getByRole('region', { name: 'Transcript' });
const status = () => within(screen.getByRole('search', { name: 'Find in transcript' })).getByRole('status');

describe('find box', () => {
  it('counts matching rows, moves with Enter and Shift+Enter, and marks the current row', async () => {
    const u = userEvent.setup();
    render(<TranscriptView transcript={rows(30)} loaded error={undefined} />);
    await u.click(screen.getByRole('button', { name: 'Find' }));
    const box = screen.getByRole('searchbox', { name: 'Find in transcript' });
    expect(box).toHaveFocus();
    await u.type(box, 'needle');
    expect(status()).toHaveTextContent('1 of 3');
    const current = () =>
      within(region())
        .getAllByRole('listitem')
        .filter((li) => li.getAttribute('aria-current') === 'true');
    expect(current().map((li) => li.textContent)).toEqual(['row 3 has the Needle']);
    await u.keyboard('{Enter}');
    expect(status()).toHaveTextContent('2 of 3');
    expect(current().map((li) => li.textContent)).toEqual(['row 13 has the Needle']);
    await u.keyboard('{Enter}{Enter}');
    expect(status()).toHaveTextContent('1 of 3');
    await u.keyboard('{Shift>}{Enter}{/Shift}');
    expect(status()).toHaveTextContent('3 of 3');
    await u.click(screen.getByRole('button', { name: 'Previous match' }));
    expect(status()).toHaveTextContent('2 of 3');
    await u.click(screen.getByRole('button', { name: 'Next match' }));
    expect(status()).toHaveTextContent('3 of 3');
  });

  it('says when nothing matches and disables the move buttons', async () => {
    const u = userEvent.setup();
    render(<TranscriptView transcript={rows(5)} loaded error={undefined} />);
    await u.click(screen.getByRole('button', { name: 'Find' }));
    await u.type(screen.getByRole('searchbox', { name: 'Find in transcript' }), 'absent');
    expect(status()).toHaveTextContent('No matches');
    expect(screen.getByRole('button', { name: 'Next match' })).toBeDisabled();
  });

  it('opens with Ctrl+F inside the transcript and closes with Escape, giving focus back to Find', async () => {
    const u = userEvent.setup();
    render(<TranscriptView transcript={rows(5)} loaded error={undefined} />);
    await u.click(screen.getByRole('button', { name: 'Find' }));
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('search', { name: 'Find in transcript' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Find' })).toHaveFocus();
    await u.keyboard('{Control>}f{/Control}');
    expect(screen.getByRole('searchbox', { name: 'Find in transcript' })).toHaveFocus();
  });

  it('finds a row the virtualised list does not render', async () => {
    const u = userEvent.setup();
    render(<TranscriptView transcript={rows(400)} loaded error={undefined} />);
    expect(within(region()).queryByText('row 393 has the Needle')).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Find' }));
    await u.type(screen.getByRole('searchbox', { name: 'Find in transcript' }), 'row 393 ');
    expect(status()).toHaveTextContent('1 of 1');
  });

  it('searches the loaded history only while older pages are missing, and offers Load all', async () => {
    const u = userEvent.setup();
    const onLoadAll = vi.fn();
    render(<TranscriptView transcript={rows(5)} loaded error={undefined} hasOlder onLoadAll={onLoadAll} onLoadOlder={() => undefined} />);
    await u.click(screen.getByRole('button', { name: 'Find' }));
    await u.type(screen.getByRole('searchbox', { name: 'Find in transcript' }), 'row');
    expect(screen.getByText('Searched the loaded history only.')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Load all' }));
    expect(onLoadAll).toHaveBeenCalledTimes(1);
  });
});
