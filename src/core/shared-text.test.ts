import { describe, expect, it } from 'vitest';
import { SHARED_TEXT_KEEP, SHARED_TEXT_MIN_CHARS, sharedText, sharedTextStats, shareTexts } from './shared-text.ts';

/** A fresh string instance equal to `'x'.repeat(n) + tag` (built at run time, so never a literal the engine shares). */
const big = (tag: string, n = SHARED_TEXT_MIN_CHARS) => JSON.parse(JSON.stringify(`${'x'.repeat(n)}${tag}`)) as string;

/** The hits `run` adds (JS cannot tell two equal strings apart, so the module's count of swaps is what is checked). */
function hitsOf(run: () => void): number {
  const before = sharedTextStats.hits;
  run();
  return sharedTextStats.hits - before;
}

describe('shareTexts', () => {
  it('gives equal large texts from separate parses the first instance, and leaves everything else as it was', () => {
    const first = JSON.parse(JSON.stringify({ a: [{ plan: big('p') }], short: 'p', n: 1, none: null })) as unknown;
    const second = JSON.parse(JSON.stringify({ data: { text: big('p'), other: big('q'), deep: [[big('p')]] } })) as unknown;
    expect(hitsOf(() => shareTexts(first))).toBe(0);
    expect(hitsOf(() => shareTexts(second))).toBe(2);
    expect(first).toEqual({ a: [{ plan: big('p') }], short: 'p', n: 1, none: null });
    expect(second).toEqual({ data: { text: big('p'), other: big('q'), deep: [[big('p')]] } });
  });

  it('shares a top-level string and never looks up a short one', () => {
    expect(hitsOf(() => expect(shareTexts(big('t'))).toBe(big('t')))).toBe(0);
    expect(hitsOf(() => expect(shareTexts(big('t'))).toBe(big('t')))).toBe(1);
    const short = 'y'.repeat(SHARED_TEXT_MIN_CHARS - 1);
    expect(hitsOf(() => [sharedText(short), sharedText(short)])).toBe(0);
  });

  it('keeps only the last texts it was given', () => {
    sharedText(big('k-first'));
    for (let i = 0; i < SHARED_TEXT_KEEP; i += 1) sharedText(big(`k${i}`));
    expect(hitsOf(() => sharedText(big('k-first')))).toBe(0);
    expect(hitsOf(() => sharedText(big(`k${SHARED_TEXT_KEEP - 1}`)))).toBe(1);
  });
});
