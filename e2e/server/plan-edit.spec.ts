/**
 * Editing the plan against the real `ui-plan serve` (built app, scripted model): Edit plan turns the plan into the
 * "Plan" textbox with its preview; unsent edits survive a reload; Send edits as feedback keeps planning with the edited
 * plan; the scripted model adopts it verbatim, so revision 2 says "The agent adopted your edits" and shows the edited
 * text, and Approve approves that revision. At 375 px the editor sits above its preview and the decisions stay reachable.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { newSession, reviewCard, send } from '../helpers.ts';

const SHOTS = process.env.UI_PLAN_SHOTS;

async function startEditing(page: Page): Promise<{ card: Locator; box: Locator }> {
  await newSession(page);
  await send(page, '/plan add a --greeting flag to the CLI');
  const card = reviewCard(page);
  await expect(card.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await card.getByRole('button', { name: 'Edit plan' }).click();
  const box = card.getByRole('textbox', { name: 'Plan', exact: true });
  await expect(box).toBeFocused();
  return { card, box };
}

test('edit the plan, reload, send the edits, see them adopted on revision 2, approve', async ({ page }) => {
  const { card, box } = await startEditing(page);
  await expect(card.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  const edited = (await box.inputValue()).replace(/^## Verification$/m, '## Checks\n\n- Run `node cli.js --greeting Hi` by hand.\n\n## Verification');
  await box.fill(edited);
  const preview = card.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: 'Checks' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/plan-edit-1280.png` });

  await page.reload();
  await expect(card.getByRole('textbox', { name: 'Plan', exact: true })).toHaveValue(edited, { timeout: 30_000 });

  await card.getByRole('button', { name: 'Send edits as feedback' }).click();
  await expect(card.getByText('Revision 2 of 2')).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText('The agent adopted your edits (sent on v1).')).toBeVisible();
  const plan = card.getByRole('region', { name: 'Proposed plan' });
  await expect(plan.getByRole('heading', { name: 'Checks' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/plan-edit-adopted-1280.png` });

  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toHaveCount(0, { timeout: 30_000 });
});

test('the editor at 375 px: textbox above its preview, the decisions in view', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const { card, box } = await startEditing(page);
  await box.press('Control+End');
  await box.pressSequentially('\n- One more line.');
  const preview = card.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('One more line.')).toBeVisible();
  const [field, shown] = [await box.boundingBox(), await preview.boundingBox()];
  expect(field!.y + field!.height).toBeLessThanOrEqual(shown!.y);
  expect((await card.boundingBox())!.width).toBeLessThanOrEqual(375);
  await expect(card.getByRole('button', { name: 'Send edits as feedback' })).toBeInViewport();
  await expect(card.getByRole('button', { name: 'Discard edits' })).toBeInViewport();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/plan-edit-375.png` });
  await card.getByRole('button', { name: 'Discard edits' }).click();
  await card.getByRole('alertdialog').getByRole('button', { name: 'Discard edits' }).click();
  await expect(card.getByRole('button', { name: 'Approve' })).toBeInViewport();
});
