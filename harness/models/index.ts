/**
 * Model selection from a `--model` spec: `scripted` (one shared stateless provider) or
 * `replay:<file.jsonl>` (the file read once, a fresh provider per session so each session replays the
 * recording from its start). File access is injected (`readText`), so this module stays environment-free.
 */
import type { ModelProvider } from '../types.ts';
import { createReplayModel } from './replay.ts';
import { createScriptedModel } from './scripted.ts';
import type { Sleep } from './stream.ts';

export { createReplayModel, readRecording, EXHAUSTED_TEXT } from './replay.ts';
export type { ReplayModelOptions, RecordedStep, Recording } from './replay.ts';
export { createScriptedModel, scriptStep } from './scripted.ts';
export type { ScriptedModelOptions, ScriptedOutput } from './scripted.ts';
export { defaultSleep, type Sleep } from './stream.ts';

/** Options of `modelFromSpec`. */
export interface ModelSpecOptions {
  /**
   * Pacing factor (the CLI's `--speed`): replay delays are divided by it, and so is the scripted model's
   * per-delta delay. 0 or Infinity = no delay. Default 1.
   */
  speed?: number;
  /** Cap of a single replay delay, in ms (default 5000, see `createReplayModel`). */
  maxDelayMs?: number;
  /** Scripted per-delta delay in ms before `speed` applies (default 12). */
  delayMs?: number;
  /** Injectable wait (tests). */
  sleep?: Sleep;
}

/** The accepted `--model` forms, as shown in errors. */
export const MODEL_SPEC_FORMS = "'scripted' or 'replay:<file.jsonl>'";

/**
 * Resolves a `--model` spec to a per-session provider factory (the `HarnessOptions.model` factory form).
 * @param spec - `'scripted'` or `'replay:<path>'` (path as given; `readText` resolves it).
 * @param readText - reads a file as UTF-8; called once, here, for a replay spec.
 * @param options - pacing options shared by both kinds.
 * @returns `(sessionId) => ModelProvider`: the same scripted provider for every session, or a new replay
 *   provider (own cursor) per session.
 * @throws {Error} naming the accepted forms for any other spec or an empty replay path; the error of
 *   `readText` for an unreadable file; `readRecording`'s error for a file that is not a dsh log;
 *   {RangeError} for a negative `speed`.
 */
export function modelFromSpec(spec: string, readText: (path: string) => string, options: ModelSpecOptions = {}): (sessionId: string) => ModelProvider {
  const speed = options.speed ?? 1;
  if (Number.isNaN(speed) || speed < 0) throw new RangeError(`speed must be 0 or more, got ${speed}`);
  const trimmed = spec.trim();
  if (trimmed === 'scripted') {
    const base = options.delayMs ?? 12;
    const delayMs = speed === 0 || speed === Infinity ? 0 : base / speed;
    const model = createScriptedModel({ delayMs, ...(options.sleep ? { sleep: options.sleep } : {}) });
    return () => model;
  }
  if (trimmed.startsWith('replay:')) {
    const file = trimmed.slice('replay:'.length).trim();
    if (file === '') throw new Error(`model spec "${spec}" names no file; expected ${MODEL_SPEC_FORMS}`);
    const text = readText(file);
    const replayOptions = {
      speed,
      ...(options.maxDelayMs !== undefined ? { maxDelayMs: options.maxDelayMs } : {}),
      ...(options.sleep ? { sleep: options.sleep } : {}),
    };
    createReplayModel(text, replayOptions); // validate the file now, not at the first session
    return () => createReplayModel(text, replayOptions);
  }
  throw new Error(`unknown model spec "${spec}"; expected ${MODEL_SPEC_FORMS}`);
}
