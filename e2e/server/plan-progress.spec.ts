/**
 * Against the real `ui-plan serve` (scripted model): after Approve, Plan progress shows the approved plan's steps and
 * ticks them as the agent's to-do list changes; each todo_write call is one quiet transcript line; when the turn ends
 * the region carries the audit; it survives a reload; at 375 px it starts collapsed to one line.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { SHOTS, openPlanReview } from '../helpers.ts';

test('approve a plan, watch its steps tick, read the audit, reload, and the 375 px one-line summary', async ({ page }) => {
  const card = await openPlanReview(page);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toBeHidden();

  const region = page.getByRole('region', { name: 'Plan progress' });
  await expect(region).toBeVisible({ timeout: 30_000 });
  await expect(region.getByText(/revision 1, approved/)).toBeVisible();
  await expect(region.getByText(/^Plan carried out: (\d) of \1 steps; 0 not done; 0 extra$/)).toBeVisible({ timeout: 60_000 });
  await expect(region.getByText('The turn completed.')).toBeVisible();
  const total = Number((await region.getByText(/steps done$/).textContent())!.split(' of ')[1]!.split(' ')[0]);
  await expect(region.getByRole('listitem')).toHaveCount(total);
  await expect(page.getByText(`Updated the plan’s progress: ${total} of ${total}`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/plan-progress-1280.png` });
  // The audit stays in the transcript, on the row of the turn's end.
  await expect(page.getByText(`Turn completed · Plan carried out: ${total} of ${total} steps; 0 not done; 0 extra`)).toBeVisible();

  // Choosing a step scrolls the transcript to the todo_write line where it changed.
  await region.getByRole('listitem').first().getByRole('button').click();
  await expect(page.getByText(/^Updated the plan’s progress: 1 of \d$/)).toBeInViewport();

  // In the Reviews view beside the approved revision, and in its Markdown export.
  await page.getByRole('tab', { name: /Reviews/ }).click();
  const reviews = page.getByRole('region', { name: 'Reviews' });
  const auditLine = `Plan carried out: ${total} of ${total} steps; 0 not done; 0 extra (the turn completed)`;
  await expect(reviews.getByText(auditLine)).toBeVisible();
  const [markdownFile] = await Promise.all([page.waitForEvent('download'), reviews.getByRole('button', { name: 'Download Markdown' }).click()]);
  expect(await readFile((await markdownFile.path())!, 'utf8')).toContain(`- ${auditLine}`);
  await page.getByRole('tab', { name: 'Transcript' }).click();

  await page.reload();
  await expect(region.getByText(`Plan carried out: ${total} of ${total} steps; 0 not done; 0 extra`)).toBeVisible({ timeout: 30_000 });

  await page.setViewportSize({ width: 375, height: 667 });
  await page.reload();
  const toggle = region.getByRole('button', { name: new RegExp(`^Plan: ${total} of ${total}`) });
  await expect(toggle).toBeVisible({ timeout: 30_000 });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(region.getByRole('listitem').first()).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/plan-progress-375-collapsed.png` });
  await toggle.click();
  await expect(region.getByRole('listitem').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/plan-progress-375-open.png` });
});
