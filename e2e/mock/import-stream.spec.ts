/**
 * Open session log in the mocked app: the page streams the chosen file to the streamed import route, which MSW
 * answers over the same engine as the server (the recording opens with its plan).
 */
import { expect, test } from '@playwright/test';

test('a recorded log is streamed to the import route and opens read-only', async ({ page }) => {
  const imports: { url: string; type: string | undefined }[] = [];
  page.on('request', (request) => {
    if (/\/api\/(sessions\/import\.jsonl|session\.import)$/.test(request.url())) imports.push({ url: request.url(), type: request.headers()['content-type'] });
  });
  await page.goto('/');
  await page.getByLabel('Open session log').setInputFiles('fixtures/dsh-recordings/plan-review/session.jsonl');
  await expect(page.getByText(/opened read-only/i)).toBeVisible();
  await expect(page.getByRole('article', { name: /^Plan: Add .?--greeting.? flag to CLI$/ })).toBeVisible();
  expect(imports).toEqual([{ url: expect.stringMatching(/\/api\/sessions\/import\.jsonl$/), type: 'application/jsonl' }]);
});
