/**
 * Against `ui-plan serve --config examples/modes.yaml` (the session-modes variant, seed 002; built app, scripted
 * model): the picker lists Default, Plan and Review; switch to Review, send a task, see the badge and the notice;
 * switch to Plan, send a task, review and approve the plan, and the session is back in the default mode.
 */
import { expect, test, type Page } from '@playwright/test';
import { SHOTS, newSession, reviewCard, send } from '../helpers.ts';

const modeBadge = (page: Page) => page.getByRole('status', { name: / mode(,|$)/ });
const picker = (page: Page) => page.getByRole('group', { name: 'Collaboration mode' });
// The transcript's turn-end rows (Plan progress, outside the transcript, also says how the turn ended).
const turnsCompleted = (page: Page) => page.getByRole('region', { name: 'Transcript' }).getByText('Turn completed');

test('switch to Review, send a task, switch to Plan, review and approve a plan', async ({ page }) => {
  await newSession(page);
  await expect(modeBadge(page)).toHaveAccessibleName('Default mode');
  await expect(picker(page).getByRole('button')).toHaveText(['Default', 'Plan', 'Review']);
  await expect(picker(page).getByRole('button', { name: 'Default' })).toHaveAttribute('aria-pressed', 'true');

  // The composer offers one command per mode plus /mode.
  const box = page.getByRole('textbox', { name: 'Message the agent' });
  await box.fill('/');
  await expect(page.getByRole('listbox', { name: 'Commands' }).getByRole('option')).toContainText(['/mode', '/plan', '/review']);
  await box.fill('');

  // A first turn in the default mode, so the model has been told a mode before the switch.
  await send(page, 'Hello');
  await expect(turnsCompleted(page)).toHaveCount(1, { timeout: 30_000 });

  await picker(page).getByRole('button', { name: 'Review' }).click();
  await expect(picker(page).getByRole('button', { name: 'Review (pending)' })).toHaveAttribute('aria-pressed', 'true');
  await expect(modeBadge(page)).toHaveAccessibleName('Default mode, switching to Review (pending)');
  await send(page, 'Look over the greeting code in the CLI');
  await expect(modeBadge(page)).toHaveAccessibleName('Review mode');
  await expect(page.getByText('The user switched this session to review mode.')).toBeVisible();
  await expect(turnsCompleted(page)).toHaveCount(2, { timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/modes-review.png` });

  await picker(page).getByRole('button', { name: 'Plan' }).click();
  await expect(picker(page).getByRole('button', { name: 'Plan (pending)' })).toHaveAttribute('aria-pressed', 'true');
  await send(page, 'Add a --greeting flag to the CLI');
  await expect(modeBadge(page)).toHaveAccessibleName('Plan mode');
  await expect(page.getByText('The user switched this session to plan mode.')).toBeVisible();
  const card = reviewCard(page);
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('heading', { level: 1 })).toContainText('greeting');
  await expect(picker(page)).toHaveAttribute('aria-disabled', 'true');
  await page.screenshot({ path: `${SHOTS}/modes-plan-review.png` });

  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toBeHidden();
  await expect(modeBadge(page)).toHaveAccessibleName('Default mode', { timeout: 30_000 });
  await expect(picker(page).getByRole('button', { name: 'Default' })).toHaveAttribute('aria-pressed', 'true');
  await expect(turnsCompleted(page)).toHaveCount(3, { timeout: 60_000 });
  await expect(page.getByText('write_file').first()).toBeVisible();
});
