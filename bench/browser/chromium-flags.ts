/**
 * The Chromium flags of `npm run bench:browser` beyond the test flags (testing/chromium.ts), and how its
 * `--disable-features` joins Playwright's own. Chromium keeps only the last `--disable-features` switch of its command
 * line, so the benchmark's switch repeats Playwright's list (read from `chrome://version` of a short-lived browser)
 * before its own names; a bare `--disable-features=X` would silently switch Playwright's list back on.
 */
import type { BrowserType } from '@playwright/test';

/**
 * Features the benchmark turns off. Headless Chromium preloads the omnibox popup's WebUI ("WebUI Top Renderer",
 * `chrome://omnibox-popup.top-chrome`) for every new window, that is for every fresh context of a cold navigation:
 * about 270 module requests and, in Chrome traces on this 2-core machine, up to 2.4 s of a renderer's main thread
 * beside the page's first second. A reader's browser has done that long before they open ui-plan.
 */
export const BENCH_DISABLED_FEATURES: readonly string[] = ['WebUIOmniboxPopup', 'PreloadTopChromeWebUI'];

/**
 * Flags the benchmark adds to every launch. Playwright drives the page through the DevTools protocol, which has V8
 * take a stack trace of every `Error` created (react-dom makes several while its module is evaluated) and of every
 * request a script sends; with lazy source positions V8 then re-parses each function on such a stack, here the whole
 * top-level function of a first-load chunk (`V8.CollectSourcePositions`: 89–405 ms of main-thread work before the
 * composer was usable in busy traces, 0 with this flag). A reader's browser, with no DevTools attached, never pays
 * that; with source positions recorded at compile time the benchmark pays only their small share of each compile.
 */
export const BENCH_ARGS: readonly string[] = ['--enable-precise-memory-info', '--js-flags=--no-enable-lazy-source-positions'];

/**
 * One `--disable-features` switch holding the names of the last such switch in `commandLine` and then `extra`, each
 * once, in order.
 * @param commandLine a browser's command line as `chrome://version` shows it (switches separated by spaces)
 * @param extra feature names to add
 * @returns `--disable-features=A,B,…`
 */
export function mergedDisableFeatures(commandLine: string, extra: readonly string[]): string {
  const switches = commandLine.split(/\s+/).filter((s) => s.startsWith('--disable-features='));
  const last = switches.at(-1)?.slice('--disable-features='.length) ?? '';
  const names = [...last.split(','), ...extra].map((n) => n.trim()).filter((n) => n !== '');
  return `--disable-features=${[...new Set(names)].join(',')}`;
}

/**
 * The `--disable-features` switch for a launch of `browserType` with `args`: Playwright's list and
 * `BENCH_DISABLED_FEATURES`, read from `chrome://version` of a browser launched and closed for that.
 * @param browserType Playwright's `chromium`
 * @param executablePath the Chromium to launch
 * @param args the launch's other flags
 * @returns the merged switch
 * @throws Error when `chrome://version` shows no command line
 */
export async function benchDisableFeatures(browserType: BrowserType, executablePath: string, args: readonly string[]): Promise<string> {
  const browser = await browserType.launch({ executablePath, args: [...args] });
  try {
    const page = await browser.newPage();
    await page.goto('chrome://version');
    const commandLine = await page.locator('#command_line').textContent();
    if (!commandLine) throw new Error('chrome://version shows no command line');
    return mergedDisableFeatures(commandLine, BENCH_DISABLED_FEATURES);
  } finally {
    await browser.close();
  }
}
