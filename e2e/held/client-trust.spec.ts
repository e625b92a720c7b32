/**
 * Against the real HTTP server and harness with a model the test holds (testing/held-serve.ts): the downlink sockets
 * go silent (no close, no frames — a dead TCP path, e2e/sockets.ts); the liveness probe notices, reconnects, and the
 * page catches up without a reload. The model is held while the approved plan runs, so the sockets go silent
 * mid-turn however slow the machine, and released once they are.
 */
import type { Page } from '@playwright/test';
import { newSession, reviewCard, send } from '../helpers.ts';
import { controlSockets } from '../sockets.ts';
import { expect, test } from './held-model.ts';

/** Record every accessible name the connection status takes, so a short "Reconnecting…" is not missed. */
async function recordConnectionStates(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __connection: string[] }).__connection = seen;
    new MutationObserver(() => {
      for (const node of document.querySelectorAll('[role="status"][aria-label]')) {
        const name = node.getAttribute('aria-label') ?? '';
        if (/^(Connected|Connecting…|Reconnecting…)$/.test(name) && seen[seen.length - 1] !== name) seen.push(name);
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
  });
  return () => page.evaluate(() => (window as unknown as { __connection: string[] }).__connection);
}

test('notices a silently dead downlink, shows Reconnecting…, and catches up without a reload', async ({ page, model }) => {
  test.setTimeout(150_000);
  const states = await recordConnectionStates(page);
  const sockets = await controlSockets(page);
  await newSession(page);
  await page.getByRole('group', { name: 'Collaboration mode' }).getByRole('button', { name: 'Plan' }).click();
  await expect(page.getByRole('status', { name: /^Plan mode on/ })).toBeVisible();

  // The sockets stay open but deliver nothing from here; the task goes to the host over HTTP.
  sockets.silence();
  await send(page, 'Add a --greeting flag to the CLI');
  const card = reviewCard(page);
  await expect(card).toBeVisible({ timeout: 30_000 });
  expect(sockets.opened()).toBeGreaterThanOrEqual(4);
  expect(await states()).toContain('Reconnecting…');
  await expect(page.getByRole('status', { name: 'Connected' })).toBeVisible();

  // Dead again mid-turn: the approved plan runs to its end while the page hears nothing. The model waits at the
  // gate until the sockets are silent, so the turn cannot end before.
  await model.hold();
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toBeHidden();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await model.waitUntilWaiting();
  sockets.silence();
  await model.release();
  await expect(page.getByText('Turn completed').last()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
  await expect(page.getByText('Running…')).toBeHidden();
  await expect(page.getByRole('article', { name: /^Plan: / }).last()).toContainText('Approved');
});
