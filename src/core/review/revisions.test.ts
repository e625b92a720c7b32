import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath, readFixture, readRecordingFixture, RECORDING_NAMES } from '../../../fixtures/paths.ts';
import { mulberry32 } from '../../../fixtures/seeded-random.mjs';
import { parseSessionLog } from '../log/reader.ts';
import type { SessionEvent } from '../log/types.ts';
import { applyReviewEvent, foldReviewHistory, initReviewState, reviewHistorySchema, reviewsProjection } from './revisions.ts';
import { chainRevisions, revisionOfCall, type ReviewHistory } from './history.ts';

const fixtureEvents = (): SessionEvent[] => parseSessionLog(readFixture('review', 'revisions.jsonl')).events;

let nextSeq = 0;
const ev = (type: string, data: unknown, time?: number): SessionEvent => ({ type, data, seq: nextSeq++, ...(time !== undefined ? { time } : {}) });
const call = (callId: string, plan: unknown) => ev('tool/call', { turn: 1, step: 1, callId, name: 'exit_plan_mode', arguments: JSON.stringify({ plan }) });
const result = (callId: string, text: string, isError: boolean) => ev('tool/result', { turn: 1, step: 1, callId, content: [{ type: 'text', text }], isError });
const KEEP = (feedback: string) => `Error: The user chose to keep planning; their feedback: ${feedback}`;
const APPROVED = 'Plan approved — plan mode exited; carry out the plan starting with your next step.';
const DISMISSED = 'Error: The user dismissed the plan review to speak instead; stay in plan mode, stop here, and wait for their message.';

describe('review history fold', () => {
  it('numbers the revisions of the fixture v1–v4 across keep planning and a dismissal, and starts a new chain after the approval', () => {
    const history = foldReviewHistory(fixtureEvents());
    expect(history.revisions.map((r) => [r.callId, r.chain, r.version, r.outcome.kind])).toEqual([
      ['call-1', 1, 1, 'kept-planning'],
      ['call-2', 1, 2, 'dismissed'],
      ['call-3', 1, 3, 'kept-planning'],
      ['call-4', 1, 4, 'approved'],
      ['call-7', 2, 1, 'aborted'],
      ['call-8', 2, 2, 'pending'],
    ]);
  });

  it('records the feedback and the message after a dismissal as what led to the next revision', () => {
    const history = foldReviewHistory(fixtureEvents());
    expect(revisionOfCall(history, 'call-1')?.outcome).toEqual({ kind: 'kept-planning', feedback: 'print it before the output, and add a test' });
    expect(revisionOfCall(history, 'call-1')?.prompt).toBeUndefined();
    expect(revisionOfCall(history, 'call-2')?.prompt).toEqual({ kind: 'feedback', text: 'print it before the output, and add a test' });
    expect(revisionOfCall(history, 'call-3')?.prompt).toEqual({ kind: 'message', text: 'Also document the flag in the README.' });
    expect(revisionOfCall(history, 'call-4')?.prompt).toBeUndefined();
    expect(revisionOfCall(history, 'call-7')?.outcome).toEqual({ kind: 'aborted', reason: 'aborted before the user answered' });
  });

  it('keeps the times of the call and of its result from the log', () => {
    const events = fixtureEvents();
    const v1 = revisionOfCall(foldReviewHistory(events), 'call-1')!;
    expect(v1.time).toBe(events[v1.seq]!.time);
    expect(v1.answeredAt).toBe(events[v1.resultSeq!]!.time);
    expect(v1.title).toBe('Add a greeting flag');
  });

  it('does not count a call outside plan mode or a plan without a level-1 heading', () => {
    const history = foldReviewHistory(fixtureEvents());
    expect(revisionOfCall(history, 'call-5')).toBeUndefined();
    expect(revisionOfCall(history, 'call-6')).toBeUndefined();
  });

  it('keys the chain on plan mode in the session-modes variant', () => {
    const events = [ev('mode/set', { mode: 'plan' }), call('a', '# A'), result('a', APPROVED, false), ev('mode/set', { mode: 'default' }), call('b', '# B')];
    expect(foldReviewHistory(events).revisions.map((r) => r.callId)).toEqual(['a']);
    const again = [...events, ev('mode/set', { mode: 'plan' }), call('c', '# C')];
    expect(foldReviewHistory(again).revisions.map((r) => [r.callId, r.chain, r.version])).toEqual([
      ['a', 1, 1],
      ['c', 2, 1],
    ]);
  });

  it('reads who answered when the result records it', () => {
    const answered = { ...result('x', KEEP('more'), true) };
    answered.data = { ...(answered.data as object), answeredBy: 'alice' };
    const history = foldReviewHistory([ev('plan/mode', { active: true }), call('x', '# X'), answered]);
    expect(history.revisions[0]?.answeredBy).toBe('alice');
  });

  it.each(RECORDING_NAMES)('folds the recording %s and every revision passes the wire schema', (name) => {
    const history = foldReviewHistory(parseSessionLog(readRecordingFixture(name)).events);
    expect(reviewHistorySchema.safeParse(history).success).toBe(true);
    if (name === 'plan-review') {
      expect(history.revisions).toHaveLength(1);
      expect(history.revisions[0]).toMatchObject({ chain: 1, version: 1, outcome: { kind: 'approved' }, title: 'Add `--greeting` flag to CLI' });
    } else expect(history.revisions).toEqual([]);
  });

  it('folds every projection-random case without throwing and with numbered chains', () => {
    const dir = fixturePath('projection-random');
    const names = readdirSync(dir).filter((n) => n.endsWith('.jsonl'));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expectWellNumbered(foldReviewHistory(parseSessionLog(readFileSync(path.join(dir, name), 'utf8')).events));
  });

  it('returns the same state for events that do not concern reviews', () => {
    const state = applyReviewEvent(initReviewState(), ev('plan/mode', { active: true }));
    for (const event of [
      ev('turn/start', { turn: 1 }),
      ev('tool/call', { callId: 'r', name: 'read', arguments: '{}' }),
      ev('user/message', { content: [] }),
      ev('bogus', null),
    ]) {
      expect(applyReviewEvent(state, event)).toBe(state);
    }
  });

  it('equals the whole-log fold when folded incrementally in any split, on generated logs', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const events = generatedLog(seed);
      const whole = foldReviewHistory(events);
      expectWellNumbered(whole);
      expect(reviewHistorySchema.safeParse(whole).success).toBe(true);
      let state = reviewsProjection.init();
      for (const event of events) state = reviewsProjection.apply(state, event);
      expect(reviewsProjection.view(state)).toEqual(whole);
      const cut = Math.floor(mulberry32(seed)() * events.length);
      expect(foldReviewHistory(events, cut)).toEqual(foldReviewHistory(events.slice(0, cut)));
    }
  });

  it('matches the outcome of each call on generated logs', () => {
    for (let seed = 100; seed < 140; seed++) {
      const events = generatedLog(seed);
      const history = foldReviewHistory(events);
      for (const revision of history.revisions) {
        const settled = events.find((e) => e.type === 'tool/result' && (e.data as { callId?: string } | null)?.callId === revision.callId);
        if (!settled) expect(revision.outcome.kind).toBe('pending');
        else expect(revision.resultSeq).toBe(settled.seq);
      }
    }
  });
});

/** Chains count up from 1; versions count up from 1 within a chain; a chain ends only at an approval logged before the next call. */
function expectWellNumbered(history: ReviewHistory): void {
  let previous = history.revisions[0];
  if (previous) expect([previous.chain, previous.version]).toEqual([1, 1]);
  for (const revision of history.revisions.slice(1)) {
    const chain = previous!.chain;
    const closed = chainRevisions(history, chain).some((r) => r.outcome.kind === 'approved' && r.resultSeq! < revision.seq);
    if (closed) expect([revision.chain, revision.version]).toEqual([chain + 1, 1]);
    else expect([revision.chain, revision.version]).toEqual([chain, previous!.version + 1]);
    previous = revision;
  }
  for (const revision of history.revisions) expect(chainRevisions(history, revision.chain)[revision.version - 1]).toBe(revision);
}

/** A random log of plan-mode switches, exit_plan_mode calls (valid and not) with every kind of result, and noise. */
function generatedLog(seed: number): SessionEvent[] {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const events: SessionEvent[] = [];
  let open: string[] = [];
  let n = 0;
  const add = (type: string, data: unknown) => events.push({ type, data, seq: events.length, time: 1_000 + events.length });
  for (let i = 0; i < 80; i++) {
    const r = random();
    if (r < 0.15) add('plan/mode', { active: random() < 0.7 });
    else if (r < 0.2) add('mode/set', { mode: pick(['plan', 'default', 'review']) });
    else if (r < 0.45) {
      const id = `c${n++}`;
      add('tool/call', {
        turn: 1,
        step: 1,
        callId: id,
        name: pick(['exit_plan_mode', 'exit_plan_mode', 'read']),
        arguments: JSON.stringify({ plan: pick(['# P1\n- a', '# P2\n- b', 'prose', '## h2']) }),
      });
      open.push(id);
    } else if (r < 0.7 && open.length > 0) {
      const id = pick(open);
      open = open.filter((x) => x !== id);
      const [text, isError] = pick([
        [APPROVED, false],
        [KEEP('more tests'), true],
        ['Error: The user chose to keep planning; revise the plan and present it again.', true],
        [DISMISSED, true],
        ['Error: aborted before the user answered', true],
      ] as const);
      add('tool/result', { turn: 1, step: 1, callId: id, content: [{ type: 'text', text }], isError });
    } else if (r < 0.85) add('user/message', { content: [{ type: 'text', text: `msg ${i}` }], source: { kind: pick(['user', 'plugin']) } });
    else add(pick(['turn/start', 'step/start', 'assistant/chunk', 'tool/result']), pick([null, {}, { turn: 1 }, 'x']));
  }
  return events;
}
