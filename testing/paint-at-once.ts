/**
 * For synchronous component tests of what follows a frame's paint: the page paints and goes idle at once, so a
 * subscription that hears of a change after the paint (`idleAfterNextPaint`, src/session/select.ts) renders inside the
 * `act` that applied the frame. Undo with `vi.unstubAllGlobals()`.
 */
import { vi } from 'vitest';

/** Stub `requestAnimationFrame` and `requestIdleCallback` with versions that call back at once. */
export function paintAtOnce(): void {
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    callback(performance.now());
    return 0;
  });
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
    callback({ didTimeout: false, timeRemaining: () => 50 });
    return 0;
  });
  vi.stubGlobal('cancelIdleCallback', () => undefined);
}
