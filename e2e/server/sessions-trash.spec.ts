/**
 * Deleted sessions can be brought back from the page, against the real server: after the Undo offer is gone (a reload
 * inside its window) from "Recently deleted", and from the page Back leads to, which says the session was deleted and
 * offers Restore with nothing live on it.
 */
import { expect, test, type Page } from '@playwright/test';
import { newSession, send, SHOTS } from '../helpers.ts';

const sessions = (page: Page) => page.getByRole('navigation', { name: 'Sessions' });

/** A new session with a first message titled `title`; resolves once it is listed. */
async function listedSession(page: Page, title: string): Promise<string> {
  await newSession(page);
  await send(page, title);
  // Below 720 px the list is a drawer.
  if ((page.viewportSize()?.width ?? 1280) < 720) await page.getByRole('button', { name: 'Sessions', exact: true }).click();
  await expect(sessions(page).getByRole('link', { name: new RegExp(title) })).toBeVisible();
  return new URL(page.url()).hash;
}

async function deleteSelected(page: Page, title: string): Promise<void> {
  await sessions(page)
    .getByRole('link', { name: new RegExp(title) })
    .focus();
  await page.keyboard.press('Delete');
  await page.getByRole('alertdialog', { name: 'Delete this session?' }).getByRole('button', { name: 'Delete session' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Deleted “${title}”.` })).toBeVisible();
}

test('delete, reload inside the Undo window, then Restore from Recently deleted brings the session back', async ({ page }) => {
  const title = `trash reload ${Date.now()}`;
  const hash = await listedSession(page, title);
  await deleteSelected(page, title);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await expect(sessions(page).getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
  await sessions(page)
    .getByText(/^Recently deleted \(\d+\)$/)
    .click();
  await page.screenshot({ path: `${SHOTS}/sessions-recently-deleted.png` });
  await sessions(page)
    .getByRole('button', { name: `Restore “${title}”` })
    .click();
  await expect(sessions(page).getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${hash}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(sessions(page).getByRole('button', { name: `Restore “${title}”` })).toHaveCount(0);
});

for (const size of [
  { width: 375, height: 667 },
  { width: 1280, height: 800 },
]) {
  test(`Back onto a deleted session shows "This session was deleted" with Restore and nothing live at ${size.width}×${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    const title = `trash back ${size.width} ${Date.now()}`;
    const hash = await listedSession(page, title);
    await deleteSelected(page, title);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${hash}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'This session was deleted' })).toBeVisible();
    await expect(page.getByText(`“${title}” was deleted`)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/session-deleted-page-${size.width}.png` });
    await expect(page.getByRole('textbox', { name: 'Message the agent' })).toHaveCount(0);
    await expect(page.getByRole('group', { name: /mode/i })).toHaveCount(0);
    await expect(page.getByText(/not found/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await page.getByRole('main').getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Message the agent' })).toBeVisible();
  });
}
