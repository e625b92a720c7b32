/**
 * Against `ui-plan serve --config examples/modes.yaml`: the session header keeps its height at 1280 and 375 px
 * while a switch is pending and the picker's note shows (the note truncates on its own line), the badge names both
 * modes in full at either size (never cut), the note follows the projection when a typed `/mode` moves the pending
 * target, a failed `/mode` shows once (its transcript card, no inline alert), and the picker's buttons keep their
 * place and width when a click makes its note appear (the note is shown before them from 720 px, under them below;
 * "(pending)" is said, not shown).
 */
import { expect, test, type Page } from '@playwright/test';
import { SHOTS, newSession, send } from '../helpers.ts';

const picker = (page: Page) => page.getByRole('group', { name: 'Collaboration mode' });
/** The picker's note while Review is pending (a `status` in the session header). */
const reviewPendingNote = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('status')
    .filter({ hasText: /^Review mode starts with your next message$/ });
const headerHeight = (page: Page) => page.getByRole('banner').evaluate((element) => element.getBoundingClientRect().height);
/** The badge's visible text elements that are cut (an ellipsis, or text wider than their box). */
const cutTexts = (page: Page) =>
  page.getByRole('status', { name: / mode(,|$)/ }).evaluate((badge) =>
    [...badge.querySelectorAll('span')]
      .filter((span) => span.getClientRects().length > 0 && span.textContent !== '')
      .filter((span) => span.scrollWidth > span.clientWidth || span.getBoundingClientRect().right > badge.getBoundingClientRect().right + 0.5)
      .map((span) => span.textContent),
  );

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 667 },
]) {
  test(`the header keeps its height while a switch is pending at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await newSession(page);
    const before = await headerHeight(page);
    await picker(page).getByRole('button', { name: 'Review' }).click();
    await expect(picker(page).getByRole('button', { name: 'Review (pending)' })).toHaveAttribute('aria-pressed', 'true');
    await expect(reviewPendingNote(page)).toBeVisible();
    expect(await headerHeight(page)).toBe(before);
    if (viewport.width >= 720) {
      // Wide: the note is read whole beside the picker (at 375 px it has a line of its own).
      const note = page
        .getByRole('banner')
        .getByRole('status')
        .filter({ hasText: /^Review mode starts/ });
      expect(await note.evaluate((element) => (element.parentElement?.scrollWidth ?? 0) <= (element.parentElement?.clientWidth ?? 0))).toBe(true);
    }
    const badge = page.getByRole('status', { name: 'Default mode, switching to Review (pending)' });
    await expect(badge.getByText('Default → Review (pending)', { exact: true })).toBeVisible();
    expect(await cutTexts(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/modes-header-pending-${viewport.width}.png` });

    await send(page, '/mode plan');
    await expect(picker(page).getByRole('button', { name: 'Plan (pending)' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('banner').getByText(/^Review mode starts/)).toHaveCount(0);
    await expect(page.getByRole('banner').getByText('Plan mode starts with your next message')).toBeVisible();
    expect(await cutTexts(page)).toEqual([]);
    expect(await headerHeight(page)).toBe(before);

    await send(page, '/mode nonsense');
    await expect(page.getByRole('article', { name: '/mode nonsense' })).toContainText('unknown mode "nonsense"');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Message the agent' })).toHaveValue('/mode nonsense');
  });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 667 },
]) {
  test(`the picker's buttons keep their place when its pending note appears after a click at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await newSession(page);
    const buttons = picker(page).getByRole('button');
    await expect(buttons).toHaveText(['Default', 'Plan', 'Review']);
    const boxes = () => buttons.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect));
    const before = await boxes();
    const height = await headerHeight(page);
    await picker(page).getByRole('button', { name: 'Review' }).click();
    await expect(reviewPendingNote(page)).toBeVisible();
    await expect(picker(page).getByRole('button', { name: 'Review (pending)' })).toHaveAttribute('aria-pressed', 'true');
    const after = await boxes();
    for (const [i, box] of after.entries()) {
      expect(box.x).toBeCloseTo(before[i]!.x, 0);
      expect(box.y).toBeCloseTo(before[i]!.y, 0);
      expect(box.width).toBeCloseTo(before[i]!.width, 0);
    }
    expect(await headerHeight(page)).toBe(height);
    await page.screenshot({ path: `${SHOTS}/modes-picker-pending-${viewport.width}.png` });
  });
}
