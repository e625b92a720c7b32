/**
 * Playwright interop run (`npm run test:interop`): ui-plan's built app served by `ui-plan serve --dsh` in front of a
 * REAL DeepSeek Harness web host (`@deepseek-ai/dsh` from npm, keyless replay mode), in Debian's Chromium. The spec
 * installs the host into a cache outside the repo (testing/dsh-replay-host.ts) and starts both servers itself, one
 * fresh host per scenario; it skips, with the reason, when the npm registry is unreachable and nothing is cached.
 * Kept apart from playwright.config.ts so `npm run test:e2e` stays fast.
 */
import { defineConfig } from '@playwright/test';
import { chromiumUse } from './e2e/chromium.ts';

export default defineConfig({
  testDir: 'e2e/interop',
  // A cold install of the host (about 20 s, 520 MB) happens inside the first test's hooks.
  timeout: 240_000,
  expect: { timeout: 30_000 },
  workers: 1,
  fullyParallel: false,
  // A test that fails fails the run: no retries, a flaky test (should anyone pass --retries) fails too, and a
  // forgotten `test.only` cannot hide the rest in CI.
  retries: 0,
  failOnFlakyTests: true,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  use: chromiumUse,
});
