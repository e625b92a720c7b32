/**
 * Against the real `ui-plan serve`: a session log with hostile markdown, opened in the
 * browser, runs nothing, fetches nothing off the page's origin (any such request is aborted and recorded here, so no
 * traffic leaves the machine), shows every tag as text, and links only http(s) addresses, in a new tab.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { clientRequest } from '../../src/core/protocol/envelopes.ts';

test('hostile markdown in a transcript and a plan card is shown as text and fetches nothing', async ({ page, request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const offOrigin: string[] = [];
  await page.route(
    (url) => url.origin !== origin,
    (route) => {
      offOrigin.push(route.request().url());
      return route.abort();
    },
  );
  const jsonl = readFileSync('fixtures/trust/markdown/hostile-session.jsonl', 'utf8');
  const imported = await request.post('/api/session.import', {
    data: clientRequest('session.import', { jsonl }, 'e2e-import'),
  });
  const { result } = (await imported.json()) as { result: { ok: boolean; value: { sessionId: string } } };
  expect(result.ok).toBe(true);
  await page.goto(`/#/s/${result.value.sessionId}`);

  const said = page.getByRole('article', { name: 'Assistant' });
  await expect(said).toContainText("Use Vec<u8> and the <channel> tag. <script>document.title='pwned'</script>");
  await expect(said.getByRole('link', { name: 'Image: x — elsewhere.invalid' })).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(said.getByText('javascript:alert(1)')).toBeVisible();
  await expect(said.getByRole('link', { name: 'javascript:alert(1)' })).toHaveCount(0);

  const card = page.getByRole('article', { name: /^Plan: Keep the/ });
  await card.getByRole('button', { name: 'Show the plan' }).click();
  await expect(card.getByRole('heading', { level: 1, name: 'Keep the <channel> tag' })).toBeVisible();
  await expect(card).toContainText('<summary>Why</summary>');
  await expect(card).toContainText('Use Vec<u8>');
  await expect(card).toContainText('Approved');
  const docs = card.getByRole('link', { name: 'the docs' });
  await expect(docs).toHaveAttribute('href', 'https://example.invalid/docs');
  await expect(docs).toHaveAttribute('target', '_blank');
  for (const name of ['this', 'the API']) await expect(card.getByRole('link', { name })).toHaveCount(0);

  // Tapping an unsafe link leaves the app where it is.
  const url = page.url();
  await card.getByText('this', { exact: true }).click();
  expect(page.url()).toBe(url);
  await expect(card).toBeVisible();

  // The session's own content (transcript and plan card) holds no image, frame or disclosure element from the text;
  // the app's own chrome (e.g. the sidebar's "Recently deleted" disclosure) is not what the text wrote.
  const content = page.locator('main.session-body');
  await expect(content).toContainText('Use Vec<u8>');
  expect(await content.locator('img, iframe, details').count()).toBe(0);
  expect(await page.title()).not.toBe('pwned');
  expect(offOrigin).toEqual([]);
});
