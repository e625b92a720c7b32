/**
 * The Reviews tab and view of an opened log with two plan reviews (of 4 and 2 revisions): the tab counts reviews as
 * the view's headings do, its label stays on one line at 375 px, and the feedback a Keep planning sent is shown with
 * that decision (v1), while the revision it led to (v2) only names it.
 */
import { expect, test } from '@playwright/test';
import { SHOTS } from '../helpers.ts';

for (const [width, height] of [
  [1280, 800],
  [375, 667],
] as const) {
  test(`the Reviews tab reads the number of plan reviews on one line, and feedback shows with the decision that sent it (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/');
    await page.getByLabel('Open session log').setInputFiles('fixtures/review/revisions.jsonl');
    await expect(page.getByText(/opened read-only/i)).toBeVisible();
    const tab = page.getByRole('tab', { name: 'Reviews (2)' });
    await tab.click();
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await expect(reviews.getByRole('heading', { name: /^Plan review \d/ })).toHaveText(['Plan review 1 · 4 revisions', 'Plan review 2 · 2 revisions']);
    // One line: every piece of the label's text is on the same line box (a wrapped label has two tops).
    const lineTops = await tab.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lineTops).toBe(1);
    // The three tabs are all in view: none is pushed off the end of the row.
    for (const name of ['Transcript', 'Reviews (2)', 'What the model sees']) {
      const box = await page.getByRole('tab', { name }).boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    }
    const first = reviews.getByRole('listitem').filter({ hasText: /^v1 / }).first();
    const second = reviews.getByRole('listitem').filter({ hasText: /^v2 / }).first();
    await expect(first).toContainText('Kept planning, with feedback');
    await expect(first).toContainText('Feedback: print it before the output, and add a test');
    await expect(second).toContainText('Revised after your feedback on v1');
    await expect(second).not.toContainText('print it before the output');
    await page.screenshot({ path: `${SHOTS}/reviews-${width}.png`, fullPage: true });
  });
}
