import { describe, expect, it } from 'vitest';
import { readRecordingFixture } from '../../../fixtures/paths.ts';
import { parseSessionLog } from '../log/reader.ts';
import type { SessionEvent } from '../log/types.ts';
import { cacheBoundaryOf, cutSystemPrompt, policyBytesOf, policySpanOf, toolCatalogOf } from './analysis.ts';
import { createModelViewUnit, foldModelView, foldModelViewState, MODEL_VIEW_PROJECTION_KEY, modelViewOf, modelViewValue, stateOfView } from './fold.ts';
import { utf8Length } from './tokens.ts';

const BASE = 'You are a coding agent. Be brief.';
const POLICY = 'Plan mode is on: research, then call exit_plan_mode with your plan.';
const TAIL = 'Environment: linux.';
const TOOL = { name: 'exit_plan_mode', description: 'Present your plan', parameters: { type: 'object', properties: { plan: { type: 'string' } } } };

/** A dsh-shaped log from compact rows: seq assigned in order, time = 1000 + seq. */
function log(rows: [string, unknown][]): SessionEvent[] {
  return rows.map(([type, data], seq) => ({ type, data, seq, time: 1000 + seq }));
}
const header = (
  system: string,
  reason: string,
  tools = JSON.stringify([TOOL]),
  config: Record<string, unknown> = { provider: 'p', model: 'm' },
): [string, unknown] => ['request/header', { header: { config, system, tools }, reason }];
const step = (turn: number, n: number): [string, unknown] => ['step/start', { turn, step: n }];
const reply = (turn: number, n: number, usage?: Record<string, number>): [string, unknown] => [
  'assistant/message',
  { turn, step: n, message: { role: 'assistant', content: [{ type: 'text', text: 'ok' }] }, ...(usage ? { usage } : {}) },
];
const notice = (text: string): [string, unknown] => [
  'user/message',
  { content: [{ type: 'text', text }], source: { kind: 'plugin', plugin: 'plan-mode', form: 'notice' } },
];

/** A dsh log that switches plan mode on mid-session and off again (the real host's text around plan:policy). */
const switching = log([
  step(1, 1),
  header(`${BASE}\n\n${TAIL}`, 'initial'),
  reply(1, 1, { inputTokens: 900, cacheReadTokens: 0, outputTokens: 5 }),
  ['plan/mode', { active: true }],
  step(2, 1),
  notice('Plan mode is now on.'),
  header(`${BASE}\n\n${POLICY}\n\n${TAIL}`, 'change'),
  reply(2, 1, { inputTokens: 300, cacheReadTokens: 640, outputTokens: 5 }),
  step(2, 2),
  reply(2, 2, { inputTokens: 40, cacheReadTokens: 1000, outputTokens: 5 }),
  ['plan/mode', { active: false }],
  step(3, 1),
  notice('Plan mode is now off.'),
  header(`${BASE}\n\n${TAIL}`, 'change'),
  reply(3, 1),
]);

describe('foldModelView on the recordings', () => {
  it('plan-review: two headers, the second with reason change, templated; each step with its usage', () => {
    const view = foldModelView(parseSessionLog(readRecordingFixture('plan-review')).events);
    expect(view.headers.map((h) => [h.reason, h.templated, h.state])).toEqual([
      ['initial', true, { kind: 'plan', active: true }],
      ['change', true, { kind: 'plan', active: false }],
    ]);
    expect(view.steps.map((s) => [s.turn, s.step, s.header, s.changed])).toEqual([
      [1, 1, 0, true],
      [1, 2, 1, true],
    ]);
    expect(view.steps.map((s) => s.usage)).toEqual([
      { inputTokens: 4529, outputTokens: 303, cacheReadTokens: 640, reasoningTokens: 52 },
      { inputTokens: 441, outputTokens: 43, cacheReadTokens: 4608, reasoningTokens: 40 },
    ]);
    // The recording left the prompt out: no span can be read from placeholders.
    expect(policySpanOf(view.headers)).toBeUndefined();
    expect(policyBytesOf(view, utf8Length)).toBeUndefined();
  });

  it('question-composer: one header in force for both steps, the second unchanged', () => {
    const view = foldModelView(parseSessionLog(readRecordingFixture('question-composer')).events);
    expect(view.headers).toHaveLength(1);
    expect(view.steps.map((s) => [s.header, s.changed])).toEqual([
      [0, true],
      [0, false],
    ]);
  });
});

describe('foldModelView and the boundary rule on generated dsh logs', () => {
  it('switch mid-session: the span between the plan-on and plan-off headers is plan:policy, and the cache boundary sits at its start', () => {
    const view = foldModelView(switching);
    expect(view.steps.map((s) => [s.turn, s.step, s.header, s.changed, s.notices])).toEqual([
      [1, 1, 0, true, []],
      [2, 1, 1, true, ['Plan mode is now on.']],
      [2, 2, 1, false, []],
      [3, 1, 2, true, ['Plan mode is now off.']],
    ]);
    const span = policySpanOf(view.headers);
    expect(span).toBe(POLICY);
    const on = cutSystemPrompt(view.headers[1]!, [], span);
    expect(on.map((c) => [c.name, c.order, c.side, c.policy, c.text])).toEqual([
      [undefined, undefined, 'before', false, `${BASE}\n\n`],
      ['plan:policy', 50, undefined, true, `${POLICY}\n\n`],
      [undefined, undefined, 'after', false, TAIL],
    ]);
    const off = cutSystemPrompt(view.headers[0]!, [], span);
    expect(off).toHaveLength(1);
    const entering = cacheBoundaryOf(view.headers[0], view.headers[1]!, { current: on, previous: off }, utf8Length);
    expect(entering).toEqual({
      changed: true,
      reusableBytes: utf8Length(`${BASE}\n\n`),
      totalBytes: utf8Length(view.headers[1]!.system) + utf8Length(view.headers[1]!.tools),
      from: 'plan:policy',
      fromPolicy: true,
    });
    const leaving = cacheBoundaryOf(view.headers[1], view.headers[2]!, { current: cutSystemPrompt(view.headers[2]!, [], span), previous: on }, utf8Length);
    expect(leaving).toMatchObject({ changed: true, reusableBytes: utf8Length(`${BASE}\n\n`), from: 'plan:policy', fromPolicy: true });
    expect(policyBytesOf(view, utf8Length)).toBe(utf8Length(POLICY));
  });

  it('switch twice net zero: an on/off pair with no request between logs no header, and the step keeps the first', () => {
    const view = foldModelView(
      log([step(1, 1), header(BASE, 'initial'), reply(1, 1), ['plan/mode', { active: true }], ['plan/mode', { active: false }], step(2, 1), reply(2, 1)]),
    );
    expect(view.headers).toHaveLength(1);
    expect(view.steps.map((s) => [s.header, s.changed])).toEqual([
      [0, true],
      [0, false],
    ]);
    expect(cacheBoundaryOf(view.headers[0], view.headers[0]!, { current: [], previous: [] }, utf8Length).changed).toBe(false);
    expect(policySpanOf(view.headers)).toBeUndefined();
  });

  it('session-modes variant: the span between a review-mode header and a default one is mode:policy', () => {
    const view = foldModelView(
      log([
        ['mode/set', { mode: 'default' }],
        step(1, 1),
        header(BASE, 'initial'),
        reply(1, 1),
        ['mode/set', { mode: 'review' }],
        step(2, 1),
        header(`${BASE}\n\nReview only.`, 'change'),
        reply(2, 1),
      ]),
    );
    const span = policySpanOf(view.headers);
    expect(span).toBe('Review only.');
    expect(cutSystemPrompt(view.headers[1]!, [], span).map((c) => c.name)).toEqual([undefined, 'mode:policy']);
  });

  it('a single-tool catalog: exit_plan_mode listed, marked always present, its schema pretty-printed; tools-only changes name tools', () => {
    const view = foldModelView(switching);
    const catalog = toolCatalogOf(view.headers[0]!.tools)!;
    expect(catalog).toEqual([
      { name: 'exit_plan_mode', description: 'Present your plan', parameters: JSON.stringify(TOOL.parameters, null, 2), alwaysPresent: true },
    ]);
    const more = foldModelView(
      log([step(1, 1), header(BASE, 'initial'), step(1, 2), header(BASE, 'change', JSON.stringify([TOOL, { ...TOOL, name: 'read' }]))]),
    );
    const boundary = cacheBoundaryOf(more.headers[0], more.headers[1]!, { current: [], previous: [] }, utf8Length);
    expect(boundary).toMatchObject({ changed: true, from: 'tools', fromPolicy: false });
    expect(toolCatalogOf('not json')).toBeUndefined();
    // A host that logs the catalog as a list (dsh 0.1.0-rc.8) reads the same as the JSON string.
    const listed = foldModelView(log([step(1, 1), ['request/header', { header: { config: {}, system: BASE, tools: [TOOL] }, reason: 'initial' }]]));
    expect(toolCatalogOf(listed.headers[0]!.tools)).toEqual(catalog);
    expect(toolCatalogOf('{{tools}}')).toBeUndefined();
  });

  it('a changed config (another model) reuses nothing', () => {
    const view = foldModelView(log([step(1, 1), header(BASE, 'initial'), step(1, 2), header(BASE, 'change', undefined, { provider: 'p', model: 'other' })]));
    expect(cacheBoundaryOf(view.headers[0], view.headers[1]!, { current: [], previous: [] }, utf8Length)).toMatchObject({ changed: true, reusableBytes: 0 });
  });

  it('skips payloads of the wrong shape and keeps the unit contract: same reference for what changes nothing', () => {
    const unit = createModelViewUnit();
    expect(unit.key).toBe(MODEL_VIEW_PROJECTION_KEY);
    const start = unit.init();
    for (const [type, data] of [
      ['step/start', null],
      ['step/start', { turn: 'x' }],
      ['request/header', { header: 'h' }],
      ['assistant/message', { turn: 9, step: 9, usage: { inputTokens: 1 } }],
      ['user/message', { content: [], source: { kind: 'plugin' } }],
      ['assistant/chunk', { turn: 1, step: 1 }],
    ] as [string, unknown][])
      expect(unit.apply(start, { type, data, seq: 0 })).toBe(start);
    const stepped = unit.apply(start, { type: 'step/start', data: { turn: 1, step: 1 }, seq: 0 });
    const modeOnly = unit.apply(stepped, { type: 'plan/mode', data: { active: true }, seq: 1 });
    expect(unit.view(modeOnly)).toMatchObject({ open: 0, state: { kind: 'plan', active: true } });
    expect(unit.view(stepped).steps).toHaveLength(1);
  });

  it('an older state keeps its own view after a later state appended (the shared buffer is copied off the tip)', () => {
    const unit = createModelViewUnit();
    const one = unit.apply(unit.init(), { type: 'step/start', data: { turn: 1, step: 1 }, seq: 0 });
    const two = unit.apply(one, { type: 'step/start', data: { turn: 1, step: 2 }, seq: 1 });
    const branch = unit.apply(one, { type: 'step/start', data: { turn: 2, step: 1 }, seq: 1 });
    expect(unit.view(two).steps.map((s) => s.turn)).toEqual([1, 1]);
    expect(unit.view(branch).steps.map((s) => s.turn)).toEqual([1, 2]);
    expect(unit.view(one).steps).toHaveLength(1);
  });
});

describe('foldModelView over a partial log', () => {
  it('leaves the state of headers before the first loaded switch unknown when older pages are not loaded', () => {
    const events = log([step(1, 1), header(BASE, 'initial'), ['plan/mode', { active: true }], step(2, 1), header(`${BASE}\n\n${POLICY}`, 'change')]).map(
      (e) => ({ ...e, seq: e.seq + 10 }),
    );
    const view = foldModelView(events);
    expect(view.headers.map((h) => h.state)).toEqual([undefined, { kind: 'plan', active: true }]);
    expect(policySpanOf(view.headers)).toBeUndefined();
    expect(policySpanOf(foldModelView(events.map((e) => ({ ...e, seq: e.seq - 10 }))).headers)).toBe(POLICY);
  });
});

describe('folding on from a model-view value', () => {
  /** At every cut: the prefix's value sent over the wire, read back, and the rest folded on from it. */
  function expectFoldOnEverywhere(events: readonly SessionEvent[]) {
    const whole = foldModelView(events);
    for (let k = 0; k <= events.length; k++) {
      const wire = JSON.stringify(foldModelView(events.slice(0, k)));
      const sent = modelViewOf(JSON.parse(wire))!;
      expect(sent).toBeDefined();
      const on = modelViewValue(foldModelViewState(events.slice(k), stateOfView(sent)));
      expect(JSON.parse(JSON.stringify(on)), `cut at ${k}`).toEqual(JSON.parse(JSON.stringify(whole)));
      // Folding on copied the buffers: the value it started from is unchanged.
      expect(JSON.stringify(sent)).toBe(wire);
    }
  }

  it('fold(all) equals fold-on-from-view(prefix) + rest at every cut of a switching log (open step, notice, header inside it)', () => {
    expectFoldOnEverywhere(switching);
  });

  it('the same at every cut of a recorded plan-review session', () => {
    expectFoldOnEverywhere(parseSessionLog(readRecordingFixture('plan-review')).events);
  });

  it('a value without open and state folds on as if no step were open and the state unknown', () => {
    const { steps, headers, catalog } = foldModelView(switching.slice(0, 5));
    const state = stateOfView({ steps, headers, catalog });
    expect(state).toMatchObject({ open: -1, state: undefined, stepCount: 2, headerCount: 1 });
    expect(modelViewOf({ steps, headers, open: 7, state: { kind: 'bogus' } })).toMatchObject({ open: -1 });
  });
});
