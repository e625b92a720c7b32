/**
 * Keyboard alone (issue 11 item 4): from page load to an approved plan with nothing but `keyboard.press` and
 * `keyboard.type` — Tab to "New session", Enter, type the task into the composer (focused by then), Tab to Approve
 * on the review card, Enter. Assertions only look; every action is a key.
 */
import { expect, test, type Page } from '@playwright/test';
import { planBadge, reviewCard } from '../helpers.ts';

const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '');

/** Press `key` (Tab, or Shift+Tab to go back) until the button named `name` has focus, at most `limit` times. */
async function tabTo(page: Page, name: string, key: 'Tab' | 'Shift+Tab' = 'Tab', limit = 20): Promise<void> {
  const target = page.getByRole('button', { name, exact: true });
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(target, `button "${name}" after ${limit} Tab presses (focus on "${await focusedName(page)}")`).toBeFocused();
}

test('a new user reaches the composer and approves a plan by keyboard alone', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('status', { name: 'Connected' }).first()).toBeVisible();

  await page.keyboard.press('Tab');
  await expect(page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: 'New session' })).toBeFocused();
  await page.keyboard.press('Enter');

  const composer = page.getByRole('textbox', { name: 'Message the agent' });
  await expect(composer).toBeFocused();
  await page.keyboard.type('/plan add a --greeting flag to the CLI');
  await page.keyboard.press('Enter');

  const approve = reviewCard(page).getByRole('button', { name: 'Approve' });
  await expect(approve).toBeVisible();
  await tabTo(page, 'Approve');
  await page.keyboard.press('Enter');

  await expect(reviewCard(page)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Transcript' }).getByText('Approved')).toBeVisible();
  await expect(planBadge(page)).toHaveAccessibleName(/^Plan mode off/);
});

test('the Collaboration mode picker switches with Enter and Space, never with the arrow keys', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('status', { name: 'Connected' }).first()).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Message the agent' })).toBeFocused();

  const picker = page.getByRole('group', { name: 'Collaboration mode' });
  await tabTo(page, 'Default', 'Shift+Tab');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(picker.getByRole('button', { name: 'Default' })).toBeFocused();
  await expect(picker.getByRole('button', { name: 'Default' })).toHaveAttribute('aria-pressed', 'true');
  await expect(planBadge(page)).toHaveAccessibleName('Plan mode off');

  await page.keyboard.press('Tab');
  await expect(picker.getByRole('button', { name: 'Plan' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(planBadge(page)).toHaveAccessibleName('Plan mode on');
  await expect(picker.getByRole('button', { name: 'Plan' })).toHaveAttribute('aria-pressed', 'true');

  await page.keyboard.press('Shift+Tab');
  await expect(picker.getByRole('button', { name: 'Default' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(planBadge(page)).toHaveAccessibleName('Plan mode off');
  await expect(page.getByRole('log', { name: 'Announcements' })).toContainText('Plan mode on');
  await expect(page.getByRole('log', { name: 'Announcements' })).toContainText('Plan mode off');
});
