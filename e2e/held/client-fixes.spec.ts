/**
 * Against the real HTTP server and harness with a model the test holds (testing/held-serve.ts): the review card keeps
 * the plan readable and the actions on screen at 375×667 and 1280×800, and Stop cancels the execution that follows
 * the approval — held at the gate, so it is still running when Stop is pressed however busy the machine.
 * Screenshots go to e2e/screenshots/client-*.png.
 */
import { SHOTS, openPlanReview } from '../helpers.ts';
import { expect, test } from './held-model.ts';

test('review card at 375×667 and 1280×800, then Stop cancels the execution', async ({ page, model }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const card = await openPlanReview(page);
  await page.screenshot({ path: `${SHOTS}/client-review-1280x800.png` });

  await page.setViewportSize({ width: 375, height: 667 });
  const plan = card.getByRole('region', { name: 'Proposed plan' });
  await expect(card.getByRole('button', { name: 'Approve' })).toBeInViewport();
  const planHeight = (await plan.boundingBox())?.height ?? 0;
  expect(planHeight).toBeGreaterThan(200);
  await page.screenshot({ path: `${SHOTS}/client-review-375x667.png` });
  await card.getByRole('textbox', { name: 'Feedback' }).focus();
  await expect(card.getByRole('button', { name: 'Approve' })).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/client-review-375x667-feedback.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The model waits at the gate from here, so the execution is still running when Stop is pressed.
  await model.hold();
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toBeHidden();
  const stop = page.getByRole('button', { name: 'Stop' });
  await expect(stop).toBeVisible();
  await model.waitUntilWaiting();
  await stop.click();
  await expect(page.getByText('Turn cancelled').last()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /^Stop/ })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/client-after-stop-1280x800.png` });
});
