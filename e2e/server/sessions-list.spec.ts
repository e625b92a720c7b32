/**
 * A sessions list people can use, against the real server: New session is a draft until the first
 * message, titles tell sessions apart, rename, delete with confirmation and undo, and opening the same log twice.
 */
import { expect, test, type Page } from '@playwright/test';
import { newSession, send, SHOTS } from '../helpers.ts';

const sessions = (page: Page) => page.getByRole('navigation', { name: 'Sessions' });

async function openLog(page: Page, file: string): Promise<void> {
  await page.getByLabel('Open session log').setInputFiles(file);
  await expect(page.getByText(/opened read-only/i)).toBeVisible();
}

test('New session is listed only after its first message, titled by it; rename, delete and undo', async ({ page }) => {
  const unique = `greeting ${Date.now()}`;
  await newSession(page);
  const hash = new URL(page.url()).hash;
  expect(hash).toMatch(/^#\/s\/session-/);
  await expect(sessions(page).locator(`a[href="${hash}"]`)).toHaveCount(0);

  await send(page, `say hello to the ${unique} flag`);
  const row = sessions(page).getByRole('link', { name: new RegExp(`say hello to the ${unique} flag`) });
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('href', hash);

  await sessions(page)
    .getByRole('button', { name: `Rename “say hello to the ${unique} flag”` })
    .click();
  const field = sessions(page).getByRole('textbox', { name: 'Session title' });
  await field.fill(`问候 ${unique}`);
  await field.press('Enter');
  const renamed = sessions(page).getByRole('link', { name: new RegExp(`问候 ${unique}`) });
  await expect(renamed).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `问候 ${unique}` })).toBeVisible();

  await sessions(page).getByRole('searchbox', { name: 'Filter sessions' }).fill('问候');
  await expect(renamed).toBeVisible();
  await sessions(page).getByRole('searchbox', { name: 'Filter sessions' }).fill('');

  await sessions(page)
    .getByRole('button', { name: `Delete “问候 ${unique}”` })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this session?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/sessions-delete-confirm.png` });
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Delete session' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(renamed).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: `Deleted “问候 ${unique}”.` })).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(renamed).toBeVisible();

  // The title and the restored session survive a reload: they are the server's, not the page's.
  await page.reload();
  await expect(sessions(page).getByRole('link', { name: new RegExp(`问候 ${unique}`) })).toBeVisible();
});

test("the empty state's New session is a draft too: not listed until its first message", async ({ page }) => {
  const unique = `draft ${Date.now()}`;
  await page.goto('/');
  await expect(page.getByRole('status', { name: /connected/i }).first()).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'New session' }).click();
  await expect(page.getByRole('textbox', { name: 'Message the agent' })).toBeFocused();
  const hash = new URL(page.url()).hash;
  expect(hash).toMatch(/^#\/s\/session-/);
  // The list was read again before the page moved to the new session (useCreateSession): what it shows is current.
  await expect(sessions(page).locator(`a[href="${hash}"]`)).toHaveCount(0);
  await send(page, `note the ${unique}`);
  await expect(sessions(page).getByRole('link', { name: new RegExp(`note the ${unique}`) })).toHaveAttribute('href', hash);
});

test('opening the same log twice opens one session; the same id with other content opens a labelled copy', async ({ page }) => {
  await page.goto('/');
  await openLog(page, 'fixtures/sessions/recorded-no-title.jsonl');
  const first = page.url();
  const original = sessions(page).getByRole('link', { name: /Rename the --verbose flag to --loud/ });
  await expect(original).toHaveCount(1);
  await page.goto('/');
  await openLog(page, 'fixtures/sessions/recorded-no-title.jsonl');
  await expect(page).toHaveURL(first);
  await expect(original).toHaveCount(1);

  await openLog(page, 'fixtures/sessions/recorded-no-title-edited.jsonl');
  // The read-only notice was already on the page: wait for the copy to be selected instead.
  await expect(page).not.toHaveURL(first);
  await expect(sessions(page).getByRole('link', { name: /Rename the --quiet flag to --silent.*\(copy\)/ })).toHaveCount(1);
  await expect(original).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/sessions-import-copy.png` });
});
