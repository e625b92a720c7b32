/**
 * Against `ui-plan serve --config examples/modes.yaml`: the session header keeps its height at 1280 and 375 px
 * while a switch is pending and the picker's note shows (the note truncates on its own line), the note clears when a
 * typed `/mode` moves the pending target, and a failed `/mode` shows once (its transcript card, no inline alert).
 */
import { expect, test, type Page } from '@playwright/test';
import { SHOTS, newSession, send } from '../helpers.ts';

const picker = (page: Page) => page.getByRole('radiogroup', { name: 'Collaboration mode' });
const headerHeight = (page: Page) => page.getByRole('banner').evaluate((element) => element.getBoundingClientRect().height);

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 667 },
]) {
  test(`the header keeps its height while a switch is pending at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await newSession(page);
    const before = await headerHeight(page);
    await picker(page).getByRole('radio', { name: 'Review' }).click();
    await expect(picker(page).getByRole('radio', { name: 'Review (pending)' })).toBeChecked();
    await expect(
      page
        .getByRole('banner')
        .getByRole('status')
        .filter({ hasText: /^Switching to Review mode; applies from the next/ }),
    ).toBeVisible();
    expect(await headerHeight(page)).toBe(before);
    await page.screenshot({ path: `${SHOTS}/modes-header-pending-${viewport.width}.png` });

    await send(page, '/mode plan');
    await expect(picker(page).getByRole('radio', { name: 'Plan (pending)' })).toBeChecked();
    await expect(page.getByRole('banner').getByText(/^Switching to Review mode/)).toHaveCount(0);
    expect(await headerHeight(page)).toBe(before);

    await send(page, '/mode nonsense');
    await expect(page.getByRole('article', { name: '/mode nonsense' })).toContainText('unknown mode "nonsense"');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Message the agent' })).toHaveValue('/mode nonsense');
  });
}
