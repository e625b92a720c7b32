/**
 * Plan revisions and the review history against the real `ui-plan serve` (built app, scripted model): keep planning twice with feedback, see v3
 * with its diff against v2 and the feedback that led to it, compare v1 with v3, copy the plan, approve, open Reviews,
 * download the history as Markdown and JSON and check what they say, and download the session log and compare its
 * bytes with the file in the data directory.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Download, type Page } from '@playwright/test';
import { newSession, planBadge, reviewCard, send } from '../helpers.ts';

async function bytesOf(download: Download): Promise<Buffer> {
  const file = await download.path();
  return readFileSync(file);
}

async function keepPlanning(page: Page, feedback: string, next: number): Promise<void> {
  const card = reviewCard(page);
  await card.getByRole('textbox', { name: 'Feedback' }).fill(feedback);
  await card.getByRole('button', { name: 'Keep planning' }).click();
  await expect(card.getByText(`Revision ${next} of ${next}`)).toBeVisible({ timeout: 30_000 });
}

test('revisions with a diff, the review history, copy and export', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await newSession(page);
  await page.getByRole('group', { name: 'Collaboration mode' }).getByRole('button', { name: 'Plan' }).click();
  await expect(planBadge(page)).toHaveAccessibleName(/plan mode on/i);
  await send(page, 'Add a --greeting flag to the CLI');
  const card = reviewCard(page);
  await expect(card.getByText('Revision 1 of 1')).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('button', { name: /^Changes since/ })).toHaveCount(0);

  await keepPlanning(page, 'Also cover the flag with a unit test', 2);
  await keepPlanning(page, 'Mention the flag in the README', 3);

  const changes = card.getByRole('button', { name: 'Changes since v2' });
  await changes.click();
  await expect(changes).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByRole('button', { name: 'Plan', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(card.getByText('You asked:').locator('xpath=..')).toContainText('Mention the flag in the README');
  const diff = card.getByRole('list', { name: 'Changes from v2 to v3' });
  await expect(diff).toBeVisible();
  await expect(diff.getByRole('listitem').filter({ hasText: 'Mention the flag in the README' }).first()).toBeVisible();
  await expect(diff.getByText(/^Added/).first()).toBeAttached();

  await card.getByRole('combobox', { name: 'Older revision' }).selectOption('v1');
  const v1v3 = card.getByRole('list', { name: 'Changes from v1 to v3' });
  await expect(v1v3).toBeVisible();
  await expect(v1v3.getByRole('listitem').filter({ hasText: 'Also cover the flag with a unit test' }).first()).toBeVisible();

  await card.getByRole('button', { name: 'Plan', exact: true }).click();
  await card.getByRole('button', { name: 'Copy plan' }).click();
  await expect(card.getByRole('button', { name: 'Copy plan' }).getByText('Copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^# .*\(revised\)/);
  expect(copied).toContain('Mention the flag in the README');

  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toBeHidden();
  await expect(planBadge(page)).toHaveAccessibleName(/plan mode off/i, { timeout: 30_000 });
  await expect(page.getByText(/Turn completed/i).last()).toBeVisible({ timeout: 60_000 });
  const transcriptCards = page.getByRole('region', { name: 'Transcript' }).getByRole('article', { name: /^Plan: / });
  await expect(transcriptCards.nth(2).getByText('Revision 3 of 3')).toBeAttached();

  await page.getByRole('tab', { name: 'Reviews (1)' }).click();
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByRole('listitem')).toHaveCount(3);
  await expect(reviews.getByRole('listitem').nth(2)).toContainText('Approved');
  await expect(reviews.getByRole('listitem').nth(0)).toContainText('Kept planning, with feedback');

  const [markdownFile] = await Promise.all([page.waitForEvent('download'), reviews.getByRole('button', { name: 'Download Markdown' }).click()]);
  expect(markdownFile.suggestedFilename()).toMatch(/-reviews\.md$/);
  const markdown = (await bytesOf(markdownFile)).toString('utf8');
  expect(markdown).toContain('## Plan review 1');
  expect(markdown).toMatch(/### v3: .*\(revised\)/);
  expect(markdown).toContain('- Outcome: Approved');
  expect(markdown).toContain('> Also cover the flag with a unit test');
  expect(markdown).toContain('> Mention the flag in the README');
  expect(markdown).toMatch(/- \+\d+ −\d+ lines since v2/);

  const [jsonFile] = await Promise.all([page.waitForEvent('download'), reviews.getByRole('button', { name: 'Download JSON' }).click()]);
  const json = JSON.parse((await bytesOf(jsonFile)).toString('utf8'));
  expect(json).toMatchObject({ format: 'ui-plan/review-history', version: 1, complete: true });
  expect(json.revisions.map((r: { version: number; outcome: { kind: string; feedback?: string } }) => [r.version, r.outcome.kind, r.outcome.feedback])).toEqual(
    [
      [1, 'kept-planning', 'Also cover the flag with a unit test'],
      [2, 'kept-planning', 'Mention the flag in the README'],
      [3, 'approved', undefined],
    ],
  );
  expect(json.revisions[2].plan).toBe(copied);
  expect(json.revisions[2].changes).toMatchObject({ against: 2, identical: false });

  const sessionId = decodeURIComponent(new URL(page.url()).hash.replace(/^#\/s\//, ''));
  const [logFile] = await Promise.all([page.waitForEvent('download'), reviews.getByRole('button', { name: 'Download log (.jsonl)' }).click()]);
  // Named by the session title, sanitised as the history exports are, never by the session id.
  expect(logFile.suggestedFilename()).toBe(markdownFile.suggestedFilename().replace(/-reviews\.md$/, '.jsonl'));
  expect(logFile.suggestedFilename()).toMatch(/^Add-a-greeting-flag-to-the-CLI/);
  const stored = readFileSync(path.join(process.env.UI_PLAN_E2E_DATA!, 'sessions', `${sessionId}.jsonl`));
  expect((await bytesOf(logFile)).equals(stored)).toBe(true);

  await reviews.getByRole('button', { name: /^v1 / }).click();
  await expect(page.getByRole('tab', { name: 'Transcript' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Transcript' }).locator('li[aria-current="true"]').getByText('Revision 1 of 3')).toBeAttached();
});
