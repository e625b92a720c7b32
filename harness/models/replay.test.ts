/**
 * Tests of the replay model against the three real dsh recordings in fixtures/dsh-recordings, plus
 * synthetic logs for the shapes those recordings lack (message-only steps, `time` gaps, delta rows).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { RECORDING_NAMES, fixturePath, readRecordingFixture } from '../../fixtures/paths.ts';
import type { ModelChunk, ModelProvider, ModelRequest } from '../types.ts';
import { EXHAUSTED_TEXT, createReplayModel, readRecording } from './replay.ts';

const recording = readRecordingFixture;

/** The recorded `tool/call` rows of a log, in order. */
function recordedToolCalls(jsonl: string): { callId: string; name: string; arguments: string }[] {
  return jsonl
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { type: string; data: { callId: string; name: string; arguments: string } })
    .filter((row) => row.type === 'tool/call')
    .map((row) => row.data);
}

function request(signal: AbortSignal = new AbortController().signal): ModelRequest {
  return { sessionId: 's', turn: 1, step: 1, system: '', sections: [], tools: [], messages: [], signal };
}

async function play(model: ModelProvider, signal?: AbortSignal) {
  const chunks: ModelChunk[] = [];
  for await (const chunk of model.stream(request(signal))) chunks.push(chunk);
  const text = chunks.flatMap((c) => (c.type === 'text-delta' ? [c.text] : [])).join('');
  const reasoning = chunks.flatMap((c) => (c.type === 'reasoning-delta' ? [c.text] : [])).join('');
  const calls = chunks.filter((c): c is Extract<ModelChunk, { type: 'tool-call' }> => c.type === 'tool-call');
  const finish = chunks[chunks.length - 1];
  return { chunks, text, reasoning, calls, finish };
}

const noSleep = { speed: 0 };

describe('replay model', () => {
  it('accepts a log whose event types are Object.prototype keys and replays its recorded step', async () => {
    const lines = readFileSync(fixturePath('trust', 'prototype-types.jsonl'), 'utf8').trimEnd().split('\n');
    lines.push(
      JSON.stringify({ type: 'assistant/message', data: { turn: 1, step: 1, message: { role: 'assistant', content: [{ type: 'text', text: 'PROTO' }] } } }),
    );
    const model = createReplayModel(lines.join('\n'), noSleep);
    expect((await play(model)).text).toBe('PROTO');
  });

  it('replays plan-review to the recorded exit_plan_mode call, then DONE after the approval', async () => {
    const jsonl = recording('plan-review');
    const model = createReplayModel(jsonl, noSleep);
    const [recorded] = recordedToolCalls(jsonl);

    const first = await play(model);
    expect(first.chunks[0]).toEqual({ type: 'block-start', index: 0, blockType: 'reasoning' });
    expect(first.reasoning).toMatch(/^The user wants me to plan a small change/);
    expect(first.text).toBe(
      "Since the user has explicitly asked me not to read or write any files and to go straight to planning, I'll proceed with `exit_plan_mode`.",
    );
    expect(first.calls).toEqual([{ type: 'tool-call', index: 2, id: recorded?.callId, name: 'exit_plan_mode', arguments: recorded?.arguments }]);
    expect(JSON.parse(first.calls[0]?.arguments ?? '{}').plan).toMatch(/^# Add `--greeting` flag to CLI\n/);
    expect(first.finish).toEqual({ type: 'finish', reason: { kind: 'tool-calls' } });

    const second = await play(model);
    expect(second.text).toBe('DONE');
    expect(second.calls).toEqual([]);
    expect(second.finish).toEqual({ type: 'finish', reason: { kind: 'stop' } });

    const third = await play(model);
    expect(third.text).toBe(EXHAUSTED_TEXT);
    expect(third.finish).toEqual({ type: 'finish', reason: { kind: 'stop' } });
  });

  it('replays question-composer to the recorded ask_user_question call, then DONE', async () => {
    const jsonl = recording('question-composer');
    const model = createReplayModel(jsonl, noSleep);
    const [recorded] = recordedToolCalls(jsonl);

    const first = await play(model);
    expect(first.calls).toHaveLength(1);
    expect(first.calls[0]).toMatchObject({ id: recorded?.callId, name: 'ask_user_question', arguments: recorded?.arguments });
    expect(JSON.parse(first.calls[0]?.arguments ?? '{}').questions[0]).toMatchObject({ id: 'color', multi_select: true });
    expect(first.finish).toEqual({ type: 'finish', reason: { kind: 'tool-calls' } });

    const second = await play(model);
    expect(second.reasoning).toBe('The user answered "Blue". I should now reply with the single word DONE and stop.');
    expect(second.text).toBe('DONE');
  });

  it('replays lifecycle-chrome to LIGHTHOUSE under the recorded provider and model names', async () => {
    const model = createReplayModel(recording('lifecycle-chrome'), noSleep);
    expect(model).toMatchObject({ provider: 'deepseek-official', model: 'deepseek-v4-flash' });
    const first = await play(model);
    expect(first.reasoning).toBe('The user wants me to reply with a single word. Let me comply.');
    expect(first.text).toBe('LIGHTHOUSE');
    expect(first.chunks.filter((c) => c.type === 'text-delta').map((c) => 'text' in c && c.text)).toEqual(['L', 'IGH', 'TH', 'O', 'USE']);
    expect(first.finish).toEqual({ type: 'finish', reason: { kind: 'stop' } });
  });

  it('gives every recorded step exactly one finish, last', () => {
    for (const name of RECORDING_NAMES) {
      for (const step of readRecording(recording(name)).steps) {
        expect(step.chunks.filter((c) => c.type === 'finish')).toHaveLength(1);
        expect(step.chunks[step.chunks.length - 1]?.type).toBe('finish');
      }
    }
  });

  it.each([
    [1, 1],
    [2, 0.5],
    [0.5, 2],
  ])('paces by the recorded dt divided by speed %s', async (speed, factor) => {
    const sleep = vi.fn(async () => {});
    const model = createReplayModel(recording('lifecycle-chrome'), { speed, sleep, maxDelayMs: 10_000 });
    const out = await play(model);
    // reasoning dt [162,28,1,0,0,46,1,0,0,0,11,0,0,30] and text dt [1,0,30,1]; zero delays are not awaited.
    const expected = [162, 28, 1, 46, 1, 11, 30, 1, 30, 1].map((ms) => ms * factor);
    expect(sleep.mock.calls.map((call: unknown[]) => call[0])).toEqual(expected);
    expect(out.chunks.every((c) => !('delayMs' in c))).toBe(true);
  });

  it.each([[0], [Infinity]])('never waits at speed %s', async (speed) => {
    const sleep = vi.fn(async () => {});
    await play(createReplayModel(recording('plan-review'), { speed, sleep }));
    expect(sleep).not.toHaveBeenCalled();
  });

  it('waits the summed argument timing before a packed tool call, capped by maxDelayMs', async () => {
    const jsonl = recording('plan-review');
    const row = jsonl.split('\n').find((line) => line.includes('"tool-call-chunks"')) ?? '';
    const total = (JSON.parse(row) as { data: { dt: number[] } }).data.dt.reduce((a, b) => a + b, 0);
    const delays: number[] = [];
    const sleep = vi.fn(async (ms: number) => void delays.push(ms));
    const model = createReplayModel(jsonl, { sleep, maxDelayMs: 100_000 });
    const out = await play(model);
    const callAt = out.chunks.findIndex((c) => c.type === 'tool-call');
    expect(callAt).toBeGreaterThan(0);
    expect(delays).toContain(total);

    const capped: number[] = [];
    await play(createReplayModel(jsonl, { maxDelayMs: 100, sleep: async (ms) => void capped.push(ms) }));
    expect(Math.max(...capped)).toBe(100);
  });

  it('uses time gaps between rows and replays a message-only step from its content', async () => {
    const jsonl = [
      '{"type":"session","version":0,"id":"x","createdAt":0,"cwd":"/w"}',
      '{"type":"request/header","data":{"header":{"config":{"provider":"p1","model":"m1"}},"reason":"initial"},"time":1000}',
      '{"type":"assistant/chunk","data":{"turn":1,"step":1,"chunk":{"type":"block-start","index":0,"blockType":"text"}},"time":1200}',
      '{"type":"assistant/chunk","data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"Hi"}},"time":1250}',
      '{"type":"assistant/chunk","data":{"turn":1,"step":1,"chunk":{"type":"tool-call-delta","index":1,"id":"c1","name":"list_files","argumentsDelta":"{"}},"time":1300}',
      '{"type":"assistant/chunk","data":{"turn":1,"step":1,"chunk":{"type":"tool-call-delta","index":1,"argumentsDelta":"}"}},"time":1310}',
      '{"type":"assistant/chunk","data":{"turn":1,"step":1,"chunk":{"type":"finish","reason":{"kind":"tool-calls"}}},"time":1320}',
      '{"type":"assistant/message","data":{"turn":2,"step":1,"content":[{"type":"reasoning","text":"think"},{"type":"text","text":"Hello there"},{"type":"tool-call","id":"c2","name":"read_file","arguments":"{\\"path\\":\\"a\\"}"}]}}',
      '',
    ].join('\n');
    const delays: number[] = [];
    const model = createReplayModel(jsonl, { sleep: async (ms) => void delays.push(ms) });
    expect(model).toMatchObject({ provider: 'p1', model: 'm1' });

    const first = await play(model);
    expect(first.text).toBe('Hi');
    expect(first.calls).toEqual([{ type: 'tool-call', index: 1, id: 'c1', name: 'list_files', arguments: '{}' }]);
    expect(delays).toEqual([200, 50, 60, 10]);

    const second = await play(model);
    expect(second.chunks).toEqual([
      { type: 'block-start', index: 0, blockType: 'reasoning' },
      { type: 'reasoning-delta', index: 0, text: 'think' },
      { type: 'block-start', index: 1, blockType: 'text' },
      { type: 'text-delta', index: 1, text: 'Hello there' },
      { type: 'block-start', index: 2, blockType: 'tool-call' },
      { type: 'tool-call', index: 2, id: 'c2', name: 'read_file', arguments: '{"path":"a"}' },
      { type: 'finish', reason: { kind: 'tool-calls' } },
    ]);
  });

  it('shows a block whose deltas were not recorded from its block-end text', () => {
    const jsonl = [
      '{"type":"session","version":0,"id":"x","createdAt":0,"cwd":"/w"}',
      '{"type":"assistant/chunk","data":{"turn":1,"step":1,"chunk":{"type":"block-start","index":0,"blockType":"reasoning"}}}',
      '{"type":"assistant/chunk","data":{"turn":1,"step":1,"chunk":{"type":"block-end","index":0,"block":{"type":"reasoning","text":"whole"}}}}',
    ].join('\n');
    const [step] = readRecording(jsonl).steps;
    expect(step?.chunks).toEqual([
      { type: 'block-start', index: 0, blockType: 'reasoning', delayMs: 0 },
      { type: 'reasoning-delta', index: 0, text: 'whole', delayMs: 0 },
      { type: 'finish', reason: { kind: 'stop' } },
    ]);
  });

  it('replaces an unfinished attempt by its retry under the same step', () => {
    const row = (chunk: object) => JSON.stringify({ type: 'assistant/chunk', data: { turn: 1, step: 1, chunk } });
    const jsonl = [
      '{"type":"session","version":0,"id":"x","createdAt":0,"cwd":"/w"}',
      row({ type: 'block-start', index: 0, blockType: 'text' }),
      row({ type: 'text-delta', index: 0, text: 'partial' }),
      row({ type: 'block-start', index: 0, blockType: 'text' }),
      row({ type: 'text-delta', index: 0, text: 'retried' }),
      row({ type: 'finish', reason: { kind: 'stop' } }),
    ].join('\n');
    const steps = readRecording(jsonl).steps;
    expect(steps).toHaveLength(1);
    expect(steps[0]?.chunks.filter((c) => c.type === 'text-delta').map((c) => 'text' in c && c.text)).toEqual(['retried']);
  });

  it('falls back to replay names when no request header names them', () => {
    const jsonl = '{"type":"session","version":0,"id":"x","createdAt":0,"cwd":"/w"}\n';
    const model = createReplayModel(jsonl);
    expect(model).toMatchObject({ provider: 'replay', model: 'replay' });
  });

  it.each([[''], ['not json at all\n'], ['[1,2]\n']])('rejects %j as not a dsh log', (text) => {
    expect(() => createReplayModel(text)).toThrow(/not a dsh session log/);
  });

  it.each([[-1], [Number.NaN]])('rejects speed %s', (speed) => {
    expect(() => createReplayModel(recording('lifecycle-chrome'), { speed })).toThrow(RangeError);
  });

  it('stops with an AbortError when the signal aborts during a recorded delay, and moves on to the next step', async () => {
    const model = createReplayModel(recording('plan-review'), { speed: 10 });
    const controller = new AbortController();
    const seen: ModelChunk[] = [];
    const run = (async () => {
      for await (const chunk of model.stream(request(controller.signal))) {
        seen.push(chunk);
        if (seen.length === 2) setTimeout(() => controller.abort(), 5);
      }
    })();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.some((c) => c.type === 'finish')).toBe(false);
    const next = await play(model);
    expect(next.text).toBe('DONE');
  });
});
