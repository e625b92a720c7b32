/**
 * Line comments against the real `ui-plan serve` (built app, scripted model): comment on two blocks of the plan, see
 * them survive a reload, add general feedback and Keep planning; on revision 2 the comments sent on v1 are listed and
 * marked from the diff; resolve one, carry one forward (Approve then asks first), and send it again; the Reviews view
 * shows the sent comments as comments. At 375 px: a block's comment and a text selection expanded to whole blocks.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { blockControl, commentOnBlock, newSession, reviewCard, send } from '../helpers.ts';

async function startReview(page: Page): Promise<Locator> {
  await newSession(page);
  await send(page, '/plan add a --greeting flag to the CLI');
  const card = reviewCard(page);
  await expect(card.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  return card;
}

test('comment on lines, keep planning, follow the comments on revision 2', async ({ page }) => {
  const card = await startReview(page);
  await commentOnBlock(card, blockControl(card, 'title'), 'Name it after the flag.');
  await commentOnBlock(card, blockControl(card, 'first list item'), 'Which file is this?');
  const comments = card.getByRole('region', { name: 'Comments' });
  await expect(comments).toContainText('(2 comments)');

  await page.reload();
  await expect(comments).toContainText('(2 comments)', { timeout: 30_000 });
  await expect(comments.getByText('Which file is this?')).toBeVisible();

  await card.getByRole('textbox', { name: 'Feedback' }).fill('Also cover the flag with a unit test');
  await card.getByRole('button', { name: 'Keep planning' }).click();
  await expect(card.getByText('Revision 2 of 2')).toBeVisible({ timeout: 30_000 });
  await expect(comments).toContainText('(0 comments)');
  await expect(comments.getByText('Comments sent on v1')).toBeVisible();
  const earlier = comments.locator('.review-comments__earlier').getByRole('listitem');
  await expect(earlier).toHaveCount(2);
  // The title line got "(revised)": changed; the first step is the same line: unchanged.
  await expect(earlier.nth(0)).toContainText('The lines changed');
  await expect(earlier.nth(1)).toContainText('The lines did not change');

  await earlier.nth(0).getByRole('button', { name: 'Show in Changes since v1' }).click();
  await expect(card.getByRole('button', { name: 'Changes since v1', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(card.locator('[data-old-line="1"]')).toBeInViewport();
  await card.getByRole('button', { name: 'Plan', exact: true }).click();

  await earlier.nth(0).getByRole('button', { name: 'Resolved' }).click();
  await earlier.nth(1).getByRole('button', { name: 'Carry forward' }).click();
  await expect(earlier.nth(1)).toContainText(/Carried forward to line \d+/);
  await expect(comments).toContainText('(1 comment)');

  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card.getByRole('alertdialog')).toContainText('1 comment is not sent or not resolved.');
  await card.getByRole('button', { name: 'Send as feedback' }).click();
  await expect(card.getByText('Revision 3 of 3')).toBeVisible({ timeout: 30_000 });
  await expect(comments.locator('.review-comments__earlier').getByRole('listitem')).toHaveCount(1);
  await expect(comments.locator('.review-comments__earlier')).toContainText('Which file is this?');

  // The Reviews view shows the sent feedback's comments as comments.
  await page.getByRole('tab', { name: /^Reviews/ }).click();
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText(/^Comment on line \d+:$/).first()).toBeVisible();
  await expect(reviews.getByText('Which file is this?').first()).toBeVisible();
  await expect(reviews.getByText('Name it after the flag.').first()).toBeVisible();
});

test('comments at 375 px: the controls and the list stay usable', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const card = await startReview(page);
  const plan = card.getByRole('region', { name: 'Proposed plan' });
  await commentOnBlock(card, blockControl(card, 'first list item'), 'Shorter, please.');
  const comments = card.getByRole('region', { name: 'Comments' });
  await expect(comments).toContainText('(1 comment)');
  // A text selection from inside the title to inside the first step takes the whole blocks it touches.
  await page.evaluate(() => {
    const plan = document.querySelector('.plan-review__plan')!;
    const title = plan.querySelector('h1')!.firstChild!;
    const step = plan.querySelector('li')!.firstChild!;
    const range = document.createRange();
    range.setStart(title, 2);
    range.setEnd(step, 3);
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
  });
  await plan.getByRole('button', { name: 'Comment on selected lines' }).click();
  await card.getByRole('textbox', { name: 'Comment', exact: true }).fill('All of this, shorter.');
  await card.getByRole('button', { name: 'Add comment' }).click();
  await expect(comments).toContainText('(2 comments)');
  await expect(comments.getByRole('button', { name: /^Go to lines 1–\d+$/ })).toBeVisible();
  const box = await card.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(375);
  await expect(card.getByRole('button', { name: 'Keep planning' })).toBeInViewport();
});
