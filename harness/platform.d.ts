/**
 * The platform the engine runs on: only the web-platform globals that Node (20.19 and later) and browsers both have,
 * typed as far as harness/ and carrier/ use them. Their own tsconfigs check them against this file alone (no DOM lib,
 * no Node types), so `fs`, `process`, `Buffer`, `window` or `document` there fail `npm run typecheck`: the same engine
 * runs in `ui-plan serve` and in the page's MSW worker. The root tsconfig leaves this file out (DOM and Node apply).
 */

interface AbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
  throwIfAborted(): void;
}
declare const AbortSignal: {
  prototype: AbortSignal;
  abort(reason?: unknown): AbortSignal;
  timeout(ms: number): AbortSignal;
};

interface AbortController {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}
declare const AbortController: { prototype: AbortController; new (): AbortController };

/** A timer as `setTimeout`/`setInterval` return it: a number in a browser, an object with `unref()` in Node. */
interface PlatformTimer {
  readonly __platformTimer: never;
}
declare function setTimeout(handler: () => void, ms?: number): PlatformTimer;
declare function clearTimeout(timer: PlatformTimer | undefined): void;
declare function setInterval(handler: () => void, ms?: number): PlatformTimer;
declare function clearInterval(timer: PlatformTimer | undefined): void;

declare function structuredClone<T>(value: T): T;

declare class TextEncoder {
  encode(input?: string): Uint8Array<ArrayBuffer>;
}

declare class TextDecoder {
  constructor(label?: 'utf-8', options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}

/** A fetch body as the carriers read it (the MSW carrier's `request.body`). */
interface ReadableStream<R> {
  getReader(): ReadableStreamDefaultReader<R>;
}
interface ReadableStreamDefaultReader<R> {
  read(): Promise<{ done: true; value?: undefined } | { done: false; value: R }>;
  releaseLock(): void;
}

declare const crypto: {
  randomUUID(): string;
  subtle: { digest(algorithm: 'SHA-256', data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer> };
};

declare const console: {
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
};
