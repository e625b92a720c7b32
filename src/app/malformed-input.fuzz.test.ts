// @vitest-environment node
/**
 * Fuzz suite (fast-check, fixed seed): the valid events of every recorded log in fixtures/dsh-recordings and
 * fixtures/projection-random, interleaved with noise (random JSON, truncated lines, wrong shapes, prototype keys,
 * deep nesting, lone surrogates, BOMs, CRLF), run through the reader, the folds and the session-stream store:
 * nothing throws, and the valid events fold to the same result as without the noise. `npm test` runs ~10,000 lines
 * and 2,000 frames; `npm run fuzz` (UI_PLAN_FUZZ=full) 100,000 and 10,000; UI_PLAN_FUZZ_SEED replays another seed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../fixtures/paths.ts';
import { EVENT_SHAPES, PROTOTYPE_TYPES } from '../../fixtures/trust/event-shapes.ts';
import { parseSessionLog } from '../core/log/reader.ts';
import { KNOWN_EVENT_TYPES } from '../core/log/schemas.ts';
import type { SessionEvent } from '../core/log/types.ts';
import { foldMode } from '../core/modes/fold.ts';
import { foldModeProjection } from '../core/modes/projection.ts';
import { foldPlanMode, foldPlanProjection } from '../core/plan/fold.ts';
import { createSessionStreamStore, type FetchedHistoryPage } from '../session/store.ts';
import { foldTranscript } from '../core/transcript/fold.ts';
import { parseHostFrame, parseMuxFrame, type Downlink, type DownlinkHandlers } from '../lib/downlink.ts';

const FULL = process.env.UI_PLAN_FUZZ === 'full';
const SEED = Number(process.env.UI_PLAN_FUZZ_SEED ?? 20261130);
/** Lines (valid and noise) and frames each run aims at; the tests assert they were reached. */
const TARGET_LINES = FULL ? 100_000 : 10_000;
const TARGET_FRAMES = FULL ? 10_000 : 2_000;
const TIMEOUT_MS = FULL ? 600_000 : 60_000;

// ---------------------------------------------------------------------------------------------------------------
// The recorded logs: each reduced to its header and the lines the reader reads as events (the clean log).

interface Source {
  name: string;
  header: string;
  lines: string[];
}

function sourceOf(name: string, text: string): Source {
  const rows = text.replace(/\n$/, '').split('\n');
  const parsed = parseSessionLog(text);
  return { name, header: rows[0]!, lines: parsed.events.map((event) => rows[event.seq + parsed.firstSeqLine - 1]!) };
}

const recordings = readdirSync(fixturePath('dsh-recordings'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => sourceOf(entry.name, readFileSync(fixturePath('dsh-recordings', entry.name, 'session.jsonl'), 'utf8')));
const randomCases = readdirSync(fixturePath('projection-random'))
  .filter((name) => name.endsWith('.jsonl'))
  .sort()
  .map((name) => sourceOf(name, readFileSync(path.join(fixturePath('projection-random'), name), 'utf8')));
const SOURCES: readonly Source[] = [...recordings, ...randomCases];
const MODES = ['plan', 'review'];

// ---------------------------------------------------------------------------------------------------------------
// Noise. Each noise line says what the reader must make of it: skip it, keep it as an event of an unknown kind (which
// no fold reads), or either (random JSON). None may ever be read as an event of a known kind.

type Fate = 'skip' | 'unknown' | 'either';
interface Noise {
  text: string;
  fate: Fate;
}

const KNOWN = new Set(KNOWN_EVENT_TYPES);
const line = (value: unknown) => JSON.stringify(value);
const nonObject = fc.constantFrom<unknown>(null, [], 's', 1, true, 0, -1.5, [1, 'x'], '');
const surrogate = fc.constantFrom('\ud800', '\udfff', '\udc00x', 'a\ud83d', '\ud83d\ud83d');
const extraKeys = fc.dictionary(
  fc.string({ maxLength: 6 }).map((k) => `x_${k}`),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 3 },
);
const depth = fc.integer({ min: 1, max: 2000 });

function noiseOf(pool: readonly string[]): fc.Arbitrary<Noise> {
  const skip = (text: fc.Arbitrary<string>) => text.map((t): Noise => ({ text: t, fate: 'skip' }));
  const unknown = (text: fc.Arbitrary<string>) => text.map((t): Noise => ({ text: t, fate: 'unknown' }));
  return fc.oneof(
    // random JSON (never an object claiming a known kind)
    fc
      .jsonValue({ maxDepth: 4 })
      .filter((v) => !(typeof v === 'object' && v !== null && !Array.isArray(v) && KNOWN.has((v as { type?: string }).type ?? '')))
      .map((v): Noise => ({ text: line(v), fate: 'either' })),
    // a valid line truncated (a crash mid-write), possibly inside a surrogate pair
    skip(fc.constantFrom(...pool).chain((text) => fc.integer({ min: 0, max: text.length - 1 }).map((at) => text.slice(0, at)))),
    // a known kind whose data is not an object
    skip(fc.tuple(fc.constantFrom(...KNOWN_EVENT_TYPES), nonObject).map(([type, data]) => line({ type, data }))),
    // a known kind with a field of the wrong type (plus harmless extra keys)
    skip(
      fc.tuple(fc.constantFrom(...EVENT_SHAPES), extraKeys).map(([shape, extra]) => line({ type: shape.type, data: { ...(shape.wrong as object), ...extra } })),
    ),
    // Object.prototype keys as event types (unknown kinds), as payload keys and as envelope keys
    unknown(fc.tuple(fc.constantFrom(...PROTOTYPE_TYPES), fc.jsonValue({ maxDepth: 2 })).map(([type, data]) => line({ type, data }))),
    skip(
      fc.constantFrom(
        '{"type":"plan/mode","data":{"__proto__":{"active":true}}}',
        '{"type":"mode/set","data":{"constructor":{"mode":"plan"}}}',
        '{"__proto__":{"type":"plan/mode"},"data":{"active":true}}',
        '{"type":"__proto__"}',
        '{"type":{"toString":"plan/mode"},"data":{}}',
      ),
    ),
    // huge numbers
    skip(
      fc.constantFrom(
        '{"type":"turn/start","data":{"turn":1e400}}',
        '{"type":"step/start","data":{"turn":1,"step":-1e999}}',
        '{"type":"assistant/chunk","data":{"turn":1e309,"step":1,"chunk":{"type":"text-delta","index":0,"text":"x"}}}',
      ),
    ),
    unknown(fc.constantFrom('{"type":"x/huge","data":{"n":1e400},"time":1e400}', '{"type":"x/huge","data":123456789012345678901234567890}')),
    // deep nesting, bounded
    skip(depth.map((d) => `{"type":"user/message","data":{"content":${'['.repeat(d + 1)}${']'.repeat(d + 1)}}}`)),
    unknown(depth.map((d) => `{"type":"x/deep","data":${'{"a":'.repeat(d)}1${'}'.repeat(d)}}`)),
    // lone surrogates: in an unknown type name, in a wrong-typed field, and raw in front of a line
    unknown(surrogate.map((s) => line({ type: `x/${s}`, data: s }))),
    skip(surrogate.map((s) => line({ type: 'plan/mode', data: { active: s } }))),
    skip(fc.tuple(surrogate, fc.constantFrom(...pool)).map(([s, text]) => s + text)),
    // a byte-order mark in the middle of the file, an empty line, a lone CR, a second header
    skip(fc.constantFrom(...pool).map((text) => `\uFEFF${text}`)),
    skip(fc.constantFrom('', ' ', '\r', '\t')),
    skip(fc.constant('{"type":"session","version":0,"id":"again","createdAt":1,"cwd":"/"}')),
  );
}

/** Content of an event without its seq (noise lines shift seq). */
const content = ({ seq: _seq, ...rest }: SessionEvent) => rest;

/** A transcript fold without seqs and seq-derived keys, so a noisy log compares with its clean one. */
function transcriptContent(events: readonly SessionEvent[]) {
  return JSON.parse(JSON.stringify(foldTranscript(events).items, (key, value: unknown) => (key === 'seq' || key === 'key' ? undefined : value))) as unknown;
}

function foldsOf(events: readonly SessionEvent[]) {
  return {
    planMode: foldPlanMode(events),
    plan: foldPlanProjection(events),
    mode: foldMode(events),
    modeProjection: foldModeProjection(events, MODES),
    transcript: transcriptContent(events),
  };
}

// ---------------------------------------------------------------------------------------------------------------

describe('fuzz: malformed log lines through the reader and the folds', () => {
  it(
    `never throws and folds the valid events as without the noise (about ${TARGET_LINES} lines)`,
    () => {
      let lines = 0;
      const log = fc.constantFrom(...SOURCES).chain((source) =>
        fc.record({
          source: fc.constant(source),
          noise: fc.array(noiseOf(source.lines.length > 0 ? source.lines : [source.header]), { minLength: 50, maxLength: 80 }),
          order: fc.array(fc.nat(), { minLength: 130, maxLength: 130 }),
          crlf: fc.array(fc.boolean(), { minLength: 200, maxLength: 200 }),
          bom: fc.boolean(),
          finalNewline: fc.boolean(),
        }),
      );
      fc.assert(
        fc.property(log, ({ source, noise, order, crlf, bom, finalNewline }) => {
          // Interleave: noise i goes before valid line order[i] % (n + 1).
          const n = source.lines.length;
          const rows: { text: string; fate: Fate | 'valid'; valid?: number }[] = source.lines.map((text, i) => ({ text, fate: 'valid', valid: i }));
          noise.forEach((item, i) => rows.splice((order[i] ?? 0) % (rows.length + 1), 0, item));
          const all = [source.header, ...rows.map((row) => row.text)];
          const text =
            (bom ? '\uFEFF' : '') + all.map((row, i) => row + (crlf[i % crlf.length] && row !== '' ? '\r' : '')).join('\n') + (finalNewline ? '\n' : '');
          lines += all.length;

          const clean = parseSessionLog([source.header, ...source.lines].join('\n'));
          const noisy = parseSessionLog(text);
          expect(clean.skipped).toEqual([]);
          expect(noisy.header).toEqual(clean.header);
          // Every valid line is an event at its line position; every noise line meets its fate.
          const bySeq = new Map(noisy.events.map((event) => [event.seq, event]));
          const skippedLines = new Set(noisy.skipped.map((s) => s.line));
          rows.forEach((row, i) => {
            const fileLine = i + 2;
            // An empty last line without a final newline is the file's own line end, not a line.
            if (i === rows.length - 1 && row.text === '' && !finalNewline) return;
            if (row.fate === 'valid') expect(content(bySeq.get(i)!)).toEqual(content(clean.events[row.valid!]!));
            else if (row.fate === 'skip') expect(skippedLines.has(fileLine)).toBe(true);
            else if (row.fate === 'unknown') expect(KNOWN.has(bySeq.get(i)?.type ?? 'missing')).toBe(false);
            else expect(skippedLines.has(fileLine) || !KNOWN.has(bySeq.get(i)!.type)).toBe(true);
          });
          // Known kinds in the same order with the same content; the folds agree.
          const known = (events: readonly SessionEvent[]) => events.filter((e) => KNOWN.has(e.type)).map(content);
          expect(known(noisy.events)).toEqual(known(clean.events));
          expect(foldsOf(noisy.events)).toEqual(foldsOf(clean.events));
          expect(n).toBe(clean.events.length);

          // Unvalidated: the raw noise objects handed straight to the folds never make them throw.
          const raw = rows.map((row, i) => {
            try {
              const value = JSON.parse(row.text) as Record<string, unknown>;
              return typeof value === 'object' && value !== null ? ({ ...value, seq: i } as unknown as SessionEvent) : (value as unknown as SessionEvent);
            } catch {
              return row.text as unknown as SessionEvent;
            }
          });
          expect(() => foldsOf(raw)).not.toThrow();
        }),
        { seed: SEED, numRuns: Math.ceil(TARGET_LINES / 80), endOnFailure: !FULL },
      );
      expect(lines).toBeGreaterThanOrEqual(TARGET_LINES);
    },
    TIMEOUT_MS,
  );
});

// ---------------------------------------------------------------------------------------------------------------
// Frames: the same events as a host streams them, through the downlink's frame reader and the store.

const S = 'session-fuzz';
/** Seqs from here up belong to noise events of unknown kinds; the comparison leaves them out. */
const NOISE_SEQ = 1_000_000;

const envelope = (payload: Record<string, unknown>, rpcId = 'r') => line({ type: 'server-request', rpcId, method: payload.type, payload });
const eventFrame = (event: unknown, sessionId = S) => envelope({ type: 'session/event', sessionId, event });

function frameNoise(valid: readonly string[], count: number): fc.Arbitrary<unknown> {
  const seq = fc.integer({ min: 0, max: count + 3 });
  return fc.oneof(
    fc.jsonValue({ maxDepth: 3 }).map(line),
    fc.constantFrom(...valid).chain((text) => fc.integer({ min: 0, max: text.length - 1 }).map((at) => text.slice(0, at))),
    fc.constantFrom(...valid).map((text) => `\uFEFF${text}`),
    // a known kind with a wrong payload, at the seq of a real event
    fc.tuple(fc.constantFrom(...KNOWN_EVENT_TYPES), nonObject, seq).map(([type, data, at]) => eventFrame({ type, seq: at, data })),
    fc.tuple(fc.constantFrom(...EVENT_SHAPES), seq).map(([shape, at]) => eventFrame({ type: shape.type, seq: at, data: shape.wrong })),
    // unknown kinds (prototype keys, surrogates, deep nesting) at noise seqs
    fc.tuple(fc.constantFrom(...PROTOTYPE_TYPES), fc.nat(1000)).map(([type, at]) => eventFrame({ type, seq: NOISE_SEQ + at, data: { x: 1 } })),
    fc.tuple(surrogate, fc.nat(1000)).map(([s, at]) => eventFrame({ type: `x/${s}`, seq: NOISE_SEQ + at, data: s })),
    fc
      .tuple(depth, fc.nat(1000))
      .map(
        ([d, at]) =>
          `{"type":"server-request","rpcId":"r","method":"session/event","payload":{"type":"session/event","sessionId":"${S}","event":{"type":"x/deep","seq":${NOISE_SEQ + at},"data":${'['.repeat(d)}${']'.repeat(d)}}}}`,
      ),
    // bad envelopes and seqs
    fc.constantFrom(
      '{"type":"server-request","rpcId":"r","method":"session/event","payload":{"type":"session/event","sessionId":"session-fuzz","event":{"type":"a/b","seq":1e400,"data":1}}}',
      '{"type":"server-request","rpcId":"r","method":"session/event","payload":{"type":"session/event","sessionId":"session-fuzz","event":{"type":"a/b","seq":-1,"data":1}}}',
      '{"type":"server-request","rpcId":"r","method":"session/event","payload":{"type":"session/event","sessionId":"session-fuzz","event":{"type":"","seq":1,"data":1}}}',
      '{"type":"server-request","rpcId":"r","method":"session/event","payload":{"type":"session/event","sessionId":"session-fuzz","event":null}}',
      '{"type":"server-request","rpcId":"r","method":"session/event","payload":{"type":"session/event","sessionId":"session-fuzz","event":{"type":"a/b","seq":9007199254740993,"data":1}}}',
      '{"type":"server-request","rpcId":"r","method":"question/requested","payload":{"type":"question/requested","sessionId":"session-fuzz","questions":[]}}',
      '{"type":"server-request","rpcId":"r","payload":{}}',
      '{"__proto__":{"type":"server-request"}}',
      new Uint8Array([123, 125]),
    ),
    // prototype keys as session ids and projection keys (other sessions; never the one compared)
    fc
      .tuple(fc.constantFrom(...PROTOTYPE_TYPES), fc.jsonValue({ maxDepth: 2 }))
      .chain(([key, value]) =>
        fc.constantFrom(
          envelope({ type: 'session/event', sessionId: key, event: { type: key, seq: 0, data: value } }),
          envelope({ type: 'session/projection', sessionId: key, key, value, seq: 1 }),
          envelope({ type: 'session/subscribed', sessionId: key, lastSeq: -5 }),
          envelope({ type: 'question/requested', sessionId: key, questions: [{ id: key, question: key }] }, key),
          envelope({ type: 'question/resolved', sessionId: key, questionRpcId: key, outcome: 'answered' }),
          envelope({ type: 'host/session-status', sessionId: key, running: true }),
          envelope({ type: key, sessionId: key }),
        ),
      ),
  );
}

describe('fuzz: malformed frames through the downlink reader and the session-stream store', () => {
  it(
    `never throws and holds the valid events as without the noise (about ${TARGET_FRAMES} frames)`,
    async () => {
      let frames = 0;
      const run = fc.constantFrom(...SOURCES.filter((s) => s.lines.length >= 4)).chain((source) => {
        const events = parseSessionLog([source.header, ...source.lines].join('\n')).events;
        const valid = events.map((event, i) => eventFrame(event, S).replace('"rpcId":"r"', `"rpcId":"r${i}"`));
        return fc.record({
          events: fc.constant(events),
          valid: fc.constant(valid),
          baseline: fc.integer({ min: 0, max: events.length }),
          noise: fc.array(frameNoise(valid, events.length), { minLength: 20, maxLength: 40 }),
          historyNoise: fc.array(fc.tuple(fc.constantFrom(...KNOWN_EVENT_TYPES), nonObject, fc.nat(events.length + 3)), { maxLength: 5 }),
          order: fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
          duplicates: fc.array(fc.nat(events.length - 1), { maxLength: 5 }),
        });
      });
      await fc.assert(
        fc.asyncProperty(run, async ({ events, valid, baseline, noise, historyNoise, order, duplicates }) => {
          // The first `baseline` events come from a history page (with wrong-shaped entries), the rest as frames.
          const page: FetchedHistoryPage = {
            events: [
              ...events.slice(0, baseline).map((event) => ({ event })),
              ...historyNoise.map(([type, data, seq]) => ({ event: { type, seq, data } })),
              { event: null as unknown as SessionEvent },
            ],
            hasMore: false,
            projections: { asOfSeq: baseline - 1, values: { constructor: 1, plan: { active: false, pending: false } } },
          };
          const texts: unknown[] = [...valid.slice(baseline), ...duplicates.map((i) => valid[i]!)];
          noise.forEach((item, i) => texts.splice((order[i] ?? 0) % (texts.length + 1), 0, item));
          frames += texts.length;

          const box: { handlers?: DownlinkHandlers } = {};
          const connect = (handlers: DownlinkHandlers): Downlink => {
            box.handlers = handlers;
            return { state: 'connected', malformedCount: 0, close: () => undefined };
          };
          const store = createSessionStreamStore({ connect, fetchHistory: async () => page });
          store.start();
          await store.refreshSession(S);
          for (const text of texts) {
            const mux = parseMuxFrame(text);
            if (mux.kind === 'frame') store.applyMux(mux.frame, mux.rpcId);
            const host = parseHostFrame(text);
            if (host.kind === 'frame') store.applyHost(host.frame);
          }
          store.stop();
          const held = store.getState().sessions[S]!.events.filter((event) => event.seq < NOISE_SEQ);
          expect(held).toEqual(events);
          expect(foldsOf(held)).toEqual(foldsOf(events));
          expect(() => foldsOf(store.getState().sessions[S]!.events)).not.toThrow();
        }),
        { seed: SEED, numRuns: Math.ceil(TARGET_FRAMES / 40), endOnFailure: !FULL },
      );
      expect(frames).toBeGreaterThanOrEqual(TARGET_FRAMES);
    },
    TIMEOUT_MS,
  );
});
