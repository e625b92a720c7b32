/**
 * A shutdown (SIGTERM, or SIGINT as Ctrl+C sends) leaves the log exactly as a crash would, so README "What survives a
 * restart" holds for it too: a turn waiting on a plan review or a question stays open and is asked again after the
 * restart under the same id (`q:<sessionId>:<callId>`); any other open turn gets the `turn/end` start-up repair
 * writes (`{kind:'error', message:'the server stopped during this turn'}`), never `cancelled`. Real signals to real
 * `ui-plan serve` processes on loopback.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { APPROVE_LABEL, PLAN_REVIEW_ID } from '../src/core/questions/types.ts';
import type { ServerRequest } from '../src/core/protocol/envelopes.ts';
import { tempDataDir } from '../testing/file-harness.ts';
import { callServe, killAllServes, listening, openMux, respondServe, spawnServe, type MuxClient } from '../testing/spawn-serve.ts';

/** Untyped JSON read back from logs and frames. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const dirs: string[] = [];
const muxes: MuxClient[] = [];
afterEach(async () => {
  for (const mux of muxes.splice(0)) mux.close();
  await killAllServes();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function serve(dataDir: string, speed: string) {
  const served = spawnServe(['--port', '0', '--data-dir', dataDir, '--speed', speed]);
  const url = await listening(served);
  const mux = await openMux(url);
  muxes.push(mux);
  return { served, url, mux };
}

/** The events of a session's log file, as JSON. */
function logOf(dataDir: string, sessionId: string): Json[] {
  const [, ...lines] = fs
    .readFileSync(path.join(dataDir, 'sessions', `${sessionId}.jsonl`), 'utf8')
    .trimEnd()
    .split('\n');
  return lines.map((line) => JSON.parse(line) as Json);
}

const questionOf = (sessionId: string) => (f: ServerRequest) => f.method === 'question/requested' && (f.payload as Json).sessionId === sessionId;

it.each(['SIGTERM', 'SIGINT'] as const)(
  'keeps a waiting plan review and question open through %s, and asks them again under the same id after the restart',
  async (signal) => {
    const dataDir = tempDataDir('ui-plan-shutdown-');
    dirs.push(dataDir);
    const first = await serve(dataDir, '0');
    const create = async () => (await callServe(first.url, 'session.create', {})).result.value.sessionId as string;
    const review = await create();
    const question = await create();
    const execute = (agentId: string, line: string) => callServe(first.url, 'commands/execute', { args: { agentId, line, images: [] } });
    expect((await execute(review, '/plan add a --greeting flag to the CLI')).status).toBe(200);
    const prompt = { sessionId: question, mode: 'queue', content: [{ type: 'text', text: 'Add a --greeting flag; ask me how to approach it first' }] };
    expect((await callServe(first.url, 'session.prompt', prompt)).status).toBe(200);
    const asked = [await first.mux.next(questionOf(review)), await first.mux.next(questionOf(question))];
    const before = [logOf(dataDir, review), logOf(dataDir, question)];

    first.served.child.kill(signal);
    expect(await first.served.exited).toEqual({ code: 0, signal: null });
    expect(first.served.stderr()).toContain(`ui-plan: ${signal}, shutting down`);
    // Nothing was added to either log: both turns are open at their question, as after a crash.
    expect([logOf(dataDir, review), logOf(dataDir, question)]).toEqual(before);
    for (const log of before) expect(log.filter((e) => e.type === 'turn/end')).toEqual([]);

    const second = await serve(dataDir, '0');
    const again = [await second.mux.next(questionOf(review)), await second.mux.next(questionOf(question))];
    expect(again.map((f) => [f.rpcId, f.payload])).toEqual(asked.map((f) => [f.rpcId, f.payload]));
    for (const [i, sessionId] of [review, question].entries()) expect(again[i]!.rpcId).toMatch(new RegExp(`^q:${sessionId}:`));

    const approve = { answers: [{ id: PLAN_REVIEW_ID, selected: [APPROVE_LABEL] }] };
    expect((await respondServe(second.url, again[0]!.rpcId, review, approve)).receipt).toEqual({ accepted: true });
    const item = (again[1]!.payload as Json).questions[0];
    const pick = { answers: [{ id: item.id, selected: [item.options[0].label] }] };
    expect((await respondServe(second.url, again[1]!.rpcId, question, pick)).receipt).toEqual({ accepted: true });
    for (const sessionId of [review, question]) {
      const end = await second.mux.next(
        (f) => f.method === 'session/event' && (f.payload as Json).sessionId === sessionId && (f.payload as Json).event.type === 'turn/end',
      );
      expect((end.payload as Json).event.data.reason).toEqual({ kind: 'completed' });
    }
    second.served.child.kill('SIGTERM');
    expect((await second.served.exited).code).toBe(0);
    for (const sessionId of [review, question]) {
      const ends = logOf(dataDir, sessionId).filter((e) => e.type === 'turn/end');
      expect(ends.map((e) => e.data.reason)).toEqual([{ kind: 'completed' }]);
    }
  },
  60_000,
);

it('closes a turn the model was still writing at SIGTERM as start-up repair does, never as cancelled', async () => {
  const dataDir = tempDataDir('ui-plan-shutdown-');
  dirs.push(dataDir);
  // At --speed 0.01 each streamed word waits 1.2 s: the turn is surely still running when the signal arrives.
  const first = await serve(dataDir, '0.01');
  const sessionId = (await callServe(first.url, 'session.create', {})).result.value.sessionId as string;
  const prompt = { sessionId, mode: 'queue', content: [{ type: 'text', text: 'hello there' }] };
  expect((await callServe(first.url, 'session.prompt', prompt)).status).toBe(200);
  await first.mux.next((f) => f.method === 'session/event' && (f.payload as Json).event.type === 'step/start');
  first.served.child.kill('SIGTERM');
  expect(await first.served.exited).toEqual({ code: 0, signal: null });
  const log = logOf(dataDir, sessionId);
  expect(log.at(-1)).toMatchObject({ type: 'turn/end', data: { turn: 1, reason: { kind: 'error', message: 'the server stopped during this turn' } } });
  expect(JSON.stringify(log)).not.toContain('cancelled');

  // The restart finds nothing to repair: the log stays as the shutdown left it.
  const second = await serve(dataDir, '0');
  await second.mux.next((f) => f.method === 'session/subscribed' && (f.payload as Json).sessionId === sessionId);
  expect(logOf(dataDir, sessionId)).toEqual(log);
}, 60_000);
