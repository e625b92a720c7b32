/**
 * The transcript's rows are a chunk of their own: a blank session never asks for it, a session with rows does, and a
 * chunk that fails to load is said, with Try again, instead of an empty transcript.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SessionEvent } from '../../core/log/types.ts';
import { transcriptViewOf } from '../../core/transcript/fold.ts';

const user = (seq: number, text: string): SessionEvent => ({
  type: 'user/message',
  seq,
  data: { content: [{ type: 'text', text }], source: { kind: 'user' } },
});

let imports = 0;
let failNext = 0;

/** A fresh copy of the view (the test setup preloaded the real one) whose rows' chunk is counted and may fail. */
async function freshView() {
  vi.resetModules();
  imports = 0;
  vi.doMock('./components/transcript-body.tsx', async (importOriginal) => {
    imports += 1;
    if (failNext > 0) {
      failNext -= 1;
      throw new Error('chunk gone');
    }
    return importOriginal();
  });
  return (await import('./components/transcript-view.tsx')).TranscriptView;
}

describe("the transcript's rows chunk", () => {
  it('is not imported for a blank session, and is for one with rows', async () => {
    const TranscriptView = await freshView();
    const { rerender } = render(<TranscriptView transcript={transcriptViewOf([])} loaded error={undefined} />);
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    expect(imports).toBe(0);
    rerender(<TranscriptView transcript={transcriptViewOf([user(1, 'hello')])} loaded error={undefined} />);
    expect(await within(screen.getByRole('region', { name: 'Transcript' })).findByText('hello')).toBeInTheDocument();
    expect(imports).toBe(1);
  });

  it('says so when it fails to load, and shows the rows after Try again', async () => {
    const TranscriptView = await freshView();
    failNext = 1;
    render(<TranscriptView transcript={transcriptViewOf([user(1, 'hello')])} loaded error={undefined} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the part of the page that shows the messages.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('hello')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
