import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath, readFixture } from '../../../fixtures/paths.ts';
import { parseSessionLog } from '../log/reader.ts';
import type { SessionEvent } from '../log/types.ts';
import { foldProgress, progressViewOf } from './progress.ts';
import { progressProjection, progressProjectionOf, progressProjectionValueOf } from './progress-projection.ts';

const randomDir = fixturePath('projection-random');
const logs: [string, SessionEvent[]][] = [
  ['todos/plan-progress', parseSessionLog(readFixture('todos', 'plan-progress.jsonl')).events],
  ['todos/no-plan', parseSessionLog(readFixture('todos', 'no-plan.jsonl')).events],
  ['dsh plan-review', parseSessionLog(readFixture('dsh-recordings', 'plan-review', 'session.jsonl')).events],
  ['review/revisions', parseSessionLog(readFixture('review', 'revisions.jsonl')).events],
  ...readdirSync(randomDir)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .map((name): [string, SessionEvent[]] => [name, parseSessionLog(readFileSync(path.join(randomDir, name), 'utf8')).events]),
];

describe('progress projection', () => {
  it('serves the fold of the whole log: the region view, the audits and the latest revision, never plan text', () => {
    const events = logs[0]![1];
    const value = progressProjectionValueOf(foldProgress(events));
    expect(value.view).toEqual(progressViewOf(foldProgress(events)));
    expect(value.latest).toMatchObject({ outcome: 'approved', version: 1, title: 'Add a --greeting flag to the CLI' });
    expect(value.audits).toEqual([
      { callId: value.latest!.callId, done: 4, notDone: 0, extra: 0, total: 4, end: expect.objectContaining({ kind: 'completed' }) },
    ]);
    expect(JSON.stringify(value)).not.toContain('## ');
  });

  it.each(logs)('%s: every frame it would push is a real change, the last one equals the whole-log value, and the wire value parses', (_name, events) => {
    let state = progressProjection.init();
    let sent = JSON.stringify(progressProjection.view(state));
    for (const event of events) {
      const next = progressProjection.apply(state, event);
      const value = JSON.stringify(progressProjection.view(next));
      if (next === state || progressProjection.sameView!(state, next)) expect(value).toBe(sent);
      else sent = value;
      state = next;
    }
    const whole = progressProjectionValueOf(foldProgress(events));
    expect(JSON.parse(sent)).toEqual(JSON.parse(JSON.stringify(whole)));
    expect(progressProjectionOf(JSON.parse(sent))).toEqual(JSON.parse(sent));
  });

  it('ignores a value that is not one (a host that sends something else): the page folds its own events', () => {
    expect(progressProjectionOf(undefined)).toBeUndefined();
    expect(progressProjectionOf(null)).toBeUndefined();
    expect(progressProjectionOf({ view: { kind: 'plan' }, audits: [], latest: null })).toBeUndefined();
    expect(progressProjectionOf({ view: { kind: 'none' }, audits: [{ callId: 1 }], latest: null })).toBeUndefined();
    expect(progressProjectionOf({ view: { kind: 'none' }, audits: [], latest: null })).toEqual({ view: { kind: 'none' }, audits: [], latest: null });
  });
});
