import { describe, expect, it } from 'vitest';
import { distinctTitlePartsOf } from './title-parts.ts';

describe('distinctTitlePartsOf', () => {
  it('keeps the words after a shared start in view', () => {
    expect(distinctTitlePartsOf(['Add a --greeting flag to the CLI', 'Add a --greeting flag to the README', 'Fix the tests'])).toEqual([
      { head: 'Add a --greeting flag to the ', tail: 'CLI' },
      { head: 'Add a --greeting flag to the ', tail: 'README' },
      { head: 'Fix the tests', tail: '' },
    ]);
  });

  it('counts the longest shared start with any other title, case- and width-insensitively', () => {
    const parts = distinctTitlePartsOf(['Add a flag', 'ADD a flag and docs', 'add ａ flag and tests']);
    expect(parts.map((p) => p.tail)).toEqual(['', 'docs', 'tests']);
    parts.forEach((p, i) => expect(p.head + p.tail).toBe(['Add a flag', 'ADD a flag and docs', 'add ａ flag and tests'][i]));
  });

  it('leaves identical titles, unrelated titles and empty ones whole', () => {
    expect(distinctTitlePartsOf(['Same task', 'Same task', 'Other', ''])).toEqual([
      { head: 'Same task', tail: '' },
      { head: 'Same task', tail: '' },
      { head: 'Other', tail: '' },
      { head: '', tail: '' },
    ]);
  });

  it('splits Chinese titles between words', () => {
    const [a, b] = distinctTitlePartsOf(['给命令行添加问候参数', '给命令行添加帮助文本']);
    expect(a!.head + a!.tail).toBe('给命令行添加问候参数');
    expect(a!.tail).not.toBe('');
    expect(b!.tail).not.toBe('');
    expect(a!.head).toBe(b!.head);
  });
});
