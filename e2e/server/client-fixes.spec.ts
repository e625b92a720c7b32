/**
 * Against the real `ui-plan serve`: the fixes from the new-user test that a person sees in the browser. No 404 on
 * load (favicon); user text shown as typed; a draft and the review Feedback survive a reload. The review card at
 * 375×667 and 1280×800 and Stop on a running turn are in e2e/held/client-fixes.spec.ts (the test holds the model).
 */
import { expect, test } from '@playwright/test';
import { newSession, planBadge, reviewCard, send } from '../helpers.ts';

test('loads without a 404 and shows typed markup as plain text', async ({ page }) => {
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  await newSession(page);
  expect(missing).toEqual([]);
  await send(page, 'What does <b>bold</b> do?\nSecond line');
  const mine = page.getByRole('article', { name: 'You' }).last();
  await expect(mine).toContainText('What does <b>bold</b> do?');
  await expect(mine.locator('b')).toHaveCount(0);
});

test('keeps the composer draft and the review Feedback across a reload', async ({ page }) => {
  await newSession(page);
  const box = page.getByRole('textbox', { name: 'Message the agent' });
  await box.fill('half a thought');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Message the agent' })).toHaveValue('half a thought');

  await page.getByRole('group', { name: 'Collaboration mode' }).getByRole('button', { name: 'Plan' }).click();
  await expect(planBadge(page)).toHaveAccessibleName(/plan mode on/i);
  await send(page, 'Add a --greeting flag to the CLI');
  const card = reviewCard(page);
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.getByRole('textbox', { name: 'Feedback' }).fill('Split the second step');
  await page.reload();
  await expect(reviewCard(page).getByRole('textbox', { name: 'Feedback' })).toHaveValue('Split the second step');
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 667 },
]) {
  test(`the page itself never scrolls, only its regions, with a long answered question at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.getByRole('status', { name: /connected/i }).first()).toBeVisible();
    await page.getByLabel('Open session log').setInputFiles('fixtures/trust/long-question.jsonl');
    await expect(page.getByText(/opened read-only/i)).toBeVisible();
    const transcript = page.getByRole('region', { name: 'Transcript' });
    await expect(transcript.getByText(/Line 0 of a long/)).toBeVisible();
    for (const target of [transcript, page.locator('body')]) {
      await target.hover({ position: { x: 5, y: 5 } });
      for (let i = 0; i < 5; i += 1) await page.mouse.wheel(0, 2000);
    }
    const page_ = await page.evaluate(() => ({ y: window.scrollY, height: document.documentElement.scrollHeight, view: window.innerHeight }));
    expect(page_.y).toBe(0);
    expect(page_.height).toBeLessThanOrEqual(page_.view);
  });
}

test('Feedback typed in a second tab moves to its message box when the first tab approves the plan', async ({ page, context }) => {
  await newSession(page);
  await send(page, '/plan add a --greeting flag to the CLI');
  await expect(reviewCard(page)).toBeVisible({ timeout: 30_000 });
  const other = await context.newPage();
  await other.goto(page.url());
  const otherCard = reviewCard(other);
  await expect(otherCard).toBeVisible({ timeout: 30_000 });
  await otherCard.getByRole('textbox', { name: 'Feedback' }).fill('tab B important feedback');
  await reviewCard(page).getByRole('button', { name: 'Approve' }).click();
  await expect(otherCard).toHaveCount(0);
  await expect(other.getByRole('textbox', { name: 'Message the agent' })).toHaveValue('tab B important feedback');
  await expect(other.getByRole('status').filter({ hasText: 'The question was answered elsewhere' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message the agent' })).toHaveValue('');
  await other.close();
});

test('a 5,000-character word of feedback wraps inside its card instead of running off the transcript', async ({ page }) => {
  await newSession(page);
  await send(page, '/plan add a --greeting flag to the CLI');
  const card = reviewCard(page);
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.getByRole('textbox', { name: 'Feedback' }).fill('F'.repeat(5000));
  await card.getByRole('button', { name: 'Keep planning' }).click();
  const transcript = page.getByRole('region', { name: 'Transcript' });
  const quote = transcript.getByRole('blockquote').first();
  await expect(quote).toBeVisible({ timeout: 30_000 });
  const widths = await transcript.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  const box = (await quote.boundingBox())!;
  const region = (await transcript.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(region.x + region.width);
});
