/**
 * Opening real recorded dsh session logs (fixtures copied from the upstream recordings): the plan review with
 * its plan and outcome, and the generic question with its answer.
 */
import { expect, test, type Page } from '@playwright/test';
import { SHOTS } from '../helpers.ts';

async function openLog(page: Page, file: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Open session log').setInputFiles(file);
  await expect(page.getByText(/opened read-only/i)).toBeVisible();
}

test('a recorded plan review shows its plan, five steps and the approval', async ({ page }) => {
  await openLog(page, 'fixtures/dsh-recordings/plan-review/session.jsonl');
  const plan = page.getByRole('article', { name: /^Plan: Add .?--greeting.? flag to CLI$/ });
  await expect(plan.getByRole('heading', { level: 3, name: 'Add --greeting flag to CLI' })).toBeVisible();
  await plan.getByRole('button', { name: /show the plan/i }).click();
  await expect(plan.getByRole('heading', { level: 1, name: 'Add --greeting flag to CLI' })).toBeVisible();
  const steps = plan.getByRole('list').getByRole('listitem');
  await expect(steps).toHaveCount(5);
  await expect(steps.nth(0)).toContainText('Locate the CLI entry point');
  await expect(steps.nth(4)).toContainText('No tests or config changes');
  await expect(plan.getByText('Approved')).toBeVisible();
  await expect(page.getByText('DONE', { exact: true })).toBeVisible();
  await expect(page.getByRole('status', { name: /^Plan mode/ })).toHaveAccessibleName(/plan mode off/i);
  await page.screenshot({ path: `${SHOTS}/import-plan-review.png`, fullPage: true });
});

test('a recorded generic question shows the question and its answer', async ({ page }) => {
  await openLog(page, 'fixtures/dsh-recordings/question-composer/session.jsonl');
  await expect(page.getByText('Which color do you prefer?').first()).toBeVisible();
  await expect(page.getByText('Blue').first()).toBeVisible();
  await expect(page.getByText('Include accessibility notes').first()).toBeVisible();
  await expect(page.getByText('DONE', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message the agent' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/import-question.png`, fullPage: true });
});
