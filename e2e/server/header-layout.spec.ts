/**
 * The session header keeps its layout when the plan-mode picker's note arrives: at desktop widths the note is placed
 * before the buttons, so the picker does not jump ~350 px left under the pointer when the plan-cost chunk loads (a
 * click aimed at Plan landed on the note's text). The chunk is held back here so the picker is seen before and after
 * its note. No room is kept for a note that is not there, so an opened log's title is read whole at 1280 px.
 */
import { expect, test } from '@playwright/test';
import { SHOTS, newSession } from '../helpers.ts';

test('the mode picker stays where it is when its note appears (1280 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/plan-cost-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await newSession(page);
  const picker = page.getByRole('group', { name: 'Collaboration mode' });
  const plan = picker.getByRole('button', { name: 'Plan' });
  const note = page.getByRole('status').filter({ hasText: /^Plan mode adds|^What plan mode adds/ });
  await expect(plan).toBeVisible();
  await expect(note).toHaveCount(0);
  const before = await plan.boundingBox();
  release();
  await expect(note).toBeVisible();
  const after = await plan.boundingBox();
  expect(before).not.toBeNull();
  expect(after?.x).toBeCloseTo(before?.x ?? Number.NaN, 0);
  expect(after?.y).toBeCloseTo(before?.y ?? Number.NaN, 0);
  await page.screenshot({ path: `${SHOTS}/header-plan-cost-1280.png` });
});

test("the title is not cut for the picker's note at 1280 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.getByLabel('Open session log').setInputFiles('fixtures/dsh-recordings/plan-review/session.jsonl');
  await expect(page.getByText(/opened read-only/i)).toBeVisible();
  const title = page.getByRole('heading', { level: 1, name: /flag to CLI$/ });
  await expect(page.getByRole('group', { name: 'Collaboration mode' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Read-only', { exact: true })).toBeVisible();
  const header = page.getByRole('banner');
  const height = await header.evaluate((element) => element.getBoundingClientRect().height);
  expect(await title.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/header-plan-picker-1280.png` });
  // The header is one row, as tall as before (a taller header cost the review card its room, model-view.spec.ts).
  expect(height).toBeLessThan(60);
});
