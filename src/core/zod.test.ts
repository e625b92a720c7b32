import { expect, it } from 'vitest';
import { lazily, lazyEntries, z } from './zod.ts';

const frame = () => z.looseObject({ type: z.literal('session/subscribed'), sessionId: z.string(), lastSeq: z.int() });
const other = () => z.looseObject({ type: z.literal('stream/error'), error: z.unknown() });

it('builds its value on the first use only, and once', () => {
  let builds = 0;
  const schema = lazily(() => {
    builds += 1;
    return frame();
  });
  expect(builds).toBe(0);
  schema.parse({ type: 'session/subscribed', sessionId: 's', lastSeq: 1 });
  schema.safeParse({});
  expect(builds).toBe(1);
});

it.each([
  { type: 'session/subscribed', sessionId: 's', lastSeq: 3, extra: true },
  { type: 'session/subscribed', sessionId: 's', lastSeq: 1.5 },
  { type: 'session/subscribed', lastSeq: 1 },
  { type: 'stream/error', error: 'gone' },
  { type: 'stream/error' },
  { type: 'session/other' },
  'session/subscribed',
  null,
])('accepts and rejects %j exactly as the schema built at once, alone and inside a discriminated union', (input) => {
  const eager = z.discriminatedUnion('type', [frame(), other()]);
  const lazy = lazily(() => z.discriminatedUnion('type', [lazily(frame), lazily(other)]));
  expect(lazily(frame).safeParse(input)).toEqual(frame().safeParse(input));
  expect(lazy.safeParse(input)).toEqual(eager.safeParse(input));
});

it('answers key lookups, listings and `in` like the built table', () => {
  const table = lazyEntries({ 'host.describe': () => ({ payload: z.looseObject({}) }), 'session.list': () => ({ payload: z.object({}) }) });
  expect(Object.prototype.hasOwnProperty.call(table, 'session.list')).toBe(true);
  expect(Object.prototype.hasOwnProperty.call(table, 'toString')).toBe(false);
  expect('host.describe' in table).toBe(true);
  expect(Object.keys(table)).toEqual(['host.describe', 'session.list']);
  expect(table['session.list'].payload.safeParse({ a: 1 }).success).toBe(true);
});

it('builds each entry of a table on its first read only, and once', () => {
  const built: string[] = [];
  const table = lazyEntries({
    a: () => (built.push('a'), { payload: frame() }),
    b: () => (built.push('b'), { payload: other() }),
  });
  expect(Object.keys(table)).toEqual(['a', 'b']);
  expect(built).toEqual([]);
  expect(table.a.payload.safeParse({ type: 'session/subscribed', sessionId: 's', lastSeq: 1 }).success).toBe(true);
  expect(table.a).toBe(table.a);
  expect(built).toEqual(['a']);
});
