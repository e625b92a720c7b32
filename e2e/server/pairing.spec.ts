/**
 * Review from a paired phone: a `ui-plan serve --remote` of this spec's own listens on the host end of a veth pair
 * the spec makes (testing/netns.ts), and a second Chromium runs inside the namespace, so the phone is a real
 * non-loopback peer. The desktop (loopback) pairs it with the QR dialog's link, allows it, and the phone approves the
 * plan while the desktop sees the card clear. Then Revoke: the phone's next request is refused. Skips only where
 * namespaces cannot be created, saying so.
 */
import { chromium, expect, test, type Browser } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../../testing/chromium.ts';
import { createTestNetns, type TestNetns } from '../../testing/netns.ts';
import { axeFindings } from '../a11y.ts';
import { planBadge, reviewCard, send, SHOTS, watchPageTrouble } from '../helpers.ts';

// Made in beforeAll, never at the top: Playwright loads spec files in more than one process to list their tests.
let made: TestNetns | { skip: string } | undefined;
let skip: string | undefined;
let serve: ChildProcess | undefined;
let phoneBrowser: Browser | undefined;
let dir: string | undefined;
let localUrl = '';
let remoteUrl = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  made = createTestNetns();
  if ('skip' in made) {
    skip = made.skip;
    return;
  }
  const net = made;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-pair-e2e-'));
  serve = spawn(
    process.execPath,
    ['bin/ui-plan.mjs', 'serve', '--port', '0', '--data-dir', path.join(dir, 'data'), '--remote', net.hostAddress, '--speed', '0'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = readline.createInterface({ input: serve.stdout as NodeJS.ReadableStream });
  await new Promise<void>((resolve, reject) => {
    serve?.once('exit', (code) => reject(new Error(`ui-plan serve exited (${code})`)));
    lines.on('line', (line) => {
      localUrl ||= /listening on (http:\/\/\S+)/.exec(line)?.[1] ?? '';
      remoteUrl ||= /reach it at (https:\/\/\S+)/.exec(line)?.[1] ?? '';
      if (localUrl && remoteUrl) resolve();
    });
  });
  // The phone's browser runs inside the namespace; Playwright drives it over a pipe, which needs no network.
  const wrapper = path.join(dir, 'chromium-in-netns');
  fs.writeFileSync(wrapper, `#!/bin/sh\nexec ip netns exec ${net.name} ${CHROMIUM_EXECUTABLE} "$@"\n`, { mode: 0o755 });
  phoneBrowser = await chromium.launch({ executablePath: wrapper, args: [...CHROMIUM_ARGS], headless: true });
});

test.afterAll(async () => {
  await phoneBrowser?.close();
  serve?.kill();
  if (made && !('skip' in made)) made.remove();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('pair a phone with the QR dialog, approve a plan from it, then revoke it', async ({ page }) => {
  test.skip(skip !== undefined, `network namespaces cannot be created here: ${skip}`);
  const trouble = watchPageTrouble(page);
  await page.goto(localUrl);
  await expect(page.getByRole('status', { name: /connected/i }).first()).toBeVisible();
  await page.getByRole('button', { name: 'New session' }).first().click();
  await page.getByRole('group', { name: 'Collaboration mode' }).getByRole('button', { name: 'Plan' }).click();
  await expect(planBadge(page)).toHaveAccessibleName(/plan mode on/i);
  await send(page, 'Add a --greeting flag to the CLI');
  const card = reviewCard(page);
  await expect(card.getByRole('button', { name: 'Approve' })).toBeVisible({ timeout: 30_000 });
  const sessionPath = new URL(page.url()).pathname + new URL(page.url()).search + new URL(page.url()).hash;

  // The desktop makes a code; the dialog shows the QR code, the link and the certificate's fingerprint.
  const group = page.getByRole('region', { name: 'Other devices' });
  const pair = group.getByRole('button', { name: 'Pair a phone' });
  try {
    await expect(pair).toBeVisible({ timeout: 30_000 });
  } catch (error) {
    const preferences = await page
      .getByRole('region', { name: 'Preferences' })
      .textContent()
      .catch(() => '(not found)');
    throw new Error(`"Pair a phone" never showed. Preferences read: ${preferences}\nWhat went wrong in the page:\n${trouble.report()}`, { cause: error });
  }
  await pair.click();
  const dialog = page.getByRole('dialog', { name: 'Pair a phone' });
  await expect(dialog.getByRole('img', { name: 'QR code of the pairing link' })).toBeVisible();
  await expect(dialog.getByText(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/)).toBeVisible();
  await dialog.getByText('Pairing link').click();
  const link = (await dialog.locator('code').first().textContent()) ?? '';
  expect(link).toMatch(new RegExp(`^${remoteUrl.replace(/[.]/g, '\\.')}/pair#t=[A-Za-z0-9_-]{43}$`));
  expect(await axeFindings(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/pair-dialog-1280.png` });

  // An unpaired phone gets nothing; the pairing page takes the token out of the URL at once.
  const phone = await (phoneBrowser as Browser).newContext({ ignoreHTTPSErrors: true, viewport: { width: 375, height: 740 } });
  const phonePage = await phone.newPage();
  const refused = await phonePage.goto(remoteUrl);
  expect(refused?.status()).toBe(401);
  await phonePage.goto(link);
  expect(phonePage.url()).toBe(`${remoteUrl}/pair`);
  await phonePage.getByLabel('Device name').fill('Test phone');
  await phonePage.getByRole('button', { name: 'Pair this device' }).click();
  await expect(phonePage.getByRole('status')).toHaveText('Waiting for Allow on the computer…');
  expect(await axeFindings(phonePage)).toEqual([]);
  await phonePage.screenshot({ path: `${SHOTS}/pair-page-375.png` });

  // The desktop allows it; the phone opens ui-plan.
  await dialog.getByRole('button', { name: 'Allow' }).click();
  await expect(phonePage.getByRole('button', { name: 'New session' }).first()).toBeAttached({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(group.getByText('Test phone')).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);

  // The phone answers the review; the desktop's card clears.
  await phonePage.goto(`${remoteUrl}${sessionPath}`);
  const phoneCard = reviewCard(phonePage);
  await expect(phoneCard.getByRole('button', { name: 'Approve' })).toBeInViewport({ timeout: 15_000 });
  await phonePage.screenshot({ path: `${SHOTS}/paired-phone-review-375.png` });
  await phoneCard.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toBeHidden({ timeout: 5_000 });
  await expect(phoneCard).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/paired-devices-1280.png` });

  // Revoke: the phone's next request is refused.
  await group.getByRole('button', { name: 'Revoke Test phone' }).click();
  await expect(group.getByText('Test phone')).toBeHidden();
  const after = await phonePage.reload();
  expect(after?.status()).toBe(401);
  await phone.close();
});
