import { expect, it } from 'vitest';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from './json-depth.ts';

it.each<[string, string, number, boolean]>([
  ['a scalar', '1', 1, false],
  ['an empty object at the limit', '{}', 1, false],
  ['two levels over a limit of one', '[[]]', 1, true],
  ['brackets inside a string', '{"a":"[[[[[[[[[["}', 1, false],
  ['an escaped quote inside a string', '{"a":"\\"[[[["}', 1, false],
  ['an escaped backslash before the closing quote', '["\\\\",[[]]]', 2, true],
  ['5,000 levels', `${'['.repeat(5000)}${']'.repeat(5000)}`, MAX_JSON_DEPTH, true],
  ['5,000 unclosed levels in broken JSON', '{"a":'.repeat(5000), MAX_JSON_DEPTH, true],
  ['64 levels at the default limit', `${'['.repeat(64)}${']'.repeat(64)}`, MAX_JSON_DEPTH, false],
  ['65 levels at the default limit', `${'['.repeat(65)}${']'.repeat(65)}`, MAX_JSON_DEPTH, true],
  ['many siblings never deeper than two', `[${'[1],'.repeat(10_000)}[1]]`, 2, false],
])('tells whether %s is nested too deeply', (_name, text, max, expected) => {
  expect(exceedsJsonDepth(text, max)).toBe(expected);
});
