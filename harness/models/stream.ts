/**
 * Shared streaming helpers of the model providers: the injectable `sleep`, the abort error, word-sized
 * deltas, and `emitPaced`, which awaits each chunk's delay itself and then yields the chunk without
 * `delayMs`, so a loop that also honours `delayMs` never waits twice. Environment-free (timers only).
 */
import type { ModelChunk } from '../types.ts';

/**
 * Waits `ms` milliseconds, rejecting early with an AbortError-like error once `signal` aborts.
 * Providers take one as an option so tests run instantly and can record the requested delays.
 */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

/**
 * Builds the error a provider throws when its request's signal aborts: an `Error` named `AbortError`
 * (the DOM convention the loop checks) whose `cause` is `signal.reason`.
 * @param signal - the aborted request signal.
 * @returns the error to throw; never throws itself.
 */
export function abortError(signal: AbortSignal): Error {
  const error = new Error('The model stream was aborted.', { cause: signal.reason });
  error.name = 'AbortError';
  return error;
}

/**
 * Throws `abortError(signal)` when `signal` has aborted; otherwise returns.
 * @throws {Error} named `AbortError` once the signal has aborted.
 */
export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw abortError(signal);
}

/**
 * The real `Sleep`: a `setTimeout` that is cleared, and rejects with `abortError`, when `signal` aborts.
 * A delay of 0 or less resolves on the next macrotask-free tick (no timer), still checking the signal.
 * @throws {Error} named `AbortError` (as a rejection) when the signal is or becomes aborted.
 */
export const defaultSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError(signal));
      return;
    }
    if (ms <= 0) {
      resolve();
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Splits text into word-sized deltas whose concatenation is exactly `text`: each delta is a word with
 * the whitespace before it; trailing whitespace joins the last delta. Empty text gives no deltas.
 * @param text - any string (newlines and markdown are kept verbatim).
 * @returns the deltas, in order.
 */
export function wordDeltas(text: string): string[] {
  const words = text.match(/\s*\S+/g);
  if (words === null) return text === '' ? [] : [text];
  const consumed = words.join('').length;
  if (consumed < text.length) words[words.length - 1] += text.slice(consumed);
  return words;
}

/**
 * Yields `chunks` in order, first awaiting each chunk's `delayMs` through `sleep` (skipped when 0 or
 * absent), and checking `signal` before every chunk. The yielded chunks carry no `delayMs`: the provider
 * has already waited (brief of harness/models: "the provider itself awaits").
 * @param chunks - the step's output with per-chunk delays in ms.
 * @param signal - the request signal; once aborted, the generator throws instead of yielding.
 * @param sleep - the injectable wait.
 * @throws {Error} named `AbortError` when the signal aborts before or during a wait.
 */
export async function* emitPaced(chunks: Iterable<ModelChunk>, signal: AbortSignal, sleep: Sleep): AsyncGenerator<ModelChunk> {
  for (const chunk of chunks) {
    throwIfAborted(signal);
    const { delayMs, ...rest } = chunk;
    if (delayMs !== undefined && delayMs > 0) await sleep(delayMs, signal);
    throwIfAborted(signal);
    yield rest as ModelChunk;
  }
}
