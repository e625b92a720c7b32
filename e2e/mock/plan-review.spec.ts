/**
 * Against `npm run dev:mock`: the harness runs inside the page through MSW (no server at all).
 * `/plan <task>` → plan review card (listed in the Waiting for you inbox) → Approve → the badge says plan mode is off.
 */
import { expect, test } from '@playwright/test';
import { SHOTS, newSession, planBadge, reviewCard, send } from '../helpers.ts';

test('the mocked harness runs a plan review from /plan to an approved plan', async ({ page }) => {
  await newSession(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await send(page, '/plan add a --greeting flag to the CLI');
  await expect(planBadge(page)).toHaveAccessibleName(/plan mode on/i);
  const card = reviewCard(page);
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('heading', { level: 1 })).toContainText('greeting');
  await page.screenshot({ path: `${SHOTS}/mock-review-card.png` });
  // The Waiting for you inbox works the same without a server.
  const waiting = page.getByRole('region', { name: 'Waiting for you' }).getByRole('link', { name: /greeting/ });
  await expect(waiting).toContainText('revision 1 · waiting');

  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toBeHidden();
  await expect(waiting).toHaveCount(0);
  await expect(planBadge(page)).toHaveAccessibleName(/plan mode off/i, { timeout: 30_000 });
  await expect(page.getByRole('group', { name: 'Collaboration mode' }).getByRole('button', { name: 'Default' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('textbox', { name: 'Message the agent' })).toBeFocused();
});

test('never drops typed feedback: Approve asks first, Escape keeps the text, Chat about it moves it to the composer', async ({ page }) => {
  await newSession(page);
  await send(page, '/plan add a --greeting flag to the CLI');
  const card = reviewCard(page);
  await expect(card).toBeVisible({ timeout: 30_000 });
  const feedback = card.getByRole('textbox', { name: 'Feedback' });
  await feedback.fill('Why two flags?');

  await card.getByRole('button', { name: 'Approve' }).click();
  const confirm = card.getByRole('alertdialog', { name: 'Approve without your feedback?' });
  await expect(confirm.getByRole('button', { name: 'Approve and discard feedback' })).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Send as feedback' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(feedback).toHaveValue('Why two flags?');

  await card.getByRole('button', { name: 'Chat about it' }).click();
  await expect(card).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Message the agent' })).toHaveValue('Why two flags?');
});
