/**
 * How every test and benchmark launches the browser: Debian's Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium),
 * never a downloaded one, with the sandbox (containers), the GPU, /dev/shm, QUIC and Chromium's background traffic
 * turned off. Used by both Playwright configs (e2e/chromium.ts) and `npm run bench:browser`.
 */

/** The Chromium executable. */
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launch flags of every run. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
