/**
 * Against the real `ui-plan serve` (built app): every page response carries the CSP (no 'unsafe-inline'),
 * X-Frame-Options, nosniff and no-referrer; the app runs a whole `/plan` task up to the review card with zero
 * CSP violations; and a page on another loopback origin cannot frame it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { newSession, reviewCard, send } from '../helpers.ts';

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

test('every HTML response carries the security headers', async ({ page, baseURL }) => {
  const authority = new URL(baseURL ?? '').host;
  for (const path of ['/', '/some/client/route', '/missing.js']) {
    const response = await page.request.get(path);
    const headers = response.headers();
    expect(headers['content-security-policy'], path).toBe(
      `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ws://${authority} wss://${authority}; ` +
        "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'",
    );
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('no-referrer');
  }
  const index = await (await page.request.get('/')).text();
  expect(index).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
  expect(index).not.toMatch(/<style[\s>]/i);
  expect(index).not.toMatch(/\sstyle\s*=/i);
});

test('runs /plan up to the review card with no CSP violation', async ({ page }) => {
  const consoleViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleViolations.push(message.text());
  });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations?.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await newSession(page);
  await send(page, '/plan add a --greeting flag to the CLI');
  await expect(reviewCard(page)).toBeVisible({ timeout: 30_000 });
  await expect(reviewCard(page).getByRole('button', { name: 'Approve' })).toBeVisible();
  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
  expect(consoleViolations).toEqual([]);
});

test('a page on another origin cannot frame the app', async ({ page, baseURL }) => {
  const framer = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>framer</title><iframe title="framed app" src="${baseURL}/" width="800" height="600"></iframe>`);
  });
  await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
  const port = (framer.address() as AddressInfo).port;
  try {
    const loaded = page.waitForEvent('framenavigated', (frame) => frame !== page.mainFrame());
    await page.goto(`http://127.0.0.1:${port}/`);
    const frame = await loaded;
    await frame.waitForLoadState();
    // A blocked frame shows the browser's error page instead of the document.
    expect(frame.url()).not.toBe(`${baseURL}/`);
    await expect(page.frameLocator('iframe[title="framed app"]').getByRole('button', { name: 'New session' })).toHaveCount(0);
  } finally {
    framer.closeAllConnections();
    await new Promise<void>((resolve) => framer.close(() => resolve()));
  }
});
