/**
 * Where keyboard focus is around a plan review: on the card when a page is reloaded while the review waits, and in
 * the composer after an Approve, however fast the button was clicked.
 */
import { expect, test } from '@playwright/test';
import { openPlanReview, reviewCard } from '../helpers.ts';

test('a page reloaded while a review waits puts focus on the review card', async ({ page }) => {
  await openPlanReview(page);
  await page.reload();
  await expect(reviewCard(page)).toBeFocused();
});

test('a double-click on Approve leaves focus in the composer, as a single click does', async ({ page }) => {
  const card = await openPlanReview(page);
  await card.getByRole('button', { name: 'Approve' }).dblclick();
  await expect(reviewCard(page)).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Message the agent' })).toBeFocused();
});
