/**
 * Against the real `ui-plan serve` (scripted model): a task that asks for planning notes makes the model write a file
 * while plan mode is on. Its transcript row says "ran while plan mode was on", and the review card of the plan that
 * follows counts it, with a link back to the row. The same in the phone layout.
 */
import { expect, test } from '@playwright/test';
import { SHOTS, openPlanReview } from '../helpers.ts';

const TASK = 'Add a --greeting flag to the CLI and save notes to NOTES.md';

for (const width of [1280, 375]) {
  test(`a file written in plan mode is marked on its row and counted on the next review card (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 375 ? 667 : 800 });
    const card = await openPlanReview(page, TASK);
    const note = card.getByText('The agent made 1 call that can change files while plan mode was on:');
    await expect(note).toBeVisible();
    const row = page.locator('article.tool-line', { hasText: 'write_file' });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('ran while plan mode was on')).toBeAttached();
    // The other calls of the planning steps (a listing, a read) change nothing: not marked.
    await expect(page.getByText('ran while plan mode was on')).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/acting-while-planning-${width}.png` });

    // The link stays on screen (the sentence gives way on a phone) and shows the call's row. On a phone the waiting card
    // keeps the room (docs/style.md "The plan keeps the room"), so the row is scrolled to behind it.
    const link = card.getByRole('button', { name: 'write_file' });
    await expect(link).toBeInViewport({ ratio: 1 });
    await link.click();
    if (width > 375) await expect(row.getByText('ran while plan mode was on')).toBeInViewport();

    // Approved, the plan's own writes are execution, never marked.
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(
      page
        .getByRole('region', { name: 'Plan progress' })
        .getByText(/^Plan carried out/)
        .first(),
    ).toBeAttached({ timeout: 60_000 });
    await expect(page.getByText('ran while plan mode was on')).toHaveCount(1);
  });
}
