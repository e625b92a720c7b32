/**
 * A line comment's box by keyboard against the real `ui-plan serve` (scripted model), at 1280×800 and 375×812: the
 * lowest Comment button in sight opens a box that is wholly in view above the card's footer (textbox, Cancel and Add
 * comment); Escape and Cancel put focus back on that button and keep what was typed for the next open. Copy plan then
 * says "Copied" without moving any button of the strip. Screenshots go to e2e/screenshots/comment-box-*.png.
 */
import { expect, test, type Locator } from '@playwright/test';
import { SHOTS, openPlanReview } from '../helpers.ts';

/** `inner` lies wholly inside `outer` (bounding boxes, 1 px slack). */
async function expectInside(inner: Locator, outer: { x: number; y: number; width: number; height: number }): Promise<void> {
  const box = (await inner.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(outer.y - 1);
  expect(box.y + box.height).toBeLessThanOrEqual(outer.y + outer.height + 1);
}

for (const [width, height] of [
  [1280, 800],
  [375, 812],
] as const) {
  test(`a comment box opens in view and gives focus back (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const card = await openPlanReview(page);
    const plan = card.getByRole('region', { name: 'Proposed plan' });
    const footer = card.locator('.plan-review__footer');

    // The lowest Comment button wholly in sight: its box opens at the plan area's bottom edge, by the footer.
    const buttons = plan.getByRole('button', { name: /^Comment on lines? \d/ });
    const planBox = (await plan.boundingBox())!;
    let lowest: Locator | undefined;
    for (const button of await buttons.all()) {
      const box = await button.boundingBox();
      if (box && box.y >= planBox.y && box.y + box.height <= planBox.y + planBox.height && box.y + box.height <= height) lowest = button;
    }
    expect(lowest).toBeDefined();
    const opener = lowest!;
    await opener.focus();
    await page.keyboard.press('Enter');
    const text = card.getByRole('textbox', { name: 'Comment', exact: true });
    await expect(text).toBeFocused();
    await page.keyboard.type('abc');
    const editor = card.locator('.review-comment__editor');
    const add = editor.getByRole('button', { name: 'Add comment' });
    const cancel = editor.getByRole('button', { name: 'Cancel' });
    // Wholly in view: inside the plan's scroll area (so above the footer) and the window.
    const footerTop = (await footer.boundingBox())!.y;
    const visible = { x: 0, y: Math.max(planBox.y, 0), width, height: Math.min(planBox.y + planBox.height, footerTop, height) - Math.max(planBox.y, 0) };
    for (const part of [text, cancel, add]) await expectInside(part, visible);
    await page.screenshot({ path: `${SHOTS}/comment-box-open-${width}.png` });

    await page.keyboard.press('Escape');
    await expect(text).toHaveCount(0);
    await expect(opener).toBeFocused();
    // Its block's button says the text is kept, not added yet.
    await expect(opener).toHaveAccessibleName(/ \(not added yet\)$/);
    await page.screenshot({ path: `${SHOTS}/comment-box-kept-${width}.png` });
    await page.keyboard.press('Enter');
    await expect(text).toHaveValue('abc');
    await cancel.click();
    await expect(opener).toBeFocused();
  });

  test(`Copy plan says "Copied" without moving a button (${width} px)`, async ({ page, context }) => {
    await page.setViewportSize({ width, height });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const card = await openPlanReview(page);
    // "Copied" on the button, every strip button where it was.
    const strip = card.locator('.plan-review__strip');
    const copyButton = strip.getByRole('button', { name: 'Copy plan' });
    const stripButtons = strip.getByRole('button');
    const before = await Promise.all((await stripButtons.all()).map((b) => b.boundingBox()));
    await copyButton.click();
    await expect(strip.locator('[aria-live="polite"]')).toHaveText('Copied');
    const after = await Promise.all((await stripButtons.all()).map((b) => b.boundingBox()));
    expect(after).toEqual(before);
    await expect(copyButton.getByText('Copied', { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/comment-box-copied-${width}.png` });
  });
}
