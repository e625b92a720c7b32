import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as LazyModule from '../lib/lazy-module.ts';

// The idle callback never comes (a busy page): only the dock's chunks being in can start the prefetch.
vi.mock('../lib/lazy-module.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof LazyModule>()),
  whenIdleAfterPaint: vi.fn(),
}));

const dock = vi.hoisted(() => {
  let markIn: () => void = () => {};
  return {
    questionFrameIn: new Promise<void>((resolve) => {
      markIn = resolve;
    }),
    markIn: () => markIn(),
    prefetchQuestionFrame: vi.fn(async () => {}),
  };
});
vi.mock('./dock.tsx', () => ({ questionFrameIn: dock.questionFrameIn, prefetchQuestionFrame: dock.prefetchQuestionFrame }));

const loads = vi.hoisted(() => ({
  preferences: vi.fn(async () => {}),
  waiting: vi.fn(async () => {}),
  pairing: vi.fn(async () => {}),
  lifecycle: vi.fn(async () => {}),
  adminForms: vi.fn(async () => {}),
  trash: vi.fn(async () => {}),
  findBox: vi.fn(async () => {}),
  sessionViews: vi.fn(async () => {}),
  titleFold: vi.fn(async () => {}),
}));
vi.mock('../features/notifications/waiting-watch.tsx', () => ({ loadNotificationPreferences: loads.preferences, prefetchWaitingChunks: loads.waiting }));
vi.mock('../features/pairing/pairing-slot.tsx', () => ({ loadPairingPanel: loads.pairing }));
vi.mock('../features/sessions/components/session-link.tsx', () => ({ loadRowLifecycle: loads.lifecycle }));
vi.mock('../features/sessions/components/row-admin.tsx', () => ({ loadRowAdminForms: loads.adminForms }));
vi.mock('../features/sessions/sessions-sidebar.tsx', () => ({ loadTrash: loads.trash }));
vi.mock('../features/transcript/components/transcript-view.tsx', () => ({ loadFindBox: loads.findBox }));
vi.mock('./session-view.tsx', () => ({ loadSessionViews: loads.sessionViews }));
vi.mock('../session/hooks.ts', () => ({ loadSessionTitleFold: loads.titleFold }));

const warmUps = vi.hoisted(() => ({
  run: vi.fn(),
  wire: () => {},
  session: () => {},
}));
vi.mock('../lib/idle-steps.ts', () => ({ runStepsAtIdle: warmUps.run }));
vi.mock('../lib/wire-warm-up.ts', () => ({ wireWarmUpSteps: () => [warmUps.wire] }));
vi.mock('../session/warm-up.ts', () => ({ sessionWarmUpSteps: () => [warmUps.session] }));

afterEach(() => vi.clearAllMocks());

describe('prefetchAtIdle', () => {
  it('asks for every lazy chunk once the dock’s chunks are in, without waiting for an idle moment, and only once', async () => {
    const { prefetchAtIdle } = await import('./prefetch.ts');
    const { whenIdleAfterPaint } = await import('../lib/lazy-module.ts');
    prefetchAtIdle();
    await Promise.resolve();
    for (const load of Object.values(loads)) expect(load).not.toHaveBeenCalled();
    dock.markIn();
    await vi.waitFor(() => {
      for (const load of Object.values(loads)) expect(load).toHaveBeenCalledTimes(1);
    });
    // The idle callback, when it comes at last, starts nothing again.
    const idle = vi.mocked(whenIdleAfterPaint).mock.calls[0]?.[0];
    expect(idle).toBeTypeOf('function');
    idle?.();
    await Promise.resolve();
    for (const load of Object.values(loads)) expect(load).toHaveBeenCalledTimes(1);
  });

  it('runs the wire schemas’ warm-up and then the data layer’s at idle times, once', async () => {
    vi.resetModules();
    const { prefetchAtIdle } = await import('./prefetch.ts');
    const { whenIdleAfterPaint } = await import('../lib/lazy-module.ts');
    prefetchAtIdle();
    expect(warmUps.run).not.toHaveBeenCalled();
    vi.mocked(whenIdleAfterPaint).mock.calls.at(-1)?.[0]();
    vi.mocked(whenIdleAfterPaint).mock.calls.at(-1)?.[0]();
    expect(warmUps.run).toHaveBeenCalledTimes(1);
    expect(warmUps.run).toHaveBeenCalledWith([warmUps.wire, warmUps.session]);
  });

  it('asks for the rest only once the question frame’s own chunks are in, whoever started the prefetch', async () => {
    vi.resetModules();
    let frameIn: () => void = () => {};
    dock.prefetchQuestionFrame.mockImplementationOnce(() => new Promise<void>((resolve) => (frameIn = resolve)));
    const { prefetchAtIdle } = await import('./prefetch.ts');
    const { whenIdleAfterPaint } = await import('../lib/lazy-module.ts');
    prefetchAtIdle();
    vi.mocked(whenIdleAfterPaint).mock.calls.at(-1)?.[0]();
    await vi.waitFor(() => expect(dock.prefetchQuestionFrame).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const load of Object.values(loads)) expect(load).not.toHaveBeenCalled();
    frameIn();
    await vi.waitFor(() => {
      for (const load of Object.values(loads)) expect(load).toHaveBeenCalledTimes(1);
    });
  });
});
