/**
 * "What the model sees" against the real `ui-plan serve` (built app, scripted model): a message with plan mode off,
 * then plan mode on and a task; the view shows `plan:policy` in that step's prompt and "Changed since the previous
 * header" at that step; after Approve (plan mode off from the next step) a later step's prompt has no `plan:policy`
 * and its changes say the section went away. The picker's note says what plan mode adds to every request.
 */
import { expect, test, type Page } from '@playwright/test';
import { newSession, planBadge, reviewCard, send, SHOTS } from '../helpers.ts';

const steps = (page: Page) => page.getByRole('navigation', { name: 'Steps' }).getByRole('button');
const detail = (page: Page) => page.getByRole('tabpanel').getByRole('article');

test('the model view shows plan:policy while plan mode is on and its removal after leaving', async ({ page }) => {
  await newSession(page);
  await send(page, 'What does this project do?');
  // Wait for the turn to end: the reply's last words are in, then Stop goes (Send is shown during a turn too, and Stop
  // is not shown yet right after sending). Chosen now, plan mode is on at once; chosen while the turn still runs, it
  // would rightly stay pending until the next step (docs/upstream-spec.md, set() outcomes).
  await expect(page.getByText(/send the task again\.$/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0, { timeout: 30_000 });
  const picker = page.getByRole('group', { name: 'Collaboration mode' });
  // In short in the header's note, in full as the Plan button's description (its tooltip).
  await expect(page.getByRole('status').filter({ hasText: /^Plan mode: / })).toHaveText(/^Plan mode: \+\d+ tokens\/request$/);
  await expect(picker.getByRole('button', { name: 'Plan' })).toHaveAccessibleDescription(
    /^Plan mode adds about \d+ tokens to every request while on; switching resets the cache from order 50 on$/,
  );
  await picker.getByRole('button', { name: 'Plan' }).click();
  await expect(planBadge(page)).toHaveAccessibleName(/plan mode on/i);
  await send(page, 'Add a --greeting flag to the CLI');
  await expect(reviewCard(page)).toBeVisible({ timeout: 30_000 });

  await page.getByRole('tab', { name: 'What the model sees' }).click();
  await expect(page.getByRole('tab', { name: 'What the model sees' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText("From the host's model-view projection over the whole log.")).toBeVisible();
  // The first step after the switch: its header changed, and its prompt has plan:policy at order 50.
  const switched = steps(page).filter({ hasText: /^Turn 2, step 1 .*Header changed \(change\)/ });
  await switched.click();
  await expect(detail(page).getByText(/^plan:policy · order 50 · about \d+ tokens · Added by plan mode$/)).toBeVisible();
  const changed = detail(page).getByRole('region', { name: 'Changed since the previous header' });
  await expect(changed).toContainText(/everything from plan:policy onward is new/);
  await expect(changed.getByRole('region', { name: 'Changes to the system prompt' })).toContainText('+ ');
  await expect(detail(page).getByRole('heading', { name: 'Plan-mode notice' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/model-view-plan-on.png`, fullPage: true });
  // A tab the reader chose while the review waits keeps a real share of the height (it was a 30 px sliver), and the
  // card's action row stays whole in view, at a desktop and a phone size.
  for (const size of [
    { width: 1280, height: 720 },
    { width: 375, height: 667 },
  ]) {
    await page.setViewportSize(size);
    await expect
      .poll(async () => (await page.getByRole('tabpanel').boundingBox())?.height ?? 0, { message: `model tab panel height at ${size.width} px` })
      .toBeGreaterThanOrEqual(size.height * 0.3);
    const approve = await reviewCard(page).getByRole('button', { name: 'Approve' }).boundingBox();
    expect(approve && approve.y + approve.height <= size.height).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // Approve: plan mode is off from the next step on, and the scripted model carries the plan out.
  await page.getByRole('tab', { name: /^Transcript/ }).click();
  await reviewCard(page).getByRole('button', { name: 'Approve' }).click();
  await expect(planBadge(page)).toHaveAccessibleName(/plan mode off/i, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0, { timeout: 60_000 });
  await page.getByRole('tab', { name: 'What the model sees' }).click();
  const left = steps(page)
    .filter({ hasText: /^Turn 2, step \d+ .*Header changed \(change\)/ })
    .last();
  await left.click();
  await expect(detail(page).getByText(/Added by plan mode/)).toHaveCount(0);
  await expect(detail(page).getByRole('region', { name: 'Changed since the previous header' })).toContainText(/everything from plan:policy onward is new/);
  await expect(
    detail(page).getByRole('region', { name: 'Changed since the previous header' }).getByRole('region', { name: 'Changes to the system prompt' }),
  ).toContainText('− ');
  // A step after that one says its header is the same.
  const later = steps(page).last();
  await later.click();
  await expect(detail(page).getByText(/Added by plan mode/)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/model-view-plan-off.png`, fullPage: true });
});
