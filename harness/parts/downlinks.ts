/**
 * The harness's two downlinks (docs/protocol.md "Downlink"): the attached mux and host-stream sinks and how a frame
 * reaches them. One frame object, one rpcId and one JSON text per live frame, shared by every attached sink (a
 * per-sink stringify would be the fan-out cost); every frame leaves through the outbox, so only once what it reports
 * is durable, in the order frames were sent. After `close()` nothing is sent.
 */
import type { ServerRequest } from '../../src/core/protocol/envelopes.ts';
import type { FrameSink } from '../types.ts';
import { createOutbox } from './outbox.ts';

/** A downlink payload (`{type, …}`); `type` becomes the frame's `method`. */
export type FramePayload = { type: string; [key: string]: unknown };

/** A frame a sink gets when it attaches, before any live frame (`rpcId` absent: a fresh one). */
export interface Greeting {
  payload: FramePayload;
  rpcId?: string;
}

/** What {@link createDownlinks} returns. */
export interface Downlinks {
  /** Send a live frame to every attached mux sink (`rpcId`: the frame's, e.g. a question's id; absent: a fresh one). */
  sendMux(payload: FramePayload, rpcId?: string): void;
  /** Send a live frame to every attached host-stream sink. */
  sendHost(payload: FramePayload): void;
  /** Attach a mux sink: its `greetings` first (to it alone), then live frames. @returns detach */
  openMux(send: FrameSink, greetings: readonly Greeting[]): () => void;
  /** Attach a host-stream sink. @returns detach */
  openHostStream(send: FrameSink): () => void;
  /** Send nothing more, queued frames included, and drop every sink. */
  close(): void;
}

/**
 * @param newId - mints a frame's rpcId
 * @param flush - the storage's `flush` (`undefined`: nothing waits to be synced), see harness/parts/outbox.ts
 */
export function createDownlinks(newId: () => string, flush: () => Promise<void> | undefined): Downlinks {
  const mux = new Set<FrameSink>();
  const hostStreams = new Set<FrameSink>();
  const outbox = createOutbox(flush);
  let closed = false;

  const frame = (payload: FramePayload, rpcId?: string): ServerRequest => ({ type: 'server-request', rpcId: rpcId ?? newId(), method: payload.type, payload });
  const broadcast = (sinks: ReadonlySet<FrameSink>, payload: FramePayload, rpcId?: string): void => {
    if (closed || sinks.size === 0) return;
    const shared = frame(payload, rpcId);
    const text = JSON.stringify(shared);
    const targets = [...sinks];
    outbox.send(() => {
      if (closed) return;
      for (const send of targets) if (sinks.has(send)) send(shared, text);
    });
  };
  const sendOne = (send: FrameSink, payload: FramePayload, rpcId?: string): void => {
    const single = frame(payload, rpcId);
    const text = JSON.stringify(single);
    outbox.send(() => {
      if (!closed) send(single, text);
    });
  };

  return {
    sendMux: (payload, rpcId) => broadcast(mux, payload, rpcId),
    sendHost: (payload) => broadcast(hostStreams, payload),
    openMux(send, greetings) {
      mux.add(send);
      for (const greeting of greetings) sendOne(send, greeting.payload, greeting.rpcId);
      return () => void mux.delete(send);
    },
    openHostStream(send) {
      hostStreams.add(send);
      return () => void hostStreams.delete(send);
    },
    close() {
      closed = true;
      mux.clear();
      hostStreams.clear();
    },
  };
}
