/**
 * Against the real `ui-plan serve` (built app, scripted model): the picker enters plan mode, a task produces a
 * plan, Keep planning with feedback produces a revised plan, Approve leaves plan mode and the plan is carried out;
 * a reload keeps the transcript and the state. Also checks the review card's actions stay on screen at 375 px.
 */
import { expect, test } from '@playwright/test';
import { SHOTS, newSession, planBadge, reviewCard, send } from '../helpers.ts';

test('picker, keep planning with feedback, approve, execution, reload', async ({ page }) => {
  await newSession(page);
  await expect(planBadge(page)).toHaveAccessibleName(/plan mode off/i);

  await page.getByRole('group', { name: 'Collaboration mode' }).getByRole('button', { name: 'Plan' }).click();
  await expect(planBadge(page)).toHaveAccessibleName(/plan mode on/i);
  await expect(page.getByRole('group', { name: 'Collaboration mode' }).getByRole('button', { name: 'Plan' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('textbox', { name: 'Message the agent' })).toHaveAttribute('placeholder', /plan/i);

  await send(page, 'Add a --greeting flag to the CLI');
  const card = reviewCard(page);
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('group', { name: 'Collaboration mode' }).getByRole('button', { name: 'Default' })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/server-review-card-1280.png` });

  await card.getByRole('textbox', { name: 'Feedback' }).fill('Also cover the flag with a unit test');
  await card.getByRole('button', { name: 'Keep planning' }).click();
  await expect(card.getByText('Also cover the flag with a unit test').first()).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('heading', { level: 1 })).toContainText('revised');

  await page.setViewportSize({ width: 375, height: 740 });
  await expect(card.getByRole('button', { name: 'Approve' })).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/server-review-card-375.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toBeHidden();
  await expect(planBadge(page)).toHaveAccessibleName(/plan mode off/i, { timeout: 30_000 });
  await expect(page.getByText(/Turn completed/i).last()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('write_file').first()).toBeVisible();

  const url = page.url();
  await page.reload();
  expect(page.url()).toBe(url);
  await expect(planBadge(page)).toHaveAccessibleName(/plan mode off/i);
  await expect(page.getByText('Approved').first()).toBeVisible();
  await expect(page.getByText(/Keep planning/).first()).toBeVisible();
  await expect(page.getByText(/Turn completed/i).last()).toBeVisible();
});
