import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../src/core/log/types.ts';
import { foldPlanMode } from '../../src/core/plan/fold.ts';
import type { QuestionAnswer } from '../../src/core/questions/types.ts';
import { createCommandRegistry } from '../commands.ts';
import { UserQuestionError } from '../questions.ts';
import { createPlanModePlugin, NOTICE_OFF, NOTICE_ON, planCommandLine, PLAN_TEXTS, resolvePlanModeConfig, setOutcomeOf } from './plan-mode.ts';
import { EXIT_TEXTS, reviewQuestion, reviewVerdict } from './exit-plan-tool.ts';
import { createPluginFixture } from '../../testing/plugin-fixture.ts';

const PLAN = '# Ship it\n\n- step one\n- step two';
function fixture(options: { questions?: 'none'; commands?: false } = {}) {
  const { storage, log, asks, steers, warnings, commands, env, setReply, handle } = createPluginFixture(options);
  const plugin = createPlanModePlugin({ ...env, config: { section: 'PLAN SECTION' } });
  const pm = plugin.controller;
  return {
    storage,
    log,
    plugin,
    pm,
    asks,
    steers,
    warnings,
    commands,
    setReply,
    exec: (plan: unknown, signal: AbortSignal = new AbortController().signal, agent: typeof handle | null = handle) =>
      plugin.tool.execute({ plan }, { agent: agent ?? undefined, events: log.events, signal, callId: 'c1' }),
    run: (line: string, images: unknown[] = []) => commands!.execute(log, line, images),
    header: () => log.append({ type: 'request/header', data: { header: { config: {}, system: plugin.section.render('s1'), tools: '[]' }, reason: 'initial' } }),
    openTurn: () => log.append({ type: 'turn/start', data: { turn: 1 } }),
    closeTurn: () => log.append({ type: 'turn/end', data: { turn: 1, reason: { kind: 'completed' } } }),
    types: () => log.events.map((e) => e.type),
  };
}

const ev = (active: boolean, seq: number): SessionEvent => ({ type: 'plan/mode', seq, data: { active } });

describe('plan-mode plugin', () => {
  it.each([
    { config: undefined, error: 'config: expected an object {section}' },
    { config: {}, error: 'section: missing' },
    { config: { section: 42 }, error: 'section: expected a string' },
    { config: { section: '  \n ' }, error: 'section: must not be blank' },
    { config: { section: 'x', tools: [], mode: 'a' }, error: 'config: unknown key(s): tools, mode' },
  ])('rejects config $config (docs/upstream-spec.md §6 items 1, 3)', ({ config, error }) => {
    expect(() => resolvePlanModeConfig(config)).toThrow(error);
  });

  it('returns an equal but detached config (docs/upstream-spec.md §6 item 2)', () => {
    const config = { section: 'Plan first.' };
    const resolved = resolvePlanModeConfig(config);
    expect(resolved).toEqual(config);
    expect(resolved).not.toBe(config);
  });

  it.each([
    { events: [], end: undefined, active: false },
    { events: [ev(true, 0), ev(false, 1), ev(true, 2)], end: undefined, active: true },
    { events: [ev(true, 0), ev(false, 1)], end: 1, active: true },
  ])('folds $events.length plan/mode events up to $end (docs/upstream-spec.md §6 items 4–5)', ({ events, end, active }) => {
    expect(foldPlanMode(events, end)).toBe(active);
  });

  it('gets the folded state (docs/upstream-spec.md §6 item 6)', () => {
    const f = fixture();
    expect(f.pm.get('s1')).toEqual({ active: false });
    f.log.append({ type: 'plan/mode', data: { active: true } });
    expect(f.pm.get('s1')).toEqual({ active: true });
  });

  it('queues an exit in an open turn and shows the target as pending (docs/upstream-spec.md §6 item 7)', () => {
    const f = fixture();
    f.log.append({ type: 'plan/mode', data: { active: true } });
    f.openTurn();
    expect(f.pm.set('s1', false)).toBe('queued');
    expect(f.pm.get('s1')).toEqual({ active: true, pending: false });
    expect(f.types()).toEqual(['plan/mode', 'turn/start']);
  });

  it('answers noop for the current target and queued for a change in a turn (docs/upstream-spec.md §6 item 8)', () => {
    const f = fixture();
    f.openTurn();
    expect(f.pm.set('s1', false)).toBe('noop');
    expect(f.pm.set('s1', true)).toBe('queued');
    expect(f.pm.set('s1', true)).toBe('noop');
    expect(f.pm.get('s1')).toEqual({ active: false, pending: true });
  });

  it('commits at once when idle and a later boundary appends nothing (docs/upstream-spec.md §6 item 9)', () => {
    const f = fixture();
    expect(f.pm.set('s1', true)).toBe('committed');
    expect(foldPlanMode(f.log.events)).toBe(true);
    expect(f.pm.set('s1', false)).toBe('committed');
    f.pm.boundary('s1');
    expect(f.types()).toEqual(['plan/mode', 'plan/mode']);
  });

  it('cancels a leftover entry of a closed turn when reversed while idle (docs/upstream-spec.md §6 item 10)', () => {
    const f = fixture();
    f.openTurn();
    expect(f.pm.set('s1', true)).toBe('queued');
    f.closeTurn();
    expect(f.pm.set('s1', false)).toBe('cancelled');
    expect(f.pm.get('s1')).toEqual({ active: false });
    expect(f.types()).toEqual(['turn/start', 'turn/end']);
  });

  it('keeps a net-zero marker in a turn: cancelled, pending equals active, nothing logged (§1.5, §8 item 5)', () => {
    const f = fixture();
    f.openTurn();
    f.pm.set('s1', true);
    expect(f.pm.set('s1', false)).toBe('cancelled');
    expect(f.pm.get('s1')).toEqual({ active: false, pending: false });
    f.pm.boundary('s1');
    expect(f.types()).toEqual(['turn/start']);
    expect(f.pm.get('s1')).toEqual({ active: false });
  });

  it.each([
    { idle: true, prior: [], active: true, outcome: 'committed' },
    { idle: true, prior: [true], active: false, outcome: 'committed' },
    { idle: true, prior: [], active: false, outcome: 'noop' },
    { idle: false, prior: [], active: true, outcome: 'queued' },
    { idle: false, prior: ['/plan'], active: false, outcome: 'cancelled' },
    { idle: false, prior: ['/plan'], active: true, outcome: 'noop' },
    { idle: false, prior: [true], active: false, outcome: 'queued' },
    { idle: false, prior: [true, '/plan off'], active: true, outcome: 'cancelled' },
  ] as const)('reads back the outcome of $active from get() around its /plan run (idle=$idle, after $prior)', async ({ idle, prior, active, outcome }) => {
    const direct = fixture();
    const viaCommand = fixture();
    for (const f of [direct, viaCommand]) {
      for (const step of prior) if (typeof step === 'boolean') f.log.append({ type: 'plan/mode', data: { active: step } });
      if (!idle) f.openTurn();
      for (const step of prior) if (typeof step === 'string') await f.run(step);
    }
    expect(direct.pm.set('s1', active)).toBe(outcome);
    const before = viaCommand.pm.get('s1');
    await viaCommand.run(planCommandLine(active));
    expect(setOutcomeOf(before, viaCommand.pm.get('s1'), active)).toBe(outcome);
    expect(viaCommand.pm.get('s1')).toEqual(direct.pm.get('s1'));
  });

  it('restores a selection the log shows pending after a restart and commits it, narrated, at the next boundary', () => {
    const f = fixture();
    f.header();
    f.pm.restore('s1', false);
    expect(f.pm.get('s1')).toEqual({ active: false });
    f.pm.restore('s1', true);
    expect(f.pm.get('s1')).toEqual({ active: false, pending: true });
    f.openTurn();
    expect(f.pm.boundary('s1').map((m) => m.content)).toEqual([[{ type: 'text', text: NOTICE_ON }]]);
    expect(f.types()).toEqual(['request/header', 'turn/start', 'plan/mode']);
  });

  it('owes an idle commit after a header that described the other state one notice, given by the next boundary (docs/upstream-spec.md §6 item 11)', () => {
    const f = fixture();
    f.header();
    f.pm.set('s1', true);
    // The real host injects the notice into the next step's messages rather than logging it at commit time.
    expect(f.types()).toEqual(['request/header', 'plan/mode']);
    expect(f.pm.boundary('s1')).toEqual([
      {
        content: [{ type: 'text', text: NOTICE_ON }],
        source: { kind: 'plugin', plugin: 'plan-mode', form: 'notice', summary: NOTICE_ON },
        role: 'user',
        id: 'notice-id',
      },
    ]);
    expect(f.pm.boundary('s1')).toEqual([]);
    expect(f.types()).toEqual(['request/header', 'plan/mode']);
  });

  it.each([
    { name: 'on then off while idle owes nothing', lines: [true, false], notices: [] },
    { name: 'on, off, on while idle owes one on-notice', lines: [true, false, true], notices: [NOTICE_ON] },
  ])('judges an owed notice at the boundary: $name', ({ lines, notices }) => {
    const f = fixture();
    f.header();
    for (const active of lines) expect(f.pm.set('s1', active)).toBe('committed');
    expect(f.pm.boundary('s1').map((m) => m.content[0]?.type === 'text' && m.content[0].text)).toEqual(notices);
  });

  it.each([
    {
      name: 'does nothing with nothing pending (§6 item 12)',
      act: (f: ReturnType<typeof fixture>) => f.pm.boundary('s1'),
      types: ['turn/start'],
    },
    {
      name: 'commits a pending entry (§6 item 13)',
      act: (f: ReturnType<typeof fixture>) => (f.pm.set('s1', true), f.pm.boundary('s1')),
      types: ['turn/start', 'plan/mode'],
    },
    {
      name: 'appends nothing after dispose (§6 item 14)',
      act: (f: ReturnType<typeof fixture>) => (f.pm.set('s1', true), f.plugin.dispose(), f.pm.boundary('s1')),
      types: ['turn/start'],
    },
    {
      name: 'appends nothing for a net-zero sequence (§6 item 16)',
      act: (f: ReturnType<typeof fixture>) => (f.pm.set('s1', true), f.pm.set('s1', false), f.pm.boundary('s1')),
      types: ['turn/start'],
    },
    {
      name: 'adds no notice before any header (§6 item 17)',
      act: (f: ReturnType<typeof fixture>) => (f.pm.set('s1', true), f.pm.boundary('s1'), f.pm.boundary('s1')),
      types: ['turn/start', 'plan/mode'],
    },
    {
      name: 'does nothing when the signal is aborted',
      act: (f: ReturnType<typeof fixture>) => {
        const c = new AbortController();
        c.abort();
        f.pm.set('s1', true);
        f.pm.boundary('s1', c.signal);
      },
      types: ['turn/start'],
    },
  ])('boundary $name', ({ act, types }) => {
    const f = fixture();
    f.openTurn();
    act(f);
    expect(f.types()).toEqual(types);
  });

  it('narrates exactly once across repeated boundaries (docs/upstream-spec.md §6 items 13, 18)', () => {
    const f = fixture();
    f.openTurn();
    f.header();
    f.pm.set('s1', true);
    const first = f.pm.boundary('s1');
    const second = f.pm.boundary('s1');
    expect(f.pm.get('s1')).toEqual({ active: true });
    expect(f.types()).toEqual(['turn/start', 'request/header', 'plan/mode']);
    expect(first.map((m) => m.source)).toEqual([{ kind: 'plugin', plugin: 'plan-mode', form: 'notice', summary: NOTICE_ON }]);
    expect(second).toEqual([]);
  });

  it('uses the default-mode wording for a narrated exit (docs/upstream-spec.md §6 item 19)', () => {
    const f = fixture();
    f.log.append({ type: 'plan/mode', data: { active: true } });
    f.openTurn();
    f.header();
    f.pm.set('s1', false);
    expect(f.pm.boundary('s1').map((m) => m.content)).toEqual([[{ type: 'text', text: NOTICE_OFF }]]);
  });

  it('adds no notice when the last header already told the target (docs/upstream-spec.md §6 item 20)', () => {
    const f = fixture();
    f.openTurn();
    f.log.append({ type: 'plan/mode', data: { active: true } });
    f.header();
    f.log.append({ type: 'plan/mode', data: { active: false } });
    f.pm.set('s1', true);
    expect(f.pm.boundary('s1')).toEqual([]);
    expect(foldPlanMode(f.log.events)).toBe(true);
  });

  it('contains a failed append with one warn, stays pending and commits at a healthy boundary (docs/upstream-spec.md §6 items 21–22, §8 item 8)', () => {
    const f = fixture();
    f.openTurn();
    f.pm.set('s1', true);
    f.storage.failAppend = () => true;
    expect(() => f.pm.boundary('s1')).not.toThrow();
    expect(f.warnings).toHaveLength(1);
    expect(f.pm.get('s1')).toEqual({ active: false, pending: true });
    f.storage.failAppend = undefined;
    f.pm.boundary('s1');
    expect(f.pm.get('s1')).toEqual({ active: true });
    expect(f.warnings).toHaveLength(1);
  });

  it('propagates a failed idle commit and records nothing (§1.5)', () => {
    const f = fixture();
    f.storage.failAppend = () => true;
    expect(() => f.pm.set('s1', true)).toThrow(/storage append failed/);
    expect(f.pm.get('s1')).toEqual({ active: false });
    expect(f.types()).toEqual([]);
    f.storage.failAppend = undefined;
    expect(f.pm.set('s1', true)).toBe('committed');
  });

  it.each([
    { active: false, section: '' },
    { active: true, section: 'PLAN SECTION' },
  ])('renders the section only while plan mode is in force: active=$active (docs/upstream-spec.md §6 item 25)', ({ active, section }) => {
    const f = fixture();
    if (active) f.pm.set('s1', true);
    expect(f.plugin.section.render('s1')).toBe(section);
    expect(f.plugin.section.render(undefined)).toBe('');
  });

  it('renders the section from the pending target (E3: pending?.active ?? fold)', () => {
    const f = fixture();
    f.log.append({ type: 'plan/mode', data: { active: true } });
    f.openTurn();
    f.pm.set('s1', false);
    expect(f.plugin.section.render('s1')).toBe('');
  });

  it.each([
    { line: '/plan', idle: true, text: PLAN_TEXTS.onCommitted, state: { active: true }, steers: 0 },
    { line: '/plan', idle: false, text: PLAN_TEXTS.onLater, state: { active: false, pending: true }, steers: 0 },
    { line: '/plan   draft the change  ', idle: false, text: PLAN_TEXTS.onLater, state: { active: false, pending: true }, steers: 1 },
    { line: '/plan off', idle: true, text: PLAN_TEXTS.offAlready, state: { active: false }, steers: 0 },
    { line: '/plan off now', idle: true, text: PLAN_TEXTS.onCommitted, state: { active: true }, steers: 1 },
    { line: '/plan OFF', idle: true, text: PLAN_TEXTS.onCommitted, state: { active: true }, steers: 1 },
  ])('runs "$line" (idle=$idle) (docs/upstream-spec.md §6 items 35–37, 40, §8 items 10–12)', async ({ line, idle, text, state, steers }) => {
    const f = fixture();
    if (!idle) f.openTurn();
    const outcome = await f.run(line);
    expect(outcome?.result).toEqual({ kind: 'success', text });
    expect(f.pm.get('s1')).toEqual(state);
    expect(f.steers).toHaveLength(steers);
  });

  it('steers the trimmed text once, inside the handler, so a started turn lands before command/done (docs/upstream-spec.md §6 item 36; real dsh host order)', async () => {
    let typesAtSteer: string[] = [];
    const g = fixture({ commands: false });
    const commands = createCommandRegistry(() => 'abcdef12');
    createPlanModePlugin({
      config: { section: 'S' },
      logOf: () => g.log,
      questions: undefined,
      commands,
      steer: (_id, content) => {
        typesAtSteer = g.types();
        g.steers.push(content);
      },
      logger: { warn: () => {} },
      newId: () => 'n',
    });
    await commands.execute(g.log, '/plan   draft …  ', []);
    expect(g.steers).toEqual([[{ type: 'text', text: 'draft …' }]]);
    expect(typesAtSteer).toEqual(['command/run', 'plan/mode']);
    expect(g.types()).toEqual(['command/run', 'plan/mode', 'command/done']);
    expect(g.log.events[0]!.data).toEqual({ commandId: 'cmd-abcdef12-1', name: 'plan', args: '   draft …  ', source: { kind: 'user' } });
  });

  it('cancels a pending entry with /plan off and a later boundary logs nothing (docs/upstream-spec.md §6 item 38)', async () => {
    const f = fixture();
    f.openTurn();
    await f.run('/plan');
    expect((await f.run('/plan off'))?.result.text).toBe(PLAN_TEXTS.offCancelled);
    expect(f.pm.get('s1')).toEqual({ active: false, pending: false });
    f.pm.boundary('s1');
    expect(f.log.events.filter((e) => e.type === 'plan/mode')).toHaveLength(0);
  });

  it('queues /plan off in a turn, repeats the queued wording, and commits at the boundary (docs/upstream-spec.md §6 item 39)', async () => {
    const f = fixture();
    f.log.append({ type: 'plan/mode', data: { active: true } });
    f.openTurn();
    expect((await f.run('/plan off'))?.result.text).toBe(PLAN_TEXTS.offQueued);
    expect(f.pm.get('s1')).toEqual({ active: true, pending: false });
    expect((await f.run('/plan off'))?.result.text).toBe(PLAN_TEXTS.offQueued);
    f.pm.boundary('s1');
    expect(f.pm.get('s1')).toEqual({ active: false });
  });

  it('commits /plan off at once when idle (docs/upstream-spec.md §6 item 40)', async () => {
    const f = fixture();
    await f.run('/plan');
    expect((await f.run('/plan off'))?.result).toEqual({ kind: 'success', text: PLAN_TEXTS.offCommitted });
    expect(f.pm.get('s1')).toEqual({ active: false });
  });

  it('refuses /plan off with images before any change (docs/upstream-spec.md §6 item 41, §8 item 13)', async () => {
    const f = fixture();
    await f.run('/plan');
    const outcome = await f.run('/plan off', [{ type: 'image' }]);
    expect(outcome?.result).toEqual({ kind: 'error', text: PLAN_TEXTS.offImages });
    expect(f.pm.get('s1')).toEqual({ active: true });
    expect(f.types()).toEqual(['command/run', 'plan/mode', 'command/done', 'command/run', 'command/done']);
  });

  it('registers /plan with its descriptor, leaves /mode and /review unmatched and unregisters on dispose (docs/upstream-spec.md §6 items 33–34, 42)', async () => {
    const f = fixture();
    expect(f.commands!.list()).toEqual([{ name: 'plan', description: 'Enter or leave plan mode', input: { hint: '[off|message]', images: true } }]);
    expect(await f.run('/mode plan')).toBeUndefined();
    expect(await f.run('/review')).toBeUndefined();
    expect(await f.run('/planx')).toBeUndefined();
    f.plugin.dispose();
    expect(f.commands!.list()).toEqual([]);
    expect(f.types()).toEqual([]);
  });

  it('lists exit_plan_mode with one required plan parameter and a plan-only description (docs/upstream-spec.md §6 item 43)', () => {
    const { schema } = fixture().plugin.tool;
    expect(schema.name).toBe('exit_plan_mode');
    expect(schema.parameters).toMatchObject({ required: ['plan'], properties: { plan: { type: 'string' } } });
    expect(schema.description).toMatch(/^Use only in plan mode/);
  });

  it.each([
    { name: 'no calling agent (§6 item 44)', active: true, plan: PLAN, agent: 'none', text: EXIT_TEXTS.noAgent },
    { name: 'plan mode off (§6 item 45)', active: false, plan: PLAN, agent: 'root', text: EXIT_TEXTS.notActive },
    { name: 'empty plan (§6 item 46)', active: true, plan: '', agent: 'root', text: EXIT_TEXTS.badPlan },
    { name: 'prose plan (§6 item 46)', active: true, plan: 'do things', agent: 'root', text: EXIT_TEXTS.badPlan },
    { name: 'level-2 heading (§6 item 46)', active: true, plan: '## Plan\n- a', agent: 'root', text: EXIT_TEXTS.badPlan },
    { name: 'no space after # (§6 item 46)', active: true, plan: '#Plan', agent: 'root', text: EXIT_TEXTS.badPlan },
  ])('fails before asking: $name', async ({ active, plan, agent, text }) => {
    const f = fixture();
    if (active) f.pm.set('s1', true);
    const outcome = await f.exec(plan, undefined, agent === 'none' ? null : { id: 's1', sessionId: 's1', root: true });
    expect(outcome).toEqual({ text: `Error: ${text}`, isError: true });
    expect(f.asks).toHaveLength(0);
    expect(f.pm.get('s1')).toEqual({ active });
  });

  it('fails with the manual-switch hint without a questions service (docs/upstream-spec.md §6 item 47)', async () => {
    const f = fixture({ questions: 'none' });
    f.pm.set('s1', true);
    expect(await f.exec(PLAN)).toEqual({ text: `Error: ${EXIT_TEXTS.noChannel}`, isError: true });
  });

  it('asks the exact review question with the execution signal and queues a silent exit on approval (docs/upstream-spec.md §6 items 50, 53, 56, 58)', async () => {
    const f = fixture();
    f.pm.set('s1', true);
    f.openTurn();
    f.header();
    const signal = new AbortController().signal;
    expect(await f.exec(PLAN, signal)).toEqual({ text: EXIT_TEXTS.approved, isError: false });
    expect(f.asks).toHaveLength(1);
    expect(f.asks[0]!.signal).toBe(signal);
    expect(f.asks[0]!.agent?.id).toBe('s1');
    expect(f.asks[0]!.questions).toEqual([
      {
        id: 'plan-review',
        header: 'Plan review',
        question: 'Approve this plan and leave plan mode?',
        detail: PLAN,
        options: [
          { label: 'Approve', description: 'Leave plan mode; the plan is carried out from the next step.' },
          { label: 'Keep planning', description: 'Stay in plan mode; feedback goes back to the model.' },
        ],
        intent: { kind: 'plan-review', approve: 'Approve' },
      },
    ]);
    expect(f.pm.get('s1')).toEqual({ active: true, pending: false });
    expect(foldPlanMode(f.log.events)).toBe(true);
    expect(f.pm.boundary('s1')).toEqual([]);
    expect(f.pm.get('s1')).toEqual({ active: false });
  });

  it.each([
    { answers: [{ id: 'plan-review', selected: ['Keep planning'], custom: undefined }], text: EXIT_TEXTS.revise },
    { answers: [{ id: 'plan-review', selected: [], custom: 'add tests first' }], text: EXIT_TEXTS.feedback('add tests first') },
    { answers: [{ id: 'plan-review', selected: ['Keep planning'], custom: '  keep  spaces ' }], text: EXIT_TEXTS.feedback('  keep  spaces ') },
    { answers: [{ id: 'plan-review', selected: ['Approve', 'Keep planning'] }], text: EXIT_TEXTS.revise },
    { answers: [{ id: 'plan-review', selected: ['Approve'], custom: 'but rename it' }], text: EXIT_TEXTS.feedback('but rename it') },
    {
      answers: [
        { id: 'plan-review', selected: ['Approve'] },
        { id: 'plan-review', selected: ['Approve'] },
      ],
      text: EXIT_TEXTS.revise,
    },
    { answers: [{ id: 'other', selected: ['Approve'] }], text: EXIT_TEXTS.revise },
    { answers: [], text: EXIT_TEXTS.revise },
  ])('keeps planning for $answers (docs/upstream-spec.md §6 items 54–55, §8 item 17)', async ({ answers, text }) => {
    const f = fixture();
    f.pm.set('s1', true);
    f.setReply({ answers: answers.map((a) => ('custom' in a && a.custom !== undefined ? a : { id: a.id, selected: a.selected })) } as QuestionAnswer);
    expect(await f.exec(PLAN)).toEqual({ text: `Error: ${text}`, isError: true });
    expect(f.pm.get('s1')).toEqual({ active: true });
  });

  it.each([
    { error: new UserQuestionError('ASK_CANCELLED', 'dismissed'), text: EXIT_TEXTS.dismissed },
    { error: new UserQuestionError('ASK_ABORTED', 'aborted before the user answered'), text: 'aborted before the user answered' },
    { error: new UserQuestionError('NO_PROVIDER', 'no user-question provider is registered'), text: 'no user-question provider is registered' },
    { error: new UserQuestionError('DELEGATED_CALLER', 'child cannot ask'), text: 'child cannot ask' },
    { error: new Error('review aborted'), text: 'review aborted' },
  ])('maps an ask failure $error.message to its own error and stays on (docs/upstream-spec.md §6 items 48–49, 57, 60)', async ({ error, text }) => {
    const f = fixture();
    f.pm.set('s1', true);
    f.setReply(error);
    expect(await f.exec(PLAN)).toEqual({ text: `Error: ${text}`, isError: true });
    expect(f.pm.get('s1')).toEqual({ active: true });
  });

  it('fails with the reload message when disposed while waiting (docs/upstream-spec.md §6 item 59, §8 item 19)', async () => {
    const f = fixture();
    f.pm.set('s1', true);
    let release!: (answer: QuestionAnswer) => void;
    f.setReply(() => new Promise((resolve) => (release = resolve)));
    const pending = f.exec(PLAN);
    await Promise.resolve();
    f.plugin.dispose();
    release({ answers: [{ id: 'plan-review', selected: ['Approve'] }] });
    expect(await pending).toEqual({ text: `Error: ${EXIT_TEXTS.reloaded}`, isError: true });
    expect(foldPlanMode(f.log.events)).toBe(true);
  });

  it('reads review verdicts by the exact approval rule', () => {
    expect(reviewVerdict({ answers: [{ id: 'plan-review', selected: ['Approve'] }] })).toEqual({ approved: true });
    expect(reviewQuestion('# P').intent).toEqual({ kind: 'plan-review', approve: 'Approve' });
  });

  it.each([
    { plan: '## Step two\ntext', title: 'Step two' },
    { plan: 'prose only', title: 'Plan' },
  ])('titles the call card "$title" and the result card "Plan review" (docs/upstream-spec.md §6 item 61)', ({ plan, title }) => {
    const f = fixture();
    const callEvent = f.log.append({
      type: 'tool/call',
      data: { turn: 1, step: 1, callId: 'c9', name: 'exit_plan_mode', arguments: JSON.stringify({ plan }) },
    });
    const resultEvent = f.log.append({
      type: 'tool/result',
      data: {
        turn: 1,
        step: 1,
        message: { role: 'user', content: [{ type: 'tool-result', toolCallId: 'c9', content: [{ type: 'text', text: 'Error: nope' }], isError: true }] },
      },
    });
    expect(f.plugin.viewOf(callEvent, f.log.events)).toEqual({
      for: 'call',
      view: { card: 'generic', title, kind: 'other', content: [{ type: 'text', text: plan }] },
    });
    expect(f.plugin.viewOf(resultEvent, f.log.events)).toEqual({
      for: 'result',
      view: { card: 'generic', title: 'Plan review', content: [{ type: 'text', text: 'Error: nope' }] },
    });
  });
});
