/**
 * The protocol scenario table of the session-modes variant (seed 002; docs/protocol.md `session.modes` /
 * `session.setMode`, the `mode` projection): run against the MSW adapter and the real server, each over a fresh
 * harness built with {@link MODES_PLUGINS} and the scripted model at zero delay. Same driver contract and helpers as
 * the plan-mode table (protocol-scenarios.ts), so mock and server are held to one wire.
 */
import { expect } from 'vitest';
import type { ServerRequest } from '../src/core/protocol/envelopes.ts';
import type { PluginEntry } from '../harness/types.ts';
import { answerBody, createSession, eventOf, fails, fullHistory, isEvent, isFrame, ok, payloadOf, type ProtocolScenario } from './protocol-scenarios.ts';

/** The plugin list of the table: session modes with `plan` (built in) and `review` (as examples/modes.yaml). */
export const MODES_PLUGINS: PluginEntry[] = [
  {
    id: 'mode',
    name: '@deepseek-ai/dsh-mode',
    config: { modes: { review: { section: 'You are in review mode: read the code and comment on it; change nothing.' } } },
  },
];

const TASK = 'Add a --greeting flag to the CLI so users can change the welcome text';
type Payload = Record<string, unknown>;

const isModeProjection = (sessionId: string) => isFrame('session/projection', sessionId, (p) => p.key === 'mode');
const noticeOf = (frame: ServerRequest): string | undefined => {
  const data = eventOf(frame).data as { source?: { kind?: string; summary?: string } };
  return data.source?.kind === 'plugin' ? data.source.summary : undefined;
};

/** The table. */
export const modesProtocolScenarios: ProtocolScenario[] = [
  {
    name: 'host.describe advertises modes (and not setPlanMode); commands/list offers /mode and one command per mode',
    async run(driver) {
      const described = await ok<Payload>(driver, 'host.describe', {});
      expect(described.capabilities).toEqual({ setPlanMode: false, import: true, modes: true, sessions: true, sessionLog: true, importStream: true });
      const sessionId = await createSession(driver);
      const commands = await ok<{ name: string; input?: { hint?: string } }[]>(driver, 'commands/list', { args: { agentId: sessionId } });
      expect(commands.map((c) => [c.name, c.input?.hint])).toEqual([
        ['mode', '[default|plan|review]'],
        ['plan', '[message]'],
        ['review', '[message]'],
      ]);
      expect(await ok(driver, 'session.modes', { sessionId })).toEqual({ modes: ['default', 'plan', 'review'], current: 'default' });
    },
  },
  {
    name: 'session.setMode while idle is pending in the answer, the mode projection and the tail; the next prompt logs mode/set inside its turn',
    async run(driver) {
      const mux = await driver.openMux();
      const sessionId = await createSession(driver);
      expect(await ok(driver, 'session.setMode', { sessionId, mode: 'review' })).toEqual({ state: { current: 'default', pending: 'review' } });
      const pending = await mux.next(isModeProjection(sessionId));
      expect(payloadOf(pending).value).toEqual({ current: 'default', pending: 'review' });
      const run = await mux.next(isEvent(sessionId, 'command/run'));
      expect(eventOf(run).data).toMatchObject({ name: 'mode', args: ' review' });
      expect(eventOf(run).seq).toBe(payloadOf(pending).seq);
      await mux.next(isEvent(sessionId, 'command/done', (e) => e.data.kind === 'success'));
      const before = await fullHistory(driver, sessionId);
      expect(before.projections?.values).toEqual({
        mode: { current: 'default', pending: 'review' },
        title: '/mode review',
        reviews: { revisions: [] },
        todos: null,
        progress: { view: { kind: 'none' }, audits: [], latest: null },
        modelView: expect.objectContaining({ steps: [], headers: [] }),
      });
      expect(before.events.map((e) => e.type)).toEqual(['command/run', 'command/done']);
      expect(await ok(driver, 'session.modes', { sessionId })).toEqual({ modes: ['default', 'plan', 'review'], current: 'default', pending: 'review' });

      await ok(driver, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'Look over the CLI' }] });
      const start = await mux.next(isEvent(sessionId, 'turn/start'));
      const set = await mux.next(isEvent(sessionId, 'mode/set'));
      const user = await mux.next(isEvent(sessionId, 'user/message'));
      expect(eventOf(set).data).toEqual({ mode: 'review' });
      expect(eventOf(start).seq).toBeLessThan(eventOf(set).seq);
      expect(eventOf(set).seq).toBeLessThan(eventOf(user).seq);
      // A projection frame precedes the event frame of its seq, so it is already in `frames`.
      const settled = mux.frames.find(isFrame('session/projection', sessionId, (p) => p.key === 'mode' && p.seq === eventOf(set).seq));
      if (!settled) throw new Error('no mode projection frame for the mode/set');
      expect(payloadOf(settled).value).toEqual({ current: 'review' });
      expect(mux.frames.indexOf(settled)).toBeLessThan(mux.frames.indexOf(set));
      const header = await mux.next(isEvent(sessionId, 'request/header'));
      expect(JSON.stringify(eventOf(header).data)).toContain('You are in review mode');
      expect(JSON.stringify(eventOf(header).data)).not.toContain('exit_plan_mode');
      await mux.next(isEvent(sessionId, 'turn/end'));
      // No request header before this turn, so the first switch carries no notice.
      expect(mux.frames.filter(isEvent(sessionId, 'user/message')).map(noticeOf).filter(Boolean)).toEqual([]);
    },
  },
  {
    name: '/plan <task> after a review turn narrates one notice, offers exit_plan_mode, and Approve returns to default at the step end without a notice',
    async run(driver) {
      const mux = await driver.openMux();
      const sessionId = await createSession(driver);
      await ok(driver, 'session.setMode', { sessionId, mode: 'review' });
      await ok(driver, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'hello' }] });
      await mux.next(isEvent(sessionId, 'turn/end'));

      const execution = await ok<{ result: { kind: string } }>(driver, 'commands/execute', { args: { agentId: sessionId, line: `/plan ${TASK}`, images: [] } });
      expect(execution.result.kind).toBe('success');
      const question = await mux.next(isFrame('question/requested', sessionId));
      const toPlan = mux.frames.find(isEvent(sessionId, 'mode/set', (e) => e.data.mode === 'plan'));
      expect(toPlan).toBeDefined();
      expect(mux.frames.filter(isEvent(sessionId, 'user/message')).map(noticeOf).filter(Boolean)).toEqual(['The user switched this session to plan mode.']);
      const headers = mux.frames.filter(isEvent(sessionId, 'request/header'));
      expect(JSON.stringify(eventOf(headers.at(-1) as ServerRequest).data)).toContain('exit_plan_mode');
      const item = (payloadOf(question).questions as Payload[])[0];
      expect(item).toMatchObject({ id: 'plan-review', intent: { kind: 'plan-review', approve: 'Approve' } });
      expect(await ok(driver, 'session.modes', { sessionId })).toMatchObject({ current: 'plan' });

      const receipt = await driver.respond(answerBody(question.rpcId, sessionId, [{ id: 'plan-review', selected: ['Approve'] }]));
      expect(receipt.body).toEqual({ accepted: true });
      const result = await mux.next(isEvent(sessionId, 'tool/result'));
      const stepEnd = await mux.next(isEvent(sessionId, 'step/end'));
      const exit = await mux.next(isEvent(sessionId, 'mode/set'));
      const nextStep = await mux.next(isEvent(sessionId, 'step/start'));
      expect(eventOf(exit).data).toEqual({ mode: 'default' });
      expect(eventOf(result).seq).toBeLessThan(eventOf(stepEnd).seq);
      expect(eventOf(stepEnd).seq).toBeLessThan(eventOf(exit).seq);
      expect(eventOf(exit).seq).toBeLessThan(eventOf(nextStep).seq);
      await mux.next(isEvent(sessionId, 'turn/end'));
      const after = mux.frames
        .filter(isEvent(sessionId, 'user/message', (e) => e.seq > eventOf(result).seq))
        .map(noticeOf)
        .filter(Boolean);
      expect(after).toEqual([]);
      const lastHeader = mux.frames.filter(isEvent(sessionId, 'request/header')).at(-1) as ServerRequest;
      expect(JSON.stringify(eventOf(lastHeader).data)).not.toContain('exit_plan_mode');
      const history = await fullHistory(driver, sessionId);
      expect(history.projections?.values.mode).toEqual({ current: 'default' });
      const exitCall = history.rows.find((r) => r.event.type === 'tool/call' && r.event.data.name === 'exit_plan_mode');
      expect(exitCall?.view).toMatchObject({ for: 'call', view: { card: 'generic', title: expect.any(String) } });
    },
  },
  {
    name: 'session.setMode refuses an unknown mode naming the allowed ones, a bad payload naming the field, and an unknown session',
    async run(driver) {
      const sessionId = await createSession(driver);
      const unknown = await fails(driver, 'session.setMode', { sessionId, mode: 'nope' });
      expect(unknown.code).toBe('bad-request');
      expect(unknown.message).toContain('the modes are: default, plan, review');
      const missing = await fails(driver, 'session.setMode', { sessionId });
      expect((missing.details?.issues as { path: string[] }[]).map((i) => i.path.join('.'))).toContain('mode');
      for (const method of ['session.modes', 'session.setMode'] as const) {
        const error = await fails(driver, method, { sessionId: 'session-nope', mode: 'plan' });
        expect({ method, code: error.code }).toEqual({ method, code: 'session-not-found' });
      }
      expect((await fullHistory(driver, sessionId)).events).toEqual([]);
    },
  },
];
