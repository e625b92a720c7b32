/**
 * The streaming string-length scan against JSON.parse: for any strings, cut into chunks anywhere (inside an escape
 * or a UTF-8 sequence too), the longest string it reports is the longest `.length` after parsing.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { createJsonStringScanner } from './json-string-scan.ts';

/** Whether the scanner with limit `max` reports a string over it, fed `bytes` cut at `cuts`. */
function over(bytes: Uint8Array, cuts: number[], max: number): boolean {
  const scanner = createJsonStringScanner(max);
  const at = [0, ...cuts.map((c) => c % (bytes.length + 1)).sort((a, b) => a - b), bytes.length];
  return at.slice(1).some((end, i) => scanner.push(bytes.subarray(at[i], end)));
}

it('reports exactly the strings longer than its limit, counted as JavaScript counts them', () => {
  fc.assert(
    fc.property(
      fc.array(fc.string({ unit: 'binary', maxLength: 40 }), { minLength: 1, maxLength: 5 }),
      fc.array(fc.nat(), { maxLength: 6 }),
      (strings, cuts) => {
        const body = new TextEncoder().encode(JSON.stringify({ k: strings, n: 1 }));
        const longest = Math.max(1, ...strings.map((s) => s.length));
        expect(over(body, cuts, longest)).toBe(false);
        if (longest > 1) expect(over(body, cuts, longest - 1)).toBe(true);
      },
    ),
    { seed: 16, numRuns: 500 },
  );
});

it('counts escapes as one character and four-byte sequences as two', () => {
  const body = new TextEncoder().encode('{"a":"\\u00e9\\n\\"😀é"}');
  expect(JSON.parse(new TextDecoder().decode(body)).a.length).toBe(6);
  expect(over(body, [], 6)).toBe(false);
  expect(over(body, [], 5)).toBe(true);
});
