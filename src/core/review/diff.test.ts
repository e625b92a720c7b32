import { describe, expect, it } from 'vitest';
import { diffPlans, diffSummary } from './diff.ts';

describe('plan diff', () => {
  it('pairs a changed line with its new version and marks the inserted words', () => {
    const diff = diffPlans('# A\n- one\n- two\n', '# A\n- one\n- two changed\n- three\n');
    expect(diff.lines.map((l) => [l.kind, l.text])).toEqual([
      ['same', '# A'],
      ['same', '- one'],
      ['removed', '- two'],
      ['added', '- two changed'],
      ['added', '- three'],
    ]);
    expect(diff.lines[3]?.words).toEqual([
      { kind: 'same', text: '- two' },
      { kind: 'added', text: ' changed' },
    ]);
    expect(diff.lines[4]?.words).toBeUndefined();
    expect([diff.added, diff.removed, diff.identical]).toEqual([2, 1, false]);
  });

  it('marks the deleted words of a removed line', () => {
    const diff = diffPlans('Print the old greeting\n', 'Print the greeting\n');
    expect(diff.lines[0]?.words).toEqual([
      { kind: 'same', text: 'Print the ' },
      { kind: 'removed', text: 'old ' },
      { kind: 'same', text: 'greeting' },
    ]);
  });

  it.each([
    ['identical texts', '# A\n- x\n', '# A\n- x\n'],
    ['CRLF and LF line ends', '# A\r\n- x\r\n', '# A\n- x\n'],
    ['a missing final newline', '# A\n- x', '# A\n- x\n'],
  ])('reports no changed line for %s', (_name, before, after) => {
    const diff = diffPlans(before, after);
    expect([diff.added, diff.removed]).toEqual([0, 0]);
    expect(diff.lines.every((l) => l.kind === 'same')).toBe(true);
  });

  it('says identical only when the texts are the same', () => {
    expect(diffPlans('# A\n', '# A\n').identical).toBe(true);
    expect(diffPlans('# A\n', '# A \n').identical).toBe(false);
  });

  it('appends to a plan without a final newline without marking its old last line', () => {
    expect(diffSummary('# A\n- x', '# A\n- x\n- y')).toEqual({ added: 1, removed: 0 });
  });

  it('counts a whole rewrite as all lines removed and added', () => {
    expect(diffSummary('# A\n- a\n- b\n', '# B\n- c\n')).toEqual({ added: 2, removed: 3 });
  });
});
