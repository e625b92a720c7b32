/**
 * Against the real `ui-plan serve`: the downlink sockets are routed through Playwright (e2e/sockets.ts) so a test can
 * drop and refuse them (a server out of reach). While the downlink is down the review actions say why they are
 * disabled, and after the reconnect the running state and the plan card follow the host. A downlink that goes silent
 * mid-turn is in e2e/held/client-trust.spec.ts, where the test holds the model.
 */
import { expect, test } from '@playwright/test';
import { newSession, reviewCard, send } from '../helpers.ts';
import { controlSockets } from '../sockets.ts';
import { clientRequest } from '../../src/core/protocol/envelopes.ts';

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
