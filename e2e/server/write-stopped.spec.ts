/**
 * The page says why writing to a session stopped: after another program replaced the session's log file (an editor's
 * save renames a new file over it), the next message is refused with the reason, and the session's page shows the
 * notice instead of the composer, at desktop and phone size, with no axe violation; another session goes on.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { axeFindings, PHONE } from '../a11y.ts';
import { newSession, send, SHOTS } from '../helpers.ts';

const NOTICE = /Writing stopped: this session's log file was replaced by another program/;

test('a session whose log file another program replaced says that writing stopped, and why', async ({ page }) => {
  await newSession(page);
  await send(page, 'hello there');
  await expect(page.getByText('Turn completed').last()).toBeVisible({ timeout: 30_000 });
  const sessionId = decodeURIComponent(new URL(page.url()).hash.replace('#/s/', ''));
  const file = path.resolve(process.env.UI_PLAN_E2E_DATA ?? '', 'sessions', `${sessionId}.jsonl`);
  fs.writeFileSync(`${file}.swp`, fs.readFileSync(file, 'utf8').replace('hello there', 'hello from an editor'));
  fs.renameSync(`${file}.swp`, file);

  await send(page, 'one more thing');
  const dock = page.getByRole('region', { name: 'Message dock' });
  await expect(dock.getByRole('note')).toHaveText(NOTICE);
  await expect(page.getByRole('textbox', { name: 'Message the agent' })).toHaveCount(0);
  expect(await axeFindings(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/write-stopped-desktop.png` });
  await page.setViewportSize(PHONE);
  await expect(dock.getByRole('note')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/write-stopped-phone.png` });
  expect(fs.readFileSync(file, 'utf8')).toContain('hello from an editor');

  // Another session is written as before.
  await page.setViewportSize({ width: 1280, height: 800 });
  await newSession(page);
  await send(page, 'still working');
  await expect(page.getByText('Turn completed').last()).toBeVisible({ timeout: 30_000 });
});
