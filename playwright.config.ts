/**
 * Playwright end-to-end runs in Debian's Chromium (never a downloaded browser): `mock` drives the app under
 * `vite --mode msw`, `server` the built app under the real `ui-plan serve`, `modes` a second `ui-plan serve --config
 * examples/modes.yaml`, `held` the real server over a model the test holds (testing/held-serve.ts), each on a fresh
 * data directory; `restart` starts (and kill -9s) its own server. No run reuses
 * a server already listening on these ports (it may be someone else's): `reuseExistingServer` is false, and a port
 * held by something else makes the run stop at once. Move the ports with `UI_PLAN_E2E_PORT_BASE`.
 */
import { defineConfig } from '@playwright/test';
import { chromiumUse } from './e2e/chromium.ts';

/** Base of the e2e ports (mock, server, modes, restart, held); `UI_PLAN_E2E_PORT_BASE` moves them so two checkouts can run side by side. */
const PORT_BASE = Number(process.env.UI_PLAN_E2E_PORT_BASE ?? 5190);
const MOCK_PORT = PORT_BASE - 9;
const SERVER_PORT = PORT_BASE;
const MODES_PORT = PORT_BASE + 1;
const RESTART_PORT = PORT_BASE + 2;
const HELD_PORT = PORT_BASE + 3;
const HELD_CONTROL_PORT = PORT_BASE + 4;
process.env.UI_PLAN_E2E_DATA ??= `e2e/.tmp/data-${Date.now()}`;

export default defineConfig<object, { modelControlURL: string }>({
  testDir: 'e2e',
  // Bounds against a hang, never a speed check: specs wait on conditions, and on a busy 2-core machine a test that
  // streams a whole execution takes several times its idle time.
  timeout: 180_000,
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
  // Globs relative to testDir: a regex would also match a checkout whose own path contains e.g. `server/`.
  projects: [
    { name: 'mock', testMatch: 'mock/**/*.spec.ts', use: { baseURL: `http://127.0.0.1:${MOCK_PORT}` } },
    { name: 'server', testMatch: 'server/**/*.spec.ts', use: { baseURL: `http://127.0.0.1:${SERVER_PORT}` } },
    { name: 'modes', testMatch: 'modes/**/*.spec.ts', use: { baseURL: `http://127.0.0.1:${MODES_PORT}` } },
    { name: 'restart', testMatch: 'restart/**/*.spec.ts', use: { baseURL: `http://127.0.0.1:${RESTART_PORT}` } },
    {
      name: 'held',
      testMatch: 'held/**/*.spec.ts',
      use: { baseURL: `http://127.0.0.1:${HELD_PORT}`, modelControlURL: `http://127.0.0.1:${HELD_CONTROL_PORT}` },
    },
  ],
  webServer: [
    {
      command: `node_modules/.bin/vite --mode msw --port ${MOCK_PORT}`,
      url: `http://127.0.0.1:${MOCK_PORT}`,
      reuseExistingServer: false, // a server already on the port may be someone else's
      timeout: 120_000,
    },
    {
      command: `node bin/ui-plan.mjs serve --port ${SERVER_PORT} --data-dir ${process.env.UI_PLAN_E2E_DATA}`,
      url: `http://127.0.0.1:${SERVER_PORT}/`,
      reuseExistingServer: false, // a server already on the port may be someone else's
      timeout: 60_000,
    },
    {
      command: `node bin/ui-plan.mjs serve --port ${MODES_PORT} --data-dir ${process.env.UI_PLAN_E2E_DATA}-modes --config examples/modes.yaml`,
      url: `http://127.0.0.1:${MODES_PORT}/`,
      reuseExistingServer: false, // a server already on the port may be someone else's
      timeout: 60_000,
    },
    {
      command: `node --import tsx testing/held-serve.ts --port ${HELD_PORT} --control-port ${HELD_CONTROL_PORT} --data-dir ${process.env.UI_PLAN_E2E_DATA}-held`,
      url: `http://127.0.0.1:${HELD_PORT}/`,
      reuseExistingServer: false, // a server already on the port may be someone else's
      timeout: 60_000,
    },
  ],
});
