/**
 * What the server benchmarks share: a data directory on the project's disk (so a sync costs what it costs the
 * product) and a model that streams at a steady rate (the load beside what is measured).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModelChunk, ModelProvider } from '../harness/types.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * A fresh data directory on the project's disk (under node_modules/.cache, ignored by git), never the OS temp
 * directory, which may be a tmpfs where a sync costs nothing.
 * @param prefix - the directory name's start
 * @returns its absolute path (the caller removes it)
 */
export function benchDataDir(prefix: string): string {
  const parent = path.join(ROOT, 'node_modules', '.cache', 'ui-plan-bench');
  fs.mkdirSync(parent, { recursive: true });
  return fs.mkdtempSync(path.join(parent, prefix));
}

/**
 * A model that streams `count` one-word text deltas, one every `intervalMs` ms, then stops.
 * @param count - deltas
 * @param intervalMs - the pause before each delta, ms
 */
export function steadyModel(count: number, intervalMs: number): ModelProvider {
  return {
    provider: 'bench',
    model: 'steady',
    async *stream(): AsyncGenerator<ModelChunk> {
      yield { type: 'block-start', index: 0, blockType: 'text' };
      for (let i = 0; i < count; i += 1) yield { type: 'text-delta', index: 0, text: ` w${i}`, delayMs: intervalMs };
      yield { type: 'finish', reason: { kind: 'stop' } };
    },
  };
}
