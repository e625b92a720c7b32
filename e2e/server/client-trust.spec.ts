/**
 * Against the real `ui-plan serve`: the downlink sockets are routed through Playwright so a
 * test can make them go silent (no close, no frames — a dead TCP path) or drop and refuse them (a server out of
 * reach). A silent downlink is noticed by the liveness probe and reconnected, and the page catches up without a
 * reload; while the downlink is down the review actions say why they are disabled, and after the reconnect the
 * running state and the plan card follow the host.
 */
import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import { newSession, reviewCard, send } from '../helpers.ts';
import { clientRequest } from '../../src/core/protocol/envelopes.ts';

const SOCKETS = /\/api\/events\.(mux|host)$/;

/**
 * Route both downlink sockets through the test. `silence()` makes every socket opened so far drop the host's frames
 * (nothing closes); `drop()` closes them on the page side and refuses new ones until `restore()`.
 */
async function controlSockets(page: Page) {
  const state = { opened: 0, silencedUpTo: 0, refusing: false };
  const live: WebSocketRoute[] = [];
  await page.routeWebSocket(SOCKETS, (ws) => {
    if (state.refusing) {
      void ws.close({ code: 1013, reason: 'refused by the test' });
      return;
    }
    state.opened += 1;
    const index = state.opened;
    live.push(ws);
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (index > state.silencedUpTo) ws.send(message);
    });
  });
  return {
    opened: () => state.opened,
    silence: () => {
      state.silencedUpTo = state.opened;
    },
    drop: async () => {
      state.refusing = true;
      for (const ws of live.splice(0)) await ws.close({ code: 1001, reason: 'dropped by the test' });
    },
    restore: () => {
      state.refusing = false;
    },
  };
}

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

test('notices a silently dead downlink, shows Reconnecting…, and catches up without a reload', async ({ page }) => {
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

  // Dead again mid-turn: the approved plan runs to its end while the page hears nothing.
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toBeHidden();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  sockets.silence();
  await expect(page.getByText('Turn completed').last()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
  await expect(page.getByText('Running…')).toBeHidden();
  await expect(page.getByRole('article', { name: /^Plan: / }).last()).toContainText('Approved');
});

test('disables the review actions while disconnected, then follows the host after reconnecting', async ({ page, request }) => {
  test.setTimeout(120_000);
  const sockets = await controlSockets(page);
  await newSession(page);
  const sessionId = decodeURIComponent(new URL(page.url()).hash.replace(/^#\/s\//, ''));
  await page.getByRole('group', { name: 'Collaboration mode' }).getByRole('button', { name: 'Plan' }).click();
  await send(page, 'Add a --greeting flag to the CLI');
  const card = reviewCard(page);
  await expect(card).toBeVisible({ timeout: 30_000 });
  // The row of this session (earlier tests leave others in the list).
  const nav = page.getByRole('navigation', { name: 'Sessions' }).locator('[aria-current="page"]');
  await expect(nav.getByText('Waiting for your review')).toBeVisible();
  await expect(page.getByText('Waiting for your review').first()).toBeVisible();

  await sockets.drop();
  await expect(page.getByRole('status', { name: 'Reconnecting…' })).toBeVisible();
  for (const name of ['Approve', 'Keep planning', 'Chat about it']) {
    await expect(card.getByRole('button', { name })).toBeDisabled();
    await expect(card.getByRole('button', { name })).toHaveAccessibleDescription('Reconnecting… your text is kept');
  }
  await card.getByRole('textbox', { name: 'Feedback' }).fill('typed while offline');
  await expect(page.getByRole('group', { name: 'Collaboration mode' })).toHaveAttribute('aria-disabled', 'true');

  // While the page hears nothing, the turn is stopped on the host: the review no longer waits.
  const cancelled = await request.post('/api/session.cancel', {
    data: clientRequest('session.cancel', { sessionId }, 'e2e-cancel'),
  });
  expect(cancelled.ok()).toBe(true);

  sockets.restore();
  await expect(page.getByRole('status', { name: 'Connected' })).toBeVisible({ timeout: 15_000 });
  await expect(card).toBeHidden();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
  await expect(nav.getByText('Waiting for your review')).toBeHidden();
  await expect(nav.getByText('Running')).toBeHidden();
  const planCard = page.getByRole('article', { name: /^Plan: / }).last();
  await expect(planCard).not.toContainText('Awaiting review');
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
});
