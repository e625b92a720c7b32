/**
 * A lazy chunk lost on the way — Chromium aborts requests in flight with ERR_NETWORK_CHANGED when the machine's
 * network changes (a Wi-Fi switch, a VPN, a network interface added: it hid both Preferences groups in one CI run) —
 * is loaded again while its slot waits, so the slot does not stay empty for the page's life.
 */
import { expect, test } from '@playwright/test';

test('Preferences groups whose chunks were lost once still appear', async ({ page }) => {
  const lost: string[] = [];
  await page.route(/\/assets\/(pairing-panel|notification-preferences)-[^/]+\.js$/, async (route) => {
    const name = /\/assets\/([a-z-]+)-/.exec(route.request().url())?.[1] ?? '?';
    if (lost.includes(name)) return route.continue();
    lost.push(name);
    return route.abort('internetdisconnected');
  });
  await page.goto('/');
  await expect(page.getByRole('status', { name: /connected/i }).first()).toBeVisible();
  const preferences = page.getByRole('region', { name: 'Preferences' });
  await expect(preferences.getByRole('group', { name: 'Notifications' })).toBeVisible({ timeout: 15_000 });
  await expect(preferences.getByRole('region', { name: 'Other devices' })).toBeVisible({ timeout: 15_000 });
  expect(lost.sort()).toEqual(['notification-preferences', 'pairing-panel']);
});
