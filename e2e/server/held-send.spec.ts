/**
 * Enter pressed before the page's downlink is open is held, not lost: on a cold load whose sockets cannot connect yet
 * (refused through `routeWebSocket`), the composer says the message is sent once connected; when the sockets connect,
 * it is sent exactly once (src/features/composer/composer.tsx `useHeldSend`). Before, the press did nothing and the
 * text sat in the box.
 */
import { expect, test } from '@playwright/test';
import { newSession, send } from '../helpers.ts';
import { controlSockets } from '../sockets.ts';

test('a message sent while the page is still connecting goes out once, when it connects', async ({ page }) => {
  test.setTimeout(90_000);
  const sockets = await controlSockets(page);
  await newSession(page);
  const box = page.getByRole('textbox', { name: 'Message the agent' });
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await send(page, 'First message');
  await expect(transcript.getByText('First message', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(box).toHaveValue('');

  // A cold load of the session's address while the host's sockets cannot be reached yet.
  await sockets.drop();
  await page.reload();
  await expect(box).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await box.fill('Sent before the socket opened');
  await box.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Connecting… your message is sent once connected' })).toBeVisible();
  await expect(box).toHaveValue('Sent before the socket opened');

  sockets.restore();
  await expect(transcript.getByText('Sent before the socket opened', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(box).toHaveValue('');
  // Once, on the host too: a reload shows the message once.
  await page.reload();
  await expect(transcript.getByText('First message', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(transcript.getByText('Sent before the socket opened', { exact: true })).toHaveCount(1);
});
