/**
 * The randomised projection cases of fixtures/projection-random: every log is read with
 * `parseSessionLog` and folded with `foldPlanMode`, the `plan` projection and `foldMode`, and must match its
 * `case-NNN.expected.json`. Also checks that step-by-step `apply` equals the whole-log fold, that `apply`
 * keeps the reference for events that change nothing, and that the folds' guards agree with the reader.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../fixtures/paths.ts';
import { commandDoneOf, commandRunOf, modeSetOf, planModeOf } from './log/guards.ts';
import { isKnownEventValid, parseSessionLog } from './log/reader.ts';
import type { SessionEvent } from './log/types.ts';
import { foldMode } from './modes/fold.ts';
import { foldPlanMode, foldPlanProjection, planProjection } from './plan/fold.ts';

const casesDir = fixturePath('projection-random');
const cases = readdirSync(casesDir)
  .filter((name) => name.endsWith('.jsonl'))
  .sort()
  .map((name) => {
    const base = name.slice(0, -'.jsonl'.length);
    return {
      name: base,
      log: parseSessionLog(readFileSync(path.join(casesDir, name), 'utf8')),
      expected: JSON.parse(readFileSync(path.join(casesDir, `${base}.expected.json`), 'utf8')) as {
        planMode: boolean;
        plan: { active: boolean; pending: boolean };
        mode: string;
      },
    };
  });

const guards: Record<string, (event: SessionEvent) => unknown> = {
  'plan/mode': planModeOf,
  'mode/set': modeSetOf,
  'command/run': commandRunOf,
  'command/done': commandDoneOf,
};

describe('projection-random cases', () => {
  it('finds the projection-random cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases)('$name folds to its expected values', ({ log, expected }) => {
    expect(log.header?.type).toBe('session');
    expect(foldPlanMode(log.events)).toBe(expected.planMode);
    expect(foldPlanProjection(log.events)).toEqual(expected.plan);
    expect(foldMode(log.events)).toBe(expected.mode);
  });

  it.each(cases)('$name gives the same view step by step as the whole-log fold at every prefix', ({ log }) => {
    let state = planProjection.init();
    for (let i = 0; i < log.events.length; i++) {
      const event = log.events[i] as SessionEvent;
      const next = planProjection.apply(state, event);
      const changed = next !== state;
      const concerns = event.type === 'plan/mode' || event.type === 'command/run' || event.type === 'command/done';
      if (!concerns) expect(changed).toBe(false);
      if (changed) expect(next).not.toEqual(state);
      state = next;
      expect(planProjection.view(state)).toEqual(foldPlanProjection(log.events, i + 1));
    }
  });

  it.each(cases)('$name keeps seqs equal to line positions and reports unreadable lines', ({ name, log }) => {
    const lines = readFileSync(path.join(casesDir, `${name}.jsonl`), 'utf8')
      .replace(/\n$/, '')
      .split('\n');
    for (const event of log.events) expect(JSON.parse(lines[event.seq + 1] as string).type).toBe(event.type);
    expect(log.events.length + log.skipped.length).toBe(lines.length - 1);
  });

  it.each(cases)('$name: the fold guards accept exactly what the reader accepts', ({ log }) => {
    for (const event of log.events) {
      const guard = guards[event.type];
      if (guard === undefined) continue;
      expect(guard(event) !== undefined).toBe(isKnownEventValid(event.type, event.data) === undefined);
    }
  });
});
