/**
 * Session rows people can tell apart and work with from the keyboard, against the real server: colliding titles keep
 * their distinguishing words in view and the whole title on hover, the secondary line stays one line, a log just
 * opened is scrolled into view, rename says what Save does and gives focus back, and each row is one Tab stop.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { clientRequest } from '../../src/core/protocol/envelopes.ts';
import { SHOTS } from '../helpers.ts';

const sessions = (page: Page) => page.getByRole('navigation', { name: 'Sessions' });
const SIZES = [
  { width: 375, height: 667 },
  { width: 900, height: 600 },
  { width: 1280, height: 800 },
];

async function call(request: APIRequestContext, method: string, payload: unknown): Promise<{ sessionId: string }> {
  const answer = await request.post(`/api/${method}`, { data: clientRequest(method, payload, `e2e-${method}`) });
  const { result } = (await answer.json()) as { result: { ok: boolean; value: { sessionId: string }; error?: unknown } };
  expect(result.ok, JSON.stringify(result.error)).toBe(true);
  return result.value;
}

/** A stored session listed under `title` (a draft renamed is stored at once). */
async function titled(request: APIRequestContext, title: string): Promise<string> {
  const { sessionId } = await call(request, 'session.create', { draft: true });
  await call(request, 'session.rename', { sessionId, title });
  return sessionId;
}

/** Open the app with the list filtered to `token`; below 720 px the list is a drawer, opened here. */
async function openList(page: Page, token: string): Promise<void> {
  await page.goto('/');
  if ((page.viewportSize()?.width ?? 1280) < 720) await page.getByRole('button', { name: 'Sessions', exact: true }).click();
  await sessions(page).getByRole('searchbox', { name: 'Filter sessions' }).fill(token);
}

test('colliding titles keep their distinguishing words in view on one title line and one secondary line, at 1280, 900 and 375 px', async ({
  page,
  request,
}) => {
  const token = `collide${Date.now()}`;
  const shared = `Add a --greeting flag to the command-line parser ${token}`;
  const ends = ['docs', 'tests', 'usage text'];
  for (const end of ends) await titled(request, `${shared} and its ${end}`);
  await openList(page, token);
  for (const size of [...SIZES].reverse()) {
    await page.setViewportSize(size);
    if (size.width < 720) await page.getByRole('button', { name: 'Sessions', exact: true }).click();
    for (const end of ends) {
      const link = sessions(page).getByRole('link', { name: new RegExp(`^${shared} and its ${end}`) });
      await expect(link).toHaveAttribute('title', `${shared} and its ${end}`);
      const tail = link.locator('.session-title-tail');
      await expect(tail).toHaveText(end);
      // The distinguishing words are drawn whole, inside the row; the secondary line is one line.
      const [box, row] = [(await tail.boundingBox())!, (await link.boundingBox())!];
      expect(box.x + box.width).toBeLessThanOrEqual(row.x + row.width);
      expect(await tail.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      const [line, time] = [(await link.locator('.session-badges').boundingBox())!, (await link.locator('time').boundingBox())!];
      expect(line.height).toBeLessThanOrEqual(time.height * 1.5);
    }
    await page.screenshot({ path: `${SHOTS}/sessions-colliding-${size.width}.png` });
  }
});

test('a log just opened is selected and scrolled into view at 900×600', async ({ page, request }) => {
  await page.setViewportSize({ width: 900, height: 600 });
  const token = `many${Date.now()}`;
  for (let i = 0; i < 14; i += 1) await titled(request, `Filler session ${i} ${token}`);
  await page.goto('/');
  await expect(sessions(page).getByRole('link', { name: /Filler session 13/ })).toBeVisible();
  await page.getByLabel('Open session log').setInputFiles('fixtures/sessions/recorded-no-title.jsonl');
  const opened = sessions(page).locator('a[aria-current="page"]');
  await expect(opened).toContainText('Rename the --verbose flag to --loud');
  await expect(opened).toBeInViewport();
});

test('rename says what Save does, shows the limit as you type, and gives focus back to the row', async ({ page, request }) => {
  const token = `rename${Date.now()}`;
  await titled(request, `Rename me ${token}`);
  await openList(page, token);
  const link = sessions(page).getByRole('link', { name: new RegExp(`^Rename me ${token}`) });
  await link.focus();
  await page.keyboard.press('F2');
  const field = sessions(page).getByRole('textbox', { name: 'Session title' });
  await expect(field).toBeFocused();
  await field.fill('');
  await expect(sessions(page).getByText('Empty: Save goes back to the automatic title (from the plan or the first message).')).toBeVisible();
  await field.fill('x'.repeat(170));
  await expect(sessions(page).getByText('170 of 200 characters')).toBeVisible();
  await field.fill('y'.repeat(230));
  await expect(sessions(page).getByText('Too long: 230 characters; a title holds at most 200.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(sessions(page).getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/sessions-rename-too-long.png` });
  await field.press('Escape');
  await expect(link).toBeFocused();

  await page.keyboard.press('F2');
  await field.fill(`Mine ${token}`);
  await field.press('Enter');
  const renamed = sessions(page).getByRole('link', { name: new RegExp(`^Mine ${token}`) });
  await expect(renamed).toBeFocused();
});

test('each row is one Tab stop; arrow keys reach the rows and their Rename and Delete', async ({ page, request }) => {
  const token = `tabstop${Date.now()}`;
  for (const n of ['one', 'two', 'three']) await titled(request, `Row ${n} ${token}`);
  await openList(page, token);
  const row = (n: string) => sessions(page).getByRole('link', { name: new RegExp(`^Row ${n} ${token}`) });
  await row('three').click();
  await expect(row('three')).toHaveAttribute('aria-current', 'page');
  await row('three').focus();
  await page.keyboard.press('Tab');
  await expect(row('two')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(row('one')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(row('three')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(row('two')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(row('three')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(sessions(page).getByRole('button', { name: `Rename “Row three ${token}”` })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  const remove = sessions(page).getByRole('button', { name: `Delete “Row three ${token}”` });
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog', { name: 'Delete this session?' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row('three')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(row('three')).toBeFocused();
});
