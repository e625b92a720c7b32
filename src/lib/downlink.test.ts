import { describe, expect, it, vi } from 'vitest';
import { backoffDelay, connectDownlink, parseMuxFrame, socketUrl, type DownlinkHandlers } from './downlink.ts';
import { FakeSocket } from '../../testing/fake-socket.ts';

const envelope = (payload: { type: string; [key: string]: unknown }, rpcId = 'r1') => ({ type: 'server-request', rpcId, method: payload.type, payload });

function setup() {
  FakeSocket.all = [];
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const warn = vi.fn();
  const handlers = {
    onMuxFrame: vi.fn(),
    onHostFrame: vi.fn(),
    onConnectionState: vi.fn(),
    onMuxOpen: vi.fn(),
    onReconnected: vi.fn(),
  } satisfies DownlinkHandlers;
  const downlink = connectDownlink(handlers, {
    baseUrl: 'http://127.0.0.1:5173/#/s/x',
    WebSocket: FakeSocket as unknown as new (url: string) => WebSocket,
    random: () => 0.5,
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => undefined,
    warn,
  });
  const [mux, host] = FakeSocket.all as [FakeSocket, FakeSocket];
  return { downlink, handlers, timers, warn, mux, host };
}

describe('downlink', () => {
  it('opens both sockets on the page origin', () => {
    const { mux, host } = setup();
    expect([mux.url, host.url]).toEqual(['ws://127.0.0.1:5173/api/events.mux', 'ws://127.0.0.1:5173/api/events.host']);
    expect(socketUrl('/api/events.mux', 'https://example.test/app')).toBe('wss://example.test/api/events.mux');
  });

  it('reports connected once both sockets are open', () => {
    const { downlink, handlers, mux, host } = setup();
    mux.open();
    expect(downlink.state).toBe('connecting');
    host.open();
    expect(downlink.state).toBe('connected');
    expect(handlers.onReconnected).toHaveBeenCalledWith(false);
    expect(handlers.onMuxOpen).toHaveBeenCalledWith(false);
  });

  it.each([
    { name: 'text that is not JSON', data: '{nope' },
    { name: 'an envelope without rpcId', data: { type: 'server-request', method: 'x', payload: { type: 'session/event' } } },
    { name: 'a known frame with a bad payload', data: envelope({ type: 'session/event', sessionId: 's', event: { type: 'x', seq: -1, data: {} } }) },
    { name: 'a question batch that is empty', data: envelope({ type: 'question/requested', sessionId: 's', questions: [] }) },
  ])('skips, warns about and counts a malformed frame: $name', ({ data }) => {
    const { downlink, handlers, warn, mux, host } = setup();
    mux.open();
    host.open();
    mux.receive(data);
    mux.receive(envelope({ type: 'session/subscribed', sessionId: 's', lastSeq: 3 }, 'after'));
    expect(downlink.malformedCount).toBe(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(handlers.onMuxFrame).toHaveBeenCalledTimes(1);
    expect(handlers.onMuxFrame).toHaveBeenCalledWith({ type: 'session/subscribed', sessionId: 's', lastSeq: 3 }, 'after');
  });

  it('ignores unknown frame types without counting them', () => {
    const { downlink, handlers, warn, mux, host } = setup();
    mux.receive(envelope({ type: 'session/jobs', sessionId: 's' }));
    host.receive(envelope({ type: 'host/workspace-changed' }));
    expect(parseMuxFrame(JSON.stringify(envelope({ type: 'session/jobs' })))).toEqual({ kind: 'unknown', type: 'session/jobs' });
    expect(downlink.malformedCount).toBe(0);
    expect(warn).not.toHaveBeenCalled();
    expect(handlers.onMuxFrame).not.toHaveBeenCalled();
    expect(handlers.onHostFrame).not.toHaveBeenCalled();
  });

  it('survives a handler that throws', () => {
    const { handlers, warn, mux } = setup();
    handlers.onMuxFrame.mockImplementationOnce(() => {
      throw new Error('boom');
    });
    mux.receive(envelope({ type: 'session/subscribed', sessionId: 's', lastSeq: 1 }));
    mux.receive(envelope({ type: 'session/subscribed', sessionId: 's', lastSeq: 2 }));
    expect(handlers.onMuxFrame).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('reopens both sockets with doubling backoff after losing one, then reports the reconnect', () => {
    const { downlink, handlers, timers, mux, host } = setup();
    mux.open();
    host.open();
    host.drop();
    expect(mux.closed).toBe(true);
    expect(downlink.state).toBe('reconnecting');
    expect(timers.map((t) => t.ms)).toEqual([188]);
    timers[0]!.fn();
    const [mux2, host2] = FakeSocket.all.slice(2) as [FakeSocket, FakeSocket];
    mux2.drop();
    expect(timers.map((t) => t.ms)).toEqual([188, 375]);
    timers[1]!.fn();
    const [mux3, host3] = FakeSocket.all.slice(4) as [FakeSocket, FakeSocket];
    mux3.open();
    host3.open();
    expect(downlink.state).toBe('connected');
    expect(handlers.onMuxOpen).toHaveBeenLastCalledWith(true);
    expect(handlers.onReconnected).toHaveBeenLastCalledWith(true);
    expect(host2.closed).toBe(true);
  });

  it.each([
    [0, 0, 125],
    [0, 0.999, 250],
    [3, 0.5, 1500],
    [5, 0.999, 4998],
    [12, 0, 2500],
  ])('backs off attempt %i with jitter %f to %i ms', (attempt, random, expected) => {
    expect(backoffDelay(attempt, random)).toBe(expected);
  });

  it('stops reconnecting after close', () => {
    const { downlink, timers, mux, host } = setup();
    mux.open();
    host.open();
    downlink.close();
    mux.drop();
    expect(timers).toHaveLength(0);
    expect(host.closed).toBe(true);
  });
});
