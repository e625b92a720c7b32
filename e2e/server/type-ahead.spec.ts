/**
 * Keys typed right after "New session", before the new composer has focus, land in that composer in order: typed at
 * automation speed three times in a row (once with `session.create` held until every key is typed, so the keys
 * surely arrive before the composer exists), and the Enter typed with them sends the line as the `/plan` command
 * (plan mode on, the whole command line in the transcript).
 */
import { expect, test, type Page } from '@playwright/test';
import { planBadge } from '../helpers.ts';

const TASK = '/plan add a --greeting flag to the CLI';

async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('status', { name: /connected/i }).first()).toBeVisible();
}

for (const [attempt, holdCreate] of [
  [1, true],
  [2, false],
  [3, false],
] as const) {
  test(`keys typed before the composer has focus reach it in order (try ${attempt}${holdCreate ? ', create held' : ''})`, async ({ page }) => {
    await openApp(page);
    let release: () => void = () => undefined;
    const typed = new Promise<void>((resolve) => (release = resolve));
    if (holdCreate) {
      await page.route('**/api/session.create', async (route) => {
        await typed;
        await route.continue();
      });
    }
    const composer = page.getByRole('textbox', { name: 'Message the agent' });
    await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: 'New session', exact: true }).click();
    await page.keyboard.type(TASK);
    await page.keyboard.press('Enter');
    if (holdCreate) await expect(composer).toHaveCount(0);
    release();

    await expect(planBadge(page)).toHaveAccessibleName(/plan mode on/i, { timeout: 30_000 });
    const transcript = page.getByRole('region', { name: 'Transcript' });
    await expect(transcript.getByText(TASK, { exact: true })).toHaveCount(1);
  });
}

test('keys typed after a failed New session are let through, and Backspace edits what is held', async ({ page }) => {
  await openApp(page);
  await page.route('**/api/session.create', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }));
  await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: 'New session', exact: true }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  const filter = page.getByRole('searchbox', { name: /filter sessions/i });
  await filter.click();
  await page.keyboard.type('abc');
  await expect(filter).toHaveValue('abc');

  await page.unroute('**/api/session.create');
  let release: () => void = () => undefined;
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/session.create', async (route) => {
    await typed;
    await route.continue();
  });
  await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: 'New session', exact: true }).click();
  await page.keyboard.type('hellp');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('o');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('world');
  release();
  const composer = page.getByRole('textbox', { name: 'Message the agent' });
  await expect(composer).toBeFocused();
  await expect(composer).toHaveValue('hello\nworld');
  await page.keyboard.type('!');
  await expect(composer).toHaveValue('hello\nworld!');
});
