import { describe, expect, it } from 'vitest';
import type { TranscriptItem } from '../../../core/transcript/fold.ts';
import { transcriptLocales } from '../locales.ts';
import { zhCN } from '../locales.zh-CN.ts';
import { findRows } from '../model/row-text.ts';

const rows: TranscriptItem[] = [
  { kind: 'plan-mode', key: 'plan-1', seq: 1, active: true },
  { kind: 'user', key: 'u-2', seq: 2, text: 'Plan mode, please' },
  { kind: 'turn-end', key: 'turn-end-3', seq: 3, turn: 1, status: 'completed', message: undefined },
];

describe('findRows', () => {
  it('searches our own lines in the language they are shown in, and host text as written', () => {
    const zh = zhCN;
    expect(findRows(rows, '计划模式', zh)).toEqual([0]);
    expect(findRows(rows, 'plan mode', zh)).toEqual([1]);
    expect(findRows(rows, '本轮已完成', zh)).toEqual([2]);
    expect(findRows(rows, '计划模式', transcriptLocales.en)).toEqual([]);
    expect(findRows(rows, 'plan mode', transcriptLocales.en)).toEqual([0, 1]);
  });
});
