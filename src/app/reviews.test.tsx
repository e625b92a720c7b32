/**
 * The Reviews tab of a session over the mocked harness: the host's `reviews` projection covers the
 * whole log even when only its tail is loaded; a plain dsh host (no projection, no capabilities) gets the client's
 * fold of what is loaded, said so, with Load all, and no log download.
 */
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { readFixture } from '../../fixtures/paths.ts';
import { getMockHost, server } from '../../mocks/node.ts';
import { callMethod } from '../lib/api-client.ts';
import { App } from './app.tsx';

const fresh = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
const JSONL = readFixture('review', 'revisions.jsonl');

beforeEach(() => history.replaceState(null, '', '/'));

async function openImported(): Promise<string> {
  const { sessionId } = await callMethod('session.import', { jsonl: JSONL });
  history.replaceState(null, '', `/#/s/${sessionId}`);
  render(<App queryClient={fresh()} />);
  return sessionId;
}

/**
 * Answer `session.history` as a plain dsh host would: the real engine's page without the `reviews` projection, one
 * message a page; older pages are held until the returned release is called.
 */
function actLikePlainDshHost(): () => void {
  let release = () => {};
  const gate = new Promise<void>((done) => (release = done));
  server.use(
    http.post('*/api/session.history', async ({ request }) => {
      const body = (await request.json()) as { payload: Record<string, unknown> };
      if (body.payload.beforeSeq !== undefined) await gate;
      const answer = (await getMockHost().handleRequest('session.history', { ...body, payload: { ...body.payload, maxMessages: 1 } })) as {
        result: { ok: boolean; value?: { projections?: { values: Record<string, unknown> } } };
      };
      if (answer.result.value?.projections) delete answer.result.value.projections.values.reviews;
      return HttpResponse.json(answer);
    }),
    http.post('*/api/host.describe', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      const answer = (await getMockHost().handleRequest('host.describe', body)) as { result: { value: Record<string, unknown> } };
      delete answer.result.value.capabilities;
      return HttpResponse.json(answer);
    }),
  );
  return release;
}

it('lists every revision of the whole log from the host projection, and shows a chosen one in the transcript', async () => {
  const user = userEvent.setup();
  await openImported();
  // The tab counts plan reviews, as the view's headings do (two reviews of 4 and 2 revisions), not revisions.
  const tab = await screen.findByRole('tab', { name: 'Reviews (2)' });
  await user.click(tab);
  expect(tab).toHaveAttribute('aria-selected', 'true');
  const reviews = await screen.findByRole('region', { name: 'Reviews' });
  expect(within(reviews).getAllByRole('listitem')).toHaveLength(6);
  expect(
    within(reviews)
      .getAllByRole('heading', { name: /^Plan review \d/ })
      .map((h) => h.textContent),
  ).toEqual(['Plan review 1 · 4 revisions', 'Plan review 2 · 2 revisions']);
  expect(within(reviews).queryByText('Showing reviews from the loaded part of the log.')).toBeNull();
  expect(within(reviews).getByRole('button', { name: 'Download log (.jsonl)' })).toBeInTheDocument();
  await user.click(within(reviews).getAllByRole('button', { name: 'v3 Add a greeting flag' })[0]!);
  expect(screen.getByRole('tab', { name: 'Transcript' })).toHaveAttribute('aria-selected', 'true');
  const transcript = screen.getByRole('region', { name: 'Transcript' });
  await waitFor(() => {
    const current = within(transcript)
      .getAllByRole('listitem')
      .find((li) => li.getAttribute('aria-current') === 'true');
    expect(current && within(current).getByText('Revision 3 of 4')).toBeInTheDocument();
  });
});

it('on a plain dsh host folds the loaded part of the log and says so until the whole log is loaded', async () => {
  const release = actLikePlainDshHost();
  const user = userEvent.setup();
  await openImported();
  await user.click(await screen.findByRole('tab', { name: /^Reviews/ }));
  const reviews = await screen.findByRole('region', { name: 'Reviews' });
  expect(await within(reviews).findByRole('note')).toHaveTextContent('Showing reviews from the loaded part of the log.');
  expect(within(reviews).queryByRole('button', { name: 'Download log (.jsonl)' })).toBeNull();
  expect(within(reviews).queryAllByRole('listitem').length).toBeLessThan(6);
  await user.click(within(reviews).getByRole('button', { name: 'Load all' }));
  release();
  const reviewsNow = () => screen.getByRole('region', { name: 'Reviews' });
  await waitFor(() => expect(within(reviewsNow()).queryByText('Showing reviews from the loaded part of the log.')).toBeNull());
  expect(within(reviewsNow()).getAllByRole('listitem')).toHaveLength(6);
  expect(screen.getByRole('tab', { name: 'Reviews (2)' })).toBeInTheDocument();
});

it('moves between the Transcript and Reviews tabs with the arrow keys', async () => {
  const user = userEvent.setup();
  await openImported();
  const transcriptTab = await screen.findByRole('tab', { name: 'Transcript' });
  expect(transcriptTab).toHaveAttribute('tabindex', '0');
  transcriptTab.focus();
  await user.keyboard('{ArrowRight}');
  const reviewsTab = screen.getByRole('tab', { name: /^Reviews/ });
  expect(reviewsTab).toHaveFocus();
  expect(reviewsTab).toHaveAttribute('aria-selected', 'true');
  expect(await screen.findByRole('region', { name: 'Reviews' })).toBeInTheDocument();
  await user.keyboard('{Home}');
  expect(transcriptTab).toHaveFocus();
  expect(transcriptTab).toHaveAttribute('aria-selected', 'true');
});
