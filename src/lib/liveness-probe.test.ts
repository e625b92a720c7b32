import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectDownlink } from './downlink.ts';
import { FakeSocket } from '../../testing/fake-socket.ts';
import { aheadOf, PROBE_GRACE_MS, PROBE_INTERVAL_MS, startLivenessProbe, type LivenessSample } from './liveness-probe.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function harness(hostSample: LivenessSample, heldSample: LivenessSample) {
  const state = { host: hostSample, held: heldSample, connected: true };
  const probe = vi.fn(async () => state.host);
  const onDead = vi.fn();
  const handle = startLivenessProbe({ probe, held: () => state.held, isConnected: () => state.connected, onDead });
  return { state, probe, onDead, handle };
}

describe('startLivenessProbe', () => {
  it('judges the downlink dead when the host has a newer seq that no frame brought within the grace', async () => {
    const { probe, onDead, handle } = harness({ lastSeq: 7, running: true }, { lastSeq: 5, running: true });
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(onDead).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(PROBE_GRACE_MS);
    expect(onDead).toHaveBeenCalledWith('seq');
    handle.stop();
  });

  it('notices within 30 s of the last frame', async () => {
    const { onDead, handle } = harness({ lastSeq: 9, running: false }, { lastSeq: 8, running: true });
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS + PROBE_GRACE_MS);
    expect(onDead).toHaveBeenCalledTimes(1);
    expect(PROBE_INTERVAL_MS + PROBE_GRACE_MS).toBeLessThan(30_000);
    handle.stop();
  });

  it('keeps the downlink when the racing frame arrives within the grace, and probes again next round', async () => {
    const { state, probe, onDead, handle } = harness({ lastSeq: 7, running: true }, { lastSeq: 5, running: true });
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    state.held = { lastSeq: 7, running: true };
    await vi.advanceTimersByTimeAsync(PROBE_GRACE_MS + PROBE_INTERVAL_MS);
    expect(probe).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(PROBE_GRACE_MS);
    expect(onDead).not.toHaveBeenCalled();
    handle.stop();
  });

  it('keeps a downlink that is behind the host but still delivering (a busy page reading a burst), and judges it once it stops', async () => {
    const { state, onDead, handle } = harness({ lastSeq: 900, running: true }, { lastSeq: 5, running: true });
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    state.held = { lastSeq: 6, running: true };
    await vi.advanceTimersByTimeAsync(PROBE_GRACE_MS);
    expect(onDead).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS + PROBE_GRACE_MS);
    expect(onDead).toHaveBeenCalledWith('seq');
    handle.stop();
  });

  it('judges a running state that differs from the host, and that no frame moved, as a dead downlink', async () => {
    const { onDead, handle } = harness({ lastSeq: 5, running: false }, { lastSeq: 5, running: true });
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS + PROBE_GRACE_MS);
    expect(onDead).toHaveBeenCalledWith('running');
    handle.stop();
  });

  it('does not probe while the downlink already says it is not connected, and never decides on a failed call', async () => {
    const { state, probe, onDead, handle } = harness({ lastSeq: 7, running: true }, { lastSeq: 5, running: true });
    state.connected = false;
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 3);
    expect(probe).not.toHaveBeenCalled();
    state.connected = true;
    probe.mockRejectedValueOnce(new Error('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS + PROBE_GRACE_MS);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(onDead).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS + PROBE_GRACE_MS);
    expect(onDead).toHaveBeenCalledWith('seq');
    handle.stop();
  });

  it('stops: no further rounds and an answer in flight is ignored', async () => {
    const { probe, onDead, handle } = harness({ lastSeq: 7, running: true }, { lastSeq: 5, running: true });
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    handle.stop();
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 4);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(onDead).not.toHaveBeenCalled();
  });

  it.each([
    [{ lastSeq: 3, running: true }, { lastSeq: 3, running: true }, { lastSeq: 3, running: true }, undefined],
    [{ lastSeq: 4, running: true }, { lastSeq: 3, running: true }, { lastSeq: 3, running: true }, 'seq'],
    [{ lastSeq: 0, running: undefined }, { lastSeq: undefined, running: undefined }, { lastSeq: undefined, running: undefined }, 'seq'],
    [{ lastSeq: 2, running: true }, { lastSeq: 3, running: true }, { lastSeq: 3, running: true }, undefined],
    [{ lastSeq: 3, running: false }, { lastSeq: 3, running: true }, { lastSeq: 3, running: true }, 'running'],
    [{ lastSeq: 9, running: true }, { lastSeq: 3, running: true }, { lastSeq: 4, running: true }, undefined],
    [{ lastSeq: 3, running: false }, { lastSeq: 3, running: false }, { lastSeq: 3, running: true }, undefined],
    [{ lastSeq: 3, running: false }, { lastSeq: 3, running: undefined }, { lastSeq: 3, running: undefined }, undefined],
  ] as Array<[LivenessSample, LivenessSample, LivenessSample, string | undefined]>)(
    'compares host %o with held %o → %o as %s',
    (host, before, now, verdict) => {
      expect(aheadOf(host, before, now)).toBe(verdict);
    },
  );
});

it('reconnects a downlink that silently stopped delivering while the host logged newer events', async () => {
  FakeSocket.all = [];
  const seqs: number[] = [];
  const states: string[] = [];
  const onReconnected = vi.fn();
  const downlink = connectDownlink(
    {
      onMuxFrame: (frame) => {
        if (frame.type === 'session/event') seqs.push(frame.event.seq);
      },
      onHostFrame: () => undefined,
      onConnectionState: (state) => states.push(state),
      onReconnected,
    },
    { baseUrl: 'http://127.0.0.1:5600/', WebSocket: FakeSocket as unknown as new (url: string) => WebSocket, random: () => 0.5 },
  );
  const [mux, host] = FakeSocket.all as [FakeSocket, FakeSocket];
  mux.onopen?.();
  host.onopen?.();
  const event = (seq: number) => ({
    type: 'server-request',
    rpcId: `e${seq}`,
    method: 'session/event',
    payload: { type: 'session/event', sessionId: 's', event: { type: 'turn/start', seq, time: 1, data: { turn: 1 } } },
  });
  mux.onmessage?.({ data: JSON.stringify(event(0)) });
  // From here the sockets say nothing, while the host's log goes on to seq 4 (turn/end among them).
  const hostLastSeq = 4;
  const probe = startLivenessProbe({
    probe: async () => ({ lastSeq: hostLastSeq, running: false }),
    held: () => ({ lastSeq: seqs[seqs.length - 1], running: undefined }),
    isConnected: () => downlink.state === 'connected',
    onDead: () => downlink.reconnect?.(),
  });
  expect(downlink.state).toBe('connected');
  await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS + PROBE_GRACE_MS);
  expect(downlink.state).toBe('reconnecting');
  expect(mux.closed && host.closed).toBe(true);
  await vi.advanceTimersByTimeAsync(250);
  const [mux2, host2] = FakeSocket.all.slice(2) as [FakeSocket, FakeSocket];
  expect(mux2.url).toBe('ws://127.0.0.1:5600/api/events.mux');
  mux2.onopen?.();
  host2.onopen?.();
  expect(states).toEqual(['connected', 'reconnecting', 'connected']);
  expect(onReconnected).toHaveBeenLastCalledWith(true);
  probe.stop();
  downlink.close();
});
