/**
 * The session header keeps its layout when the plan-mode picker's note arrives: the note's slot is reserved at desktop
 * widths, so the picker does not jump ~350 px left under the pointer when the plan-cost chunk loads (a click aimed at
 * Plan landed on the note's text). The chunk is held back here so the picker is seen before and after its note.
 */
import { expect, test } from '@playwright/test';
import { newSession } from '../helpers.ts';

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
});
