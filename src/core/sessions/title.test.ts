import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSessionLog } from '../log/reader.ts';
import type { SessionEvent } from '../log/types.ts';
import { MAX_CUSTOM_TITLE_CHARS } from './limits.ts';
import { applySessionTitle, customTitleOf, cutTitle, foldSessionTitle, sessionTitleUnit, titleWidth } from './title.ts';

const ev = (seq: number, type: string, data: unknown): SessionEvent => ({ seq, type, data, time: 1000 + seq });
const user = (seq: number, text: string, kind = 'user') => ev(seq, 'user/message', { content: [{ type: 'text', text }], source: { kind } });
const plan = (seq: number, text: string) =>
  ev(seq, 'tool/call', { turn: 1, step: 1, callId: `c${seq}`, name: 'exit_plan_mode', arguments: JSON.stringify({ plan: text }) });

describe('cutTitle', () => {
  it.each([
    ['empty', '', 20, ''],
    ['blank', '  \n\t ', 20, ''],
    ['short English', 'add a --greeting flag', 40, 'add a --greeting flag'],
    ['English at a word boundary', 'add a --greeting flag to the command line tool', 20, 'add a --greeting…'],
    ['no dangling separator', 'one, two, three, four, five', 12, 'one, two…'],
    ['one very long word', 'supercalifragilisticexpialidocious', 10, 'supercali…'],
    ['Chinese between words', '给命令行工具添加一个问候参数并且写测试', 16, '给命令行工具…'],
    ['Chinese with room for one more word', '给命令行工具添加一个问候参数并且写测试', 18, '给命令行工具添加…'],
    ['emoji never split', '🚀🚀🚀🚀🚀🚀🚀🚀', 7, '🚀🚀🚀…'],
    ['family emoji kept whole', 'a👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦', 6, 'a👨‍👩‍👧‍👦👨‍👩‍👧‍👦…'],
    ['whitespace runs collapsed', 'fix\n\nthe   bug', 40, 'fix the bug'],
  ])('cuts %s', (_name, text, width, expected) => {
    expect(cutTitle(text, width)).toBe(expected);
  });

  it('keeps every cut within the width and on whole grapheme clusters', () => {
    const texts = [
      'Plan a small change: add a --greeting flag to a CLI. Do not read or write any files.',
      '在命令行里加一个问候语参数，然后为它写单元测试和文档',
      'é́é́é́é́é́é́é́é́é́é́é́é́',
      '🏳️‍🌈🏳️‍🌈🏳️‍🌈🏳️‍🌈🏳️‍🌈🏳️‍🌈',
    ];
    for (const text of texts) {
      for (let width = 2; width < 40; width += 1) {
        const title = cutTitle(text, width);
        expect(titleWidth(title)).toBeLessThanOrEqual(width);
        const flat = text.replace(/\s+/g, ' ');
        const head = title.endsWith('…') ? title.slice(0, -1) : title;
        expect(flat.startsWith(head)).toBe(true);
        const clusters = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(flat)].map((s) => s.index);
        expect(head.length === flat.length || clusters.includes(head.length)).toBe(true);
      }
    }
  });
});

describe('foldSessionTitle', () => {
  it('is null for an empty log', () => {
    expect(foldSessionTitle([])).toBeNull();
  });

  it('uses the first user message, not the five-word fallback title', () => {
    const events = [
      user(0, 'add a --greeting flag to the CLI and print it'),
      ev(1, 'session/title', { title: 'add a --greeting flag to', source: { kind: 'fallback' } }),
    ];
    expect(foldSessionTitle(events)).toBe('add a --greeting flag to the CLI and print it');
  });

  it('uses the latest plan heading once a plan exists', () => {
    const events = [user(0, 'add a flag'), plan(1, '# Add a `--greeting` flag\n\n- step'), plan(2, '# Add `--greeting` and `--name`\n- x')];
    expect(foldSessionTitle(events)).toBe('Add `--greeting` and `--name`');
  });

  it.each([
    ['# Add a --greeting flag to the CLI (revised)', 'Add a --greeting flag to the CLI'],
    ['# Add a flag [Updated]', 'Add a flag'],
    ['# Add a flag (v2) (revised)', 'Add a flag'],
    ['# Add a flag — revised', 'Add a flag'],
    ['# Add a flag (revision 3)', 'Add a flag'],
    ['# 添加问候参数（修订版）', '添加问候参数'],
    ['# (revised)', '(revised)'],
    ['# Revised onboarding flow', 'Revised onboarding flow'],
    ['# Support v2 (of the API)', 'Support v2 (of the API)'],
  ])('titles a revision %j by its plan, without the revision marker: %j', (heading, title) => {
    expect(foldSessionTitle([user(0, 'add a flag'), plan(1, `${heading}\n\n- step`)])).toBe(title);
  });

  it('ignores a plan without a heading and a call of another tool', () => {
    const other = ev(2, 'tool/call', { name: 'read_file', arguments: '{"plan":"# nope"}' });
    expect(foldSessionTitle([user(0, 'fix it'), plan(1, 'just prose'), other])).toBe('fix it');
  });

  it('falls back to the first command line, and prefers a title the host logged itself', () => {
    const run = ev(0, 'command/run', { commandId: 'c1', name: 'plan', args: ' add a flag' });
    expect(foldSessionTitle([run])).toBe('/plan add a flag');
    expect(foldSessionTitle([run, ev(1, 'session/title', { title: 'Greeting flag', source: { kind: 'model' } })])).toBe('Greeting flag');
  });

  it('skips notices and reads the recorded plan-review session', () => {
    expect(foldSessionTitle([user(0, 'Plan mode is on', 'plugin'), user(1, 'real task')])).toBe('real task');
    const text = fs.readFileSync(new URL('../../../fixtures/dsh-recordings/plan-review/session.jsonl', import.meta.url), 'utf8');
    expect(foldSessionTitle(parseSessionLog(text).events)).toBe('Add `--greeting` flag to CLI');
  });

  it('returns the same state for an event that changes nothing, and equals the step-by-step fold', () => {
    const events = [user(0, 'first'), user(1, 'second'), ev(2, 'step/start', {}), plan(3, '# P')];
    let state = sessionTitleUnit.init();
    const afterFirst = applySessionTitle(state, events[0]!);
    expect(applySessionTitle(afterFirst, events[1]!)).toBe(afterFirst);
    expect(applySessionTitle(afterFirst, events[2]!)).toBe(afterFirst);
    for (const event of events) state = sessionTitleUnit.apply(state, event);
    expect(sessionTitleUnit.view(state)).toBe(foldSessionTitle(events));
  });
});

describe('customTitleOf', () => {
  it.each([
    ['  Greeting work  ', { ok: true, title: 'Greeting work' }],
    ['', { ok: true, title: undefined }],
    ['   ', { ok: true, title: undefined }],
    ['问候\n参数', { ok: true, title: '问候 参数' }],
    ['x'.repeat(MAX_CUSTOM_TITLE_CHARS), { ok: true, title: 'x'.repeat(MAX_CUSTOM_TITLE_CHARS) }],
    ['x'.repeat(MAX_CUSTOM_TITLE_CHARS + 1), { ok: false, message: 'title: must be at most 200 characters' }],
  ])('validates %j', (title, expected) => {
    expect(customTitleOf(title)).toEqual(expected);
  });
});

describe('hostile titles', () => {
  it('cuts a message of a million characters from its first window, as the first screenful would be cut', () => {
    expect(cutTitle('x'.repeat(1_000_000))).toBe(`${'x'.repeat(59)}…`);
    expect(cutTitle(`${'word '.repeat(200_000)}`)).toBe(`${'word '.repeat(12).trim()}…`);
    expect(cutTitle('e\u0301'.repeat(300_000), 10)).toBe(`${'e\u0301'.repeat(9)}…`);
  });

  it('keeps control and direction characters out of a given title and a derived one', () => {
    expect(customTitleOf('a\u0000b\u0007c\u001b[31mred\u202Eevil\u2066x\u2069')).toEqual({ ok: true, title: 'a b c [31mredevilx' });
    expect(cutTitle('plan \u202Eelif\u200F one\u0085two')).toBe('plan elif one two');
    // Emoji sequences keep their zero-width joiners.
    expect(cutTitle('👨\u200D👩\u200D👧 family')).toBe('👨\u200D👩\u200D👧 family');
  });
});
