/**
 * The ONE protocol scenario table (docs/style.md "One protocol scenario table runs against mocks/ and against
 * the real server/"): each scenario drives a fresh harness through a `ProtocolDriver` and checks the wire as a
 * client sees it (docs/protocol.md, captures in fixtures/dsh-frames). Transport-agnostic: the Node server test
 * drives it over loopback HTTP + `ws`, the MSW adapter over its handlers. The factory behind the driver must
 * build the harness with the scripted model at zero delay; every scenario gets a fresh driver.
 */
import { expect } from 'vitest';
import type { ServerRequest } from '../src/core/protocol/envelopes.ts';
import { methods, type ImportReport } from '../src/core/protocol/methods.ts';
import { TORN_LINE_REASON } from '../src/core/log/reader.ts';
import type { FrameStream } from './frame-stream.ts';
import planReviewLog from '../fixtures/dsh-recordings/plan-review/session.jsonl?raw';

export type { FrameStream } from './frame-stream.ts';

/** An HTTP answer as the driver saw it: status and the JSON-parsed body (or the raw text when not JSON). */
export interface DriverAnswer {
  status: number;
  body: unknown;
}

/** Options of `ProtocolDriver.call`. */
export interface CallOptions {
  /** rpcId of the envelope (default: a fresh one). */
  rpcId?: string;
  /** `method` written into the envelope when it should differ from the path. */
  envelopeMethod?: string;
}

/** How a scenario reaches the harness. Every method talks to the same fresh harness until `close`. */
export interface ProtocolDriver {
  /** `POST /api/<method>` with a `client-request` envelope around `payload`. */
  call(method: string, payload: unknown, opts?: CallOptions): Promise<DriverAnswer>;
  /** `POST <path>` with `body` as JSON (`content-type: application/json` unless `headers` says otherwise). */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<DriverAnswer>;
  /** `POST /api/respond` with `body`. */
  respond(body: unknown): Promise<DriverAnswer>;
  /** Open `/api/events.mux`; resolves once open. */
  openMux(): Promise<FrameStream>;
  /** Open `/api/events.host`; resolves once open. */
  openHost(): Promise<FrameStream>;
  /** Close sockets and the harness. */
  close(): Promise<void>;
}

/** One scenario of the table. */
export interface ProtocolScenario {
  name: string;
  run(driver: ProtocolDriver): Promise<void>;
}

type Payload = Record<string, unknown>;
type WireEvent = { type: string; seq: number; time?: number; data: Record<string, unknown> };
type Result = { ok: true; value?: unknown } | { ok: false; error: { code: string; message: string; details?: Record<string, unknown> } };

const TASK = 'Add a --greeting flag to the CLI so users can change the welcome text';
const FEEDBACK = 'Also document the flag in README.md';

/** The payload of a frame, as a plain record. */
export const payloadOf = (frame: ServerRequest): Payload => frame.payload as Payload;
/** The logged event a `session/event` frame carries. */
export const eventOf = (frame: ServerRequest): WireEvent => payloadOf(frame).event as WireEvent;

/** Matches `session/event` frames of one session (optionally of one type and passing `test`). */
export function isEvent(sessionId: string, type?: string, test: (e: WireEvent) => boolean = () => true) {
  return (f: ServerRequest): boolean =>
    f.method === 'session/event' && payloadOf(f).sessionId === sessionId && (type === undefined || eventOf(f).type === type) && test(eventOf(f));
}
/** Matches frames of one method (optionally of one session and passing `test`). */
export function isFrame(method: string, sessionId?: string, test: (p: Payload) => boolean = () => true) {
  return (f: ServerRequest): boolean => f.method === method && (sessionId === undefined || payloadOf(f).sessionId === sessionId) && test(payloadOf(f));
}
const isPlanProjection = (sessionId: string) => isFrame('session/projection', sessionId, (p) => p.key === 'plan');

/** The HTTP status of an error envelope on ui-plan's carriers, by code (carrier/rules.ts `statusOfAnswer`). */
const ERROR_STATUS: ReadonlyMap<string, number> = new Map([
  ['bad-request', 400],
  ['session-not-found', 404],
  ['internal', 500],
]);

/** Check a unary answer's carrier and envelope and return its result. */
function resultOf(answer: DriverAnswer, rpcId?: string): Result {
  const body = answer.body as { type?: unknown; rpcId?: unknown; result?: Result };
  // An error envelope answers with the status its code stands for (400 bad-request, 404 session-not-found, 500 internal).
  const code = body.result && !body.result.ok ? body.result.error.code : undefined;
  expect({ code, status: answer.status }).toEqual({ code, status: code === undefined ? 200 : (ERROR_STATUS.get(code) ?? 200) });
  expect(body.type).toBe('server-response');
  if (rpcId !== undefined) expect(body.rpcId).toBe(rpcId);
  expect(body.result).toBeDefined();
  return body.result as Result;
}

/** Call a method that must succeed; checks the value against the method table's schema and returns it. */
let calls = 0;
export async function ok<T = Payload>(driver: ProtocolDriver, method: keyof typeof methods, payload: unknown): Promise<T> {
  calls += 1;
  const rpcId = `rpc-${method}-${calls}`;
  const result = resultOf(await driver.call(method, payload, { rpcId }), rpcId);
  if (!result.ok) throw new Error(`${method} failed: ${JSON.stringify(result.error)}`);
  const parsed = methods[method].value.safeParse(result.value);
  if (!parsed.success) throw new Error(`${method} value does not match the protocol: ${JSON.stringify(parsed.error.issues)}`);
  return result.value as T;
}

/** Call a method that must fail; returns the error. */
export async function fails(driver: ProtocolDriver, method: string, payload: unknown, opts?: CallOptions) {
  const result = resultOf(await driver.call(method, payload, opts), opts?.rpcId);
  if (result.ok) throw new Error(`${method} unexpectedly succeeded: ${JSON.stringify(result.value)}`);
  return result.error;
}

/** `session.create` with an empty payload; checks the id shape and returns it. */
export async function createSession(driver: ProtocolDriver): Promise<string> {
  const { sessionId } = await ok<{ sessionId: string }>(driver, 'session.create', {});
  expect(sessionId).toMatch(/^session-[A-Za-z0-9-]+$/);
  return sessionId;
}

/** A `client-response` body answering question `rpcId` of `sessionId` with `answers`. */
export const answerBody = (rpcId: string, sessionId: string, answers: unknown[]) => ({
  type: 'client-response',
  rpcId,
  result: { ok: true, value: { sessionId, answer: { answers } } },
});

/** Every event of a session, paging `session.history` back to the start; also the tail page's projections. */
export async function fullHistory(driver: ProtocolDriver, sessionId: string) {
  const tail = await ok<{ events: { event: WireEvent; view?: Payload }[]; hasMore: boolean; projections?: { asOfSeq: number; values: Payload } }>(
    driver,
    'session.history',
    { sessionId },
  );
  const rows = [...tail.events];
  let hasMore = tail.hasMore;
  while (hasMore) {
    const first = rows[0]?.event.seq;
    if (first === undefined) break;
    const page = await ok<{ events: { event: WireEvent; view?: Payload }[]; hasMore: boolean; projections?: unknown }>(driver, 'session.history', {
      sessionId,
      beforeSeq: first,
    });
    expect(page.projections).toBeUndefined();
    if (page.events.length === 0) break;
    for (const row of page.events) expect(row.event.seq).toBeLessThan(first);
    rows.unshift(...page.events);
    hasMore = page.hasMore;
  }
  const seqs = rows.map((r) => r.event.seq);
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  expect(new Set(seqs).size).toBe(seqs.length);
  return { rows, events: rows.map((r) => r.event), projections: tail.projections };
}

/** Session + mux + `/plan <task>`, up to the scripted model's plan review. */
async function startPlanReview(driver: ProtocolDriver) {
  const mux = await driver.openMux();
  const sessionId = await createSession(driver);
  const execution = await ok<{ commandId: string; result: { kind: string; text?: string } }>(driver, 'commands/execute', {
    args: { agentId: sessionId, line: `/plan ${TASK}`, images: [] },
  });
  const question = await mux.next(isFrame('question/requested', sessionId));
  return { mux, sessionId, execution, question };
}

function reviewItem(question: ServerRequest) {
  const questions = payloadOf(question).questions as Payload[];
  expect(questions).toHaveLength(1);
  return questions[0] as {
    id: string;
    header?: string;
    question: string;
    detail?: string;
    options?: { label: string }[];
    intent?: Payload;
    multiSelect?: boolean;
  };
}

/** The first frame already received that matches; throws naming what is missing. */
function seen(stream: FrameStream, predicate: (f: ServerRequest) => boolean): ServerRequest {
  const frame = stream.frames.find(predicate);
  if (!frame) throw new Error(`expected frame not received; got ${stream.frames.map((f) => f.method).join(', ')}`);
  return frame;
}

/** Assert that every plan projection frame of a session precedes the event frame with its seq. */
function expectProjectionsAheadOfEvents(frames: readonly ServerRequest[], sessionId: string): void {
  frames.forEach((frame, index) => {
    if (!isPlanProjection(sessionId)(frame)) return;
    const seq = payloadOf(frame).seq as number;
    const eventIndex = frames.findIndex((f) => isEvent(sessionId)(f) && eventOf(f).seq === seq);
    expect(eventIndex, `event frame of projection seq ${seq}`).toBeGreaterThan(index);
  });
}

/** The table. */
export const protocolScenarios: ProtocolScenario[] = [
  {
    name: 'host.describe answers version, cwd, provider, model, attached sessions and the ui-plan capabilities',
    async run(driver) {
      const value = await ok<Payload>(driver, 'host.describe', {});
      expect(value).toMatchObject({
        version: expect.any(String),
        cwd: expect.any(String),
        provider: expect.any(String),
        model: expect.any(String),
        attachedSessions: 0,
        capabilities: { setPlanMode: true, import: true, modes: expect.any(Boolean), sessionLog: true, importStream: true },
      });
      await createSession(driver);
      expect((await ok<Payload>(driver, 'host.describe', {})).attachedSessions).toBe(1);
    },
  },
  {
    name: 'session.create makes a blank session that session.list shows and the host stream announces',
    async run(driver) {
      const hostStream = await driver.openHost();
      expect((await ok<{ items: unknown[] }>(driver, 'session.list', {})).items).toEqual([]);
      const sessionId = await createSession(driver);
      const added = await hostStream.next(isFrame('host/session-added', sessionId));
      expect(payloadOf(added)).toMatchObject({ type: 'host/session-added', sessionId, blank: true });
      expect(added.method).toBe('host/session-added');
      const { items } = await ok<{ items: Payload[] }>(driver, 'session.list', {});
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ sessionId, blank: true, running: false, updatedAt: expect.any(Number) });
      const second = await createSession(driver);
      expect(second).not.toBe(sessionId);
      expect((await ok<{ items: Payload[] }>(driver, 'session.list', {})).items.map((i) => i.sessionId).sort()).toEqual([sessionId, second].sort());
    },
  },
  {
    name: 'commands/list offers /plan with its [off|message] hint',
    async run(driver) {
      const sessionId = await createSession(driver);
      const commands = await ok<{ name: string; description: string; input?: { hint?: string } }[]>(driver, 'commands/list', { args: { agentId: sessionId } });
      const plan = commands.find((c) => c.name === 'plan');
      expect(plan).toBeDefined();
      expect(plan?.description).not.toBe('');
      expect(plan?.input?.hint).toBe('[off|message]');
    },
  },
  {
    name: '/plan <task> logs command/run, plan/mode, command/done in order, with plan projections {false,true} then {true,false} ahead of their events',
    async run(driver) {
      const { mux, sessionId, execution } = await startPlanReview(driver);
      expect(execution.result.kind).toBe('success');
      // startPlanReview read up to the question; everything before it is in `frames`.
      const run = seen(
        mux,
        isEvent(sessionId, 'command/run', (e) => e.data.name === 'plan'),
      );
      expect(eventOf(run).data).toMatchObject({ commandId: execution.commandId, name: 'plan', source: { kind: 'user' } });
      expect(String(eventOf(run).data.args).trim()).toBe(TASK);
      const mode = seen(mux, isEvent(sessionId, 'plan/mode'));
      expect(eventOf(mode).data).toEqual({ active: true });
      const done = seen(mux, isEvent(sessionId, 'command/done'));
      expect(eventOf(done).data).toMatchObject({ commandId: execution.commandId, kind: 'success' });
      expect(eventOf(run).seq).toBeLessThan(eventOf(mode).seq);
      expect(eventOf(mode).seq).toBeLessThan(eventOf(done).seq);
      // The task is steered as the first user message, after the switch (docs/upstream-spec.md §1.8, §1.12).
      const message = mux.frames.find(isEvent(sessionId, 'user/message', (e) => JSON.stringify(e.data).includes(TASK)));
      expect(message && eventOf(message).seq).toBeGreaterThan(eventOf(mode).seq);

      const projections = mux.frames.filter(isPlanProjection(sessionId)).map((f) => payloadOf(f));
      expect(projections[0]).toMatchObject({ value: { active: false, pending: true }, seq: eventOf(run).seq });
      expect(projections).toContainEqual(expect.objectContaining({ value: { active: true, pending: false }, seq: eventOf(mode).seq }));
      const seqs = projections.map((p) => p.seq as number);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expectProjectionsAheadOfEvents(mux.frames, sessionId);
      // Every event frame carries the log's seq: consecutive from 0, no gaps or repeats on a live stream.
      const eventSeqs = mux.frames.filter(isEvent(sessionId)).map((f) => eventOf(f).seq);
      expect(eventSeqs).toEqual(eventSeqs.map((_, i) => i));
    },
  },
  {
    name: 'the scripted model hands its plan to exit_plan_mode and the mux carries a plan-review question/requested',
    async run(driver) {
      const { mux, sessionId, question } = await startPlanReview(driver);
      expect(question.type).toBe('server-request');
      expect(question.rpcId).not.toBe('');
      const item = reviewItem(question);
      expect(item).toMatchObject({ id: 'plan-review', header: 'Plan review', intent: { kind: 'plan-review', approve: 'Approve' } });
      expect(item.multiSelect).toBeUndefined();
      expect(item.options?.map((o) => o.label)).toEqual(['Approve', 'Keep planning']);
      expect(item.detail).toMatch(/^# \S/);
      const call = mux.frames.find(isEvent(sessionId, 'tool/call', (e) => e.data.name === 'exit_plan_mode'));
      expect(call).toBeDefined();
      expect(JSON.parse(String(eventOf(call as ServerRequest).data.arguments))).toEqual({ plan: item.detail });
      const state = await ok<Payload>(driver, 'session.planMode', { sessionId });
      expect(state).toEqual({ active: true });
    },
  },
  {
    name: 'Keep planning with feedback resolves the question as answered and brings a revised plan that contains the feedback',
    async run(driver) {
      const { mux, sessionId, question } = await startPlanReview(driver);
      const receipt = await driver.respond(answerBody(question.rpcId, sessionId, [{ id: 'plan-review', selected: [], custom: FEEDBACK }]));
      expect(receipt).toEqual({ status: 200, body: { accepted: true } });
      const resolved = await mux.next(isFrame('question/resolved', sessionId));
      expect(payloadOf(resolved)).toMatchObject({ questionRpcId: question.rpcId, outcome: 'answered' });
      const result = await mux.next(isEvent(sessionId, 'tool/result'));
      expect(JSON.stringify(eventOf(result).data)).toContain(FEEDBACK);
      const revised = await mux.next(isFrame('question/requested', sessionId));
      expect(revised.rpcId).not.toBe(question.rpcId);
      const item = reviewItem(revised);
      expect(item.detail).toMatch(/^# \S/);
      expect(item.detail).toContain(FEEDBACK);
      expect(item.detail).not.toBe(reviewItem(question).detail);
      expect(await ok<Payload>(driver, 'session.planMode', { sessionId })).toEqual({ active: true });
    },
  },
  {
    name: 'respond refuses answers that do not fit the pending question, lets the first valid claimant win, and then says not-pending',
    async run(driver) {
      const { mux, sessionId, question } = await startPlanReview(driver);
      // Every refusal keeps `reason` (clients read it) and names the field and why in `message` (docs/protocol.md).
      const item = '"plan-review"';
      const bad: [string, unknown, string | RegExp][] = [
        [
          'an unknown item id',
          answerBody(question.rpcId, sessionId, [{ id: 'other', selected: ['Approve'] }]),
          `answers[0].id: "other" is not the id of question 0, expected ${item}`,
        ],
        [
          'a label not offered',
          answerBody(question.rpcId, sessionId, [{ id: 'plan-review', selected: ['Aprove'] }]),
          `answers[0].selected[0]: "Aprove" is not an option of item ${item}`,
        ],
        [
          'two labels on a single-select question',
          answerBody(question.rpcId, sessionId, [{ id: 'plan-review', selected: ['Approve', 'Keep planning'] }]),
          `answers[0].selected: 2 labels on item ${item}, a single-select question (at most one)`,
        ],
        [
          'a duplicate label',
          answerBody(question.rpcId, sessionId, [{ id: 'plan-review', selected: ['Approve', 'Approve'] }]),
          `answers[0].selected[1]: "Approve" repeats a label of item ${item}`,
        ],
        [
          'blank custom text',
          answerBody(question.rpcId, sessionId, [{ id: 'plan-review', selected: [], custom: '   ' }]),
          `answers[0].custom: blank custom text on item ${item} (leave it out, or say something)`,
        ],
        ['no items', answerBody(question.rpcId, sessionId, []), 'answers: expected 1 item(s), one per question, got 0'],
        [
          'another session',
          answerBody(question.rpcId, 'session-other', [{ id: 'plan-review', selected: ['Approve'] }]),
          `result.value.sessionId: "session-other" is not the session of question ${JSON.stringify(question.rpcId)}`,
        ],
        [
          'an error code other than cancelled',
          { type: 'client-response', rpcId: question.rpcId, result: { ok: false, error: { code: 'internal', message: 'x' } } },
          'result.error.code: "internal" is not "cancelled", the only error an answer may carry',
        ],
        ['an unreadable envelope', { type: 'client-response', rpcId: question.rpcId }, /^invalid response: result: /],
      ];
      for (const [what, body, message] of bad) {
        expect({ what, answer: await driver.respond(body) }).toEqual({
          what,
          answer: {
            status: 400,
            body: { accepted: false, reason: 'bad-response', message: typeof message === 'string' ? message : expect.stringMatching(message) },
          },
        });
      }
      const unknown = await driver.respond(answerBody('no-such-question', sessionId, [{ id: 'plan-review', selected: ['Approve'] }]));
      expect(unknown).toEqual({
        status: 404,
        body: {
          accepted: false,
          reason: 'not-pending',
          message: 'rpcId: "no-such-question" names no pending question (never asked, or already answered or cancelled)',
        },
      });
      // Still pending after every refusal: the valid answer is accepted once, the duplicate is not.
      const approve = answerBody(question.rpcId, sessionId, [{ id: 'plan-review', selected: ['Approve'] }]);
      const [first, second] = await Promise.all([driver.respond(approve), driver.respond(approve)]);
      expect([first?.body, second?.body]).toContainEqual({ accepted: true });
      expect([first?.body, second?.body]).toContainEqual({ accepted: false, reason: 'not-pending', message: expect.stringMatching(/^rpcId: /) });
      expect(await driver.respond(approve)).toMatchObject({ status: 404, body: { accepted: false, reason: 'not-pending' } });
      await mux.next(isFrame('question/resolved', sessionId, (p) => p.outcome === 'answered'));
      expect(mux.frames.filter(isFrame('question/resolved', sessionId))).toHaveLength(1);
    },
  },
  {
    name: 'Approve leaves plan mode at the next boundary, the turn carries on and ends, and the tail shows plan {false,false}',
    async run(driver) {
      const hostStream = await driver.openHost();
      const { mux, sessionId, question } = await startPlanReview(driver);
      const receipt = await driver.respond(answerBody(question.rpcId, sessionId, [{ id: 'plan-review', selected: ['Approve'] }]));
      expect(receipt.body).toEqual({ accepted: true });
      const resolved = await mux.next(isFrame('question/resolved', sessionId));
      expect(payloadOf(resolved)).toMatchObject({ questionRpcId: question.rpcId, outcome: 'answered' });
      const result = await mux.next(isEvent(sessionId, 'tool/result'));
      const stepEnd = await mux.next(isEvent(sessionId, 'step/end'));
      const off = await mux.next(isEvent(sessionId, 'plan/mode'));
      expect(eventOf(off).data).toEqual({ active: false });
      const nextStep = await mux.next(isEvent(sessionId, 'step/start'));
      const turnEnd = await mux.next(isEvent(sessionId, 'turn/end'));
      expect(eventOf(turnEnd).data).toMatchObject({ reason: { kind: 'completed' } });
      // The exit commits at the boundary: after the tool result's step ends, before the next step starts,
      // with no notice (docs/upstream-spec.md §1.6, §1.9 "On approval").
      expect(eventOf(result).seq).toBeLessThan(eventOf(stepEnd).seq);
      expect(eventOf(stepEnd).seq).toBeLessThan(eventOf(off).seq);
      expect(eventOf(off).seq).toBeLessThan(eventOf(nextStep).seq);
      const notices = mux.frames.filter(isEvent(sessionId, 'user/message', (e) => e.seq > eventOf(result).seq));
      expect(notices).toEqual([]);
      // The plan is carried out after approval: at least one more model message before the turn ends.
      expect(mux.frames.filter(isEvent(sessionId, 'assistant/message', (e) => e.seq > eventOf(off).seq)).length).toBeGreaterThan(0);
      const lastPlan = mux.frames.filter(isPlanProjection(sessionId)).at(-1);
      expect(lastPlan && payloadOf(lastPlan)).toMatchObject({ value: { active: false, pending: false }, seq: eventOf(off).seq });
      expectProjectionsAheadOfEvents(mux.frames, sessionId);

      await hostStream.next(
        isFrame('host/session-status', sessionId, (p) => p.running === false),
        10_000,
      );
      const history = await fullHistory(driver, sessionId);
      expect(history.projections?.values.plan).toEqual({ active: false, pending: false });
      expect(history.projections?.asOfSeq).toBe(history.events.at(-1)?.seq);
      expect(history.events.map((e) => e.seq)).toEqual(history.events.map((_, i) => i));
      expect(await ok<Payload>(driver, 'session.planMode', { sessionId })).toEqual({ active: false });
    },
  },
  {
    name: 'after Approve the model keeps a todo_write list: todo/write lists are pushed as paced todos projection frames, each at the seq of the write it carries, the last always; the tail page and session.list carry the last list, the next turn/start clears it',
    async run(driver) {
      const hostStream = await driver.openHost();
      const { mux, sessionId, question } = await startPlanReview(driver);
      await driver.respond(answerBody(question.rpcId, sessionId, [{ id: 'plan-review', selected: ['Approve'] }]));
      await hostStream.next(
        isFrame('host/session-status', sessionId, (p) => p.running === false),
        10_000,
      );
      // The mux is its own socket: wait for the turn's end there too before reading its frames.
      await mux.next(isEvent(sessionId, 'turn/end'), 10_000);
      const writes = mux.frames.filter(isEvent(sessionId, 'todo/write'));
      expect(writes.length).toBeGreaterThan(1);
      // Paced (docs/protocol.md "session/projection"): the last list leaves at most a window after the burst.
      const lastSeq = eventOf(writes.at(-1)!).seq;
      await mux.next(
        isFrame('session/projection', sessionId, (p) => p.key === 'todos' && p.seq === lastSeq),
        10_000,
      );
      const todosFrames = mux.frames.filter(isFrame('session/projection', sessionId, (p) => p.key === 'todos'));
      const listAt = new Map(writes.map((w) => [eventOf(w).seq, eventOf(w).data.todos]));
      for (const frame of todosFrames) expect(payloadOf(frame).value).toEqual(listAt.get(payloadOf(frame).seq as number));
      const seqs = todosFrames.map((f) => payloadOf(f).seq as number);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(seqs.at(-1)).toBe(lastSeq);
      const last = eventOf(writes.at(-1)!).data.todos as { status: string }[];
      expect(last.every((todo) => todo.status === 'completed')).toBe(true);
      // The todo_write call's result is the host's count line.
      const callIds = mux.frames.filter(isEvent(sessionId, 'tool/call', (e) => e.data.name === 'todo_write')).map((f) => eventOf(f).data.callId);
      expect(callIds).toHaveLength(writes.length);
      const history = await fullHistory(driver, sessionId);
      expect(history.projections?.values.todos).toEqual(last);
      const listed = await ok<{ items: { sessionId: string; projections?: { values: Payload } }[] }>(driver, 'session.list', {});
      expect(listed.items.find((item) => item.sessionId === sessionId)?.projections?.values.todos).toEqual(last);
      const resultTexts = history.events
        .filter((e) => e.type === 'tool/result' && JSON.stringify(e.data).includes(String(callIds[0])))
        .map((e) => JSON.stringify(e.data));
      expect(resultTexts[0]).toMatch(/Updated todo list: \d+ pending, 1 in progress, 0 completed\./);

      await ok(driver, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'thanks' }] });
      await mux.next(isFrame('session/projection', sessionId, (p) => p.key === 'todos' && p.value === null));
    },
  },
  {
    name: 'the progress projection folds the whole log: pending review, then steps ticked live as frames, the audit at the turn end, on the tail page and in session.list',
    async run(driver) {
      const { mux, sessionId, question } = await startPlanReview(driver);
      const progressFrames = () => mux.frames.filter(isFrame('session/projection', sessionId, (p) => p.key === 'progress')).map((f) => payloadOf(f));
      await driver.respond(answerBody(question.rpcId, sessionId, [{ id: 'plan-review', selected: ['Approve'] }]));
      const end = await mux.next(isEvent(sessionId, 'turn/end'), 10_000);
      // Paced (docs/protocol.md "session/projection"): the turn end's value leaves at most a window after it.
      await mux.next(
        isFrame('session/projection', sessionId, (p) => p.key === 'progress' && p.seq === eventOf(end).seq),
        10_000,
      );
      const frames = progressFrames();
      // The plan put up for review, before any list: no run yet, the latest revision pending.
      const exit = mux.frames.find(isEvent(sessionId, 'tool/call', (e) => e.data.name === 'exit_plan_mode'))!;
      const waiting = frames.find((f) => f.seq === eventOf(exit).seq)?.value as Payload | undefined;
      expect(waiting).toMatchObject({ view: { kind: 'none' }, audits: [], latest: { outcome: 'pending', version: 1 } });
      // Frames at the seq of an event that changed the value, in seq order, each seq once; the turn's end last.
      const seqs = frames.map((f) => f.seq as number);
      expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
      const last = frames.at(-1)!;
      expect(last.seq).toBe(eventOf(end).seq);
      const value = last.value as { view: { kind: string; run: Payload }; audits: Payload[]; latest: Payload };
      expect(value.latest).toMatchObject({ outcome: 'approved', version: 1 });
      expect(value.view.kind).toBe('plan');
      expect(value.view.run).toMatchObject({ untracked: false, end: { kind: 'completed', seq: eventOf(end).seq } });
      expect(value.view.run.done).toBe(value.view.run.total);
      expect(JSON.stringify(value)).not.toContain('exit_plan_mode');
      expect(value.audits).toEqual([
        { callId: value.latest.callId, done: value.view.run.done, notDone: 0, extra: 0, total: value.view.run.total, end: value.view.run.end },
      ]);
      const history = await fullHistory(driver, sessionId);
      expect(history.projections?.values.progress).toEqual(value);
      const listed = await ok<{ items: { sessionId: string; projections?: { values: Payload } }[] }>(driver, 'session.list', {});
      expect(listed.items.find((item) => item.sessionId === sessionId)?.projections?.values.progress).toEqual(value);
      // A later turn that writes nothing leaves the value as it was: no frame.
      const count = progressFrames().length;
      await ok(driver, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'thanks' }] });
      await mux.next(
        isEvent(sessionId, 'turn/end', (e) => e.seq > eventOf(end).seq),
        10_000,
      );
      expect(progressFrames()).toHaveLength(count);
    },
  },
  {
    name: 'session.setPlanMode commits while idle, is a noop for the current target, queues in a running turn and cancels back',
    async run(driver) {
      const mux = await driver.openMux();
      const sessionId = await createSession(driver);
      const set = (active: boolean) => ok<{ outcome: string; state: Payload }>(driver, 'session.setPlanMode', { sessionId, active });
      expect(await set(true)).toEqual({ outcome: 'committed', state: { active: true } });
      const on = await mux.next(isEvent(sessionId, 'plan/mode'));
      expect(eventOf(on).data).toEqual({ active: true });
      expect(await set(true)).toEqual({ outcome: 'noop', state: { active: true } });
      expect(await set(false)).toEqual({ outcome: 'committed', state: { active: false } });
      await mux.next(isEvent(sessionId, 'plan/mode', (e) => e.data.active === false));
      expect(await set(false)).toEqual({ outcome: 'noop', state: { active: false } });

      // A running turn: the plan review holds the turn open.
      await ok(driver, 'commands/execute', { args: { agentId: sessionId, line: `/plan ${TASK}`, images: [] } });
      await mux.next(isFrame('question/requested', sessionId));
      const logged = mux.frames.filter(isEvent(sessionId, 'plan/mode')).length;
      expect(await set(false)).toEqual({ outcome: 'queued', state: { active: true, pending: false } });
      expect(await ok<Payload>(driver, 'session.planMode', { sessionId })).toEqual({ active: true, pending: false });
      expect(await set(false)).toEqual({ outcome: 'noop', state: { active: true, pending: false } });
      expect(await set(true)).toEqual({ outcome: 'cancelled', state: { active: true, pending: true } });
      expect(mux.frames.filter(isEvent(sessionId, 'plan/mode'))).toHaveLength(logged);

      expect((await fails(driver, 'session.setPlanMode', { sessionId: 'session-missing', active: true })).code).toBe('session-not-found');
    },
  },
  {
    name: 'envelope errors: unreadable envelope, method/path mismatch, payload issues naming the field, unknown session',
    async run(driver) {
      const unreadable = await driver.post('/api/session.list', { hello: 1 });
      expect(unreadable.status).toBe(400);
      expect(unreadable.body).toMatchObject({ type: 'server-response', rpcId: 'invalid-request', result: { ok: false, error: { code: 'bad-request' } } });
      const issues = (unreadable.body as { result: { error: { details: { issues: { path: unknown[] }[] } } } }).result.error.details.issues;
      expect(issues.map((i) => i.path[0])).toEqual(expect.arrayContaining(['type', 'rpcId']));

      const noPayload = await driver.post('/api/session.list', { type: 'client-request', rpcId: 'r-7', method: 'session.list' });
      expect(noPayload.body).toMatchObject({ rpcId: 'r-7', result: { ok: false, error: { code: 'bad-request' } } });

      const mismatch = await fails(driver, 'session.list', {}, { rpcId: 'x1', envelopeMethod: 'session.create' });
      expect(mismatch.code).toBe('bad-request');
      expect(mismatch.message).toMatch(/session\.create.*does not match.*session\.list/);

      const sessionId = await createSession(driver);
      const badField = await fails(driver, 'session.setPlanMode', { sessionId, active: 'yes' }, { rpcId: 'x2' });
      expect(badField.code).toBe('bad-request');
      const paths = (badField.details?.issues as { path: (string | number)[] }[]).map((i) => i.path.join('.'));
      expect(paths).toContain('active');
      const badMode = await fails(driver, 'session.prompt', { sessionId, mode: 'later', content: [{ type: 'text', text: 'hi' }] });
      expect((badMode.details?.issues as { path: (string | number)[] }[]).map((i) => i.path.join('.'))).toContain('mode');

      for (const [method, payload] of [
        ['session.history', { sessionId: 'session-nope' }],
        ['session.prompt', { sessionId: 'session-nope', mode: 'queue', content: [{ type: 'text', text: 'hi' }] }],
        ['session.planMode', { sessionId: 'session-nope' }],
      ] as const) {
        const error = await fails(driver, method, payload);
        expect({ method, code: error.code, details: error.details }).toEqual({ method, code: 'session-not-found', details: { sessionId: 'session-nope' } });
      }

      // A respond body that is not a client-response envelope is a 400 naming the field, before any lookup.
      for (const [body, field] of [
        [{}, /type.*rpcId|rpcId.*type/],
        [null, /expected object/],
        [[], /expected object/],
        [{ type: 'client-response', rpcId: 7, result: { ok: true } }, /rpcId/],
        [{ type: 'client-response', rpcId: 'r'.repeat(5000), result: { ok: true } }, /rpcId: must be at most 128 characters/],
        [{ type: 'client-request', rpcId: 'r-1' }, /type/],
      ] as const) {
        const answer = await driver.respond(body);
        expect({ body: JSON.stringify(body).slice(0, 60), status: answer.status, reason: (answer.body as { reason?: unknown }).reason }).toEqual({
          body: JSON.stringify(body).slice(0, 60),
          status: 400,
          reason: 'bad-response',
        });
        expect((answer.body as { message?: string }).message).toMatch(field);
        expect(JSON.stringify(answer.body)).not.toContain('r'.repeat(200));
      }
    },
  },
  {
    name: 'a reopened mux sends session/subscribed with lastSeq, then re-sends the pending question with the same rpcId',
    async run(driver) {
      const { mux, sessionId, question } = await startPlanReview(driver);
      const lastSeen = Math.max(...mux.frames.filter(isEvent(sessionId)).map((f) => eventOf(f).seq));
      await mux.close();
      const again = await driver.openMux();
      const subscribed = await again.next(isFrame('session/subscribed', sessionId));
      expect(payloadOf(subscribed).lastSeq).toBe(lastSeen);
      const replayed = await again.next(isFrame('question/requested', sessionId));
      expect(replayed.rpcId).toBe(question.rpcId);
      expect(payloadOf(replayed).questions).toEqual(payloadOf(question).questions);
      expect(again.frames.indexOf(subscribed)).toBeLessThan(again.frames.indexOf(replayed));
      // The replayed id is the live one: answering it through the new socket resolves the question.
      const receipt = await driver.respond(answerBody(replayed.rpcId, sessionId, [{ id: 'plan-review', selected: ['Approve'] }]));
      expect(receipt.body).toEqual({ accepted: true });
      await again.next(isFrame('question/resolved', sessionId, (p) => p.questionRpcId === question.rpcId));
    },
  },
  {
    name: 'session.import of the recorded plan-review log gives a read-only session that shows the exit_plan_mode call and refuses prompts',
    async run(driver) {
      const hostStream = await driver.openHost();
      const imported = await ok<{ sessionId: string; skipped?: unknown[] }>(driver, 'session.import', { jsonl: planReviewLog });
      const { sessionId } = imported;
      expect(imported.skipped ?? []).toEqual([]);
      await hostStream.next(isFrame('host/session-added', sessionId));
      const listed = (await ok<{ items: Payload[] }>(driver, 'session.list', {})).items.find((i) => i.sessionId === sessionId);
      expect(listed).toMatchObject({ readOnly: true, running: false });

      const history = await fullHistory(driver, sessionId);
      const recorded = planReviewLog
        .trimEnd()
        .split('\n')
        .slice(1)
        .map((l) => JSON.parse(l) as { type: string });
      expect(history.events.map((e) => e.type)).toEqual(recorded.map((r) => r.type));
      const call = history.rows.find((r) => r.event.type === 'tool/call' && r.event.data.name === 'exit_plan_mode');
      expect(call).toBeDefined();
      expect(String(call?.event.data.arguments)).toContain('Add `--greeting` flag to CLI');
      expect(history.projections?.values.plan).toEqual({ active: false, pending: false });

      const refused = await fails(driver, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'continue' }] });
      expect(refused.code).not.toBe('session-not-found');
      expect(refused.message).toMatch(/read-only/i);
      const before = history.events.length;
      const after = await fullHistory(driver, sessionId);
      expect(after.events).toHaveLength(before);
    },
  },
  // Differences a real dsh 0.1.0-rc.8 host showed against this harness for the same interaction (interop:
  // e2e/interop, testing/dsh-replay-host.ts), fixed in the harness; each case pins the real host's behaviour.
  {
    name: 'as a real dsh host words it: /plan and /plan off result texts for committed, noop-on, already inactive, queued and cancelled',
    async run(driver) {
      const mux = await driver.openMux();
      const sessionId = await createSession(driver);
      const text = async (line: string) =>
        (await ok<{ result: { kind: string; text?: string } }>(driver, 'commands/execute', { args: { agentId: sessionId, line, images: [] } })).result;
      expect(await text('/plan')).toEqual({ kind: 'success', text: 'Plan mode on. Use /plan off to leave.' });
      expect(await text('/plan')).toEqual({ kind: 'success', text: 'Entering plan mode (applies from the next step). Use /plan off to leave.' });
      expect(await text('/plan off')).toEqual({ kind: 'success', text: 'Plan mode off.' });
      expect(await text('/plan off')).toEqual({ kind: 'success', text: 'Plan mode is already inactive.' });
      expect(await text('/plan  off ')).toEqual({ kind: 'success', text: 'Plan mode is already inactive.' });
      // In an open turn (the review holds it): an exit is queued, asked again it stays queued, /plan cancels it.
      await ok(driver, 'commands/execute', { args: { agentId: sessionId, line: `/plan ${TASK}`, images: [] } });
      await mux.next(isFrame('question/requested', sessionId));
      expect(await text('/plan off')).toEqual({ kind: 'success', text: 'Leaving plan mode (applies from the next step).' });
      expect(await text('/plan off')).toEqual({ kind: 'success', text: 'Leaving plan mode (applies from the next step).' });
      expect(await text('/plan')).toEqual({ kind: 'success', text: 'Entering plan mode (applies from the next step). Use /plan off to leave.' });
      expect(await ok<Payload>(driver, 'session.planMode', { sessionId })).toEqual({ active: true, pending: true });
    },
  },
  {
    name: 'as a real dsh host words it: Keep planning and a dismissed review come back as Error: tool results with the upstream texts',
    async run(driver) {
      const { mux, sessionId, question } = await startPlanReview(driver);
      await driver.respond(answerBody(question.rpcId, sessionId, [{ id: 'plan-review', selected: ['Keep planning'] }]));
      const revise = await mux.next(isEvent(sessionId, 'tool/result'));
      expect(JSON.stringify(eventOf(revise).data)).toContain('"text":"Error: The user chose to keep planning; revise the plan and present it again."');
      const again = await mux.next(
        isFrame('question/requested', sessionId, (p) => p !== payloadOf(question)),
        10_000,
      );
      await driver.respond({
        type: 'client-response',
        rpcId: again.rpcId,
        result: { ok: false, error: { code: 'cancelled', message: 'closed', details: {} } },
      });
      const dismissed = await mux.next(isEvent(sessionId, 'tool/result', (e) => e.seq > eventOf(revise).seq));
      expect(JSON.stringify(eventOf(dismissed).data)).toContain(
        '"text":"Error: The user dismissed the plan review to speak instead; stay in plan mode, stop here, and wait for their message."',
      );
    },
  },
  {
    name: 'as a real dsh host sends it: the exit_plan_mode call streams as tool-call-delta chunks with id and name, and both cards carry the dsh view',
    async run(driver) {
      const { mux, sessionId, question } = await startPlanReview(driver);
      const call = seen(
        mux,
        isEvent(sessionId, 'tool/call', (e) => e.data.name === 'exit_plan_mode'),
      );
      const { callId, arguments: args } = eventOf(call).data as { callId: string; arguments: string };
      const deltas = mux.frames
        .filter(isEvent(sessionId, 'assistant/chunk', (e) => (e.data.chunk as Payload).type === 'tool-call-delta'))
        .map((f) => eventOf(f).data.chunk as Payload);
      for (const delta of deltas)
        expect(delta).toMatchObject({ id: expect.any(String), name: expect.any(String), index: expect.any(Number), argumentsDelta: expect.any(String) });
      const ofCall = deltas.filter((d) => d.id === callId);
      expect(ofCall.length).toBeGreaterThan(0);
      expect(ofCall.every((d) => d.name === 'exit_plan_mode')).toBe(true);
      expect(ofCall.map((d) => d.argumentsDelta).join('')).toBe(args);
      const plan = reviewItem(question).detail as string;
      expect(payloadOf(call).view).toEqual({
        for: 'call',
        view: { card: 'generic', title: (/^#\s+(.+?)\s*$/m.exec(plan) ?? [])[1], kind: 'other', content: [{ type: 'text', text: plan }] },
      });
      await driver.respond(answerBody(question.rpcId, sessionId, [{ id: 'plan-review', selected: ['Approve'] }]));
      const result = await mux.next(isEvent(sessionId, 'tool/result'));
      expect(payloadOf(result).view).toEqual({
        for: 'result',
        view: {
          card: 'generic',
          title: 'Plan review',
          content: [{ type: 'text', text: 'Plan approved — plan mode exited; carry out the plan starting with your next step.' }],
        },
      });
    },
  },
  {
    name: 'as a real dsh host sends it: a steered prompt is a session/queue steering item whose message carries role and the item id, and session.cancel answers {accepted:true}',
    async run(driver) {
      const { mux, sessionId } = await startPlanReview(driver);
      await ok(driver, 'session.prompt', { sessionId, mode: 'steer', content: [{ type: 'text', text: 'one more thing' }] });
      const queue = await mux.next(isFrame('session/queue', sessionId, (p) => (p.items as unknown[]).length > 0));
      const [item] = payloadOf(queue).items as Payload[];
      expect(item).toEqual({
        id: expect.any(String),
        placement: 'steering',
        message: { content: [{ type: 'text', text: 'one more thing' }], source: { kind: 'user' }, role: 'user', id: item?.id },
      });
      expect(await ok(driver, 'session.cancel', { sessionId })).toEqual({ accepted: true });
      await mux.next(isEvent(sessionId, 'turn/end'));
    },
  },
  {
    name: 'as a real dsh host orders it: a steered /plan <task> logs turn/start (no trigger) before command/done and the task after step/start',
    async run(driver) {
      const { mux, sessionId, execution } = await startPlanReview(driver);
      const kinds = ['command/run', 'plan/mode', 'turn/start', 'command/done', 'step/start', 'user/message', 'session/title', 'request/header'];
      const opening = mux.frames
        .filter(isEvent(sessionId))
        .map(eventOf)
        .filter((e) => kinds.includes(e.type))
        .slice(0, kinds.length);
      expect(opening.map((e) => e.type)).toEqual(kinds);
      expect(opening[2]?.data).toEqual({ turn: 1 });
      expect(opening[3]?.data).toMatchObject({ commandId: execution.commandId, kind: 'success' });
      expect(JSON.stringify(opening[5]?.data.content)).toContain(TASK);
      expect(opening[6]?.data).toMatchObject({ messageSeqs: [opening[5]?.seq] });
      // The task is announced as a steering item before the turn opens and taken off the queue right after.
      const turnStart = mux.frames.findIndex(isEvent(sessionId, 'turn/start'));
      const queues = mux.frames.map((f, i) => ({ f, i })).filter(({ f }) => isFrame('session/queue', sessionId)(f));
      expect(queues.map(({ f, i }) => `${(payloadOf(f).items as unknown[]).length}${i < turnStart ? ' before' : ' after'}`).slice(0, 2)).toEqual([
        '1 before',
        '0 after',
      ]);
    },
  },
  {
    name: 'session.setPlanMode in a running turn is logged as /plan: the projection shows it pending, Default cancels it back',
    async run(driver) {
      const mux = await driver.openMux();
      const sessionId = await createSession(driver);
      // A question in the default mode holds the turn open with plan mode off.
      await ok(driver, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'Ask me which greeting the CLI should print' }] });
      await mux.next(isFrame('question/requested', sessionId));
      const set = (active: boolean) => ok<{ outcome: string; state: Payload }>(driver, 'session.setPlanMode', { sessionId, active });

      expect(await set(true)).toEqual({ outcome: 'queued', state: { active: false, pending: true } });
      const run = await mux.next(isEvent(sessionId, 'command/run'));
      expect(eventOf(run).data).toMatchObject({ name: 'plan', args: '', source: { kind: 'user' } });
      const pending = seen(
        mux,
        isFrame('session/projection', sessionId, (p) => p.key === 'plan' && p.seq === eventOf(run).seq),
      );
      expect(payloadOf(pending).value).toEqual({ active: false, pending: true });
      const done = await mux.next(isEvent(sessionId, 'command/done'));
      expect(eventOf(done).data).toMatchObject({
        commandId: eventOf(run).data.commandId,
        kind: 'success',
        text: 'Entering plan mode (applies from the next step). Use /plan off to leave.',
      });
      expect(await set(true)).toEqual({ outcome: 'noop', state: { active: false, pending: true } });

      expect(await set(false)).toEqual({ outcome: 'cancelled', state: { active: false, pending: false } });
      const off = await mux.next(isEvent(sessionId, 'command/run', (e) => String(e.data.args).trim() === 'off'));
      await mux.next(isEvent(sessionId, 'command/done', (e) => e.data.text === 'Plan mode entry cancelled.'));
      const cleared = mux.frames.filter(isPlanProjection(sessionId)).at(-1);
      expect(cleared && payloadOf(cleared)).toMatchObject({ value: { active: false, pending: false } });
      expect((cleared && (payloadOf(cleared).seq as number)) ?? -1).toBeGreaterThanOrEqual(eventOf(off).seq);
      expect(mux.frames.filter(isEvent(sessionId, 'plan/mode'))).toEqual([]);
      const history = await fullHistory(driver, sessionId);
      expect(history.projections?.values.plan).toEqual({ active: false, pending: false });
      await ok(driver, 'session.cancel', { sessionId });
      await mux.next(isEvent(sessionId, 'turn/end'));
    },
  },
  {
    name: "a selection queued in a turn that then ends stays pending in the projection until the next turn's first boundary commits it",
    async run(driver) {
      const mux = await driver.openMux();
      const sessionId = await createSession(driver);
      await ok(driver, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'Ask me which greeting the CLI should print' }] });
      await mux.next(isFrame('question/requested', sessionId));
      expect((await ok<{ outcome: string }>(driver, 'session.setPlanMode', { sessionId, active: true })).outcome).toBe('queued');
      // The turn ends (cancelled) before any further boundary.
      await ok(driver, 'session.cancel', { sessionId });
      const ended = await mux.next(isEvent(sessionId, 'turn/end'));
      const tail = await fullHistory(driver, sessionId);
      expect(tail.projections?.values.plan).toEqual({ active: false, pending: true });
      expect(tail.events.filter((e) => e.type === 'plan/mode')).toEqual([]);
      expect(await ok<Payload>(driver, 'session.planMode', { sessionId })).toEqual({ active: false, pending: true });

      await ok(driver, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'Add a --greeting flag to the CLI' }] });
      const start = await mux.next(isEvent(sessionId, 'turn/start', (e) => e.seq > eventOf(ended).seq));
      const on = await mux.next(isEvent(sessionId, 'plan/mode'));
      const step = await mux.next(isEvent(sessionId, 'step/start', (e) => e.seq > eventOf(start).seq));
      expect(eventOf(on).data).toEqual({ active: true });
      expect(eventOf(start).seq).toBeLessThan(eventOf(on).seq);
      expect(eventOf(on).seq).toBeLessThan(eventOf(step).seq);
      const committed = seen(
        mux,
        isFrame('session/projection', sessionId, (p) => p.key === 'plan' && p.seq === eventOf(on).seq),
      );
      expect(payloadOf(committed).value).toEqual({ active: true, pending: false });
      // The model is told once, in the committing step's messages (docs/upstream-spec.md §1.7).
      const notice = await mux.next(isEvent(sessionId, 'user/message', (e) => (e.data.source as Payload | undefined)?.form === 'notice'));
      expect(eventOf(notice).seq).toBe(eventOf(step).seq + 1);
      await ok(driver, 'session.cancel', { sessionId });
      await mux.next(
        isEvent(sessionId, 'turn/end', (e) => e.seq > eventOf(step).seq),
        10_000,
      );
    },
  },
  {
    name: 'session.import refuses a file without readable dsh events with bad-request naming the problem, and keeps importing a partly broken log',
    async run(driver) {
      const refusals: [string, string, RegExp][] = [
        ['an empty file', '', /^the file is empty$/],
        ['blank lines only', '\n \n', /^the file is empty$/],
        ['plain text', 'hello\nthis is not a log\n', /^no dsh session events found: 2 lines could not be read \(first: line 2, not JSON\)$/],
        ['JSON without events', '{"name":"ui-plan","version":"1.0.0"}\n[1,2]\n', /^no dsh session events found: 2 lines could not be read/],
        ['binary bytes', '\u0000\u0001PK\u0003\u0004\ufffd\ufffd', /^no dsh session events found: 1 line could not be read/],
        ['a header only', planReviewLog.split('\n')[0] as string, /^no dsh session events found: the log has only its session header$/],
      ];
      for (const [name, jsonl, message] of refusals) {
        const error = await fails(driver, 'session.import', { jsonl });
        expect({ name, code: error.code }).toEqual({ name, code: 'bad-request' });
        expect(error.message, name).toMatch(message);
      }
      expect((await ok<{ items: unknown[] }>(driver, 'session.list', {})).items).toEqual([]);
      const damaged = planReviewLog.split('\n');
      damaged[3] = '{not json';
      const imported = await ok<{ sessionId: string; skipped?: { line: number }[] }>(driver, 'session.import', { jsonl: damaged.join('\n') });
      expect(imported.skipped?.map((s) => s.line)).toEqual([4]);
    },
  },
  {
    name: 'session.import reports 10,000 unreadable and unknown lines as counts with a few examples, and a last line cut mid-line as torn',
    async run(driver) {
      const lines = planReviewLog.trimEnd().split('\n');
      for (let i = 0; i < 5_000; i += 1) lines.push(i % 2 === 0 ? `{"type":"trace/span","data":{"i":${i}}}` : `{"type":"metric/tick","data":{"i":${i}}}`);
      for (let i = 0; i < 5_000; i += 1) lines.push(`{not json ${i}`);
      lines.push('{"type":"assistant/message","data":{"turn":1,"st');
      const imported = await ok<ImportReport & { sessionId: string }>(driver, 'session.import', { jsonl: lines.join('\n') });
      const first = planReviewLog.trimEnd().split('\n').length + 5_001;
      expect(imported.skippedCount).toBe(5_001);
      expect(imported.skipped).toHaveLength(20);
      expect(imported.skipped.slice(0, 2)).toEqual([
        { line: first, reason: 'not JSON' },
        { line: first + 1, reason: 'not JSON' },
      ]);
      expect(imported.skipped.at(-1)).toEqual({ line: lines.length, reason: TORN_LINE_REASON, torn: true });
      expect(imported.unknown).toEqual({
        count: 5_000,
        kindCount: 2,
        kinds: [
          { type: 'trace/span', count: 2_500, firstLine: first - 5_000 },
          { type: 'metric/tick', count: 2_500, firstLine: first - 4_999 },
        ],
      });
    },
  },
];
