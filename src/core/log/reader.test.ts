/**
 * Tests of the session-log reader and writer against hand-made edge cases and the real dsh recordings.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../fixtures/paths.ts';
import { EVENT_SHAPES, NON_OBJECT_DATA, PROTOTYPE_TYPES } from '../../../fixtures/trust/event-shapes.ts';
import { isKnownEventValid, parseSessionLog, serializeEvent, serializeHeader, serializeSessionLog, TORN_LINE_REASON } from './reader.ts';
import { KNOWN_EVENT_TYPES } from './schemas.ts';
import type { SessionHeader } from './types.ts';

const recordings = fixturePath('dsh-recordings');
const HEADER = '{"type":"session","version":0,"id":"s1","createdAt":1785000000000,"cwd":"/w"}';
const header: SessionHeader = { type: 'session', version: 0, id: 's1', createdAt: 1785000000000, cwd: '/w' };
const ev = (type: string, data: unknown) => JSON.stringify({ type, data });

describe('parseSessionLog', () => {
  it('reads the header and numbers events from 0 after it', () => {
    const log = parseSessionLog([HEADER, ev('plan/mode', { active: true }), ev('x/y', 1)].join('\n') + '\n');
    expect(log.header).toEqual(header);
    expect(log.events.map((e) => [e.type, e.seq])).toEqual([
      ['plan/mode', 0],
      ['x/y', 1],
    ]);
    expect(log.skipped).toEqual([]);
    expect(log.firstSeqLine).toBe(2);
  });

  it.each([
    ['not JSON', 'not json at all'],
    ['not JSON', '{"type":"plan/mode"'],
    ['not an object', '[]'],
    ['not an object', 'null'],
    ['not an object', '42'],
    ['not an object', '"plan/mode"'],
    ['missing type', '{"data":{"active":true}}'],
    ['type is not a non-empty string', '{"type":"","data":{}}'],
    ['type is not a non-empty string', '{"type":7,"data":{}}'],
    ['missing data', '{"type":"plan/mode"}'],
    ['empty line', ''],
    ['empty line', '   '],
    ['session header after line 1', HEADER],
  ])('skips a line that is %s (%s) and keeps its seq', (reason, line) => {
    const log = parseSessionLog([HEADER, ev('a/b', 0), line, ev('c/d', 0)].join('\n'));
    expect(log.skipped).toEqual([{ line: 3, reason }]);
    expect(log.events.map((e) => [e.type, e.seq])).toEqual([
      ['a/b', 0],
      ['c/d', 2],
    ]);
  });

  it('accepts a headerless log whose first line is an event', () => {
    const log = parseSessionLog([ev('plan/mode', { active: true }), ev('x/y', null)].join('\n'));
    expect(log.header).toBeUndefined();
    expect(log.skipped).toEqual([]);
    expect(log.events.map((e) => e.seq)).toEqual([0, 1]);
    expect(log.firstSeqLine).toBe(1);
  });

  it('reports a first line that is neither header nor event as a missing header', () => {
    const log = parseSessionLog(['garbage', ev('plan/mode', { active: true })].join('\n'));
    expect(log.header).toBeUndefined();
    expect(log.skipped).toEqual([{ line: 1, reason: 'missing session header' }]);
    expect(log.events).toEqual([{ type: 'plan/mode', seq: 0, data: { active: true } }]);
  });

  it('reports a header with wrong fields and still starts events at line 2', () => {
    const log = parseSessionLog(['{"type":"session","version":"0","id":"s"}', ev('a/b', 1)].join('\n'));
    expect(log.header).toBeUndefined();
    expect(log.skipped).toHaveLength(1);
    expect(log.skipped[0]?.line).toBe(1);
    expect(log.skipped[0]?.reason).toMatch(/^invalid session header: header\.version: expected a number/);
    expect(log.events[0]?.seq).toBe(0);
  });

  it.each([
    ['an empty text', ''],
    ['a lone newline', '\n'],
  ])('returns nothing for %s', (_name, text) => {
    const log = parseSessionLog(text);
    expect(log.events).toEqual([]);
    expect(log.header).toBeUndefined();
    expect(log.skipped).toEqual(text === '' ? [] : [{ line: 1, reason: 'missing session header' }]);
  });

  it('reports interior empty lines but not the final newline', () => {
    const log = parseSessionLog([HEADER, ev('a/b', 0), '', ev('c/d', 0), ''].join('\n') + '\n');
    expect(log.skipped).toEqual([
      { line: 3, reason: 'empty line' },
      { line: 5, reason: 'empty line' },
    ]);
    expect(log.events.map((e) => e.seq)).toEqual([0, 2]);
  });

  it.each<[string, string, { line: number; reason: string; torn?: true }[]]>([
    ['a last line cut mid-line is torn', [HEADER, ev('a/b', 0), '{"type":"user/mess'].join('\n'), [{ line: 3, reason: TORN_LINE_REASON, torn: true }]],
    ['a whole last line without a newline is an event', [HEADER, ev('a/b', 0), ev('c/d', 0)].join('\n'), []],
    ['a malformed line with its newline is not torn', [HEADER, ev('a/b', 0), '{"type":"user/mess'].join('\n') + '\n', [{ line: 3, reason: 'not JSON' }]],
    ['a malformed interior line is not torn', [HEADER, '{"type":"user/mess', ev('a/b', 0)].join('\n'), [{ line: 2, reason: 'not JSON' }]],
  ])('%s', (_, text, skipped) => {
    expect(parseSessionLog(text).skipped).toEqual(skipped);
  });

  it('accepts CRLF line ends', () => {
    const log = parseSessionLog([HEADER, ev('a/b', 0), ev('c/d', 1)].join('\r\n') + '\r\n');
    expect(log.header).toEqual(header);
    expect(log.events.map((e) => e.type)).toEqual(['a/b', 'c/d']);
    expect(log.skipped).toEqual([]);
  });

  it('ignores a leading byte-order mark', () => {
    const log = parseSessionLog('\uFEFF' + [HEADER, ev('a/b', 0)].join('\n'));
    expect(log.header).toEqual(header);
    expect(log.skipped).toEqual([]);
  });

  // docs/upstream-spec.md §6 items 74 and 76 (the replay invariant checks only the payload, never turn enclosure).
  it.each<[string, string[], number[]]>([
    ['a standalone idle plan/mode', [ev('plan/mode', { active: true })], []],
    [
      'a plan/mode inside a turn',
      [ev('turn/start', { turn: 1 }), ev('plan/mode', { active: false }), ev('turn/end', { turn: 1, reason: { kind: 'completed' } })],
      [],
    ],
    ['a stored plan/mode with a number', [ev('plan/mode', { active: true }), ev('plan/mode', { active: 42 })], [3]],
    ['a stored plan/mode without data fields', [ev('plan/mode', {})], [2]],
  ])('validates %s over a stored log', (_name, lines, skippedLines) => {
    const log = parseSessionLog([HEADER, ...lines].join('\n'));
    expect(log.skipped.map((entry) => entry.line)).toEqual(skippedLines);
  });

  it('reads a log whose `user/message` has a null payload as its header and one skipped line naming the type and field', () => {
    const log = parseSessionLog(readFileSync(fixturePath('trust', 'user-message-null.jsonl'), 'utf8'));
    expect(log.header?.id).toBe('x');
    expect(log.events).toEqual([]);
    expect(log.skipped).toEqual([{ line: 2, reason: 'user/message: data: expected an object' }]);
  });

  it('has a row of shapes for every known kind', () => {
    expect(EVENT_SHAPES.map((shape) => shape.type)).toEqual(KNOWN_EVENT_TYPES);
  });

  const badPayloads = EVENT_SHAPES.flatMap((shape) => [
    ...NON_OBJECT_DATA.map(([name, data]) => ({ type: shape.type, name, data, reason: 'data: expected an object' })),
    { type: shape.type, name: 'wrong field types', data: shape.wrong, reason: shape.reason },
  ]);

  it.each(badPayloads)('skips $type with $name, naming the type and field, and keeps the seqs of the lines around it', ({ type, data, reason }) => {
    const good = EVENT_SHAPES.find((shape) => shape.type === type)!.good;
    const log = parseSessionLog([HEADER, ev(type, good), ev(type, data), ev(type, good)].join('\n'));
    expect(log.skipped).toEqual([{ line: 3, reason: `${type}: ${reason}` }]);
    expect(log.events.map((e) => [e.type, e.seq, e.data])).toEqual([
      [type, 0, good],
      [type, 2, good],
    ]);
  });

  it.each(PROTOTYPE_TYPES)('keeps an event of type %s as an unknown event', (type) => {
    const line = `{"type":${JSON.stringify(type)},"data":{"x":1}}`;
    let log: ReturnType<typeof parseSessionLog> | undefined;
    expect(() => (log = parseSessionLog([HEADER, line, ev('plan/mode', { active: true })].join('\n')))).not.toThrow();
    expect(log!.skipped).toEqual([]);
    expect(log!.events.map((e) => [e.type, e.seq])).toEqual([
      [type, 0],
      ['plan/mode', 1],
    ]);
    expect(log!.events[0]!.data).toEqual({ x: 1 });
  });

  it('keeps well-typed envelope extras and ignores a stored seq', () => {
    const line = JSON.stringify({
      type: 'user/message',
      seq: 99,
      time: 17,
      data: { content: [] },
      surfaceOp: 'append',
      sourceEventSeqs: [1, 2],
    });
    const log = parseSessionLog([HEADER, line].join('\n'));
    expect(log.events).toEqual([{ type: 'user/message', seq: 0, time: 17, data: { content: [] }, surfaceOp: 'append', sourceEventSeqs: [1, 2] }]);
  });

  it('drops malformed envelope extras without losing the event', () => {
    const line = JSON.stringify({ type: 'a/b', data: 1, time: 'noon', surfaceOp: 3, sourceEventSeqs: ['x'] });
    expect(parseSessionLog([HEADER, line].join('\n')).events).toEqual([{ type: 'a/b', seq: 0, data: 1 }]);
  });

  it('keeps data of any JSON type, including null, for an unknown kind', () => {
    const log = parseSessionLog([HEADER, ev('a/b', null), ev('a/b', [1]), ev('a/b', 'x')].join('\n'));
    expect(log.events.map((e) => e.data)).toEqual([null, [1], 'x']);
  });

  it('skips a wrong-shaped known event and reports it with its type and field', () => {
    const log = parseSessionLog([HEADER, ev('turn/start', { turn: 1 }), ev('plan/mode', { active: 'yes' })].join('\n'));
    expect(log.events.map((e) => e.type)).toEqual(['turn/start']);
    expect(log.skipped).toEqual([{ line: 3, reason: 'plan/mode: data.active: expected a boolean' }]);
  });

  it('numbers seqs from line 1 in a headerless log whose first line is a wrong-shaped event', () => {
    const log = parseSessionLog([ev('plan/mode', null), ev('plan/mode', { active: true })].join('\n'));
    expect(log.firstSeqLine).toBe(1);
    expect(log.skipped).toEqual([{ line: 1, reason: 'plan/mode: data: expected an object' }]);
    expect(log.events.map((e) => e.seq)).toEqual([1]);
  });

  it('never throws on arbitrary input', () => {
    for (const text of ['\u0000', '{', '}\n{', '\n\n\n', '{"type":"session"}', '[{"type":"a","data":1}]']) {
      expect(() => parseSessionLog(text)).not.toThrow();
    }
  });

  it.each(['lifecycle-chrome', 'plan-review', 'question-composer'])('reads the %s recording with no skipped line', (name) => {
    const text = readFileSync(path.join(recordings, name, 'session.jsonl'), 'utf8');
    const log = parseSessionLog(text);
    expect(log.skipped).toEqual([]);
    expect(log.header?.type).toBe('session');
    expect(log.events).toHaveLength(text.trimEnd().split('\n').length - 1);
    const title = log.events.find((e) => e.type === 'session/title');
    const seqs = (title?.data as { messageSeqs: number[] }).messageSeqs;
    for (const seq of seqs) expect(log.events[seq]?.type).toBe('user/message');
  });
});

describe('isKnownEventValid', () => {
  it.each([
    ['plan/mode', { active: true }],
    ['plan/mode', { active: false, extra: 1 }],
    ['mode/set', { mode: 'plan' }],
    ['command/run', { commandId: 'c', name: 'plan' }],
    ['command/run', { commandId: 'c', name: 'plan', args: '', source: { kind: 'user' } }],
    ['command/done', { commandId: 'c', kind: 'success' }],
    ['command/done', { commandId: 'c', kind: 'error', text: 'x' }],
    ['turn/start', { turn: 1 }],
    ['turn/end', { turn: 1, reason: { kind: 'completed' } }],
    ['step/start', { turn: 1, step: 2 }],
    ['step/end', { turn: 1, step: 2 }],
    ['request/header', { header: { config: {}, system: '', tools: '' }, reason: 'initial' }],
    ['x-unknown/kind', 'anything'],
    ['goal/set', null],
    ...EVENT_SHAPES.map((shape): [string, unknown] => [shape.type, shape.good]),
    ...PROTOTYPE_TYPES.map((type): [string, unknown] => [type, null]),
  ])('accepts %s %j', (type, data) => {
    expect(isKnownEventValid(type, data)).toBeUndefined();
  });

  it.each([
    ['plan/mode', { active: 42 }, 'data.active: expected a boolean'],
    ['plan/mode', { active: 'plan' }, 'data.active: expected a boolean'],
    ['plan/mode', {}, 'data.active: expected a boolean'],
    ['plan/mode', null, 'data: expected an object'],
    ['plan/mode', [true], 'data: expected an object'],
    ['mode/set', { mode: 1 }, 'data.mode: expected a string'],
    ['command/run', { commandId: 'c', name: 'plan', args: 3 }, 'data.args: expected a string'],
    ['command/run', { name: 'plan', args: '' }, 'data.commandId: expected a string'],
    ['command/done', { commandId: 'c', kind: 'ok' }, "data.kind: expected 'success' or 'error'"],
    ['turn/start', { turn: '1' }, 'data.turn: expected a number'],
    ['step/end', { turn: 1 }, 'data.step: expected a number'],
    ['request/header', { header: 'h' }, 'data.header: expected an object'],
  ])('rejects %s %j with "%s"', (type, data, reason) => {
    expect(isKnownEventValid(type, data)).toBe(reason);
  });
});

describe('serialize', () => {
  it('writes the header in dsh key order and keeps extra keys', () => {
    expect(serializeHeader({ ...header, readOnly: true } as SessionHeader)).toBe(
      '{"type":"session","version":0,"id":"s1","createdAt":1785000000000,"cwd":"/w","readOnly":true}',
    );
  });

  it('writes an event without seq and only the extras that are set', () => {
    const event = { type: 'a/b', seq: 4, data: { x: 1 }, surfaceOp: 'append' };
    expect(serializeEvent(event)).toBe('{"type":"a/b","data":{"x":1},"surfaceOp":"append"}');
    expect(serializeEvent({ type: 'a/b', data: undefined })).toBe('{"type":"a/b","data":null}');
  });

  it.each(['lifecycle-chrome', 'plan-review', 'question-composer'])('round-trips the %s recording through serializeSessionLog', (name) => {
    const text = readFileSync(path.join(recordings, name, 'session.jsonl'), 'utf8');
    const log = parseSessionLog(text);
    const again = parseSessionLog(serializeSessionLog(log.header as SessionHeader, log.events));
    expect(again).toEqual(log);
  });

  it('ends the file with a newline and writes one line per event', () => {
    const text = serializeSessionLog(header, [
      { type: 'a/b', data: 1 },
      { type: 'c/d', data: 2, time: 5 },
    ]);
    expect(text).toBe(`${HEADER}\n{"type":"a/b","data":1}\n{"type":"c/d","data":2,"time":5}\n`);
  });
});
