/**
 * Test support shared by every protocol driver: a buffer of downlink frames with an ordered read cursor.
 * Frames are kept in arrival order forever (for order assertions); `next` returns the first frame after
 * the cursor that matches and moves the cursor past it. Environment-free (a timer is the only global).
 */
import type { ServerRequest } from '../src/core/protocol/envelopes.ts';

/** One downlink socket as a test reads it. */
export interface FrameStream {
  /**
   * Wait for the next frame after the cursor that matches `predicate`; frames skipped on the way stay in
   * `frames`. Rejects after `timeoutMs` (default 30 000 ms, a bound against a hang on a busy machine, never a speed
   * check) with the frames seen, or when the socket closed.
   */
  next(predicate: (frame: ServerRequest) => boolean, timeoutMs?: number): Promise<ServerRequest>;
  /** Every frame received so far, in arrival order. */
  readonly frames: readonly ServerRequest[];
  /** Close code once the socket has closed (e.g. 1008 after the client sent something); undefined while open. */
  readonly closeCode: number | undefined;
  close(): Promise<void>;
}

/** The writable side a driver feeds from its socket. */
export interface FrameBuffer extends FrameStream {
  push(frame: ServerRequest): void;
  /** Mark the socket closed with its code; pending `next` calls reject. */
  ended(code: number): void;
}

function describe(frame: ServerRequest): string {
  const p = frame.payload as Record<string, unknown>;
  const event = p.event as { type?: string; seq?: number } | undefined;
  return event ? `${frame.method} ${event.type}#${event.seq}` : `${frame.method}${p.key ? ` ${String(p.key)}` : ''}`;
}

/**
 * Create a frame buffer.
 * @param close how the driver closes the underlying socket
 * @returns the buffer; the driver calls `push` per frame and `ended` on close
 */
export function createFrameBuffer(close: () => Promise<void>): FrameBuffer {
  const frames: ServerRequest[] = [];
  let cursor = 0;
  let closeCode: number | undefined;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of [...waiters]) w();
  };
  return {
    frames,
    get closeCode() {
      return closeCode;
    },
    push(frame) {
      frames.push(frame);
      wake();
    },
    ended(code) {
      closeCode = code;
      wake();
    },
    next(predicate, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          for (let i = cursor; i < frames.length; i += 1) {
            const frame = frames[i] as ServerRequest;
            if (predicate(frame)) {
              cursor = i + 1;
              resolve(frame);
              return true;
            }
          }
          if (closeCode !== undefined) {
            reject(new Error(`socket closed (${closeCode}) before the awaited frame`));
            return true;
          }
          return false;
        };
        if (check()) return;
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = frames
            .slice(Math.max(0, frames.length - 30))
            .map(describe)
            .join(', ');
          reject(new Error(`no matching frame within ${timeoutMs} ms; last frames: ${seen || '(none)'}`));
        }, timeoutMs);
        const waiter = () => {
          if (check()) {
            clearTimeout(timer);
            waiters.delete(waiter);
          }
        };
        waiters.add(waiter);
      });
    },
    close,
  };
}
