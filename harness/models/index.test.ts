/**
 * Tests of `modelFromSpec`: the accepted `--model` forms, per-session replay cursors, the injected file
 * reader, and the speed option applied to both kinds.
 */
import { describe, expect, it, vi } from 'vitest';
import { readFixture } from '../../fixtures/paths.ts';
import type { ModelChunk, ModelProvider } from '../types.ts';
import { MODEL_SPEC_FORMS, modelFromSpec } from './index.ts';

async function textOf(model: ModelProvider): Promise<string> {
  let text = '';
  const chunks: ModelChunk[] = [];
  for await (const chunk of model.stream({
    sessionId: 's',
    turn: 1,
    step: 1,
    system: '',
    sections: [],
    tools: [],
    messages: [{ role: 'user', text: 'Reply with the single word OK.', source: 'user' }],
    signal: new AbortController().signal,
  })) {
    chunks.push(chunk);
    if (chunk.type === 'text-delta') text += chunk.text;
  }
  return text;
}

describe('modelFromSpec', () => {
  it('shares one scripted provider between sessions', async () => {
    const readText = vi.fn(() => '');
    const factory = modelFromSpec('scripted', readText, { speed: 0 });
    expect(factory('a')).toBe(factory('b'));
    expect(factory('a')).toMatchObject({ provider: 'ui-plan', model: 'scripted' });
    expect(readText).not.toHaveBeenCalled();
    expect(await textOf(factory('a'))).toBe('OK');
  });

  it('reads a replay file once and gives each session its own cursor from the start', async () => {
    const readText = vi.fn((file: string) => readFixture('dsh-recordings', 'plan-review', file));
    const factory = modelFromSpec('replay:session.jsonl', readText, { speed: 0 });
    expect(readText).toHaveBeenCalledTimes(1);
    expect(readText).toHaveBeenCalledWith('session.jsonl');
    const a = factory('a');
    const b = factory('b');
    expect(a).not.toBe(b);
    expect(a).toMatchObject({ provider: 'deepseek', model: 'deepseek-v4-flash' });
    expect(await textOf(a)).toMatch(/^Since the user/);
    expect(await textOf(a)).toBe('DONE');
    expect(await textOf(b)).toMatch(/^Since the user/);
    expect(readText).toHaveBeenCalledTimes(1);
  });

  it('divides the scripted per-delta delay by speed', async () => {
    const sleep = vi.fn(async () => {});
    await textOf(modelFromSpec('scripted', () => '', { speed: 4, sleep })('s'));
    expect(sleep.mock.calls.map((call: unknown[]) => call[0])).toContain(3);
  });

  it.each([['openai'], [''], ['Scripted'], ['replay'], ['replay:'], ['replay:   ']])('rejects the spec %j naming the accepted forms', (spec) => {
    expect(() => modelFromSpec(spec, () => '')).toThrow(MODEL_SPEC_FORMS);
  });

  it('passes on the reader error for a missing replay file', () => {
    const readText = () => {
      throw new Error('ENOENT: no such file');
    };
    expect(() => modelFromSpec('replay:missing.jsonl', readText)).toThrow('ENOENT');
  });

  it('rejects a replay file that is not a dsh log at selection time', () => {
    expect(() => modelFromSpec('replay:x.txt', () => 'hello\n')).toThrow(/not a dsh session log/);
  });

  it('rejects a negative speed', () => {
    expect(() => modelFromSpec('scripted', () => '', { speed: -1 })).toThrow(RangeError);
  });
});
