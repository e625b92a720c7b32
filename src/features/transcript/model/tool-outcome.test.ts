import { describe, expect, it } from 'vitest';
import { toolErrorOf, withoutErrorPrefix } from '../model/tool-outcome.ts';

describe('tool outcome', () => {
  it.each([
    ['Error: the user dismissed the question', { kind: 'dismissed', message: 'the user dismissed the question' }],
    [
      'Error: The user dismissed the plan review to speak instead; stay in plan mode, stop here, and wait for their message.',
      { kind: 'dismissed', message: 'The user dismissed the plan review to speak instead; stay in plan mode, stop here, and wait for their message.' },
    ],
    ['Error: the question was aborted before the user answered', { kind: 'aborted', message: 'the question was aborted before the user answered' }],
    ['Error: the turn was cancelled before this tool ran', { kind: 'aborted', message: 'the turn was cancelled before this tool ran' }],
    ['Error: no such file', { kind: 'failed', message: 'no such file' }],
    ['no such file', { kind: 'failed', message: 'no such file' }],
    ['error:   only available in plan mode', { kind: 'failed', message: 'only available in plan mode' }],
    ['Error: ', { kind: 'failed', message: '' }],
  ])('reads %j as %o', (text, expected) => {
    expect(toolErrorOf(text)).toEqual(expected);
  });

  it('keeps an "Error:" that is not the prefix', () => {
    expect(withoutErrorPrefix('read failed. Error: EACCES')).toBe('read failed. Error: EACCES');
  });
});
