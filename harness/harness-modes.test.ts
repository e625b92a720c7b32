/**
 * The session-modes variant through the harness and the real loop with a fake model (seed 002; docs/upstream-spec.md §2):
 * the flush seams (prompt submit inside the just-opened turn, turn continuation after each step), the notice in the
 * log, `mode:policy` and exit-tool visibility in the requests, approval at the step's end, child seeding on create
 * and resume, fork inheritance, `session.modes`/`session.setMode`, the `mode` projection, a restart, and a log of
 * one variant opened under the other.
 */
import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../src/core/log/types.ts';
import { call, say, type FakeStep } from '../testing/fake-model.ts';
import type { ReferenceHarness } from './harness.ts';
import { BUILTIN_PLAN_SECTION, modeNoticeText } from './plugins/modes.ts';
import { MemoryStorage } from './storage/memory.ts';
import { createTestHarness, gate, waitFor } from '../testing/harness-fixture.ts';
import type { HarnessOptions, ModelRequest, PluginEntry } from './types.ts';
import { clientRequest } from '../src/core/protocol/envelopes.ts';

/** Untyped JSON read back from logged payloads and frames. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const REVIEW = 'You are in review mode: read and comment, change nothing.';
const MODES: PluginEntry[] = [{ id: 'mode', name: '@deepseek-ai/dsh-mode', config: { modes: { review: { section: REVIEW } } } }];
const PLAN = '# Add `--greeting` flag\n\n- parse the flag\n- print it';

function setup(steps: FakeStep[] = [], extra: Partial<HarnessOptions> = {}) {
  return createTestHarness(steps, { plugins: MODES, ...extra });
}

let rpc = 0;
async function result(host: ReferenceHarness, method: string, payload: unknown) {
  return (await host.handleRequest(method, clientRequest(method, payload, `r${++rpc}`))).result;
}
async function value(host: ReferenceHarness, method: string, payload: unknown): Promise<Json> {
  const answer = await result(host, method, payload);
  if (!answer.ok) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`);
  return answer.value;
}
const prompt = (host: ReferenceHarness, sessionId: string, text: string) =>
  value(host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text }] });

/** Event types without streaming rows, from `from` on. */
const skeleton = (events: readonly SessionEvent[], from = 0) =>
  events
    .slice(from)
    .map((e) => e.type)
    .filter((t) => t !== 'assistant/chunk');
const toolNames = (request: ModelRequest | undefined) => request?.tools.map((t) => t.name) ?? [];
const notices = (events: readonly SessionEvent[]) =>
  events.filter((e) => e.type === 'user/message' && (e.data as Json).source.kind === 'plugin').map((e) => (e.data as Json).content[0].text as string);

describe('host with session modes', () => {
  it('advertises the modes capability and answers session.modes with default first', async () => {
    const { host } = setup();
    expect((await value(host, 'host.describe', {})).capabilities).toEqual({
      setPlanMode: false,
      import: true,
      modes: true,
      sessions: true,
      sessionLog: true,
      importStream: true,
    });
    const sessionId = host.engine.createSession();
    expect(await value(host, 'session.modes', { sessionId })).toEqual({ modes: ['default', 'plan', 'review'], current: 'default' });
    expect((await result(host, 'session.setPlanMode', { sessionId, active: true })).ok).toBe(false);
  });

  it('keeps an idle switch pending and flushes it at prompt submit, inside the just-opened turn, before the user message', async () => {
    const { host, model } = setup([say('looked')]);
    const sessionId = host.engine.createSession();
    expect(await value(host, 'session.setMode', { sessionId, mode: 'review' })).toEqual({ state: { current: 'default', pending: 'review' } });
    const log = host.engine.log(sessionId)!;
    expect(skeleton(log.events)).toEqual(['command/run', 'command/done']);
    expect(host.engine.log(sessionId)!.events.some((e) => e.type === 'mode/set')).toBe(false);
    await prompt(host, sessionId, 'look at the CLI');
    await host.engine.idle();
    expect(skeleton(log.events)).toEqual([
      'command/run',
      'command/done',
      'turn/start',
      'mode/set',
      'user/message',
      'session/title',
      'step/start',
      'request/header',
      'assistant/message',
      'step/end',
      'turn/end',
    ]);
    // No header before this turn, so no notice; the first request is already review-shaped.
    expect(notices(log.events)).toEqual([]);
    expect(model.requests[0]?.sections).toEqual(['base', 'mode:policy']);
    expect(model.requests[0]?.system).toContain(REVIEW);
    expect(toolNames(model.requests[0])).not.toContain('exit_plan_mode');
  });

  it.each<[string, string[], string[]]>([
    ['a switch after a header of another mode narrates one notice naming it', ['review'], [modeNoticeText('review')]],
    ['several switches coalesce into one notice naming the last', ['review', 'plan'], [modeNoticeText('plan')]],
    ['a net-zero flip sequence appends nothing', ['review', 'plan', 'default'], []],
  ])('%s', async (_name, switches, expected) => {
    const { host, model } = setup([say('hi'), say('again')]);
    const sessionId = host.engine.createSession();
    await prompt(host, sessionId, 'hello');
    await host.engine.idle();
    for (const mode of switches) await value(host, 'session.setMode', { sessionId, mode });
    const before = host.engine.log(sessionId)!.events.length;
    await prompt(host, sessionId, 'next');
    await host.engine.idle();
    const events = host.engine.log(sessionId)!.events;
    expect(notices(events)).toEqual(expected);
    const last = switches.at(-1)!;
    const modeSets = events
      .slice(before)
      .filter((e) => e.type === 'mode/set')
      .map((e) => (e.data as Json).mode);
    expect(modeSets).toEqual(last === 'default' ? [] : [last]);
    expect(model.requests[1]?.sections.includes('mode:policy')).toBe(last !== 'default');
  });

  it('flushes a switch made during a step at turn continuation: after step/end, before the next step/start', async () => {
    const held = gate(() => call('list_files', {}));
    const { host, model } = setup([held.step, say('reviewed')]);
    const sessionId = host.engine.createSession();
    await prompt(host, sessionId, 'go');
    await held.opened;
    await value(host, 'session.setMode', { sessionId, mode: 'review' });
    held.release();
    await host.engine.idle();
    const events = host.engine.log(sessionId)!.events;
    const types = skeleton(events);
    const at = types.indexOf('mode/set');
    expect(types.slice(at - 1, at + 4)).toEqual(['step/end', 'mode/set', 'user/message', 'step/start', 'request/header']);
    expect(notices(events)).toEqual([modeNoticeText('review')]);
    expect(model.requests.map((r) => r.sections.includes('mode:policy'))).toEqual([false, true]);
  });

  it('offers exit_plan_mode only in plan; approval switches to default silently at the step end', async () => {
    const { host, model, mux } = setup([call('exit_plan_mode', { plan: PLAN }), say('carrying it out')]);
    const sessionId = host.engine.createSession();
    const executed = await value(host, 'commands/execute', { args: { agentId: sessionId, line: '/plan add a greeting flag', images: [] } });
    expect(executed.result).toEqual({ kind: 'success', text: "Switching to plan mode; it applies from the agent's next turn or step." });
    await waitFor(() => mux.some((f) => f.method === 'question/requested'));
    const question = mux.find((f) => f.method === 'question/requested')!;
    expect((question.payload as Json).questions[0]).toMatchObject({ id: 'plan-review', intent: { kind: 'plan-review', approve: 'Approve' } });
    expect(await value(host, 'session.modes', { sessionId })).toMatchObject({ current: 'plan' });
    await host.handleRespond({
      type: 'client-response',
      rpcId: question.rpcId,
      result: { ok: true, value: { sessionId, answer: { answers: [{ id: 'plan-review', selected: ['Approve'] }] } } },
    });
    await host.engine.idle();
    const events = host.engine.log(sessionId)!.events;
    const types = skeleton(events);
    const exit = types.lastIndexOf('mode/set');
    expect(types.slice(exit - 2, exit + 2)).toEqual(['tool/result', 'step/end', 'mode/set', 'step/start']);
    expect(events.filter((e) => e.type === 'mode/set').map((e) => (e.data as Json).mode)).toEqual(['plan', 'default']);
    expect(notices(events)).toEqual([]);
    expect(model.requests.map((r) => [r.sections.includes('mode:policy'), toolNames(r).includes('exit_plan_mode')])).toEqual([
      [true, true],
      [false, false],
    ]);
    expect(model.requests[0]?.system).toContain(BUILTIN_PLAN_SECTION);
    expect(host.engine.modes.get(sessionId)).toEqual({ current: 'default' });
    const tail = await value(host, 'session.history', { sessionId });
    expect(tail.projections.values.mode).toEqual({ current: 'default' });
    expect(tail.projections.values.plan).toBeUndefined();
    const call0 = tail.events.find((row: Json) => row.event.type === 'tool/call');
    expect(call0.view).toMatchObject({ for: 'call', view: { card: 'generic', title: 'Add `--greeting` flag' } });
  });

  it('streams the mode projection: pending while asked for, settled by mode/set', async () => {
    const { host, mux } = setup([say('ok')]);
    const sessionId = host.engine.createSession();
    await value(host, 'session.setMode', { sessionId, mode: 'plan' });
    await prompt(host, sessionId, 'plan something');
    await host.engine.idle();
    const values = mux.filter((f) => f.method === 'session/projection' && (f.payload as Json).key === 'mode').map((f) => (f.payload as Json).value);
    // command/run and command/done each change the fold state (a frame per reference change), then mode/set settles it.
    expect(values).toEqual([{ current: 'default', pending: 'plan' }, { current: 'default', pending: 'plan' }, { current: 'plan' }]);
  });

  it.each<[string, unknown, RegExp]>([
    ['an unknown mode, naming the allowed modes', { mode: 'nope' }, /unknown mode "nope"; the modes are: default, plan, review/],
    ['an empty mode', { mode: '' }, /invalid payload/],
  ])('session.setMode refuses %s and logs nothing', async (_name, payload, message) => {
    const { host } = setup();
    const sessionId = host.engine.createSession();
    const answer = await result(host, 'session.setMode', { sessionId, ...(payload as object) });
    expect(answer.ok).toBe(false);
    expect(!answer.ok && answer.error.message).toMatch(message);
    expect(host.engine.log(sessionId)!.events).toEqual([]);
  });

  it('starts a new session created with a mode in it', async () => {
    const { host, model } = setup([say('ok')]);
    const sessionId = host.engine.createSession({ mode: 'review' });
    expect(host.engine.modes.get(sessionId)).toMatchObject({ pending: 'review' });
    await prompt(host, sessionId, 'work');
    await host.engine.idle();
    expect(host.engine.modes.get(sessionId)).toEqual({ current: 'review' });
    expect(model.requests.at(-1)?.system).toContain(REVIEW);
  });

  it('refuses a mode the host does not define when a session is created, naming the modes', () => {
    const { host } = setup([]);
    expect(() => host.engine.createSession({ mode: 'nope' })).toThrow(/the modes are: default, plan, review/);
  });

  it('refuses a mode option on a host without session modes', () => {
    const { host } = setup([], { plugins: undefined });
    expect(() => host.engine.createSession({ mode: 'plan' })).toThrow(/session-modes variant is not enabled/);
  });

  it('keeps a switch asked for before a restart pending after it, and flushes it at the next prompt', async () => {
    const first = setup();
    const sessionId = first.host.engine.createSession();
    await value(first.host, 'session.setMode', { sessionId, mode: 'review' });
    await first.host.close();
    const second = setup([say('ok')], { storage: first.storage });
    expect(await value(second.host, 'session.modes', { sessionId })).toEqual({ modes: ['default', 'plan', 'review'], current: 'default', pending: 'review' });
    await prompt(second.host, sessionId, 'go');
    await second.host.engine.idle();
    expect(second.host.engine.modes.get(sessionId)).toEqual({ current: 'review' });
  });

  it.each<[string, PluginEntry[] | undefined, { type: string; data: unknown }, PluginEntry[] | undefined, string, RegExp]>([
    [
      'a plan-mode log under session modes',
      undefined,
      { type: 'plan/mode', data: { active: true } },
      MODES,
      'plan',
      /Recorded with plan mode; this server runs session modes, so it opens read-only\./,
    ],
    [
      'a session-modes log under plan mode',
      MODES,
      { type: 'mode/set', data: { mode: 'review' } },
      undefined,
      'mode',
      /Recorded with session modes; this server runs plan mode, so it opens read-only\./,
    ],
  ])('opens %s read-only, readable, and says why it cannot switch', async (_name, _writer, line, reader, key, reason) => {
    const storage = new MemoryStorage();
    storage.create({
      header: { type: 'session', version: 0, id: 'session-old', createdAt: 1, cwd: '/w' },
      lines: [{ type: 'turn/start', data: { turn: 1 } }, line, { type: 'turn/end', data: { turn: 1, reason: { kind: 'completed' } } }],
    });
    const { host } = setup([], { storage, plugins: reader });
    const listed = (await value(host, 'session.list', {})).items[0];
    expect(listed).toMatchObject({ sessionId: 'session-old', readOnly: true, readOnlyReason: expect.stringMatching(reason) });
    const history = await value(host, 'session.history', { sessionId: 'session-old' });
    expect(history.events).toHaveLength(3);
    expect(Object.keys(history.projections.values).sort()).toEqual([key, 'modelView', 'progress', 'reviews', 'title', 'todos'].sort());
    const refused = await result(host, 'session.prompt', { sessionId: 'session-old', mode: 'queue', content: [{ type: 'text', text: 'hi' }] });
    expect(!refused.ok && refused.error.message).toMatch(reason);
    const switchMethod =
      reader === undefined
        ? ['session.setPlanMode', { sessionId: 'session-old', active: false }]
        : ['session.setMode', { sessionId: 'session-old', mode: 'default' }];
    const switched = await result(host, switchMethod[0] as string, switchMethod[1]);
    expect(!switched.ok && switched.error.message).toMatch(reason);
    expect(host.engine.log('session-old')!.events).toHaveLength(3);
  });
});

describe('scripted model under session modes', () => {
  it('plans and opens the review in plan mode, and answers plainly in review mode', async () => {
    const { createScriptedModel } = await import('./models/scripted.ts');
    const { host, mux } = setup([], { model: createScriptedModel({ delayMs: 0 }) });
    const reviewed = host.engine.createSession({ mode: 'review' });
    await prompt(host, reviewed, 'Add a --greeting flag to the CLI');
    await host.engine.idle();
    expect(host.engine.log(reviewed)!.events.some((e) => e.type === 'tool/call' && (e.data as Json).name === 'exit_plan_mode')).toBe(false);
    const planned = host.engine.createSession();
    await value(host, 'commands/execute', { args: { agentId: planned, line: '/plan Add a --greeting flag to the CLI', images: [] } });
    await waitFor(() => mux.some((f) => f.method === 'question/requested' && (f.payload as Json).sessionId === planned));
    expect(host.engine.modes.get(planned)).toEqual({ current: 'plan' });
    await host.close();
  });
});
