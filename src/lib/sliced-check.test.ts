// @vitest-environment node
/**
 * The sliced check equals a one-pass `safeParse` (same data with its fields in the same order, or the same issues in
 * the same order) on `session.history` pages built from the recorded dsh logs and a generated 5,000-event log, on
 * malformed pages (fast-check, fixed seed) and on `session.list` values; and it yields between slices bounded by the
 * clock (a fake clock: each read is 1 ms later).
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../fixtures/paths.ts';
import { bigLog } from '../../scripts/make-perf-fixtures.mjs';
import { methods } from '../core/protocol/methods.ts';
import { checkInSlices, type CheckResult } from './sliced-check.ts';
import type { SliceClock } from './slices.ts';

const history = methods['session.history'].value as unknown as Parameters<typeof checkInSlices>[0];
const list = methods['session.list'].value as unknown as Parameters<typeof checkInSlices>[0];

/** A fake clock 1 ms later at every read, which counts the yields and the longest slice (ms of fake time). */
function fakeClock(sliceMs = 8) {
  let time = 0;
  let sliceStart = 0;
  const seen = { yields: 0, longestSlice: 0 };
  const clock: SliceClock = {
    sliceMs,
    now: () => (time += 1),
    yieldTask: async () => {
      seen.yields += 1;
      seen.longestSlice = Math.max(seen.longestSlice, time - sliceStart);
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = time;
    },
  };
  return { clock, seen };
}

/** What a one-pass check gives, in the sliced check's terms. */
function onePass(schema: Parameters<typeof checkInSlices>[0], value: unknown): CheckResult<unknown> {
  const result = schema.safeParse(value);
  return result.success ? { success: true, data: result.data } : { success: false, issues: result.error.issues };
}

/** Both checks agree, the fields of an accepted value in the same order. */
async function expectSame(schema: Parameters<typeof checkInSlices>[0], key: string, value: unknown, sliceMs = 8) {
  const { clock, seen } = fakeClock(sliceMs);
  const sliced = await checkInSlices(schema, key, value, clock);
  const whole = onePass(schema, value);
  expect(sliced).toEqual(whole);
  if (sliced.success && whole.success) expect(Object.keys(sliced.data as object)).toEqual(Object.keys(whole.data as object));
  return seen;
}

/** A `session.history` value of every event of a log (`seq` the line's index after the header, as a host numbers). */
function pageOf(jsonl: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const lines = jsonl.trimEnd().split('\n').slice(1);
  const events = lines.map((line, seq) => ({ event: { ...(JSON.parse(line) as object), seq } }));
  return { events, hasMore: false, projections: { asOfSeq: events.length - 1, values: { plan: { active: false, pending: false } } }, ...extra };
}

const recordings = readdirSync(fixturePath('dsh-recordings'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => [entry.name, readFileSync(fixturePath('dsh-recordings', entry.name, 'session.jsonl'), 'utf8')] as const);
const generated = pageOf(bigLog('sliced', 'Sliced check', 'perf-sliced', 5000, 7));

describe('sliced check', () => {
  it.each(recordings)('accepts the recorded %s log as a one-pass check does', async (_name, jsonl) => {
    await expectSame(history, 'events', pageOf(jsonl));
    // Slices of 1 ms: every few items a yield, the same value.
    await expectSame(history, 'events', pageOf(jsonl), 1);
  });

  it('checks a generated 5,000-event page in slices bounded by the clock, with the value of a one-pass check', async () => {
    const seen = await expectSame(history, 'events', generated);
    expect(seen.yields).toBeGreaterThan(10);
    // A slice ends at the first clock read at or past 8 ms: the read before it was under.
    expect(seen.longestSlice).toBeLessThanOrEqual(9);
  });

  it('never yields for a value checked within one slice', async () => {
    const { clock, seen } = fakeClock(100_000);
    await checkInSlices(history, 'events', generated, clock);
    expect(seen.yields).toBe(0);
  });

  it.each([
    [
      'a bad seq, a missing type and a bad view',
      (events: unknown[]) => {
        (events[3] as { event: { seq: unknown } }).event.seq = -1;
        delete (events[40] as { event: { type?: unknown } }).event.type;
        (events[41] as { view?: unknown }).view = { for: 'both', view: {} };
      },
    ],
    [
      'an entry that is not an object, and null',
      (events: unknown[]) => {
        events[7] = 'event';
        events[4000] = null;
      },
    ],
    [
      'a bad event at the first and the last index',
      (events: unknown[]) => {
        events[0] = { event: { type: '', seq: 0.5 } };
        events[events.length - 1] = { event: 42 };
      },
    ],
  ])('reports %s with the issues of a one-pass check, in its order', async (_case, spoil) => {
    const page = structuredClone(generated) as { events: unknown[] };
    spoil(page.events);
    await expectSame(history, 'events', page);
  });

  it.each([
    ['no value', undefined],
    ['null', null],
    ['an array', [generated]],
    ['events that are not an array', { events: { 0: {} }, hasMore: false }],
    ['a missing hasMore and bad projections beside bad events', { ...generated, hasMore: 'yes', projections: { asOfSeq: 'x' }, events: [{ event: {} }] }],
    ['unknown fields (kept, the value is loose)', { ...generated, cursor: 'c', extra: { deep: [1] } }],
  ])('agrees with a one-pass check on %s', async (_case, value) => {
    await expectSame(history, 'events', value);
  });

  it('agrees with a one-pass check on session.list values', async () => {
    const items = Array.from({ length: 300 }, (_, i) => ({ sessionId: `session-${i}`, updatedAt: i, running: false, blank: i % 2 === 0, title: `t${i}` }));
    await expectSame(list, 'items', { items, nextCursor: 'n' });
    await expectSame(list, 'items', { items: [...items.slice(0, 200), { sessionId: '' }, ...items.slice(200)], nextCursor: 3 });
  });

  it('agrees with a one-pass check on pages spoilt at random', async () => {
    const base = (generated.events as unknown[]).slice(0, 120);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(
            fc.nat({ max: base.length - 1 }),
            fc.oneof(fc.anything(), fc.record({ event: fc.anything() }), fc.record({ event: fc.record({ type: fc.string(), seq: fc.anything() }) })),
          ),
          { maxLength: 8 },
        ),
        fc.anything(),
        async (spoils, hasMore) => {
          const events = [...base];
          for (const [at, value] of spoils) events[at] = value;
          await expectSame(history, 'events', { events, hasMore, projections: generated.projections }, 2);
        },
      ),
      { seed: 20261202, numRuns: 200 },
    );
  });

  it('runs the work on each raw item once, in order, before the item is checked', async () => {
    const seen: unknown[] = [];
    const value = { events: [{ event: { type: 'a', seq: 0 } }, { event: { type: 'b', seq: -1 } }], hasMore: false };
    const result = await checkInSlices(history, 'events', value, fakeClock(1).clock, (item) => {
      seen.push(item);
      return { event: { type: 'c', seq: seen.length, data: {} } };
    });
    expect(seen).toEqual([{ event: { type: 'a', seq: 0 } }, { event: { type: 'b', seq: -1 } }]);
    expect(result).toEqual({
      success: true,
      data: { events: [{ event: { type: 'c', seq: 1, data: {} } }, { event: { type: 'c', seq: 2, data: {} } }], hasMore: false },
    });
  });

  it('refuses a field that is not an array of the schema (a programming error)', async () => {
    await expect(checkInSlices(history, 'hasMore', generated, fakeClock().clock)).rejects.toThrow(/not an array field/);
  });
});
