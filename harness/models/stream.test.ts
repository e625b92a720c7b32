/**
 * Tests of the shared streaming helpers: word-sized deltas, the abortable sleep and paced emission.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ModelChunk } from '../types.ts';
import { abortError, defaultSleep, emitPaced, wordDeltas } from './stream.ts';

describe('streaming helpers', () => {
  it.each([
    ['', []],
    ['one', ['one']],
    ['one two', ['one', ' two']],
    ['  lead and trail  ', ['  lead', ' and', ' trail  ']],
    ['# Title\n\n1. Step', ['#', ' Title', '\n\n1.', ' Step']],
    ['   ', ['   ']],
    ['中文 文本', ['中文', ' 文本']],
  ])('splits %j into word-sized deltas that concatenate back', (text, deltas) => {
    expect(wordDeltas(text)).toEqual(deltas);
    expect(wordDeltas(text).join('')).toBe(text);
  });

  it('rejects a sleep whose signal aborts while it waits', async () => {
    const controller = new AbortController();
    const waiting = defaultSleep(10_000, controller.signal);
    controller.abort(new Error('cancel'));
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects a sleep on an already aborted signal, even for 0 ms', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(defaultSleep(0, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('resolves a short sleep', async () => {
    await expect(defaultSleep(1, new AbortController().signal)).resolves.toBeUndefined();
  });

  it('carries the abort reason as the cause', () => {
    const controller = new AbortController();
    const reason = new Error('turn cancelled');
    controller.abort(reason);
    expect(abortError(controller.signal).cause).toBe(reason);
  });

  it('awaits positive delays, skips zero ones and yields chunks without delayMs', async () => {
    const sleep = vi.fn(async () => {});
    const chunks: ModelChunk[] = [
      { type: 'block-start', index: 0, blockType: 'text' },
      { type: 'text-delta', index: 0, text: 'a', delayMs: 0 },
      { type: 'text-delta', index: 0, text: 'b', delayMs: 7 },
      { type: 'finish', reason: { kind: 'stop' }, delayMs: 3 },
    ];
    const out: ModelChunk[] = [];
    for await (const chunk of emitPaced(chunks, new AbortController().signal, sleep)) out.push(chunk);
    expect(sleep.mock.calls.map((call: unknown[]) => call[0])).toEqual([7, 3]);
    expect(out).toEqual([
      { type: 'block-start', index: 0, blockType: 'text' },
      { type: 'text-delta', index: 0, text: 'a' },
      { type: 'text-delta', index: 0, text: 'b' },
      { type: 'finish', reason: { kind: 'stop' } },
    ]);
  });

  it('yields nothing once the signal has aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const out: ModelChunk[] = [];
    const run = (async () => {
      for await (const chunk of emitPaced([{ type: 'finish', reason: { kind: 'stop' } }], controller.signal, async () => {})) out.push(chunk);
    })();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(out).toEqual([]);
  });
});
