import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixturePath, readFixture } from '../../../fixtures/paths.ts';
import { parseSessionLog } from '../log/reader.ts';
import type { SessionEvent } from '../log/types.ts';
import { foldUnitState } from '../projection.ts';
import { todosProjection } from '../todos/todos.ts';
import { planProjection } from './fold.ts';
import { planLifecycleOf, type ListedProjections } from './lifecycle.ts';
import { foldProgress } from './progress.ts';
import { progressProjectionValueOf } from './progress-projection.ts';

/** What a ui-plan `session.list` item carries for `events` (as JSON, the wire's shape). */
function listed(events: readonly SessionEvent[]): Required<ListedProjections> {
  const values = {
    plan: planProjection.view(foldUnitState(planProjection, events)),
    todos: foldUnitState(todosProjection, events),
    progress: progressProjectionValueOf(foldProgress(events)),
  };
  return JSON.parse(JSON.stringify(values)) as Required<ListedProjections>;
}
/** What a plain dsh host's item carries: no `progress`. */
function dsh(events: readonly SessionEvent[]): ListedProjections {
  const { plan, todos } = listed(events);
  return { plan, todos };
}

const recording = (name: string) => parseSessionLog(readFixture('dsh-recordings', name, 'session.jsonl')).events;
const todosFixture = (name: string) => parseSessionLog(readFixture('todos', name)).events;
const upTo = (events: SessionEvent[], test: (e: SessionEvent) => boolean) => events.slice(0, events.findIndex(test) + 1);

describe('plan lifecycle in the sessions list', () => {
  it('follows the recorded plan review: drafting, waiting for review, then approved (no to-do list written)', () => {
    const events = recording('plan-review');
    expect(planLifecycleOf(listed(upTo(events, (e) => e.type === 'plan/mode')), true)).toEqual({ kind: 'drafting' });
    // Plan mode on with no turn at work is no plan yet: the row keeps its plan-mode badge.
    expect(planLifecycleOf(listed(upTo(events, (e) => e.type === 'plan/mode')), false)).toBeUndefined();
    expect(planLifecycleOf(listed(upTo(events, (e) => e.type === 'tool/call')), true)).toEqual({ kind: 'review' });
    expect(planLifecycleOf(listed(events), false)).toEqual({ kind: 'approved' });
    // A plain dsh host lists only `plan` and `todos`: plan mode on is drafting; after it, nothing to say.
    expect(planLifecycleOf(dsh(upTo(events, (e) => e.type === 'plan/mode')), true)).toEqual({ kind: 'drafting' });
    expect(planLifecycleOf(dsh(upTo(events, (e) => e.type === 'plan/mode')), false)).toBeUndefined();
    expect(planLifecycleOf(dsh(events), false)).toBeUndefined();
  });

  it('says nothing for recordings without a plan', () => {
    for (const name of ['lifecycle-chrome', 'question-composer']) {
      expect(planLifecycleOf(listed(recording(name)), false)).toBeUndefined();
      expect(planLifecycleOf(dsh(recording(name)), false)).toBeUndefined();
    }
  });

  it('counts the steps of the carried-out plan: in progress while its turn runs, done at its end', () => {
    const events = todosFixture('plan-progress.jsonl');
    const secondWrite = events.filter((e) => e.type === 'todo/write')[1]!;
    expect(planLifecycleOf(listed(events.filter((e) => e.seq <= secondWrite.seq)), true)).toEqual({ kind: 'in-progress', done: 1, total: 4 });
    expect(planLifecycleOf(listed(events), false)).toEqual({ kind: 'done', done: 4, total: 4 });
    // The dsh host's `todos` alone: the same counts, stopped once nothing runs.
    expect(planLifecycleOf(dsh(events.filter((e) => e.seq <= secondWrite.seq)), true)).toEqual({ kind: 'in-progress', done: 1, total: 4 });
    expect(planLifecycleOf(dsh(events.filter((e) => e.seq <= secondWrite.seq)), false)).toEqual({ kind: 'stopped', done: 1, total: 4 });
    expect(planLifecycleOf(dsh(events), false)).toEqual({ kind: 'done', done: 4, total: 4 });
  });

  it('reads the projection-random cases: drafting exactly while the logged plan state is on and a turn runs', () => {
    const dir = fixturePath('projection-random');
    const names = readdirSync(dir).filter((name) => name.endsWith('.jsonl'));
    expect(names.length).toBeGreaterThanOrEqual(40);
    for (const name of names) {
      const events = parseSessionLog(readFileSync(path.join(dir, name), 'utf8')).events;
      const values = listed(events);
      const active = (values.plan as { active: boolean }).active;
      expect(planLifecycleOf(values, true)?.kind === 'drafting', name).toBe(active);
      expect(planLifecycleOf(dsh(events), true)?.kind === 'drafting', name).toBe(active);
      expect(planLifecycleOf(values, false)?.kind === 'drafting', name).toBe(false);
      expect(planLifecycleOf(dsh(events), false)?.kind === 'drafting', name).toBe(false);
    }
  });

  it('counts a list a later turn writes for the approved plan', () => {
    const head = todosFixture('plan-progress.jsonl');
    const seq = head.length;
    const later: SessionEvent[] = [
      { type: 'turn/start', seq, data: { turn: 9 } },
      { type: 'todo/write', seq: seq + 1, data: { todos: [{ content: 'Parse the flag', status: 'pending' }] } },
    ];
    expect(planLifecycleOf(listed([...head, ...later]), true)).toMatchObject({ kind: 'stopped' });
  });

  it('ignores values of the wrong shape', () => {
    expect(planLifecycleOf({ plan: 'on', todos: [{ content: 1 }], progress: { view: 1 } }, true)).toBeUndefined();
    expect(planLifecycleOf({ todos: [] }, true)).toBeUndefined();
    expect(planLifecycleOf({}, false)).toBeUndefined();
  });

  it('matches a model of the plan’s life on generated logs', () => {
    type Action =
      | { kind: 'enter' | 'leave' | 'exit' | 'approve' | 'keep' }
      | { kind: 'write'; done: number }
      | { kind: 'end'; reason: 'completed' | 'cancelled' | 'error' };
    const simple = (kind: 'enter' | 'leave' | 'exit' | 'approve' | 'keep', weight: number) => ({ arbitrary: fc.constant<Action>({ kind }), weight });
    // Weighted toward a plan's usual life (plan, review, approve, lists, turn ends), so every stage comes up often.
    const action: fc.Arbitrary<Action> = fc.oneof(
      simple('enter', 2),
      simple('leave', 1),
      simple('exit', 3),
      simple('approve', 3),
      simple('keep', 1),
      {
        arbitrary: fc.record({ kind: fc.constant('write' as const), done: fc.integer({ min: 0, max: 4 }) }),
        weight: 4,
      },
      {
        arbitrary: fc.record({ kind: fc.constant('end' as const), reason: fc.constantFrom('completed' as const, 'cancelled' as const, 'error' as const) }),
        weight: 2,
      },
    );
    const script = fc.array(action, { maxLength: 25 }).map((rest): Action[] => [{ kind: 'enter' }, { kind: 'exit' }, ...rest]);
    const seen = new Set<string>();
    fc.assert(
      fc.property(script, (actions) => {
        const events: SessionEvent[] = [];
        const push = (type: string, data: unknown) => events.push({ type, seq: events.length, data });
        let turn = 1;
        let call = 0;
        let planOn = false;
        let waiting: string | undefined;
        // The model: the stage of the latest plan.
        let stage: string | undefined;
        let run: { done: number; total: number; tracked: boolean; ended?: string } | undefined;
        push('turn/start', { turn });
        for (const a of actions) {
          if (a.kind === 'enter' || a.kind === 'leave') {
            if (waiting) continue;
            planOn = a.kind === 'enter';
            push('plan/mode', { active: planOn });
            if (!planOn && stage !== undefined && stage !== 'approved') stage = 'abandoned';
          } else if (a.kind === 'exit') {
            // The agent puts a plan up while planning.
            if (waiting || !planOn) continue;
            waiting = `x${call++}`;
            push('tool/call', {
              turn,
              step: 1,
              callId: waiting,
              name: 'exit_plan_mode',
              arguments: JSON.stringify({ plan: '# P\n\n1. One\n2. Two\n3. Three\n4. Four\n' }),
            });
            stage = 'review';
            run = undefined;
          } else if (a.kind === 'approve' || a.kind === 'keep') {
            if (!waiting) continue;
            const text = a.kind === 'approve' ? 'Plan approved.' : 'Keep planning: more detail';
            push('tool/result', { turn, step: 1, callId: waiting, content: [{ type: 'text', text }], ...(a.kind === 'keep' ? { isError: true } : {}) });
            waiting = undefined;
            if (a.kind === 'approve') {
              planOn = false;
              push('plan/mode', { active: false });
              stage = 'approved';
              run = { done: 0, total: 4, tracked: false };
            } else stage = 'kept';
          } else if (a.kind === 'write') {
            if (waiting) continue;
            const todos = ['One', 'Two', 'Three', 'Four'].map((content, i) => ({ content, status: i < a.done ? 'completed' : 'pending' }));
            push('tool/call', { turn, step: 2, callId: `w${call++}`, name: 'todo_write', arguments: JSON.stringify({ todos }) });
            push('todo/write', { todos });
            // Every list until the next exit_plan_mode call is the approved plan's, in its turn or a later one.
            if (run && stage === 'approved') run = { ...run, done: a.done, tracked: true };
          } else if (a.kind === 'end') {
            if (waiting) continue;
            push('turn/end', { turn, reason: { kind: a.reason } });
            if (run && stage === 'approved' && !run.ended) run = { ...run, ended: a.reason };
            push('turn/start', { turn: ++turn });
          }
        }
        const got = planLifecycleOf(listed(events), false);
        let want: unknown;
        if (stage === 'review') want = { kind: 'review' };
        else if (planOn) want = undefined;
        else if (stage === undefined) want = undefined;
        else if (stage === 'kept' || stage === 'abandoned') want = { kind: 'abandoned' };
        else if (!run!.ended) want = run!.tracked ? { kind: 'in-progress', done: run!.done, total: 4 } : { kind: 'approved' };
        else if (run!.tracked && run!.done === 4) want = { kind: 'done', done: 4, total: 4 };
        else if (!run!.tracked && run!.ended === 'completed') want = { kind: 'approved' };
        else want = { kind: 'stopped', done: run!.done, total: 4 };
        expect(got).toEqual(want);
        seen.add(got?.kind ?? 'none');
        // The same session while a turn runs: plan mode on is a plan being drafted.
        if (planOn && stage !== 'review') {
          expect(planLifecycleOf(listed(events), true)).toEqual({ kind: 'drafting' });
          seen.add('drafting');
        }
      }),
      { numRuns: 300, seed: 5 },
    );
    // The generator reached every stage, and nothing to say (plan mode on with no turn at work).
    expect([...seen].sort()).toEqual(['abandoned', 'approved', 'done', 'drafting', 'in-progress', 'none', 'review', 'stopped']);
  });
});
