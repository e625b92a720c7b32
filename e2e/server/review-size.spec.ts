/**
 * Against the real `ui-plan serve`: the size rule of the dock's cards (docs/style.md "The plan keeps the room") at
 * 375×667, 900×600 and 1280×800, with 2,000 characters of feedback typed: the action row is wholly inside the
 * viewport, the Feedback box stops growing at its cap and scrolls, and the plan area is at least 40 % of the
 * viewport's height and never under 200 px — on the plan of revision 1 and on "Changes since v1" of revision 2.
 * Screenshots go to e2e/screenshots/review-size-*.png.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SHOTS, newSession, openPlanReview, reviewCard, send } from '../helpers.ts';

const SIZES = [
  { width: 375, height: 667 },
  { width: 900, height: 600 },
  { width: 1280, height: 800 },
] as const;

/** 2,000 characters of feedback in sentences, as a person writes it (the scripted model reads none of it as a phrase). */
const LONG_FEEDBACK = Array.from({ length: 40 }, (_, i) => `Point ${String(i + 1).padStart(2, '0')}: consider the wording here. `)
  .join('')
  .slice(0, 2000);

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return box;
}

/** The union of the buttons of the card's action row. */
async function actionRowOf(card: Locator) {
  const boxes = await Promise.all(['Chat about it', 'Keep planning', 'Approve'].map((name) => boxOf(card.getByRole('button', { name, exact: true }))));
  const top = Math.min(...boxes.map((b) => b.y));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  const left = Math.min(...boxes.map((b) => b.x));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  return { top, bottom, left, right };
}

/** Check the rule at the page's current size and return what was measured. */
async function expectRule(page: Page, card: Locator, name: string) {
  const view = page.viewportSize()!;
  const plan = await boxOf(card.getByRole('region', { name: 'Proposed plan' }));
  const row = await actionRowOf(card);
  const feedback = card.getByRole('textbox', { name: 'Feedback' });
  const field = await feedback.evaluate((el) => ({ scrollHeight: el.scrollHeight, clientHeight: el.clientHeight }));
  await page.screenshot({ path: `${SHOTS}/review-size-${name}-${view.width}x${view.height}.png` });
  const measured = { plan: Math.round(plan.height), rowTop: Math.round(row.top), rowBottom: Math.round(row.bottom) };
  console.log(`${name} ${view.width}x${view.height}: plan area ${measured.plan} px, action row ${measured.rowTop}–${measured.rowBottom} px`);
  expect.soft(row.top, 'the action row starts inside the viewport').toBeGreaterThanOrEqual(0);
  expect.soft(row.bottom, 'the action row ends inside the viewport').toBeLessThanOrEqual(view.height);
  expect.soft(row.left).toBeGreaterThanOrEqual(0);
  expect.soft(row.right).toBeLessThanOrEqual(view.width);
  expect.soft(plan.height, 'the plan area keeps 40 % of the height and 200 px').toBeGreaterThanOrEqual(Math.max(200, 0.4 * view.height));
  // The Feedback box reached its cap: it scrolls rather than growing over the plan.
  expect.soft(field.scrollHeight).toBeGreaterThan(field.clientHeight);
  return measured;
}

test('the review card keeps the plan area and the action row in view with 2,000 characters of feedback, at three sizes', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const card = await openPlanReview(page);
  const feedback = card.getByRole('textbox', { name: 'Feedback' });
  await feedback.fill(LONG_FEEDBACK);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await feedback.focus();
    await expectRule(page, card, 'v1');
  }

  // Revision 2: the same rule on the plan and on "Changes since v1".
  await page.setViewportSize({ width: 1280, height: 800 });
  await feedback.fill('skip the README change');
  await card.getByRole('button', { name: 'Keep planning' }).click();
  await expect(card.getByText('Revision 2 of 2')).toBeVisible({ timeout: 30_000 });
  const feedback2 = reviewCard(page).getByRole('textbox', { name: 'Feedback' });
  await feedback2.fill(LONG_FEEDBACK);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await reviewCard(page).getByRole('button', { name: 'Plan', exact: true }).click();
    await feedback2.focus();
    await expectRule(page, reviewCard(page), 'v2');
    await reviewCard(page).getByRole('button', { name: 'Changes since v1' }).click();
    await expect(reviewCard(page).getByRole('list', { name: /v1/ })).toBeVisible();
    await feedback2.focus();
    await expectRule(page, reviewCard(page), 'v2-changes');
  }
});

test('an agent question keeps its action row in view with 2,000 characters typed, at three sizes', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await newSession(page);
  await send(page, 'Add a --greeting flag; ask me how to approach it first');
  const flow = page.getByRole('region', { name: /How should I approach/ });
  await expect(flow.getByRole('button', { name: 'Submit' })).toBeVisible({ timeout: 30_000 });
  const answer = flow.getByRole('textbox', { name: 'Type your answer' });
  await answer.fill(LONG_FEEDBACK);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await answer.focus();
    const row = await boxOf(flow.getByRole('button', { name: 'Submit' }));
    const dismiss = await boxOf(flow.getByRole('button', { name: 'Dismiss all questions' }));
    await page.screenshot({ path: `${SHOTS}/review-size-question-${size.width}x${size.height}.png` });
    console.log(`question ${size.width}x${size.height}: Submit ${Math.round(row.y)}–${Math.round(row.y + row.height)} px`);
    for (const box of [row, dismiss]) {
      expect.soft(box.y).toBeGreaterThanOrEqual(0);
      expect.soft(box.y + box.height).toBeLessThanOrEqual(size.height);
      expect.soft(box.x + box.width).toBeLessThanOrEqual(size.width);
    }
  }
});
