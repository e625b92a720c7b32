/**
 * Against the real HTTP server and harness with a model the test holds (testing/held-serve.ts): after Approve the
 * steps tick one model step at a time; Stop half way turns Plan progress into the audit of a stopped turn, which the
 * transcript's turn-end row and the Reviews view show too.
 */
import { SHOTS, openPlanReview } from '../helpers.ts';
import { expect, test } from './held-model.ts';

test('approve, watch the steps tick, stop half way and read the audit', async ({ page, model }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const card = await openPlanReview(page);
  await model.hold();
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toBeHidden();
  const region = page.getByRole('region', { name: 'Plan progress' });
  const count = region.getByText(/steps done$/);
  // One model step at a time until the first step is ticked (bounded: a plan step takes at most three model steps).
  for (let i = 0; i < 8; i += 1) {
    await model.waitUntilWaiting();
    if ((await count.count()) > 0 && /^1 of/.test((await count.textContent()) ?? '')) break;
    await model.release();
    await model.hold();
  }
  await expect(count).toHaveText(/^1 of [2-9] steps done$/);
  await expect(region.getByText('in progress')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/plan-progress-running-1280.png` });
  const total = Number((await count.textContent())!.split(' of ')[1]!.split(' ')[0]);

  await page.getByRole('button', { name: 'Stop' }).click();
  const audit = `Plan carried out: 1 of ${total} steps; ${total - 1} not done; 0 extra`;
  await expect(region.getByText(audit)).toBeVisible({ timeout: 30_000 });
  await expect(region.getByText('The turn was stopped.')).toBeVisible();
  await expect(page.getByText(`Turn cancelled · ${audit}`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/plan-progress-stopped-1280.png` });

  await page.getByRole('tab', { name: /Reviews/ }).click();
  await expect(page.getByRole('region', { name: 'Reviews' }).getByText(`${audit} (the turn was stopped)`)).toBeVisible();
});
