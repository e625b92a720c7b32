/**
 * A long session: a generated log of thousands of events opens at its last rows with only the tail of its
 * history loaded, older rows load as the reader scrolls up, and the find box finds a word from an early row. And the
 * virtualised transcript keeps the scroll rules: it follows streamed output at the bottom, and never moves the view
 * of a reader who scrolled up.
 */
import { expect, test } from '@playwright/test';
import { longSessionLog } from '../../fixtures/long-session.ts';
import { newSession, reviewCard, send } from '../helpers.ts';

const EVENTS = 8_000;

test('a long log opens at its end, loads older rows on scroll up, and the find box finds an early row', async ({ page }) => {
  const jsonl = longSessionLog({ events: EVENTS, id: 'long-e2e' });
  const lastTurn = Math.max(...[...jsonl.matchAll(/"Turn (\d+): marker/g)].map((m) => Number(m[1])));
  const history: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/session.history')) history.push(request.postData() ?? '');
  });
  await page.goto('/');
  await page.getByLabel('Open session log').setInputFiles({ name: 'long.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(jsonl) });
  await expect(page.getByText(/opened read-only/i)).toBeVisible();

  const transcript = page.getByRole('region', { name: 'Transcript' });
  await expect(transcript.getByText(`Turn ${lastTurn}: marker${lastTurn} `)).toBeInViewport();
  await expect(transcript.getByText('Turn 1: marker1 ')).toHaveCount(0);
  // Only the tail page was asked for (the liveness probe's one-message tail aside).
  const pages = history.filter((body) => !body.includes('"maxMessages":1}'));
  expect(pages).toHaveLength(1);
  expect(pages[0]).not.toContain('beforeSeq');
  const rows = transcript.getByRole('listitem').first();
  const loaded = Number(await rows.getAttribute('aria-setsize'));
  expect(loaded).toBeLessThan(EVENTS / 4);
  // With older history still to load, only the rows in view (and the overscan) render, not the whole tail page.
  expect(await transcript.getByRole('listitem').count()).toBeLessThan(Math.min(loaded, 40));

  await transcript.getByRole('listitem').last().hover();
  await expect(async () => {
    await page.mouse.wheel(0, -20_000);
    expect(Number(await rows.getAttribute('aria-setsize'))).toBeGreaterThan(loaded);
  }).toPass();
  expect(history.some((body) => body.includes('beforeSeq'))).toBe(true);

  await transcript.getByRole('listitem').first().click();
  await page.keyboard.press('Control+f');
  const find = page.getByRole('search', { name: 'Find in transcript' });
  await find.getByRole('searchbox', { name: 'Find in transcript' }).fill('marker2 ');
  await find.getByRole('button', { name: 'Load all' }).click();
  await expect(find.getByRole('status')).toHaveText('1 of 1');
  const early = transcript.getByRole('listitem').filter({ hasText: 'Turn 2: marker2 ' });
  await expect(early).toBeInViewport();
  await expect(early).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Escape');
  await expect(find).toHaveCount(0);
});

// The turn waits at its plan review, so the reader scrolls while output is certain to follow: no race with the model.
test('streamed output is followed at the bottom and leaves a reader who scrolled up where they are', async ({ page }) => {
  // Tall enough that the transcript keeps rows in view beside the review card: while a review waits it gets only a
  // third of the height the card leaves spare (docs/style.md "The plan keeps the room").
  await page.setViewportSize({ width: 900, height: 900 });
  await newSession(page);
  await send(page, '/plan Add a --greeting flag to the CLI');
  const card = reviewCard(page);
  await expect(card).toBeVisible({ timeout: 30_000 });
  const transcript = page.getByRole('region', { name: 'Transcript' });
  const rows = transcript.getByRole('listitem');
  // At the bottom: the rows that streamed in before the review were followed, the last one is in view.
  expect(await rows.count()).toBeGreaterThan(3);
  await expect(rows.last()).toBeInViewport();
  await expect(rows.first()).not.toBeInViewport();
  // Scrolled up while the turn waits for the review: approving streams the execution below the reader.
  await rows.last().hover();
  await page.mouse.wheel(0, -50_000);
  const first = rows.first();
  await expect(first).toBeInViewport();
  const count = await rows.count();
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(transcript.getByText(/Turn completed/i).last()).toBeAttached({ timeout: 60_000 });
  expect(await rows.count()).toBeGreaterThan(count);
  await expect(first).toBeInViewport();
  await expect(transcript.getByText(/Turn completed/i).last()).not.toBeInViewport();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 667 },
]) {
  test(`keeps following the bottom when Approve is pressed the moment the card appears (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await newSession(page);
    await send(page, '/plan Add a --greeting flag to the CLI');
    const approve = reviewCard(page).getByRole('button', { name: 'Approve' });
    await expect(approve).toBeEnabled({ timeout: 30_000 });
    const transcript = page.getByRole('region', { name: 'Transcript' });
    // A scroll no input of the reader caused (as the dock's change of size makes) must not stop following.
    await transcript.evaluate((region) => {
      (region.querySelector('.transcript-scroller') as HTMLElement).scrollTop = 0;
    });
    await approve.click();
    // Following, once lost, stays lost (only the reader brings it back), so a transcript that still sits at its
    // bottom after the whole execution streamed never stopped following — checked at rest, not sampled mid-stream.
    await expect(transcript.getByText(/Turn completed/i).last()).toBeInViewport({ timeout: 60_000 });
    await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
    const distance = await transcript.evaluate(
      (region) =>
        new Promise<number>((resolve) => {
          const el = region.querySelector('.transcript-scroller') as HTMLElement;
          // Two frames: the follow write of the last row's frame has run.
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(Math.round(el.scrollHeight - el.scrollTop - el.clientHeight))));
        }),
    );
    expect(distance).toBeLessThanOrEqual(2);
    expect(await transcript.getByRole('listitem').count()).toBeGreaterThan(10);
  });
}
