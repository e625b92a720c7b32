import { describe, expect, it } from 'vitest';
import type { SessionSummary } from '../../../core/protocol/methods.ts';
import type { SessionBadges } from '../../../session/derive.ts';
import { rowTitleOf, shownRowsOf } from './list.ts';

const at = (sessionId: string, updatedAt: number, extra: Partial<SessionSummary> = {}): SessionSummary => ({
  sessionId,
  updatedAt,
  running: false,
  blank: false,
  ...extra,
});
const quiet: SessionBadges = { running: false, plan: undefined, reviewPending: false, questionPending: false, title: undefined, mode: undefined };

describe('rowTitleOf', () => {
  it.each([
    ['the person’s own title first', { customTitle: ' Mine ', title: 'Listed' }, 'Live', 'Mine'],
    ['then the live title', { title: 'Listed' }, ' Live ', 'Live'],
    ['then the listed title', { title: 'Listed' }, '  ', 'Listed'],
    ['else the untitled copy', { title: ' ' }, undefined, 'New session'],
  ] as const)('takes %s', (_case, extra, live, shown) => {
    expect(rowTitleOf(at('s', 1, extra), { title: live }, 'New session')).toBe(shown);
  });

  const leftOut = (name: string) => `${name}: left out of the recording`;
  it.each([
    ['a recording’s own title', { readOnly: true, title: 'Read {{cwd}}/src' }, 'Read ⟨cwd: left out of the recording⟩/src'],
    [
      'the host’s "(copy)" title of a second import',
      { readOnly: true, customTitle: 'Read {{cwd}}/src (copy)', title: 'Read {{cwd}}/src' },
      'Read ⟨cwd: left out of the recording⟩/src (copy)',
    ],
    ['not a live session’s title, as typed', { customTitle: 'Use {{cwd}}', title: 'x' }, 'Use {{cwd}}'],
  ] as const)('words the placeholders of %s', (_case, extra, shown) => {
    expect(rowTitleOf(at('s', 1, extra), { title: undefined }, 'New session', leftOut)).toBe(shown);
  });
});

describe('shownRowsOf', () => {
  const items = [at('a', 1, { title: 'Greeting flag' }), at('b', 3, { title: 'Docs' }), at('c', 2)];

  it('orders by newest activity and titles each row from its badges', () => {
    const rows = shownRowsOf(items, (summary) => ({ ...quiet, title: summary.sessionId === 'c' ? 'Live title' : undefined }), '', 'New session');
    expect(rows.map((row) => [row.summary.sessionId, row.title])).toEqual([
      ['b', 'Docs'],
      ['c', 'Live title'],
      ['a', 'Greeting flag'],
    ]);
  });

  it('keeps only the rows whose shown title matches the filter', () => {
    expect(shownRowsOf(items, () => quiet, 'FLAG', 'New session').map((row) => row.summary.sessionId)).toEqual(['a']);
    expect(shownRowsOf(items, () => quiet, 'new', 'New session').map((row) => row.summary.sessionId)).toEqual(['c']);
    expect(shownRowsOf(items, () => quiet, 'zzz', 'New session')).toEqual([]);
  });
});
