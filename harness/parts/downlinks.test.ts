/** The two downlinks: one frame object and text per live frame, greetings to the attaching sink only, nothing after close. */
import { expect, it } from 'vitest';
import type { ServerRequest } from '../../src/core/protocol/envelopes.ts';
import { createDownlinks } from './downlinks.ts';

function sink() {
  const got: { frame: ServerRequest; text: string }[] = [];
  return { got, send: (frame: ServerRequest, text: string) => void got.push({ frame, text }) };
}

it('hands every attached mux sink the same frame object and text, and no host-stream frame', () => {
  let n = 0;
  const downlinks = createDownlinks(
    () => `id-${++n}`,
    () => undefined,
  );
  const a = sink();
  const b = sink();
  const host = sink();
  downlinks.openMux(a.send, []);
  downlinks.openMux(b.send, []);
  downlinks.openHostStream(host.send);
  downlinks.sendMux({ type: 'session/event', sessionId: 's1' });
  expect(a.got[0]?.frame).toBe(b.got[0]?.frame);
  expect(a.got[0]?.text).toBe(b.got[0]?.text);
  expect(a.got[0]?.frame).toEqual({ type: 'server-request', rpcId: 'id-1', method: 'session/event', payload: { type: 'session/event', sessionId: 's1' } });
  expect(JSON.parse(a.got[0]!.text)).toEqual(a.got[0]?.frame);
  expect(host.got).toEqual([]);
  downlinks.sendHost({ type: 'host/session-status', sessionId: 's1', running: true });
  expect(host.got.map((entry) => entry.frame.method)).toEqual(['host/session-status']);
  expect(a.got).toHaveLength(1);
});

it('greets only the attaching sink, keeps a given rpcId, and mints no id while nobody listens', () => {
  let n = 0;
  const downlinks = createDownlinks(
    () => `id-${++n}`,
    () => undefined,
  );
  downlinks.sendMux({ type: 'session/event' });
  expect(n).toBe(0);
  const first = sink();
  downlinks.openMux(first.send, []);
  const second = sink();
  const detach = downlinks.openMux(second.send, [
    { payload: { type: 'session/subscribed', sessionId: 's1', lastSeq: 3 } },
    { payload: { type: 'question/requested' }, rpcId: 'q:s1:c1' },
  ]);
  expect(first.got).toEqual([]);
  expect(second.got.map((entry) => [entry.frame.method, entry.frame.rpcId])).toEqual([
    ['session/subscribed', 'id-1'],
    ['question/requested', 'q:s1:c1'],
  ]);
  detach();
  downlinks.sendMux({ type: 'session/event' });
  expect(second.got).toHaveLength(2);
  expect(first.got).toHaveLength(1);
});

it('lets a frame leave only once the storage synced what it reports, in order', async () => {
  let synced: () => void = () => {};
  let waiting: Promise<void> | undefined = new Promise<void>((resolve) => (synced = resolve));
  const downlinks = createDownlinks(
    () => 'id',
    () => waiting,
  );
  const a = sink();
  downlinks.openMux(a.send, []);
  downlinks.sendMux({ type: 'first' });
  downlinks.sendMux({ type: 'second' });
  expect(a.got).toEqual([]);
  const done = waiting;
  waiting = undefined;
  synced();
  await done;
  expect(a.got.map((entry) => entry.frame.method)).toEqual(['first', 'second']);
});

it('sends nothing after close, not even a frame that was waiting for its sync', async () => {
  let synced: () => void = () => {};
  const wait = new Promise<void>((resolve) => (synced = resolve));
  const downlinks = createDownlinks(
    () => 'id',
    () => wait,
  );
  const a = sink();
  downlinks.openMux(a.send, []);
  downlinks.sendMux({ type: 'queued' });
  downlinks.close();
  synced();
  await wait;
  downlinks.sendMux({ type: 'after' });
  expect(a.got).toEqual([]);
});
