#!/usr/bin/env node
// Smoke test of a running ui-plan server over the real wire (docs/protocol.md): /plan <task> → plan review →
// Keep planning with feedback → revised plan → Approve → plan mode off → the turn runs and ends.
// With --expect-replay (a server started with --model replay:fixtures/dsh-recordings/plan-review/session.jsonl): Approve directly
// and check the recorded plan title and the final text DONE. Plain Node 20 ESM + `ws`; prints each step,
// exits 0 on success, 1 on failure, 2 on a usage error.
//   node scripts/smoke-protocol.mjs [URL] [--expect-replay] [--timeout-ms N]     (URL default http://127.0.0.1:5173)
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';

const USAGE = 'usage: node scripts/smoke-protocol.mjs [URL] [--expect-replay] [--timeout-ms N]';
let args;
try {
  args = parseArgs({
    allowPositionals: true,
    strict: true,
    options: { 'expect-replay': { type: 'boolean', default: false }, 'timeout-ms': { type: 'string', default: '20000' }, help: { type: 'boolean' } },
  });
} catch (error) {
  console.error(`smoke-protocol: ${error.message}\n${USAGE}`);
  process.exit(2);
}
if (args.values.help) {
  console.log(USAGE);
  process.exit(0);
}
const base = (args.positionals[0] ?? 'http://127.0.0.1:5173').replace(/\/+$/, '');
const replay = args.values['expect-replay'];
const timeoutMs = Number(args.values['timeout-ms']);
if (args.positionals.length > 1 || !/^https?:\/\/[^/]+$/.test(base) || !(timeoutMs > 0)) {
  console.error(`smoke-protocol: bad arguments\n${USAGE}`);
  process.exit(2);
}

// The recorded task of fixtures/dsh-recordings/plan-review (a replay model answers it as recorded).
const RECORDED_TASK =
  'Plan a small change: add a --greeting flag to a CLI. Do not read or write any files. Call exit_plan_mode with a short plan of at most five bullet points. Once the plan is approved, reply with the single word DONE and stop.';
const RECORDED_TITLE = 'Add `--greeting` flag to CLI';
const TASK = replay ? RECORDED_TASK : 'Add a --greeting flag to the CLI so users can change the welcome text';
const FEEDBACK = 'Also document the flag in README.md';

const t0 = Date.now();
const sockets = [];
const step = (text) => console.log(`[${String(Date.now() - t0).padStart(5)} ms] ok  ${text}`);
class SmokeFailure extends Error {}
const fail = (text) => {
  throw new SmokeFailure(text);
};

/** POST a body; `expected` is the HTTP status the call must answer with (a refused receipt is a 4xx). */
async function post(path, body, expected = 200) {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    fail(`${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
  }
  if (res.status !== expected) fail(`${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
  return json;
}

async function rpc(method, payload) {
  const rpcId = randomUUID();
  const answer = await post(`/api/${method}`, { type: 'client-request', rpcId, method, payload });
  if (answer?.type !== 'server-response' || answer.rpcId !== rpcId)
    fail(`${method}: not a server-response for ${rpcId}: ${JSON.stringify(answer).slice(0, 200)}`);
  if (answer.result?.ok !== true) fail(`${method}: ${JSON.stringify(answer.result?.error ?? answer.result).slice(0, 300)}`);
  return answer.result.value;
}

const frames = [];
const waiters = new Set();
function onFrame(frame) {
  frames.push(frame);
  for (const w of [...waiters]) w();
}
/** Resolve with the first frame after index `from` that matches; fail after the timeout. */
function waitFor(what, predicate, from = 0) {
  return new Promise((resolve, reject) => {
    const check = () => {
      for (let i = from; i < frames.length; i += 1) {
        if (predicate(frames[i])) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve({ frame: frames[i], index: i });
          return true;
        }
      }
      return false;
    };
    const timer = setTimeout(() => {
      waiters.delete(check);
      reject(new SmokeFailure(`timeout (${timeoutMs} ms) waiting for ${what}`));
    }, timeoutMs);
    if (!check()) waiters.add(check);
  });
}
function openDownlink(path) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${path}`);
    sockets.push(ws);
    ws.on('open', () => resolve(ws));
    ws.on('error', (error) => reject(new SmokeFailure(`${path}: ${error.message}`)));
    ws.on('message', (data) => {
      let frame;
      try {
        frame = JSON.parse(String(data));
      } catch {
        return;
      }
      if (frame?.type === 'server-request') onFrame(frame);
    });
  });
}
const isEvent =
  (sessionId, type, test = () => true) =>
  (f) =>
    f.method === 'session/event' && f.payload.sessionId === sessionId && f.payload.event?.type === type && test(f.payload.event);
const isFrame =
  (method, sessionId, test = () => true) =>
  (f) =>
    f.method === method && f.payload.sessionId === sessionId && test(f.payload);
const answer = (rpcId, sessionId, item) => ({ type: 'client-response', rpcId, result: { ok: true, value: { sessionId, answer: { answers: [item] } } } });
const titleOf = (plan) => /^#{1,6}\s+(.+?)\s*$/m.exec(plan)?.[1];
const textOf = (data) =>
  (data?.message?.content ?? data?.content ?? [])
    .filter((c) => c.type === 'text')
    .map((c) => c.text)
    .join('');

function checkReview(frame, label) {
  const item = frame.payload.questions?.[0];
  if (frame.payload.questions?.length !== 1 || item?.id !== 'plan-review' || item.intent?.kind !== 'plan-review') {
    fail(`${label}: not a plan review: ${JSON.stringify(frame.payload).slice(0, 300)}`);
  }
  if (!/^# \S/.test(item.detail ?? '')) fail(`${label}: the plan does not start with a level-1 heading`);
  const labels = (item.options ?? []).map((o) => o.label);
  if (!labels.includes('Approve') || !labels.includes('Keep planning')) fail(`${label}: options ${JSON.stringify(labels)}`);
  return item;
}

async function main() {
  const index = await fetch(`${base}/`);
  if (index.status !== 200 || !/text\/html/.test(index.headers.get('content-type') ?? '')) fail(`GET / -> ${index.status}`);
  step('GET / serves HTML');
  const described = await rpc('host.describe', {});
  step(`host.describe: ${described.provider}/${described.model}, version ${described.version}`);
  await openDownlink('/api/events.mux');
  await openDownlink('/api/events.host');
  step('downlinks open (/api/events.mux, /api/events.host)');

  const { sessionId } = await rpc('session.create', {});
  step(`session.create: ${sessionId}`);
  const execution = await rpc('commands/execute', { args: { agentId: sessionId, line: `/plan ${TASK}`, images: [] } });
  if (execution?.result?.kind !== 'success') fail(`/plan: ${JSON.stringify(execution)}`);
  step(`/plan <task>: ${execution.result.text ?? 'success'}`);
  await waitFor(
    'plan/mode {active:true}',
    isEvent(sessionId, 'plan/mode', (e) => e.data?.active === true),
  );
  await waitFor(
    'plan projection {true,false}',
    isFrame('session/projection', sessionId, (p) => p.key === 'plan' && p.value?.active === true && p.value?.pending === false),
  );
  step('plan mode on (event and projection)');

  let { frame: question, index: at } = await waitFor('question/requested', isFrame('question/requested', sessionId));
  let item = checkReview(question, 'review');
  step(`plan review: "${titleOf(item.detail)}"`);

  if (replay) {
    if (titleOf(item.detail) !== RECORDED_TITLE) fail(`plan title ${JSON.stringify(titleOf(item.detail))} != recorded ${JSON.stringify(RECORDED_TITLE)}`);
    step('plan title matches the recording');
  } else {
    const kept = await post('/api/respond', answer(question.rpcId, sessionId, { id: 'plan-review', selected: [], custom: FEEDBACK }));
    if (kept?.accepted !== true) fail(`keep planning: ${JSON.stringify(kept)}`);
    await waitFor(
      'question/resolved answered',
      isFrame('question/resolved', sessionId, (p) => p.questionRpcId === question.rpcId && p.outcome === 'answered'),
      at,
    );
    step('keep planning with feedback: accepted, question resolved');
    ({ frame: question, index: at } = await waitFor(
      'the revised plan review',
      isFrame('question/requested', sessionId, () => true),
      at + 1,
    ));
    item = checkReview(question, 'revised review');
    if (!item.detail.includes(FEEDBACK)) fail('the revised plan does not contain the feedback');
    step(`revised plan review: "${titleOf(item.detail)}" (contains the feedback)`);
  }

  const approved = await post('/api/respond', answer(question.rpcId, sessionId, { id: 'plan-review', selected: ['Approve'] }));
  if (approved?.accepted !== true) fail(`approve: ${JSON.stringify(approved)}`);
  const duplicate = await post('/api/respond', answer(question.rpcId, sessionId, { id: 'plan-review', selected: ['Approve'] }), 404);
  if (duplicate?.accepted !== false || duplicate.reason !== 'not-pending') fail(`duplicate approve: ${JSON.stringify(duplicate)}`);
  await waitFor(
    'question/resolved answered',
    isFrame('question/resolved', sessionId, (p) => p.questionRpcId === question.rpcId && p.outcome === 'answered'),
    at,
  );
  step('Approve: accepted once, question resolved');

  const { index: offAt } = await waitFor(
    'plan/mode {active:false}',
    isEvent(sessionId, 'plan/mode', (e) => e.data?.active === false),
    at,
  );
  step('plan mode off at the boundary');
  const { frame: end } = await waitFor('turn/end', isEvent(sessionId, 'turn/end'), offAt);
  if (end.payload.event.data?.reason?.kind !== 'completed') fail(`turn ended ${JSON.stringify(end.payload.event.data?.reason)}`);
  const executed = frames.slice(offAt).filter(isEvent(sessionId, 'assistant/message')).length;
  step(`turn executed (${executed} model message${executed === 1 ? '' : 's'} after approval) and completed`);
  await waitFor(
    'host/session-status running:false',
    (f) => f.method === 'host/session-status' && f.payload.sessionId === sessionId && f.payload.running === false,
    0,
  );

  const history = await rpc('session.history', { sessionId });
  const plan = history.projections?.values?.plan;
  if (plan?.active !== false || plan?.pending !== false) fail(`tail projection plan = ${JSON.stringify(plan)}`);
  const state = await rpc('session.planMode', { sessionId }).catch(() => undefined);
  if (state !== undefined && state.active !== false) fail(`session.planMode = ${JSON.stringify(state)}`);
  step('session.history tail: plan {active:false, pending:false}');

  if (replay) {
    const last = history.events
      .map((r) => r.event)
      .filter((e) => e.type === 'assistant/message')
      .at(-1);
    const text = textOf(last?.data).trim();
    if (text !== 'DONE') fail(`final text ${JSON.stringify(text)} != "DONE"`);
    step('final text is DONE');
  }
}

let code = 0;
try {
  await main();
  console.log(`PASS smoke-protocol ${base}${replay ? ' (replay)' : ''} in ${Date.now() - t0} ms`);
} catch (error) {
  code = 1;
  const message = error instanceof SmokeFailure ? error.message : `${error?.message ?? error}${error?.cause ? ` (${error.cause.message ?? error.cause})` : ''}`;
  console.log(`FAIL smoke-protocol ${base}: ${message}`);
} finally {
  for (const ws of sockets) ws.terminate();
}
process.exit(code);
