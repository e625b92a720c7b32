import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFixture } from '../../../fixtures/paths.ts';
import { renderWithClient } from '../../../testing/render.tsx';
import { parseSessionLog } from '../../core/log/reader.ts';
import { reviewHistoryExportSchema } from '../../core/review/export.ts';
import { formatReviewFeedback } from '../../core/review/feedback-format.ts';
import { foldReviewHistory } from '../../core/review/revisions.ts';
import { callMethod } from '../../lib/api-client.ts';
import { ReviewsView } from './reviews-view.tsx';

const JSONL = readFixture('review', 'revisions.jsonl');
const HISTORY = foldReviewHistory(parseSessionLog(JSONL).events);
const NOW = () => Date.UTC(2026, 10, 30, 12);

/** Captures what `saveFile` downloads: file names and blobs. */
let saved: { name: string; blob: Blob }[] = [];
beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
});
afterEach(() => vi.restoreAllMocks());

const region = () => screen.getByRole('region', { name: 'Reviews' });

describe('ReviewsView', () => {
  it('lists every revision by chain with its outcome, feedback and changes', () => {
    renderWithClient(<ReviewsView sessionId="s1" title="Greeting" history={HISTORY} complete onShow={() => {}} canDownloadLog={false} now={NOW} />);
    const chains = within(region()).getAllByRole('region', { name: /^Plan review \d/ });
    expect(chains.map((c) => c.getAttribute('aria-label'))).toEqual(['Plan review 1 · 4 revisions', 'Plan review 2 · 2 revisions']);
    const items = within(chains[0]!).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Kept planning, with feedback');
    // The feedback shows once, with the decision that sent it (v1's Keep planning); v2 names it, never quotes it again.
    expect(items[0]).toHaveTextContent('Feedback: print it before the output, and add a test');
    expect(items[1]).toHaveTextContent('Revised after your feedback on v1');
    expect(items[1]).not.toHaveTextContent('print it before the output');
    expect(within(chains[0]!).getAllByText(/print it before the output, and add a test/)).toHaveLength(1);
    expect(items[1]).toHaveTextContent('Dismissed (Chat about it)');
    expect(items[1]).toHaveTextContent('+2 −1 lines since v1');
    expect(items[2]).toHaveTextContent('You said: Also document the flag in the README.');
    expect(items[3]).toHaveTextContent('Approved');
    expect(items[3]).toHaveTextContent('identical to v3');
    const second = within(chains[1]!).getAllByRole('listitem');
    expect(second[0]).toHaveTextContent('Aborted: aborted before the user answered');
    expect(second[1]).toHaveTextContent('Waiting for your review');
    expect(screen.queryByText('Showing reviews from the loaded part of the log.')).toBeNull();
  });

  it('shows a feedback in the review feedback format as line comments, and any other text as written', () => {
    const feedback = formatReviewFeedback({
      comments: [
        { start: 3, end: 3, quote: 'Print a greeting.', text: 'Which greeting?' },
        { start: 5, end: 6, quote: '- one\n- two', text: 'Merge these.' },
      ],
      general: 'Otherwise fine.',
    });
    const base = { chain: 1, title: 'Plan', plan: '# Plan\n' };
    const history = {
      revisions: [
        { ...base, callId: 'a', seq: 1, version: 1, outcome: { kind: 'kept-planning' as const, feedback } },
        {
          ...base,
          callId: 'b',
          seq: 2,
          version: 2,
          outcome: { kind: 'kept-planning' as const, feedback: 'Comment 1 of 1: not the format' },
          prompt: { kind: 'feedback' as const, text: feedback },
        },
        {
          ...base,
          callId: 'c',
          seq: 3,
          version: 3,
          outcome: { kind: 'pending' as const },
          prompt: { kind: 'feedback' as const, text: 'Comment 1 of 1: not the format' },
        },
      ],
    };
    renderWithClient(<ReviewsView sessionId="s1" title="T" history={history} complete onShow={() => {}} canDownloadLog={false} now={NOW} />);
    const items = within(region())
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('reviews__item'));
    const comments = within(items[0]!).getAllByRole('listitem');
    expect(comments.map((c) => c.textContent)).toEqual(['Comment on line 3:Print a greeting.Which greeting?', 'Comment on lines 5–6:- one\n- twoMerge these.']);
    expect(items[0]).toHaveTextContent('General feedback: Otherwise fine.');
    expect(items[1]).toHaveTextContent('Revised after your feedback on v1');
    expect(items[1]).toHaveTextContent('Feedback: Comment 1 of 1: not the format');
    expect(within(items[1]!).queryAllByRole('listitem')).toHaveLength(0);
    expect(items[2]).toHaveTextContent('Revised after your feedback on v2');
  });

  it('shows a feedback that carried an edited plan as the edit, with its diff on demand', async () => {
    const edited = '# Plan\n\n- mine\n';
    const feedback = formatReviewFeedback({ edit: { plan: edited, diff: '--- your plan\n+++ edited plan\n+- mine' }, comments: [], general: 'Adopt it.' });
    const base = { chain: 1, title: 'Plan', plan: '# Plan\n' };
    const history = {
      revisions: [
        { ...base, callId: 'a', seq: 1, version: 1, outcome: { kind: 'kept-planning' as const, feedback } },
        {
          ...base,
          callId: 'b',
          seq: 2,
          version: 2,
          plan: edited,
          outcome: { kind: 'pending' as const },
          prompt: { kind: 'feedback' as const, text: feedback },
        },
      ],
    };
    renderWithClient(<ReviewsView sessionId="s1" title="T" history={history} complete onShow={() => {}} canDownloadLog={false} now={NOW} />);
    const summary = within(region()).getByText('An edited plan (4 lines) for the agent to adopt; open for the edits');
    await userEvent.click(summary);
    expect(within(region()).getByText(/\+- mine/)).toBeVisible();
    expect(within(region()).getByText(/Adopt it\./)).toBeInTheDocument();
    expect(within(region()).queryByText(/Edited plan: the reviewer edited your plan/)).toBeNull();
  });

  it('says a pending review of a log that ended is unanswered', () => {
    renderWithClient(<ReviewsView sessionId="s1" title="Greeting" history={HISTORY} complete ended onShow={() => {}} canDownloadLog={false} />);
    expect(within(region()).getByText('Unanswered (the log ends here)')).toBeInTheDocument();
  });

  it('shows a revision in the transcript when it is chosen', async () => {
    const onShow = vi.fn();
    renderWithClient(<ReviewsView sessionId="s1" title="Greeting" history={HISTORY} complete onShow={onShow} canDownloadLog={false} />);
    await userEvent.click(within(region()).getAllByRole('button', { name: 'v2 Add a greeting flag' })[0]!);
    expect(onShow).toHaveBeenCalledWith('call-2');
  });

  it('says it shows only the loaded part of the log and offers Load all', async () => {
    const onLoadAll = vi.fn();
    const { rerender } = renderWithClient(
      <ReviewsView sessionId="s1" title={undefined} history={HISTORY} complete={false} onLoadAll={onLoadAll} onShow={() => {}} canDownloadLog={false} />,
    );
    expect(within(region()).getByRole('note')).toHaveTextContent('Showing reviews from the loaded part of the log.');
    await userEvent.click(within(region()).getByRole('button', { name: 'Load all' }));
    expect(onLoadAll).toHaveBeenCalled();
    rerender(
      <ReviewsView
        sessionId="s1"
        title={undefined}
        history={HISTORY}
        complete={false}
        loadingAll
        onLoadAll={onLoadAll}
        onShow={() => {}}
        canDownloadLog={false}
      />,
    );
    expect(within(region()).getByText('Loading earlier parts of the log…')).toHaveAttribute('role', 'status');
  });

  it('downloads the history as Markdown and as JSON of the documented shape', async () => {
    renderWithClient(<ReviewsView sessionId="s1" title="Greeting flag" history={HISTORY} complete onShow={() => {}} canDownloadLog={false} now={NOW} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download Markdown' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download JSON' }));
    expect(saved.map((s) => s.name)).toEqual(['Greeting-flag-reviews.md', 'Greeting-flag-reviews.json']);
    expect(await saved[0]!.blob.text()).toContain('### v4: Add a greeting flag');
    const json = reviewHistoryExportSchema.parse(JSON.parse(await saved[1]!.blob.text()));
    expect(json.revisions).toHaveLength(6);
    expect(json.exportedAt).toBe('2026-11-30T12:00:00.000Z');
  });

  it('hides the log download when the host does not serve it', () => {
    renderWithClient(<ReviewsView sessionId="s1" title="x" history={HISTORY} complete onShow={() => {}} canDownloadLog={false} />);
    expect(screen.queryByRole('button', { name: 'Download log (.jsonl)' })).toBeNull();
  });

  it('downloads the session log as the host stored it, named by the session title', async () => {
    const { sessionId } = await callMethod('session.import', { jsonl: JSONL });
    renderWithClient(
      <ReviewsView sessionId={sessionId} title={'Add a --greeting: "flag" / CLI?'} history={HISTORY} complete onShow={() => {}} canDownloadLog />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download log (.jsonl)' }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('Add-a-greeting-flag-CLI.jsonl');
    const stored = await (await fetch(`/api/sessions/${sessionId}/log.jsonl`)).arrayBuffer();
    expect(new Uint8Array(await saved[0]!.blob.arrayBuffer())).toEqual(new Uint8Array(stored));
  });

  it('says why the log download failed', async () => {
    renderWithClient(<ReviewsView sessionId="session-gone" title="x" history={HISTORY} complete onShow={() => {}} canDownloadLog />);
    await userEvent.click(screen.getByRole('button', { name: 'Download log (.jsonl)' }));
    expect(await screen.findByText(/^Could not download the log:/)).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
