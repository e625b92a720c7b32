/**
 * A deterministic fake `ModelProvider` for the engine's tests: each step's output comes from a script
 * function of the request (so tests can branch on what the model was told), and every request is recorded.
 * Text-only and tool-call steps have helpers; an `Error` entry makes that step throw.
 */
import type { ModelChunk, ModelProvider, ModelRequest } from '../harness/types.ts';

/** One scripted step: chunks, a function of the request returning chunks, or an error to throw. */
export type FakeStep = ModelChunk[] | Error | ((request: ModelRequest) => ModelChunk[] | Error | 'hang' | Promise<ModelChunk[]>);

/** The fake model plus what it was asked. */
export interface FakeModel extends ModelProvider {
  readonly requests: ModelRequest[];
  /** Steps still to play (pushed in order). */
  readonly steps: FakeStep[];
}

/** Chunks of a plain text answer. */
export function say(text: string): ModelChunk[] {
  return [
    { type: 'block-start', index: 0, blockType: 'text' },
    { type: 'text-delta', index: 0, text },
    { type: 'finish', reason: { kind: 'stop' } },
  ];
}

/** Chunks of one tool call (optionally preceded by a text block). */
export function call(name: string, args: unknown, id = `call-${name}`, text?: string): ModelChunk[] {
  const chunks: ModelChunk[] = [];
  let index = 0;
  if (text !== undefined) {
    chunks.push({ type: 'block-start', index, blockType: 'text' }, { type: 'text-delta', index, text });
    index++;
  }
  chunks.push({ type: 'tool-call', index, id, name, arguments: typeof args === 'string' ? args : JSON.stringify(args) });
  chunks.push({ type: 'finish', reason: { kind: 'tool-calls' } });
  return chunks;
}

/**
 * Create a fake model. When the script runs out it answers `say('ok')`. A step returning `'hang'` waits
 * until the request's signal aborts, then throws; a step returning a promise holds the step open until it settles.
 * @param steps - the script, one entry per model request
 */
export function createFakeModel(steps: FakeStep[] = []): FakeModel {
  const requests: ModelRequest[] = [];
  const queue = [...steps];
  return {
    provider: 'fake',
    model: 'fake-1',
    requests,
    steps: queue,
    async *stream(request) {
      requests.push(request);
      const step = queue.shift() ?? say('ok');
      const output = typeof step === 'function' ? await step(request) : step;
      if (output === 'hang') {
        await new Promise<void>((resolve) => request.signal.addEventListener('abort', () => resolve(), { once: true }));
        throw new Error('aborted');
      }
      if (output instanceof Error) throw output;
      for (const chunk of output) {
        await Promise.resolve();
        yield chunk;
      }
    },
  };
}
