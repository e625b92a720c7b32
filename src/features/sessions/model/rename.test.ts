import { describe, expect, it } from 'vitest';
import { MAX_CUSTOM_TITLE_CHARS } from '../../../core/sessions/limits.ts';
import { renameFieldStateOf, SHOW_COUNT_FROM } from './rename.ts';

describe('renameFieldStateOf', () => {
  it.each([
    ['empty', '', { kind: 'reset' }],
    ['blank', '  \t\n ', { kind: 'reset' }],
    ['short', 'Loud flag', { kind: 'ok', count: undefined, limit: MAX_CUSTOM_TITLE_CHARS }],
    ['near the limit', 'x'.repeat(SHOW_COUNT_FROM), { kind: 'ok', count: SHOW_COUNT_FROM, limit: MAX_CUSTOM_TITLE_CHARS }],
    [
      'at the limit, spaces around not counted',
      ` ${'x'.repeat(MAX_CUSTOM_TITLE_CHARS)} `,
      { kind: 'ok', count: MAX_CUSTOM_TITLE_CHARS, limit: MAX_CUSTOM_TITLE_CHARS },
    ],
    ['one over', 'x'.repeat(MAX_CUSTOM_TITLE_CHARS + 1), { kind: 'tooLong', count: MAX_CUSTOM_TITLE_CHARS + 1, limit: MAX_CUSTOM_TITLE_CHARS }],
  ])('reads %s as %o', (_case, typed, state) => {
    expect(renameFieldStateOf(typed)).toEqual(state);
  });
});
