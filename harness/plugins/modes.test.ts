/**
 * Tests of the session-modes plugin on its own (seed 002; docs/upstream-spec.md §2): config validation, list/get/set,
 * the flush with its notice rules, the `mode:policy` section, exit-tool visibility, the exit review and approval,
 * and the per-mode commands. The loop seams and child seeding run through the harness in harness-modes.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { UserQuestionError } from '../questions.ts';
import {
  BUILTIN_PLAN_SECTION,
  createModesPlugin,
  MODE_COMMAND_TEXTS,
  MODE_POLICY_ORDER,
  MODE_POLICY_SECTION,
  modeNoticeText,
  resolveModesConfig,
} from './modes.ts';
import { EXIT_TEXTS } from './exit-plan-tool.ts';
import { createPluginFixture, type ScriptedReply } from '../../testing/plugin-fixture.ts';

/** Untyped JSON read back from logged payloads. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const PLAN = '# Ship it\n\n- step one\n- step two';
const REVIEW = 'You are in review mode: read and comment, change nothing.';
function fixture(options: { questions?: 'none'; modes?: Record<string, { section: string }> } = {}) {
  const { storage, log, asks, steers, warnings, env, setReply, handle } = createPluginFixture({ questions: options.questions });
  const commands = env.commands!;
  const plugin = createModesPlugin({ ...env, config: resolveModesConfig({ modes: options.modes ?? { review: { section: REVIEW } } }) });
  return {
    storage,
    log,
    plugin,
    modes: plugin.service,
    asks,
    steers,
    warnings,
    commands,
    setReply,
    exec: (plan: unknown, agent: typeof handle | undefined = handle) =>
      plugin.tool.execute({ plan }, { agent, events: log.events, signal: new AbortController().signal, callId: 'c1' }),
    run: (line: string) => commands.execute(log, line, []),
    /** A request header as the loop logs it, describing the mode in force now. */
    header: () => log.append({ type: 'request/header', data: { header: { system: plugin.section.render('s1') }, reason: 'change' } }),
    logMode: (mode: string) => log.append({ type: 'mode/set', data: { mode } }),
    modeSets: () => log.events.filter((e) => e.type === 'mode/set').map((e) => (e.data as Json).mode as string),
    notices: () => log.events.filter((e) => e.type === 'user/message').map((e) => (e.data as Json).content[0].text as string),
  };
}

describe('session-modes plugin', () => {
  it.each([
    { config: 'plan', error: 'config: expected an object {modes: {<name>: {section}}}' },
    { config: { modes: [] }, error: 'modes: expected an object of {<name>: {section}}' },
    { config: { modes: {}, tools: [] }, error: 'config: unknown key(s): tools' },
    { config: { modes: { default: { section: 'x' } } }, error: 'modes.default: "default" is the absence of a mode' },
    { config: { modes: { mode: { section: 'x' } } }, error: 'modes.mode: "mode" is reserved' },
    { config: { modes: { Review: { section: 'x' } } }, error: 'modes.Review: a mode name must match' },
    { config: { modes: { '1st': { section: 'x' } } }, error: 'modes.1st: a mode name must match' },
    { config: { modes: { review: 'x' } }, error: 'modes.review: expected an object {section}' },
    { config: { modes: { review: { section: 'x', tools: ['read_file'] } } }, error: 'modes.review: unknown key(s): tools' },
    { config: { modes: { review: { section: 'x', access: 'read-only' } } }, error: 'modes.review: unknown key(s): access' },
    { config: { modes: { review: {} } }, error: 'modes.review.section: missing' },
    { config: { modes: { review: { section: 3 } } }, error: 'modes.review.section: expected a string' },
    { config: { modes: { review: { section: ' \n' } } }, error: 'modes.review.section: must not be blank' },
  ])('fails loudly at load for $config', ({ config, error }) => {
    expect(() => resolveModesConfig(config)).toThrow(error);
  });

  it.each<[string, unknown, Record<string, string>]>([
    ['no config gives the built-in plan only', undefined, { plan: BUILTIN_PLAN_SECTION }],
    ['an empty modes map gives the built-in plan', { modes: {} }, { plan: BUILTIN_PLAN_SECTION }],
    ['the built-in plan merges before the configured modes', { modes: { review: { section: 'R' } } }, { plan: BUILTIN_PLAN_SECTION, review: 'R' }],
    ['a configured plan overrides the built-in one', { modes: { review: { section: 'R' }, plan: { section: 'P' } } }, { plan: 'P', review: 'R' }],
  ])('resolves the config: %s', (_name, config, expected) => {
    const resolved = resolveModesConfig(config);
    expect(Object.fromEntries(Object.entries(resolved.modes).map(([name, d]) => [name, d.section]))).toEqual(expected);
    expect(Object.keys(resolved.modes)).toEqual(Object.keys(expected));
  });

  it('lists default first, then the configured definitions', () => {
    expect(fixture({ modes: { review: { section: 'R' }, 'deep-dive': { section: 'D' } } }).modes.list()).toEqual(['default', 'plan', 'review', 'deep-dive']);
  });

  it.each<[string, string[], { current: string }]>([
    ['an empty log is in the default mode', [], { current: 'default' }],
    ['the last mode/set wins', ['plan', 'review'], { current: 'review' }],
    ['a folded name the config no longer defines reads as default', ['review', 'deep-dive'], { current: 'default' }],
  ])('get: %s', (_name, logged, expected) => {
    const f = fixture();
    for (const mode of logged) f.logMode(mode);
    expect(f.modes.get('s1')).toEqual(expected);
  });

  it.each<[string, string[], string[], string, { current: string; pending?: string }]>([
    ['a switch records a pending intent', [], ['review'], 'queued', { current: 'default', pending: 'review' }],
    ['the same target again is a noop', [], ['review', 'review'], 'noop', { current: 'default', pending: 'review' }],
    ['the mode in force is a noop', ['plan'], ['plan'], 'noop', { current: 'plan' }],
    ['default is always a valid target', ['review'], ['default'], 'queued', { current: 'review', pending: 'default' }],
    ['switching back keeps a net-zero marker', ['plan'], ['review', 'plan'], 'queued', { current: 'plan', pending: 'plan' }],
  ])('set: %s', (_name, logged, sets, lastOutcome, state) => {
    const f = fixture();
    for (const mode of logged) f.logMode(mode);
    const before = f.log.events.length;
    let outcome = '';
    for (const mode of sets) outcome = f.modes.set('s1', mode);
    expect(outcome).toBe(lastOutcome);
    expect(f.modes.get('s1')).toEqual(state);
    expect(f.log.events).toHaveLength(before);
  });

  it.each(['nope', 'Plan', '', 'mode'])('set rejects the unknown mode %j naming the allowed modes', (mode) => {
    const f = fixture();
    expect(() => f.modes.set('s1', mode)).toThrow('the modes are: default, plan, review');
    expect(() => f.modes.get('s2')).toThrow(/unknown agent/);
  });

  it.each<[string, { logged: string[]; header: boolean; sets: string[] }, { modeSets: string[]; notices: string[] }]>([
    ['nothing pending flushes nothing', { logged: [], header: true, sets: [] }, { modeSets: [], notices: [] }],
    ['no notice before the first request header', { logged: [], header: false, sets: ['review'] }, { modeSets: ['review'], notices: [] }],
    [
      'one notice naming the new mode after a header of another mode',
      { logged: [], header: true, sets: ['review'] },
      { modeSets: ['review'], notices: [modeNoticeText('review')] },
    ],
    [
      'flips coalesce into one notice naming the last one',
      { logged: [], header: true, sets: ['review', 'plan'] },
      { modeSets: ['plan'], notices: [modeNoticeText('plan')] },
    ],
    [
      'back to default uses the default wording',
      { logged: ['plan'], header: true, sets: ['default'] },
      { modeSets: ['plan', 'default'], notices: ['The user switched this session back to the default mode.'] },
    ],
    ['a net-zero flip sequence appends nothing', { logged: ['plan'], header: true, sets: ['review', 'default', 'plan'] }, { modeSets: ['plan'], notices: [] }],
  ])('flush: %s', (_name, { logged, header, sets }, expected) => {
    const f = fixture();
    for (const mode of logged) f.logMode(mode);
    if (header) f.header();
    for (const mode of sets) f.modes.set('s1', mode);
    f.modes.flush('s1');
    f.modes.flush('s1');
    expect(f.modeSets()).toEqual(expected.modeSets);
    expect(f.notices()).toEqual(expected.notices);
    expect(f.modes.get('s1').pending).toBeUndefined();
  });

  it('gives no notice when the last header already described the new mode', () => {
    const f = fixture();
    f.header();
    f.modes.set('s1', 'review');
    f.modes.flush('s1');
    f.header();
    f.log.append({ type: 'mode/set', data: { mode: 'default' } });
    f.modes.set('s1', 'review');
    f.modes.flush('s1');
    expect(f.notices()).toEqual([modeNoticeText('review')]);
  });

  it('keeps the intent pending when the append fails, warns once, and commits at a later healthy flush', () => {
    const f = fixture();
    f.modes.set('s1', 'review');
    f.storage.failAppend = () => true;
    f.modes.flush('s1');
    expect(f.warnings).toHaveLength(1);
    expect(f.modes.get('s1')).toEqual({ current: 'default', pending: 'review' });
    f.storage.failAppend = undefined;
    f.modes.flush('s1');
    expect(f.modes.get('s1')).toEqual({ current: 'review' });
  });

  it('does not flush after an abort or after dispose', () => {
    const f = fixture();
    f.modes.set('s1', 'review');
    const aborted = new AbortController();
    aborted.abort();
    f.modes.flush('s1', aborted.signal);
    expect(f.modeSets()).toEqual([]);
    f.plugin.dispose();
    f.modes.flush('s1');
    expect(f.modeSets()).toEqual([]);
    expect(f.commands.list()).toEqual([]);
  });

  it.each<[string, string[], string]>([
    ['default renders nothing', [], ''],
    ['plan renders its section', ['plan'], BUILTIN_PLAN_SECTION],
    ['review renders its exact section', ['review'], REVIEW],
    ['an undefined mode reads as default', ['deep-dive'], ''],
    ['a pending intent does not render until it is flushed', ['review', 'default'], ''],
  ])('mode:policy section: %s', (_name, logged, expected) => {
    const f = fixture();
    for (const mode of logged) f.logMode(mode);
    f.modes.set('s1', 'plan');
    expect(f.plugin.section).toMatchObject({ name: MODE_POLICY_SECTION, order: MODE_POLICY_ORDER });
    expect(f.plugin.section.render('s1')).toBe(expected);
    expect(f.plugin.section.render(undefined)).toBe('');
  });

  it.each<[string, string[], boolean]>([
    ['default hides exit_plan_mode', [], false],
    ['plan offers exit_plan_mode', ['plan'], true],
    ['review hides exit_plan_mode', ['plan', 'review'], false],
    ['an undefined mode hides it', ['deep-dive'], false],
  ])('exit-tool visibility: %s', (_name, logged, offered) => {
    const f = fixture();
    for (const mode of logged) f.logMode(mode);
    expect(f.plugin.offersExitTool('s1')).toBe(offered);
    expect(f.plugin.offersExitTool(undefined)).toBe(false);
  });

  it('approves: returns the approval text, asks the plan-review question, records a silent pending default', async () => {
    const f = fixture();
    f.logMode('plan');
    f.header();
    const outcome = await f.exec(PLAN);
    expect(outcome).toEqual({ text: EXIT_TEXTS.approved, isError: false });
    expect(f.asks[0]?.questions[0]).toMatchObject({ id: 'plan-review', detail: PLAN, options: [{ label: 'Approve' }, { label: 'Keep planning' }] });
    expect(f.modes.get('s1')).toEqual({ current: 'plan', pending: 'default' });
    expect(f.plugin.offersExitTool('s1')).toBe(true);
    f.modes.flush('s1');
    expect(f.modes.get('s1')).toEqual({ current: 'default' });
    expect(f.notices()).toEqual([]);
  });

  it.each<[string, ScriptedReply, string]>([
    [
      'Keep planning with feedback returns it verbatim',
      { answers: [{ id: 'plan-review', selected: ['Keep planning'], custom: 'Cover  the tests' }] },
      `Error: ${EXIT_TEXTS.feedback('Cover  the tests')}`,
    ],
    ['Keep planning without text asks to revise', { answers: [{ id: 'plan-review', selected: ['Keep planning'] }] }, `Error: ${EXIT_TEXTS.revise}`],
    ['free text alone is feedback', { answers: [{ id: 'plan-review', selected: [], custom: 'smaller' }] }, `Error: ${EXIT_TEXTS.feedback('smaller')}`],
    [
      'Approve with free text is feedback',
      { answers: [{ id: 'plan-review', selected: ['Approve'], custom: 'but rename it' }] },
      `Error: ${EXIT_TEXTS.feedback('but rename it')}`,
    ],
    ['a dismissal asks the model to wait', new UserQuestionError('ASK_CANCELLED', 'cancelled'), `Error: ${EXIT_TEXTS.dismissed}`],
    ['an abort keeps its own message', new UserQuestionError('ASK_ABORTED', 'aborted before the user answered'), 'Error: aborted before the user answered'],
  ])('keeps plan mode when %s', async (_name, reply, text) => {
    const f = fixture();
    f.logMode('plan');
    f.setReply(reply);
    expect(await f.exec(PLAN)).toEqual({ text, isError: true });
    f.modes.flush('s1');
    expect(f.modes.get('s1')).toEqual({ current: 'plan' });
  });

  it.each<[string, string[], unknown, 'none' | undefined, string]>([
    ['outside plan mode', ['review'], PLAN, undefined, EXIT_TEXTS.notActive],
    ['for a plan without a level-1 heading', ['plan'], '## Ship it', undefined, EXIT_TEXTS.badPlan],
    ['without a questions channel', ['plan'], PLAN, 'none', 'ask the user to switch the mode manually with /mode default'],
    ['for arguments without a plan string', ['plan'], 42, undefined, 'plan: expected a string'],
  ])('fails without asking %s', async (_name, logged, plan, questions, message) => {
    const f = fixture({ ...(questions ? { questions } : {}) });
    for (const mode of logged) f.logMode(mode);
    const outcome = await f.exec(plan);
    expect(outcome.isError).toBe(true);
    expect(outcome.text).toContain(message);
    expect(f.asks).toEqual([]);
  });

  it('lists one command per definition plus /mode', () => {
    const f = fixture();
    expect(f.commands.list()).toEqual([
      { name: 'mode', description: 'Show or switch the collaboration mode', input: { hint: '[default|plan|review]' } },
      { name: 'plan', description: 'Switch to plan mode', input: { hint: '[message]' } },
      { name: 'review', description: 'Switch to review mode', input: { hint: '[message]' } },
    ]);
  });

  it.each<[string, string[], { kind: string; text: string }, { current: string; pending?: string }, unknown[]]>([
    [
      '/review switches without steering',
      ['/review'],
      { kind: 'success', text: MODE_COMMAND_TEXTS.switching('review') },
      { current: 'default', pending: 'review' },
      [],
    ],
    [
      '/plan <message> switches and steers the trimmed message once',
      ['/plan   sketch the flag  '],
      { kind: 'success', text: MODE_COMMAND_TEXTS.switching('plan') },
      { current: 'default', pending: 'plan' },
      [[{ type: 'text', text: 'sketch the flag' }]],
    ],
    [
      '/mode review switches',
      ['/mode review'],
      { kind: 'success', text: MODE_COMMAND_TEXTS.switching('review') },
      { current: 'default', pending: 'review' },
      [],
    ],
    ['/mode default is already in force', ['/mode default'], { kind: 'success', text: MODE_COMMAND_TEXTS.already('default') }, { current: 'default' }, []],
    [
      '/mode default after /review cancels the switch',
      ['/review', '/mode default'],
      { kind: 'success', text: MODE_COMMAND_TEXTS.staying('default') },
      { current: 'default', pending: 'default' },
      [],
    ],
    [
      '/mode nope fails naming the modes',
      ['/mode nope'],
      { kind: 'error', text: 'unknown mode "nope"; the modes are: default, plan, review' },
      { current: 'default' },
      [],
    ],
    [
      '/mode shows the mode and the vocabulary',
      ['/review', '/mode'],
      { kind: 'success', text: 'Mode: default (switching to review). Modes: default, plan, review.' },
      { current: 'default', pending: 'review' },
      [],
    ],
  ])('%s', async (_name, lines, result, state, steers) => {
    const f = fixture();
    let last: unknown;
    for (const line of lines) last = (await f.run(line))?.result;
    expect(last).toEqual(result);
    expect(f.modes.get('s1')).toEqual(state);
    expect(f.steers).toEqual(steers);
    expect(f.modeSets()).toEqual([]);
  });
});
