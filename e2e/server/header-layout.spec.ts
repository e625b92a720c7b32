/**
 * The session header keeps its layout when the plan-mode picker's note arrives: at desktop widths the note is placed
 * before the buttons, so the picker does not jump ~350 px left under the pointer when the plan-cost chunk loads (a
 * click aimed at Plan landed on the note's text). The chunk is held back here so the picker is seen before and after
 * its note. No room is kept for a note that is not there, so an opened log's title is read whole at 1280 px, and a
 * note never takes the title's room: after an approval (the cost note shown) a 40-character title is read whole, the
 * note says the cost in short and the Plan button's tooltip says it in full.
 */
import { expect, test } from '@playwright/test';
import { SHOTS, newSession, openPlanReview } from '../helpers.ts';

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
  const note = page.getByRole('status').filter({ hasText: /^Plan mode: \+\d+ tokens\/request$|^Plan mode cost: not known yet$/ });
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

/** Whether `element`'s text is wider than its box (cut, with or without an ellipsis). */
const isCut = (element: HTMLElement | SVGElement) => element.scrollWidth > element.clientWidth;

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test(`a 40-character title and the cost note are both read whole after an approval at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const task = 'Add a --greeting flag to the CLI program';
    expect(task).toHaveLength(40);
    const card = await openPlanReview(page, task);
    const header = page.getByRole('banner');
    const height = await header.evaluate((element) => element.getBoundingClientRect().height);
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText(/Turn completed/i).last()).toBeAttached({ timeout: 60_000 });
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toHaveText(/^Add a --greeting flag to the CLI/);
    const note = header.getByRole('status').filter({ hasText: /tokens/ });
    await expect(note).toBeVisible();
    // At 375 px the title has a row of its own beside the sessions button and may be cut (its full text is its title).
    if (viewport.width >= 720) expect(await title.evaluate(isCut)).toBe(false);
    await expect(note).toHaveText(/^Plan mode: \+\d+ tokens\/request$/);
    // The note's line (reason, status and alert) is not cut either.
    expect(await note.evaluate((element) => element.parentElement !== null && element.parentElement.scrollWidth > element.parentElement.clientWidth)).toBe(
      false,
    );
    // (At 375 px the header gives its picker rows back while the review waits, so it is compared at 1280 px only.)
    if (viewport.width >= 720) expect(await header.evaluate((element) => element.getBoundingClientRect().height)).toBe(height);
    // The sentence in full is the Plan button's description, shown on keyboard focus.
    const plan = header.getByRole('group', { name: 'Collaboration mode' }).getByRole('button', { name: 'Plan' });
    await expect(plan).toHaveAccessibleDescription(/^Plan mode adds about \d+ tokens to every request while on/);
    await plan.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tooltip')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/header-after-approval-${viewport.width}.png` });
  });
}

test('a note cut by a long title can be read whole (tooltip on focus) at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const card = await openPlanReview(page, `Add a --greeting flag to the CLI ${'and explain every option it takes '.repeat(3)}`);
  // While the review waits, the picker's reason is its note; the long title leaves it only its minimum.
  const reason = 'Decide on the plan under review first';
  const banner = page.getByRole('banner');
  // The reason as the note shows it, then (once the note is cut) again in the note's tooltip, hidden until focus.
  const shown = banner.getByText(reason, { exact: true });
  await expect(card).toBeVisible();
  await expect(shown.first()).toBeVisible();
  await expect(shown).toHaveCount(2);
  // The note's line (its parent) is cut, so it is a tab stop of its own, after the buttons.
  expect(await shown.first().evaluate((element) => (element.parentElement?.scrollWidth ?? 0) > (element.parentElement?.clientWidth ?? 0))).toBe(true);
  await expect(shown.last()).toBeHidden();
  await banner.getByRole('button', { name: 'Plan' }).focus();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(reason);
  await expect(shown.last()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/header-long-title-1280.png` });
});
