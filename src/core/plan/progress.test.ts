import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../fixtures/paths.ts';
import { parseSessionLog } from '../log/reader.ts';
import type { SessionEvent } from '../log/types.ts';
import { applyProgress, auditOf, foldProgress, initProgress, progressViewOf, runProgressOf } from './progress.ts';

const fixture = (name: string) => parseSessionLog(readFixture('todos', name)).events;
const PLAN = '# Add a flag\n\n## Steps\n1. Parse the flag\n2. Document it\n3. Add a test\n';

/** A small log: `/plan`, an approved exit_plan_mode in turn 1, then what `rest` adds. */
function approved(rest: (seq: () => number) => SessionEvent[], plan = PLAN): SessionEvent[] {
  let n = 0;
  const seq = () => n++;
  const head: SessionEvent[] = [
    { type: 'plan/mode', seq: seq(), data: { active: true } },
    { type: 'turn/start', seq: seq(), data: { turn: 1 } },
    { type: 'tool/call', seq: seq(), data: { turn: 1, step: 1, callId: 'exit-1', name: 'exit_plan_mode', arguments: JSON.stringify({ plan }) } },
    { type: 'tool/result', seq: seq(), data: { turn: 1, step: 1, callId: 'exit-1', content: [{ type: 'text', text: 'Plan approved.' }] } },
    { type: 'plan/mode', seq: seq(), data: { active: false } },
  ];
  return [...head, ...rest(seq)];
}

function write(seq: () => number, callId: string, todos: [string, string][]): SessionEvent[] {
  const list = todos.map(([content, status]) => ({ content, status }));
  return [
    { type: 'tool/call', seq: seq(), data: { turn: 1, step: 2, callId, name: 'todo_write', arguments: JSON.stringify({ todos: list }) } },
    { type: 'todo/write', seq: seq(), data: { todos: list } },
  ];
}

describe('plan progress fold', () => {
  it('follows the recorded-shape fixture: 4 steps ticked one by one, the audit at the turn end', () => {
    const events = fixture('plan-progress.jsonl');
    const view = progressViewOf(foldProgress(events));
    if (view.kind !== 'plan') throw new Error(view.kind);
    expect(view.run.revision.title).toBe('Add a --greeting flag to the CLI');
    expect(view.run.steps.map((s) => s.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
    expect(view.run.steps.every((s) => s.todo === s.text)).toBe(true);
    expect(view.run.extras).toEqual([]);
    expect(auditOf(view.run)).toMatchObject({ done: 4, notDone: 0, extra: 0, total: 4, end: { kind: 'completed' } });
    // Half way: the second write shows one done and no audit yet.
    const secondWrite = events.filter((e) => e.type === 'todo/write')[1]!;
    const half = progressViewOf(foldProgress(events.filter((e) => e.seq <= secondWrite.seq)));
    if (half.kind !== 'plan') throw new Error(half.kind);
    expect(half.run.steps.map((s) => s.status)).toEqual(['completed', 'in_progress', 'pending', 'pending']);
    expect(half.run.steps[1]!.change?.seq).toBe(secondWrite.seq);
    expect(half.run.steps[1]!.change?.callId).toMatch(/-todos$/);
    expect(auditOf(half.run)).toBeUndefined();
  });

  it('shows a list written with no plan approved as plain to-dos', () => {
    const view = progressViewOf(foldProgress(fixture('no-plan.jsonl')));
    expect(view).toMatchObject({ kind: 'todos', done: 1, total: 2 });
  });

  it('audits a stopped turn: steps done, not done, extras and the end reason; a later turn writing to-dos updates it', () => {
    const events = approved((seq) => [
      ...write(seq, 't1', [
        ['Parse the flag', 'completed'],
        ['Document it', 'in_progress'],
        ['Add a test', 'pending'],
        ['Clean up the imports', 'pending'],
      ]),
      { type: 'turn/end', seq: seq(), data: { turn: 1, reason: { kind: 'cancelled' } } },
      { type: 'turn/start', seq: seq(), data: { turn: 2 } },
      ...write(seq, 't2', [
        ['Parse the flag', 'completed'],
        ['Document it', 'completed'],
        ['Add a test', 'pending'],
        ['Clean up the imports', 'completed'],
      ]),
      { type: 'turn/end', seq: seq(), data: { turn: 2, reason: { kind: 'completed' } } },
    ]);
    const cut = events.findIndex((e) => e.type === 'turn/end') + 1;
    const first = progressViewOf(foldProgress(events.slice(0, cut)));
    if (first.kind !== 'plan') throw new Error(first.kind);
    expect(auditOf(first.run)).toMatchObject({ done: 1, notDone: 2, extra: 1, total: 3, end: { kind: 'cancelled' } });
    expect(first.run.steps[2]).toMatchObject({ text: 'Add a test', status: 'pending', todo: 'Add a test' });
    expect(first.run.extras.map((t) => t.content)).toEqual(['Clean up the imports']);
    const later = progressViewOf(foldProgress(events));
    if (later.kind !== 'plan') throw new Error(later.kind);
    expect(auditOf(later.run)).toMatchObject({ done: 2, notDone: 1, extra: 1, end: { kind: 'completed' } });
  });

  it('starts a new run at the next approval; a new exit_plan_mode call closes the old run to to-dos', () => {
    const events = approved((seq) => [
      ...write(seq, 't1', [['Parse the flag', 'completed']]),
      { type: 'turn/end', seq: seq(), data: { turn: 1, reason: { kind: 'completed' } } },
      { type: 'plan/mode', seq: seq(), data: { active: true } },
      { type: 'turn/start', seq: seq(), data: { turn: 2 } },
      {
        type: 'tool/call',
        seq: seq(),
        data: { turn: 2, step: 1, callId: 'exit-2', name: 'exit_plan_mode', arguments: JSON.stringify({ plan: '# Second\n\n1. Only step\n' }) },
      },
      ...write(seq, 't2', [['Something else', 'in_progress']]),
    ]);
    const state = foldProgress(events);
    expect(state.runs).toHaveLength(1);
    expect(state.runs[0]!.open).toBe(false);
    expect(runProgressOf(state.runs[0]!).extras).toEqual([]);
    expect(state.loose?.todos).toEqual([{ content: 'Something else', status: 'in_progress' }]);
    const approval: SessionEvent = {
      type: 'tool/result',
      seq: events.length,
      data: { turn: 2, step: 1, callId: 'exit-2', content: [{ type: 'text', text: 'Plan approved.' }] },
    };
    const next = applyProgress(state, approval);
    expect(next.runs).toHaveLength(2);
    expect(runProgressOf(next.runs[1]!)).toMatchObject({ total: 1, done: 0, untracked: true });
  });

  it('takes the to-dos as the steps of a plan without steps', () => {
    const events = approved(
      (seq) =>
        write(seq, 't1', [
          ['a', 'completed'],
          ['b', 'pending'],
        ]),
      '# Just prose\n\nNothing listed.',
    );
    const view = progressViewOf(foldProgress(events));
    expect(view).toMatchObject({ kind: 'plan', run: { done: 1, total: 2, extras: [] } });
  });

  it('keeps its state for events that change nothing, malformed ones included', () => {
    const state = foldProgress(fixture('plan-progress.jsonl'));
    for (const event of [
      { type: 'user/message', seq: 9000, data: { content: [] } },
      { type: 'todo/write', seq: 9001, data: { todos: [{ content: 'x', status: 'done' }] } },
      { type: 'todo/write', seq: 9002, data: null },
      { type: 'assistant/chunk', seq: 9003, data: { turn: 9, step: 1, chunk: { type: 'text-delta' } } },
    ] as SessionEvent[])
      expect(applyProgress(state, event)).toBe(state);
  });

  it('equals the whole-log fold when fed in any number of pieces (recordings and generated logs)', () => {
    const logs = [
      fixture('plan-progress.jsonl'),
      fixture('no-plan.jsonl'),
      parseSessionLog(readFixture('dsh-recordings', 'plan-review', 'session.jsonl')).events,
      parseSessionLog(readFixture('review', 'revisions.jsonl')).events,
    ];
    const statuses = ['pending', 'in_progress', 'completed'];
    const generated = fc.array(
      fc.oneof(
        fc.constant({ kind: 'approve' as const }),
        fc.constant({ kind: 'exit' as const }),
        fc.record({
          kind: fc.constant('write' as const),
          items: fc.uniqueArray(fc.constantFrom('Parse the flag', 'Document it', 'Extra'), { maxLength: 3 }),
          status: fc.nat(2),
        }),
        fc.record({ kind: fc.constant('end' as const), reason: fc.constantFrom('completed', 'cancelled', 'error') }),
      ),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(generated, fc.array(fc.nat(40), { maxLength: 4 }), (steps, cuts) => {
        let turn = 0;
        let call = 0;
        const events = approved((seq) =>
          steps.flatMap((step): SessionEvent[] => {
            if (step.kind === 'write')
              return write(
                seq,
                `w${call++}`,
                step.items.map((c) => [c, statuses[step.status]!]),
              );
            if (step.kind === 'end')
              return [
                { type: 'turn/end', seq: seq(), data: { turn: ++turn, reason: { kind: step.reason } } },
                { type: 'turn/start', seq: seq(), data: { turn: turn + 1 } },
              ];
            const id = `x${call++}`;
            const exit: SessionEvent[] = [
              { type: 'plan/mode', seq: seq(), data: { active: true } },
              { type: 'tool/call', seq: seq(), data: { turn, step: 1, callId: id, name: 'exit_plan_mode', arguments: JSON.stringify({ plan: PLAN }) } },
            ];
            return step.kind === 'exit'
              ? exit
              : [...exit, { type: 'tool/result', seq: seq(), data: { turn, step: 1, callId: id, content: [{ type: 'text', text: 'Plan approved.' }] } }];
          }),
        );
        for (const log of [events, ...logs]) {
          const whole = foldProgress(log);
          let state = initProgress();
          let at = 0;
          for (const cut of [...cuts.map((c) => Math.min(c, log.length)).sort((a, b) => a - b), log.length]) {
            state = foldProgress(log.slice(at, Math.max(at, cut)), state);
            at = Math.max(at, cut);
          }
          expect(progressViewOf(state)).toEqual(progressViewOf(whole));
          expect(state.runs).toEqual(whole.runs);
        }
      }),
      { numRuns: 60, seed: 21 },
    );
  });
});
