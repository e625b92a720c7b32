/**
 * The browser every Playwright run uses: Debian's Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium), never a
 * downloaded one, headless, with a trace and a screenshot kept only for a failing test. Shared by
 * playwright.config.ts and playwright.interop.config.ts so the two runs launch the same browser.
 */
import type { PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../testing/chromium.ts';

/**
 * The `use` block of both Playwright configs (projects add their `baseURL`).
 * Launch flags turn off the sandbox (containers), the GPU, /dev/shm, QUIC and Chromium's background traffic.
 */
export const chromiumUse = {
  browserName: 'chromium',
  headless: true,
  trace: 'retain-on-failure',
  screenshot: 'only-on-failure',
  // A click or a navigation that never ends fails on its own, naming the step, before the test's 180 s bound hides
  // where it hung (Playwright's default for both is no limit). Bounds against a hang, never a speed check.
  actionTimeout: 90_000,
  navigationTimeout: 90_000,
  launchOptions: {
    executablePath: CHROMIUM_EXECUTABLE,
    args: [...CHROMIUM_ARGS],
  },
} satisfies PlaywrightTestConfig['use'];
