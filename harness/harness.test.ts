import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath, readRecordingFixture } from '../fixtures/paths.ts';
import { PROTOTYPE_TYPES } from '../fixtures/trust/event-shapes.ts';
import { parseSessionLog } from '../src/core/log/reader.ts';
import type { SessionEvent } from '../src/core/log/types.ts';
import { clientRequest, type ServerRequest } from '../src/core/protocol/envelopes.ts';
import { call, say } from '../testing/fake-model.ts';
import { pageStart, type ReferenceHarness } from './harness.ts';
import { MemoryStorage } from './storage/memory.ts';
import { createTestHarness, gate, waitFor } from '../testing/harness-fixture.ts';

/** Untyped JSON read back from logged payloads and frames. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const PLAN = '# Add `--greeting` flag\n\n- parse the flag\n- print it';

const setup = createTestHarness;
const HEADER_LINE = '{"type":"session","version":0,"id":"s1","createdAt":1785000000000,"cwd":"/w"}';

let rpc = 0;
async function callHost(host: ReferenceHarness, method: string, payload: unknown) {
  const response = await host.handleRequest(method, clientRequest(method, payload, `r${++rpc}`));
  return response.result;
}
async function value(host: ReferenceHarness, method: string, payload: unknown): Promise<Json> {
  const result = await callHost(host, method, payload);
  if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message}`);
  return result.value;
}

const types = (events: readonly SessionEvent[]) => events.map((e) => e.type);
/** Event types without the streaming rows (whose count depends on the model). */
const skeleton = (list: readonly string[]) => list.filter((t) => t !== 'assistant/chunk' && !t.endsWith('-chunks'));

describe('host', () => {
  it("logs the events of the recorded plan-review session (in a HEAD host's order: real-host-order.test.ts)", async () => {
    const recorded = parseSessionLog(readRecordingFixture('plan-review'));
    const { host, mux } = setup([call('exit_plan_mode', { plan: PLAN }), say('DONE')]);
    const sessionId = (await value(host, 'session.create', {})).sessionId as string;
    const line = '/plan Plan a small change: add a --greeting flag to a CLI.';
    const executed = await value(host, 'commands/execute', { args: { agentId: sessionId, line, images: [] } });
    expect(executed.result).toEqual({ kind: 'success', text: 'Plan mode on. Use /plan off to leave.' });
    expect(executed.commandId).toMatch(/^cmd-[0-9a-f]{8}-1$/);
    await waitFor(() => mux.some((f) => f.method === 'question/requested'));
    const question = mux.find((f) => f.method === 'question/requested')!;
    const receipt = await host.handleRespond({
      type: 'client-response',
      rpcId: question.rpcId,
      result: { ok: true, value: { sessionId, answer: { answers: [{ id: 'plan-review', selected: ['Approve'] }] } } },
    });
    expect(receipt).toEqual({ accepted: true });
    await host.engine.idle(sessionId);
    const events = host.engine.log(sessionId)!.events;
    // The recording comes from an older dsh that opened the steered turn after command/done; same events, and
    // from the first request/header on the same order.
    expect([...skeleton(types(events))].sort()).toEqual([...skeleton(recorded.events.map((e) => e.type))].sort());
    const fromHeader = (list: string[]) => list.slice(list.indexOf('request/header'));
    expect(fromHeader(skeleton(types(events)))).toEqual(fromHeader(skeleton(recorded.events.map((e) => e.type))));
    const result = events.find((e) => e.type === 'tool/result')!;
    expect(result.data).toMatchObject({
      message: {
        content: [
          {
            type: 'tool-result',
            content: [{ type: 'text', text: 'Plan approved — plan mode exited; carry out the plan starting with your next step.' }],
            isError: false,
          },
        ],
      },
    });
    expect(events.find((e) => e.type === 'session/title')!.data).toEqual({
      title: 'Plan a small change: add',
      messageSeqs: [events.find((e) => e.type === 'user/message')!.seq],
      source: { kind: 'fallback' },
    });
  });

  it('sends each projection change before the session/event of the same seq', async () => {
    const { host, mux } = setup();
    const sessionId = (await value(host, 'session.create', {})).sessionId as string;
    await value(host, 'commands/execute', { args: { agentId: sessionId, line: '/plan', images: [] } });
    const rows = mux
      .filter((f) => f.method === 'session/projection' || f.method === 'session/event')
      .map((f) =>
        f.method === 'session/projection'
          ? `p:${(f.payload as Json).key}@${(f.payload as Json).seq}=${JSON.stringify((f.payload as Json).value)}`
          : `e:${(f.payload as Json).event.type}@${(f.payload as Json).event.seq}`,
      );
    expect(rows).toEqual([
      'p:plan@0={"active":false,"pending":true}',
      'p:title@0="/plan"',
      'e:command/run@0',
      'p:plan@1={"active":true,"pending":false}',
      'e:plan/mode@1',
      'p:plan@2={"active":true,"pending":false}',
      'e:command/done@2',
    ]);
  });

  it('hands every mux and host sink of a live frame the same frame object and its one JSON text', async () => {
    const { host } = setup();
    const sinks = [0, 1, 2].map(() => [] as { frame: ServerRequest; text: string }[]);
    for (const got of sinks) host.openMux((frame, text) => void got.push({ frame, text }));
    const hostSinks = [0, 1].map(() => [] as { frame: ServerRequest; text: string }[]);
    for (const got of hostSinks) host.openHostStream((frame, text) => void got.push({ frame, text }));
    const sessionId = (await value(host, 'session.create', {})).sessionId as string;
    await value(host, 'commands/execute', { args: { agentId: sessionId, line: '/plan', images: [] } });
    for (const group of [sinks, hostSinks]) {
      const [first, ...others] = group;
      expect(first!.length).toBeGreaterThan(0);
      for (const got of first!) expect(got.text).toBe(JSON.stringify(got.frame));
      for (const other of others) {
        expect(other.length).toBe(first!.length);
        other.forEach((got, i) => {
          expect(got.frame).toBe(first![i]!.frame);
          expect(got.text).toBe(first![i]!.text);
        });
      }
    }
  });
});

const RECORDED = fixturePath('dsh-recordings', 'plan-review', 'session.jsonl');

describe('host protocol', () => {
  it.each([
    {
      name: 'an unreadable envelope',
      path: 'session.list',
      body: { hello: 1 },
      rpcId: 'invalid-request',
      message: 'invalid client-request message',
      issuePaths: [['type'], ['rpcId'], ['method'], ['payload']],
    },
    { name: 'a non-object body', path: 'session.list', body: 'text', rpcId: 'invalid-request', message: 'invalid client-request message', issuePaths: [[]] },
    {
      name: 'a wrong type with a readable rpcId',
      path: 'session.list',
      body: { type: 'x', rpcId: 'r-7', method: 'session.list', payload: {} },
      rpcId: 'r-7',
      message: 'invalid client-request message',
      issuePaths: [['type']],
    },
    {
      name: 'a method differing from the path',
      path: 'session.list',
      body: clientRequest('session.create', {}, 'x1'),
      rpcId: 'x1',
      message: 'method "session.create" does not match path "session.list"',
      issuePaths: [],
    },
    {
      name: 'a missing payload field',
      path: 'session.prompt',
      body: clientRequest('session.prompt', { sessionId: 's', content: [{ type: 'text', text: 'hi' }] }, 'x2'),
      rpcId: 'x2',
      message: 'invalid payload for "session.prompt"',
      issuePaths: [['mode']],
    },
    {
      name: 'an empty content list',
      path: 'session.prompt',
      body: clientRequest('session.prompt', { sessionId: 's', mode: 'steer', content: [] }, 'x3'),
      rpcId: 'x3',
      message: 'invalid payload for "session.prompt"',
      issuePaths: [['content']],
    },
    {
      name: 'a bad session id on create',
      path: 'session.create',
      body: clientRequest('session.create', { sessionId: 'nope' }, 'x4'),
      rpcId: 'x4',
      message: 'invalid payload for "session.create"',
      issuePaths: [['sessionId']],
    },
  ])('answers bad-request for $name', async ({ path, body, rpcId, message, issuePaths }) => {
    const { host } = setup();
    const response = await host.handleRequest(path, body);
    expect(response.rpcId).toBe(rpcId);
    expect(response.result).toMatchObject({ ok: false, error: { code: 'bad-request', message: expect.stringContaining(message) as string } });
    const issues = (response.result as Json).error.details.issues as { path: unknown[] }[];
    expect(issues.map((issue) => issue.path)).toEqual(issuePaths);
  });

  it.each([
    { method: 'session.history', payload: { sessionId: 'session-nope' } },
    { method: 'session.prompt', payload: { sessionId: 'session-nope', mode: 'queue', content: [{ type: 'text', text: 'hi' }] } },
    { method: 'session.cancel', payload: { sessionId: 'session-nope' } },
    { method: 'session.planMode', payload: { sessionId: 'session-nope' } },
    { method: 'session.setPlanMode', payload: { sessionId: 'session-nope', active: true } },
    { method: 'commands/list', payload: { args: { agentId: 'session-nope' } } },
    { method: 'commands/execute', payload: { args: { agentId: 'session-nope', line: '/plan', images: [] } } },
  ])('answers session-not-found for $method on an unknown session', async ({ method, payload }) => {
    const { host } = setup();
    expect(await callHost(host, method, payload)).toEqual({
      ok: false,
      error: { code: 'session-not-found', message: 'session "session-nope" not found', details: { sessionId: 'session-nope' } },
    });
  });

  it('describes itself with the ui-plan capabilities', async () => {
    const { host } = setup();
    expect(host.hasMethod('session.setPlanMode')).toBe(true);
    expect(host.hasMethod('workspace.list')).toBe(false);
    expect(await value(host, 'host.describe', {})).toEqual({
      version: '0.1.0',
      cwd: '/work',
      provider: 'fake',
      model: 'fake-1',
      attachedSessions: 0,
      capabilities: { setPlanMode: true, import: true, modes: false, sessions: true, sessionLog: true, importStream: true },
    });
  });

  it('answers the modes methods with bad-request while the variant is off', async () => {
    const { host } = setup();
    const sessionId = (await value(host, 'session.create', {})).sessionId;
    expect(await callHost(host, 'session.modes', { sessionId })).toMatchObject({ ok: false, error: { code: 'bad-request', message: /modes variant/ } });
  });

  it('runs without plan mode when the plugin list is empty: no section, no tool, no /plan, bad-request for the extension', async () => {
    const { host, model } = setup([say('plain')], { plugins: [] });
    expect((await value(host, 'host.describe', {})).capabilities).toEqual({
      setPlanMode: false,
      import: true,
      modes: false,
      sessions: true,
      sessionLog: true,
      importStream: true,
    });
    const sessionId = host.engine.createSession();
    expect(await value(host, 'commands/list', { args: { agentId: sessionId } })).toEqual([]);
    expect(await callHost(host, 'session.setPlanMode', { sessionId, active: true })).toMatchObject({
      ok: false,
      error: { code: 'bad-request', message: /not enabled/ },
    });
    await value(host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'hi' }] });
    await host.engine.idle();
    expect(model.requests[0]!.tools.map((t) => t.name)).toEqual(['ask_user_question', 'list_files', 'read_file', 'write_file', 'todo_write']);
  });

  it('uses the configured section verbatim while plan mode is on', async () => {
    const plugins = [{ id: 'plan-mode', name: '@deepseek-ai/dsh-plan-mode', config: { section: 'CUSTOM PLAN POLICY' } }];
    const { host, model } = setup([say('x')], { plugins });
    const sessionId = host.engine.createSession();
    host.engine.planMode.set(sessionId, true);
    await value(host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'hi' }] });
    await host.engine.idle();
    expect(model.requests[0]!.system.endsWith('\n\nCUSTOM PLAN POLICY')).toBe(true);
  });

  it('refuses an invalid plugin list at construction, naming the field', () => {
    expect(() => setup([], { plugins: [{ id: 'plan-mode', name: '@deepseek-ai/dsh-plan-mode', config: {} }] })).toThrow('plugins[0].config.section: missing');
  });

  it('answers an unmatched command line with ok and no value, logging nothing', async () => {
    const { host } = setup();
    const sessionId = (await value(host, 'session.create', {})).sessionId;
    expect(await callHost(host, 'commands/execute', { args: { agentId: sessionId, line: 'hello /plan', images: [] } })).toEqual({ ok: true });
    expect(await callHost(host, 'commands/execute', { args: { agentId: sessionId, line: '/unknown', images: [] } })).toEqual({ ok: true });
    expect(host.engine.log(sessionId)!.events).toEqual([]);
    expect(await value(host, 'commands/list', { args: { agentId: sessionId } })).toEqual([
      { name: 'plan', description: 'Enter or leave plan mode', input: { hint: '[off|message]', images: true } },
    ]);
  });

  it('creates sessions with the stored header and announces them', async () => {
    const { host, storage, hostFrames } = setup();
    const { sessionId } = await value(host, 'session.create', { cwd: '/elsewhere' });
    expect(sessionId).toMatch(/^session-[0-9a-f-]{36}$/);
    expect(storage.get(sessionId)!.header).toEqual({ type: 'session', version: 0, id: sessionId, createdAt: expect.any(Number), cwd: '/elsewhere' });
    expect(hostFrames.map((f) => f.payload)).toEqual([{ type: 'host/session-added', sessionId, blank: true, cwd: '/elsewhere' }]);
    expect(await callHost(host, 'session.create', { sessionId })).toMatchObject({ ok: false, error: { code: 'bad-request' } });
  });

  it('lists sessions newest first with title, running, blank and projections', async () => {
    const { host } = setup();
    const a = (await value(host, 'session.create', {})).sessionId;
    const b = (await value(host, 'session.create', {})).sessionId;
    await value(host, 'session.prompt', { sessionId: a, mode: 'queue', content: [{ type: 'text', text: 'Write the greeting flag now please' }] });
    await host.engine.idle();
    const { items } = await value(host, 'session.list', {});
    expect(items.map((i: Json) => i.sessionId)).toEqual([a, b]);
    expect(items[0]).toMatchObject({
      title: 'Write the greeting flag now please',
      running: false,
      blank: false,
      projections: { values: { plan: { active: false, pending: false }, title: 'Write the greeting flag now please' } },
    });
    expect(items[1]).toMatchObject({
      blank: true,
      running: false,
      projections: { asOfSeq: -1, values: { plan: { active: false, pending: false }, title: null } },
    });
  });

  it('sets and gets plan mode over the extension methods', async () => {
    const { host } = setup();
    const sessionId = (await value(host, 'session.create', {})).sessionId;
    expect(await value(host, 'session.setPlanMode', { sessionId, active: true })).toEqual({ outcome: 'committed', state: { active: true } });
    expect(await value(host, 'session.setPlanMode', { sessionId, active: true })).toEqual({ outcome: 'noop', state: { active: true } });
    expect(await value(host, 'session.planMode', { sessionId })).toEqual({ active: true });
  });

  it('pages history by messages with an exclusive beforeSeq and projections only on the tail page', async () => {
    const { host } = setup([say('first answer'), say('second answer')]);
    const sessionId = (await value(host, 'session.create', {})).sessionId;
    await value(host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'one' }] });
    await host.engine.idle();
    await value(host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'two' }] });
    await host.engine.idle();
    const all = host.engine.log(sessionId)!.events;
    const full = await value(host, 'session.history', { sessionId });
    expect(full.events.map((e: Json) => e.event.seq)).toEqual(all.map((e) => e.seq));
    expect(full.hasMore).toBe(false);
    expect(full.projections).toEqual({
      asOfSeq: all.length - 1,
      values: {
        plan: { active: false, pending: false },
        title: 'one',
        reviews: { revisions: [] },
        todos: null,
        progress: { view: { kind: 'none' }, audits: [], latest: null },
        modelView: expect.objectContaining({ steps: expect.any(Array) }),
      },
    });
    const tail = await value(host, 'session.history', { sessionId, maxMessages: 1 });
    const lastAssistant = all.filter((e) => e.type === 'assistant/message').at(-1)!;
    expect(tail.events[0].event.seq).toBe(Math.min(...lastAssistant.sourceEventSeqs!));
    expect(tail.events.at(-1).event.type).toBe('turn/end');
    expect(tail.hasMore).toBe(true);
    const before = tail.events[0].event.seq;
    const older = await value(host, 'session.history', { sessionId, beforeSeq: before, maxMessages: 2 });
    expect(older.events.at(-1).event.seq).toBe(before - 1);
    expect(older.projections).toBeUndefined();
    const counted = older.events.filter((e: Json) => e.event.type === 'user/message' || e.event.type === 'assistant/message');
    expect(counted).toHaveLength(2);
  });

  it('imports a recorded log as a read-only session with its plan state and review cards', async () => {
    const { host } = setup();
    const jsonl = readFileSync(RECORDED, 'utf8');
    const imported = await value(host, 'session.import', { jsonl });
    expect(imported.skipped).toEqual([]);
    const { sessionId } = imported;
    const history = await value(host, 'session.history', { sessionId });
    expect(history.events).toHaveLength(jsonl.trim().split('\n').length - 1);
    expect(history.projections.values).toMatchObject({ plan: { active: false, pending: false }, title: 'Add `--greeting` flag to CLI' });
    expect(history.projections.values.reviews.revisions).toMatchObject([{ chain: 1, version: 1, outcome: { kind: 'approved' } }]);
    const views = history.events.filter((e: Json) => e.view).map((e: Json) => [e.event.type, e.view.for, e.view.view.title]);
    expect(views).toEqual([
      ['tool/call', 'call', 'Add `--greeting` flag to CLI'],
      ['tool/result', 'result', 'Plan review'],
    ]);
    const list = await value(host, 'session.list', {});
    expect(list.items[0]).toMatchObject({ sessionId, readOnly: true });
    for (const [method, payload] of [
      ['session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'hi' }] }],
      ['commands/execute', { args: { agentId: sessionId, line: '/plan', images: [] } }],
      ['session.setPlanMode', { sessionId, active: true }],
    ] as const) {
      expect(await callHost(host, method, payload)).toMatchObject({ ok: false, error: { code: 'bad-request', message: expect.stringMatching(/read-only/) } });
    }
  });

  it.each<[string, string, Json, RegExp]>([
    ['an empty file', '\n \n', { kind: 'empty' }, /^the file is empty$/],
    [
      'a picture',
      'GIF89a\nIHDR\nIDAT',
      { kind: 'no-events', lines: 3, first: { line: 2, reason: 'not JSON' } },
      /^no dsh session events found: 3 lines could not be read \(first: line 2, not JSON\)$/,
    ],
    [
      'a log over the size limit',
      'x'.repeat(16 * 1024 * 1024 + 1),
      { kind: 'too-large', limit: 16 * 1024 * 1024 },
      /^the log is too large to open: over 16777216 characters \(the limit is 16 MB\)$/,
    ],
  ])('refuses %s with bad-request, the refusal in details and a message naming it', async (_name, jsonl, refusal, message) => {
    const { host } = setup();
    const result = await callHost(host, 'session.import', { jsonl });
    expect(result).toMatchObject({ ok: false, error: { code: 'bad-request', message: expect.stringMatching(message), details: { refusal } } });
    expect((await value(host, 'session.list', {})).items).toEqual([]);
  });

  it.each([
    ['the two-line reproduction', readFileSync(fixturePath('trust', 'user-message-null.jsonl'), 'utf8'), ['user/message: data: expected an object']],
    [
      'a header and wrong-shaped events only',
      [HEADER_LINE, '{"type":"turn/end","data":[]}', '{"type":"plan/mode","data":"on"}'].join('\n'),
      ['turn/end: data: expected an object', 'plan/mode: data: expected an object'],
    ],
  ])('imports %s: every line is skipped and reported, none is fatal', async (_name, jsonl, reasons) => {
    const { host } = setup();
    const { sessionId, skipped } = await value(host, 'session.import', { jsonl });
    expect(skipped.map((s: Json) => s.reason)).toEqual(reasons);
    expect(host.engine.log(sessionId)!.events.map((e) => e.type)).toEqual(reasons.map(() => 'import/skipped'));
  });

  it.each([
    ['events of unknown kinds only', 'null\n{"type":"constructor","data":{}}\n{"type":"x/y","data":{}}'],
    ['a wrong-shaped known event only', '{"type":"user/message","data":null}'],
  ])('refuses a file without a session header holding %s', async (_name, jsonl) => {
    const { host } = setup();
    expect(await callHost(host, 'session.import', { jsonl })).toMatchObject({
      ok: false,
      error: { code: 'bad-request', details: { refusal: { kind: 'no-events' } } },
    });
  });

  it('keeps seqs of skipped lines when importing a damaged log', async () => {
    const { host } = setup();
    const lines = readFileSync(RECORDED, 'utf8').trim().split('\n');
    lines[3] = '{not json';
    const { sessionId, skipped } = await value(host, 'session.import', { jsonl: lines.join('\n') });
    expect(skipped).toHaveLength(1);
    const events = host.engine.log(sessionId)!.events;
    expect(events[2]!.type).toBe('import/skipped');
    expect(events.find((e) => e.type === 'session/title')!.seq).toBe(5);
  });

  it('imports a log mixing good events and wrong-shaped payloads: each bad line is skipped with its type, seqs kept', async () => {
    const { host } = setup();
    const jsonl = readFileSync(fixturePath('trust', 'mixed-events.jsonl'), 'utf8');
    const { sessionId, skipped } = await value(host, 'session.import', { jsonl });
    expect(skipped.map((s: Json) => s.reason)).toEqual(
      expect.arrayContaining(['user/message: data: expected an object', 'turn/end: data: expected an object']),
    );
    const events = host.engine.log(sessionId)!.events;
    const rows = jsonl.trimEnd().split('\n').slice(1);
    expect(events).toHaveLength(rows.length);
    for (const s of skipped as { line: number }[]) expect(events[s.line - 2]!.type).toBe('import/skipped');
    const history = await value(host, 'session.history', { sessionId });
    expect(history.events.map((e: Json) => e.event.seq)).toEqual(rows.map((_row, seq) => seq));
  });

  it.each(PROTOTYPE_TYPES)('imports a log with an event of type %s and keeps it as an unknown event', async (type) => {
    const { host } = setup();
    const jsonl = [HEADER_LINE, `{"type":${JSON.stringify(type)},"data":{"x":1}}`, '{"type":"plan/mode","data":{"active":true}}'].join('\n');
    const { sessionId, skipped } = await value(host, 'session.import', { jsonl });
    expect(skipped).toEqual([]);
    expect(host.engine.log(sessionId)!.events.map((e) => e.type)).toEqual([type, 'plan/mode']);
  });
});

describe('host engine', () => {
  it('puts an idle plan/mode before the first header and shapes the first request (docs/upstream-spec.md §6 item 70)', async () => {
    const { host, model } = setup([call('write_file', { path: 'NOTES.md', content: 'x' }), say('done')]);
    const sessionId = host.engine.createSession();
    expect(host.engine.planMode.set(sessionId, true)).toBe('committed');
    await value(host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'go' }] });
    await host.engine.idle();
    const events = host.engine.log(sessionId)!.events;
    const kinds = types(events);
    expect(kinds.indexOf('plan/mode')).toBeLessThan(kinds.indexOf('request/header'));
    expect((events.find((e) => e.type === 'request/header')!.data as Json).reason).toBe('initial');
    expect(model.requests[0]!.tools.map((t) => t.name)).toEqual(['exit_plan_mode', 'ask_user_question', 'list_files', 'read_file', 'write_file', 'todo_write']);
    expect(model.requests[0]!.sections).toEqual(['base', 'plan:policy']);
    expect(events.filter((e) => e.type === 'user/message')).toHaveLength(1);
    const result = events.find((e) => e.type === 'tool/result')!;
    expect((result.data as Json).message.content[0].isError).toBe(false);
  });

  it('narrates a flip between turns once, with a changed header and identical tools (docs/upstream-spec.md §6 item 71, §8 items 7, 9)', async () => {
    const { host, model } = setup([say('a'), say('b')]);
    const sessionId = host.engine.createSession();
    await value(host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'one' }] });
    await host.engine.idle();
    await value(host, 'commands/execute', { args: { agentId: sessionId, line: '/plan', images: [] } });
    await value(host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'two' }] });
    await host.engine.idle();
    const events = host.engine.log(sessionId)!.events;
    const headers = events.filter((e) => e.type === 'request/header').map((e) => e.data as Json);
    expect(headers.map((h) => h.reason)).toEqual(['initial', 'change']);
    expect(headers[0].header.tools).toBe(headers[1].header.tools);
    expect(headers[1].header.system).toContain(headers[0].header.system);
    expect(headers[1].header.system.length).toBeGreaterThan(headers[0].header.system.length);
    expect(events.filter((e) => (e.data as Json)?.source?.form === 'notice')).toHaveLength(1);
    // The idle commit's notice is injected into the next step's messages, after the prompt that opened the turn.
    expect(model.requests[1]!.messages.map((m) => (m.role === 'user' ? m.source : m.role))).toEqual(['user', 'assistant', 'user', 'notice']);
    expect(JSON.stringify(model.requests[0]!.tools)).toBe(JSON.stringify(model.requests[1]!.tools));
  });

  it('flushes a queued switch at the next pre-step with plan/mode, then step/start, notice and the steered message (§1.6, §1.12)', async () => {
    const held = gate(() => call('list_files', {}));
    const { host, model } = setup([say('warm-up'), held.step, say('planned')]);
    const sessionId = host.engine.createSession();
    await value(host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'hello' }] });
    await host.engine.idle();
    await value(host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'list' }] });
    await held.opened;
    const executed = await value(host, 'commands/execute', { args: { agentId: sessionId, line: '/plan sketch it', images: [] } });
    expect(executed.result.text).toBe('Entering plan mode (applies from the next step). Use /plan off to leave.');
    expect(await value(host, 'session.planMode', { sessionId })).toEqual({ active: false, pending: true });
    held.release();
    await host.engine.idle();
    const kinds = types(host.engine.log(sessionId)!.events);
    const afterStepEnd = kinds.slice(kinds.indexOf('step/end', kinds.indexOf('command/done')) + 1);
    expect(afterStepEnd.slice(0, 5)).toEqual(['plan/mode', 'step/start', 'user/message', 'user/message', 'request/header']);
    expect(model.requests[2]!.messages.slice(-2)).toEqual([
      { role: 'user', text: 'The user switched this session to plan mode.', source: 'notice' },
      { role: 'user', text: 'sketch it', source: 'user' },
    ]);
    expect(model.requests[2]!.sections).toContain('plan:policy');
  });

  it('commits an approved exit at the next boundary without a notice; the next request lacks the section and keeps the tool (docs/upstream-spec.md §6 items 50, 52–53)', async () => {
    const { host, model, mux } = setup([call('exit_plan_mode', { plan: PLAN }), say('DONE')]);
    const sessionId = host.engine.createSession();
    await value(host, 'commands/execute', { args: { agentId: sessionId, line: '/plan do it', images: [] } });
    await waitFor(() => mux.some((f) => f.method === 'question/requested'));
    expect(host.engine.planMode.get(sessionId)).toEqual({ active: true });
    const q = mux.find((f) => f.method === 'question/requested')!;
    await host.handleRespond({
      type: 'client-response',
      rpcId: q.rpcId,
      result: { ok: true, value: { sessionId, answer: { answers: [{ id: 'plan-review', selected: ['Approve'] }] } } },
    });
    await host.engine.idle();
    expect(model.requests[1]!.sections).toEqual(['base']);
    expect(model.requests[1]!.tools.map((t) => t.name)).toContain('exit_plan_mode');
    const events = host.engine.log(sessionId)!.events;
    expect(events.filter((e) => (e.data as Json)?.source?.form === 'notice')).toEqual([]);
    expect(host.engine.planMode.get(sessionId)).toEqual({ active: false });
    const resultFrame = mux.find((f) => f.method === 'session/event' && (f.payload as Json).event.type === 'tool/result')!;
    expect((resultFrame.payload as Json).view).toEqual({
      for: 'result',
      view: {
        card: 'generic',
        title: 'Plan review',
        content: [{ type: 'text', text: 'Plan approved — plan mode exited; carry out the plan starting with your next step.' }],
      },
    });
    expect(mux.some((f) => f.method === 'question/resolved' && (f.payload as Json).outcome === 'answered')).toBe(true);
  });

  it('re-sends a pending review with the same rpcId on every openMux, after session/subscribed', async () => {
    const { host, mux } = setup([call('exit_plan_mode', { plan: PLAN })]);
    const sessionId = host.engine.createSession();
    await value(host, 'commands/execute', { args: { agentId: sessionId, line: '/plan x', images: [] } });
    await waitFor(() => mux.some((f) => f.method === 'question/requested'));
    const original = mux.find((f) => f.method === 'question/requested')!;
    const reopened: ServerRequest[] = [];
    const detach = host.openMux((f) => void reopened.push(f));
    expect(reopened.map((f) => f.method)).toEqual(['session/subscribed', 'question/requested']);
    expect(reopened[0]!.payload).toEqual({ type: 'session/subscribed', sessionId, lastSeq: host.engine.log(sessionId)!.lastSeq });
    expect(reopened[1]!.rpcId).toBe(original.rpcId);
    expect(reopened[1]!.payload).toEqual(original.payload);
    detach();
    await host.close();
  });

  it('cancels a turn waiting on the review: aborted error result, question resolved cancelled, turn/end cancelled (§8 item 18)', async () => {
    const { host, mux, hostFrames } = setup([call('exit_plan_mode', { plan: PLAN })]);
    const sessionId = host.engine.createSession();
    await value(host, 'commands/execute', { args: { agentId: sessionId, line: '/plan x', images: [] } });
    await waitFor(() => mux.some((f) => f.method === 'question/requested'));
    await value(host, 'session.cancel', { sessionId });
    await host.engine.idle();
    const events = host.engine.log(sessionId)!.events;
    const result = events.find((e) => e.type === 'tool/result')!.data as Json;
    expect(result.message.content[0]).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringMatching(/^Error: .*aborted/) }] });
    expect(events.at(-1)!.data).toEqual({ turn: 1, reason: { kind: 'cancelled' } });
    expect(mux.find((f) => f.method === 'question/resolved')!.payload).toMatchObject({ outcome: 'cancelled' });
    expect(host.engine.planMode.get(sessionId)).toEqual({ active: true });
    expect(hostFrames.filter((f) => f.method === 'host/session-status').map((f) => (f.payload as Json).running)).toEqual([true, false]);
  });

  it('answers a dismissed review with the talk-to-me error and stays in plan mode', async () => {
    const { host, mux } = setup([call('exit_plan_mode', { plan: PLAN }), say('waiting')]);
    const sessionId = host.engine.createSession();
    await value(host, 'commands/execute', { args: { agentId: sessionId, line: '/plan x', images: [] } });
    await waitFor(() => mux.some((f) => f.method === 'question/requested'));
    const q = mux.find((f) => f.method === 'question/requested')!;
    expect(
      await host.handleRespond({
        type: 'client-response',
        rpcId: q.rpcId,
        result: { ok: false, error: { code: 'cancelled', message: 'user closed this request', details: {} } },
      }),
    ).toEqual({ accepted: true });
    await host.engine.idle();
    const result = host.engine.log(sessionId)!.events.find((e) => e.type === 'tool/result')!.data as Json;
    expect(result.message.content[0].content[0].text).toMatch(/^Error: The user dismissed the plan review/);
    expect(host.engine.planMode.get(sessionId)).toEqual({ active: true });
  });

  it('ends a turn with an error reason and a host/agent-error frame when the model throws', async () => {
    const { host, hostFrames } = setup([new Error('model exploded')]);
    const sessionId = host.engine.createSession();
    await value(host, 'session.prompt', { sessionId, mode: 'steer', content: [{ type: 'text', text: 'hi' }] });
    await host.engine.idle();
    expect(host.engine.log(sessionId)!.events.at(-1)!.data).toEqual({ turn: 1, reason: { kind: 'error', message: 'model exploded' } });
    expect(hostFrames.find((f) => f.method === 'host/agent-error')!.payload).toMatchObject({ sessionId, message: 'model exploded' });
  });

  it('ends a turn at the step limit with an error reason', async () => {
    const loop = () => call('list_files', {});
    const { host } = setup([loop, loop, loop, loop], { maxSteps: 2 });
    const sessionId = host.engine.createSession();
    await value(host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'loop' }] });
    await host.engine.idle();
    const events = host.engine.log(sessionId)!.events;
    expect(events.filter((e) => e.type === 'step/start')).toHaveLength(2);
    expect(events.at(-1)!.data).toEqual({ turn: 1, reason: { kind: 'error', message: 'step limit of 2 reached' } });
  });

  it('runs a queued prompt after the current turn and announces the queue', async () => {
    const held = gate(() => say('first'));
    const { host, mux } = setup([held.step, say('second')]);
    const sessionId = host.engine.createSession();
    await value(host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'one' }] });
    await held.opened;
    await value(host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'two' }] });
    const queued = mux
      .filter((f) => f.method === 'session/queue')
      .map((f) => (f.payload as Json).items.map((i: Json) => [i.placement, i.message.content[0].text]));
    expect(queued).toEqual([[['queued', 'two']]]);
    held.release();
    await host.engine.idle();
    const events = host.engine.log(sessionId)!.events;
    expect(events.filter((e) => e.type === 'turn/start').map((e) => (e.data as Json).turn)).toEqual([1, 2]);
    expect(mux.filter((f) => f.method === 'session/queue').at(-1)!.payload).toMatchObject({ items: [] });
  });

  it('returns ask_user_question answers as JSON text', async () => {
    const question = { id: 'color', question: 'Which color?', multi_select: true, options: [{ label: 'Blue' }, { label: 'Green' }] };
    const { host, mux } = setup([call('ask_user_question', { questions: [question] }), say('DONE')]);
    const sessionId = host.engine.createSession();
    await value(host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'ask me' }] });
    await waitFor(() => mux.some((f) => f.method === 'question/requested'));
    const q = mux.find((f) => f.method === 'question/requested')!;
    expect((q.payload as Json).questions[0]).toEqual({
      id: 'color',
      question: 'Which color?',
      multiSelect: true,
      options: [{ label: 'Blue' }, { label: 'Green' }],
    });
    const answer = { answers: [{ id: 'color', selected: ['Blue'], custom: 'Include accessibility notes' }] };
    expect(await host.handleRespond({ type: 'client-response', rpcId: q.rpcId, result: { ok: true, value: { sessionId, answer } } })).toEqual({
      accepted: true,
    });
    await host.engine.idle();
    const result = host.engine.log(sessionId)!.events.find((e) => e.type === 'tool/result')!.data as Json;
    expect(result.message.content[0]).toMatchObject({ isError: false, content: [{ type: 'text', text: JSON.stringify(answer) }] });
  });

  it.each([
    { name: 'unknown tool', chunks: call('rm_rf', {}), text: /^Error: unknown tool "rm_rf"/ },
    { name: 'invalid JSON', chunks: call('read_file', '{oops'), text: /^Error: invalid arguments: not valid JSON/ },
    { name: 'missing path', chunks: call('read_file', {}), text: /^Error: invalid arguments: path/ },
    { name: 'missing file', chunks: call('read_file', { path: 'nope.ts' }), text: /^Error: no such file: nope.ts/ },
    { name: 'bad exit args', chunks: call('exit_plan_mode', { plan: 3 }), text: /^Error: invalid arguments/ },
    { name: 'bad questions', chunks: call('ask_user_question', { questions: [] }), text: /^Error: invalid arguments: questions/ },
  ])('turns bad tool calls into isError results: $name', async ({ chunks, text }) => {
    const { host } = setup([chunks, say('ok')]);
    const sessionId = host.engine.createSession();
    await value(host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'x' }] });
    await host.engine.idle();
    const result = host.engine.log(sessionId)!.events.find((e) => e.type === 'tool/result')!.data as Json;
    expect(result.message.content[0].isError).toBe(true);
    expect(result.message.content[0].content[0].text).toMatch(text);
  });

  it('reloads sessions from storage with the same plan projection, closing an open turn with a server-stopped error (§8 item 21)', async () => {
    const first = setup([say('hi')]);
    const sessionId = first.host.engine.createSession();
    await value(first.host, 'commands/execute', { args: { agentId: sessionId, line: '/plan', images: [] } });
    await value(first.host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'Write NOTES.md' }] });
    await first.host.engine.idle();
    const log = first.host.engine.log(sessionId)!;
    log.append({ type: 'turn/start', data: { turn: 2 } });
    log.append({ type: 'command/run', data: { commandId: 'cmd-x-1', name: 'plan', args: 'off', source: { kind: 'user' } } });
    log.append({ type: 'command/done', data: { commandId: 'cmd-x-1', kind: 'success', text: 'Leaving plan mode; applies from the next step.' } });
    const before = (await value(first.host, 'session.history', { sessionId })).projections.values;
    expect(before.plan).toEqual({ active: true, pending: true });
    const second = setup([], { storage: first.storage });
    const after = await value(second.host, 'session.history', { sessionId });
    expect(after.projections.values).toEqual(before);
    expect(after.events.at(-1).event).toMatchObject({
      type: 'turn/end',
      data: { turn: 2, reason: { kind: 'error', message: 'the server stopped during this turn' } },
    });
    // The exit the log shows pending is restored, so ctx.planMode agrees with the projection.
    expect(second.host.engine.planMode.get(sessionId)).toEqual({ active: true, pending: false });
  });

  it('folds workspace writes from the log so they survive a reload', async () => {
    const first = setup([call('write_file', { path: './NOTES.md', content: 'remember' }), say('ok')]);
    const sessionId = first.host.engine.createSession();
    await value(first.host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'write' }] });
    await first.host.engine.idle();
    const second = setup([call('read_file', { path: 'NOTES.md' }), say('ok')], { storage: first.storage });
    await value(second.host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'read' }] });
    await second.host.engine.idle();
    const results = second.host.engine
      .log(sessionId)!
      .events.filter((e) => e.type === 'tool/result')
      .map((e) => (e.data as Json).message.content[0].content[0].text);
    expect(results.at(-1)).toBe('remember');
  });

  it("restores a picker switch queued before a restart from the log and commits it at the next turn's first boundary", async () => {
    const held = gate(() => say('held'));
    const first = setup([held.step]);
    const sessionId = first.host.engine.createSession();
    await value(first.host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'go' }] });
    await held.opened;
    expect(await value(first.host, 'session.setPlanMode', { sessionId, active: true })).toEqual({ outcome: 'queued', state: { active: false, pending: true } });
    const closing = first.host.close();
    held.release();
    await closing;

    const second = setup([say('planned')], { storage: first.storage });
    expect(await value(second.host, 'session.planMode', { sessionId })).toEqual({ active: false, pending: true });
    await value(second.host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'again' }] });
    await second.host.engine.idle();
    const events = second.host.engine.log(sessionId)!.events;
    const turn2 = types(events.slice(events.findLastIndex((e) => e.type === 'turn/start')));
    expect(turn2.slice(0, 4)).toEqual(['turn/start', 'user/message', 'plan/mode', 'step/start']);
    expect(await value(second.host, 'session.planMode', { sessionId })).toEqual({ active: true });
    expect(second.model.requests[0]!.sections).toContain('plan:policy');
  });

  it('keeps the turn going when the boundary append fails, retrying at the next boundary (§8 item 8)', async () => {
    const held = gate(() => call('list_files', {}));
    const storage = new MemoryStorage();
    const { host, warnings } = setup([held.step, say('done'), say('planned')], { storage });
    const sessionId = host.engine.createSession();
    await value(host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'go' }] });
    await held.opened;
    expect(host.engine.planMode.set(sessionId, true)).toBe('queued');
    let failures = 1;
    storage.failAppend = (_id, line) => line.type === 'plan/mode' && failures-- > 0;
    held.release();
    await host.engine.idle();
    const events = host.engine.log(sessionId)!.events;
    expect(warnings).toHaveLength(1);
    expect(events.at(-1)!.data).toEqual({ turn: 1, reason: { kind: 'completed' } });
    expect(types(events).filter((t) => t === 'plan/mode')).toHaveLength(0);
    expect(host.engine.planMode.get(sessionId)).toEqual({ active: false, pending: true });
    await value(host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'again' }] });
    await host.engine.idle();
    const turn2 = types(events.slice(events.findLastIndex((e) => e.type === 'turn/start')));
    expect(turn2.slice(0, 5)).toEqual(['turn/start', 'user/message', 'plan/mode', 'step/start', 'user/message']);
    expect(host.engine.planMode.get(sessionId)).toEqual({ active: true });
  });

  it('steers a prompt into the running turn at its next pre-step', async () => {
    const held = gate(() => call('list_files', {}));
    const { host, model, hostFrames } = setup([held.step, say('seen')]);
    const sessionId = host.engine.createSession();
    await value(host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'one' }] });
    await held.opened;
    await value(host, 'session.prompt', { sessionId, mode: 'steer', content: [{ type: 'text', text: 'also this' }] });
    held.release();
    await host.engine.idle();
    const events = host.engine.log(sessionId)!.events;
    expect(events.filter((e) => e.type === 'turn/start')).toHaveLength(1);
    expect(model.requests[1]!.messages.at(-1)).toEqual({ role: 'user', text: 'also this', source: 'user' });
    expect(hostFrames.filter((f) => f.method === 'host/session-status').map((f) => (f.payload as Json).running)).toEqual([true, false]);
  });

  it('sends no frame after close', async () => {
    const { host, mux } = setup();
    const sessionId = host.engine.createSession();
    await host.close();
    const count = mux.length;
    host.engine.planMode.set(sessionId, true);
    expect(mux.length).toBe(count);
  });
});

describe('pageStart', () => {
  const ev = (type: string, seq: number, sourceEventSeqs?: number[]): SessionEvent => ({
    type,
    seq,
    data: {},
    ...(sourceEventSeqs ? { sourceEventSeqs } : {}),
  });
  const log = [
    ev('turn/start', 0),
    ev('user/message', 1),
    ev('session/title', 2),
    ev('step/start', 3),
    ev('request/header', 4),
    ev('assistant/chunk', 5),
    ev('assistant/chunk', 6),
    ev('assistant/message', 7, [5, 6]),
    ev('tool/call', 8),
  ];
  it.each([
    { end: 9, max: 1, start: 5 },
    { end: 5, max: 1, start: 0 },
    { end: 9, max: 2, start: 0 },
    { end: 9, max: undefined, start: 0 },
    { end: 0, max: 1, start: 0 },
  ])('starts the page ending at $end with $max message(s) at $start', ({ end, max, start }) => {
    expect(pageStart(log, end, max)).toBe(start);
  });
});
