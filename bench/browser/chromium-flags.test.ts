/** The benchmark's `--disable-features` keeps Playwright's list: Chromium honours only the last such switch. */
import { expect, it } from 'vitest';
import { BENCH_DISABLED_FEATURES, mergedDisableFeatures } from './chromium-flags.ts';

const PLAYWRIGHT = '/usr/lib/chromium/chromium --no-sandbox --disable-features=PaintHolding,MediaRouter --enable-features=CDPScreenshotNewSurface --headless';

it("repeats the last --disable-features switch's names before the benchmark's own", () => {
  expect(mergedDisableFeatures(PLAYWRIGHT, BENCH_DISABLED_FEATURES)).toBe(
    '--disable-features=PaintHolding,MediaRouter,WebUIOmniboxPopup,PreloadTopChromeWebUI',
  );
});

it('reads only the last switch, as Chromium does, and names each feature once', () => {
  const line = '--disable-features=Dropped --disable-features=PaintHolding,WebUIOmniboxPopup';
  expect(mergedDisableFeatures(line, ['WebUIOmniboxPopup', 'Extra'])).toBe('--disable-features=PaintHolding,WebUIOmniboxPopup,Extra');
});

it('holds only the extra names when the command line has no --disable-features', () => {
  expect(mergedDisableFeatures('--headless --no-sandbox', ['A'])).toBe('--disable-features=A');
  expect(mergedDisableFeatures('--disable-features= --x', [])).toBe('--disable-features=');
});
