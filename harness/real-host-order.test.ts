/**
 * Event order of the reference harness against a real dsh host: the HEAD capture of a steered
 * `/plan <task>` (fixtures/dsh-frames/ws-events.mux.jsonl) and the recorded plain prompt
 * (fixtures/dsh-recordings/lifecycle-chrome), compared on the event kinds this harness logs.
 */
import { describe, expect, it } from 'vitest';
import { readFixture, readRecordingFixture } from '../fixtures/paths.ts';
import { parseSessionLog } from '../src/core/log/reader.ts';
import type { SessionEvent } from '../src/core/log/types.ts';
import { clientRequest, type ServerRequest } from '../src/core/protocol/envelopes.ts';
import { call, say, type FakeStep } from '../testing/fake-model.ts';
import { NOTICE_ON } from './plugins/plan-mode.ts';
import { createTestHarness, gate, waitFor } from '../testing/harness-fixture.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const PLAN = '# Add `--greeting` flag to CLI\n\n- parse the flag\n- print it';
/** The task of the captured `/plan <task>`. */
const TASK = 'Plan a small change: add a --greeting flag to a CLI.';

/** Kinds a real host logs that this harness has no counterpart for (permissions, inbox splices, request context). */
const FOREIGN = new Set(['permission/preset', 'sandbox/mode', 'approval/policy', 'agent/inbox/spliced', 'request/context']);

/** Event kinds of a log without streaming rows, foreign kinds and the real host's system-prompt snapshot message. */
function skeleton(events: readonly { type: string; data: unknown }[]): string[] {
  return events
    .filter((e) => e.type !== 'assistant/chunk' && !e.type.endsWith('-chunks') && !FOREIGN.has(e.type))
    .filter((e) => !(e.type === 'user/message' && (e.data as Json)?.source?.form === 'snapshot'))
    .map((e) => e.type);
}

/** The frames of the real host's mux capture, in arrival order. */
function capturedFrames(): ServerRequest[] {
  return readFixture('dsh-frames', 'ws-events.mux.jsonl')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { frame?: ServerRequest })
    .flatMap((row) => (row.frame ? [row.frame] : []));
}

function setup(steps: FakeStep[]) {
  const { host, mux, tick } = createTestHarness(steps);
  const sessionId = host.engine.createSession();
  const request = async (method: string, payload: unknown): Promise<Json> => {
    const response = await host.handleRequest(method, clientRequest(method, payload, `r-${tick()}`));
    if (!response.result.ok) throw new Error(`${method}: ${response.result.error.message}`);
    return response.result.value;
  };
  const events = (): readonly SessionEvent[] => host.engine.log(sessionId)!.events;
  return { host, mux, sessionId, request, events };
}

describe('event order as a real dsh host logs it', () => {
  it('logs a steered /plan <task> in the captured order: turn/start before command/done, the task after step/start', async () => {
    const captured = capturedFrames()
      .filter((f) => f.method === 'session/event')
      .map((f) => (f.payload as Json).event as SessionEvent);
    const { host, mux, sessionId, request, events } = setup([call('exit_plan_mode', { plan: PLAN }), say('DONE')]);
    await request('commands/execute', { args: { agentId: sessionId, line: `/plan ${TASK}`, images: [] } });
    await waitFor(() => mux.some((f) => f.method === 'question/requested'));
    const question = mux.find((f) => f.method === 'question/requested')!;
    await host.handleRespond({
      type: 'client-response',
      rpcId: question.rpcId,
      result: { ok: true, value: { sessionId, answer: { answers: [{ id: 'plan-review', selected: ['Approve'] }] } } },
    });
    await host.engine.idle(sessionId);

    expect(skeleton(events())).toEqual(skeleton(captured));
    expect(skeleton(events()).slice(0, 8)).toEqual([
      'command/run',
      'plan/mode',
      'turn/start',
      'command/done',
      'step/start',
      'user/message',
      'session/title',
      'request/header',
    ]);
    const turnStart = events().find((e) => e.type === 'turn/start')!;
    expect(turnStart.data).toEqual({ turn: 1 });
    expect(turnStart.data).toEqual(captured.find((e) => e.type === 'turn/start')!.data);
    const message = events().find((e) => e.type === 'user/message')!;
    expect(events().find((e) => e.type === 'session/title')!.data).toEqual({
      title: 'Plan a small change: add',
      messageSeqs: [message.seq],
      source: { kind: 'fallback' },
    });
  });

  it('announces the steered task in session/queue before turn/start and empties the queue right after, as captured', async () => {
    const order = (frames: readonly ServerRequest[]) =>
      frames
        .filter(
          (f) => f.method === 'session/queue' || (f.method === 'session/event' && ['turn/start', 'command/done'].includes((f.payload as Json).event.type)),
        )
        .slice(0, 4)
        .map((f) => (f.method === 'session/queue' ? `queue:${(f.payload as Json).items.length}` : (f.payload as Json).event.type));
    const { mux, sessionId, request } = setup([say('ok')]);
    await request('commands/execute', { args: { agentId: sessionId, line: `/plan ${TASK}`, images: [] } });
    expect(order(mux)).toEqual(['queue:1', 'turn/start', 'queue:0', 'command/done']);
    expect(order(mux)).toEqual(order(capturedFrames()));
    const item = (mux.find((f) => f.method === 'session/queue')!.payload as Json).items[0];
    expect(item).toMatchObject({ placement: 'steering', message: { content: [{ type: 'text', text: TASK }], role: 'user' } });
  });

  it('opens a queued prompt with a triggered turn/start and its message before step/start, as the recorded prompt does', async () => {
    const recorded = parseSessionLog(readRecordingFixture('lifecycle-chrome'));
    const { request, sessionId, host, events } = setup([say('LIGHTHOUSE')]);
    await request('session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'Reply with the single word LIGHTHOUSE and stop.' }] });
    await host.engine.idle(sessionId);
    expect(skeleton(events())).toEqual(skeleton(recorded.events));
    expect(events()[0]!.data).toEqual({ turn: 1, trigger: { kind: 'message', source: { kind: 'user' } } });
  });

  it('delivers a message steered into a running turn after the next step/start', async () => {
    const held = gate(() => call('list_files', {}));
    const { request, sessionId, host, events } = setup([held.step, say('seen')]);
    await request('session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'one' }] });
    await held.opened;
    await request('session.prompt', { sessionId, mode: 'steer', content: [{ type: 'text', text: 'also this' }] });
    held.release();
    await host.engine.idle(sessionId);
    const kinds = skeleton(events());
    const stepEnd = kinds.indexOf('step/end');
    expect(kinds.slice(stepEnd, stepEnd + 4)).toEqual(['step/end', 'step/start', 'user/message', 'assistant/message']);
    expect(events().filter((e) => e.type === 'turn/start')).toHaveLength(1);
  });

  it.each([
    {
      name: 'an idle /plan after a turn narrates at the next step, after its queued prompt',
      act: async (s: ReturnType<typeof setup>) => {
        await s.request('commands/execute', { args: { agentId: s.sessionId, line: '/plan', images: [] } });
        await s.request('session.prompt', { sessionId: s.sessionId, mode: 'queue', content: [{ type: 'text', text: 'two' }] });
      },
      turn2: ['turn/start', 'user/message', 'step/start', 'user/message', 'request/header'],
    },
    {
      name: 'an idle /plan <task> after a turn narrates at the next step, before the steered task',
      act: async (s: ReturnType<typeof setup>) => {
        await s.request('commands/execute', { args: { agentId: s.sessionId, line: '/plan two', images: [] } });
      },
      turn2: ['turn/start', 'command/done', 'step/start', 'user/message', 'user/message', 'request/header'],
    },
  ])('injects the idle-commit notice into the next step: $name', async ({ act, turn2 }) => {
    const s = setup([say('a'), say('b')]);
    await s.request('session.prompt', { sessionId: s.sessionId, mode: 'queue', content: [{ type: 'text', text: 'one' }] });
    await s.host.engine.idle(s.sessionId);
    await act(s);
    await s.host.engine.idle(s.sessionId);
    const events = s.events();
    const from = events.findLastIndex((e) => e.type === 'turn/start');
    expect(skeleton(events.slice(from)).slice(0, turn2.length)).toEqual(turn2);
    const notices = events.filter((e) => (e.data as Json)?.source?.form === 'notice');
    expect(notices.map((e) => (e.data as Json).content[0].text)).toEqual([NOTICE_ON]);
    expect(events[notices[0]!.seq - 1]!.type).toBe('step/start');
  });
});
