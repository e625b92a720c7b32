/**
 * Liveness probe of the downlink: a socket that died without a close looks exactly like a quiet one (browsers cannot
 * see WebSocket pings). Every `intervalMs` one unary call samples the host (last seq, running state); when the host
 * is ahead of what the client holds and still is `graceMs` later, `onDead` is called. Worst case from death to
 * `onDead`: interval + call + grace ≈ 16 s. A failed probe call decides nothing (the host may be down; the sockets
 * then close by themselves). Uses only existing calls, so it works unchanged through `serve --dsh`.
 */

/** What is known of one session at a moment: the highest event seq and whether a turn runs (`undefined`: unknown). */
export interface LivenessSample {
  lastSeq: number | undefined;
  running: boolean | undefined;
}

/** Why the probe judged the downlink dead. */
export type DeadReason = 'seq' | 'running';

/** Options of {@link startLivenessProbe}; timers are injectable for tests. */
export interface LivenessProbeOptions {
  /** Sample the host over HTTP (rejecting is fine: that round decides nothing). */
  probe: () => Promise<LivenessSample>;
  /** What the client holds now (events and status the sockets and baselines brought). */
  held: () => LivenessSample;
  /** Whether the downlink currently reports `connected`; no probing otherwise (it already knows it is down). */
  isConnected: () => boolean;
  /** The downlink is dead: the caller closes it and reconnects (which resyncs). Called at most once per round. */
  onDead: (reason: DeadReason) => void;
  /** Time between rounds, in ms; default {@link PROBE_INTERVAL_MS}. */
  intervalMs?: number;
  /** How long the host may stay ahead before the socket is judged dead, in ms; default {@link PROBE_GRACE_MS}. */
  graceMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** Default time between probe rounds (ms); with the grace a dead socket is noticed within ~16 s. */
export const PROBE_INTERVAL_MS = 12_000;
/** Default grace for frames racing the probe's answer (ms); a live socket delivers within milliseconds. */
export const PROBE_GRACE_MS = 3_000;

/**
 * Whether the host's sample shows something the client has not received.
 * @param host the probe's sample
 * @param before what the client held when the probe was sent
 * @param now what the client holds now
 * @returns `'seq'` when the host has a newer event and no event arrived since the probe was sent (a page busy reading
 *   a burst is behind, not dead); `'running'` when the host's running state differs from ours and
 *   ours has not changed since the probe was sent (a change means a frame arrived); `undefined` when in step
 */
export function aheadOf(host: LivenessSample, before: LivenessSample, now: LivenessSample): DeadReason | undefined {
  // Frames that arrived since the probe was sent prove the socket alive, however far behind a busy page reads them.
  if (host.lastSeq !== undefined && (now.lastSeq ?? -1) < host.lastSeq && now.lastSeq === before.lastSeq) return 'seq';
  if (host.running !== undefined && now.running !== undefined && now.running === before.running && now.running !== host.running) return 'running';
  return undefined;
}

/**
 * Start probing; rounds never overlap. A round runs only while a session is open and the downlink says it is
 * connected; "ahead" means a newer seq, or a running state that differs while ours has not moved.
 * @param options the probe, the held state, the connection test and the verdict callback (see `LivenessProbeOptions`)
 * @returns `stop()`, which cancels the pending timer and ignores any answer still in flight
 */
export function startLivenessProbe(options: LivenessProbeOptions): { stop(): void } {
  const intervalMs = options.intervalMs ?? PROBE_INTERVAL_MS;
  const graceMs = options.graceMs ?? PROBE_GRACE_MS;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let stopped = false;
  let timer: unknown;

  const schedule = (fn: () => void, ms: number) => {
    if (stopped) return;
    timer = setTimer(fn, ms);
  };

  const round = async () => {
    if (stopped) return;
    if (!options.isConnected()) {
      schedule(() => void round(), intervalMs);
      return;
    }
    const before = options.held();
    let host: LivenessSample;
    try {
      host = await options.probe();
    } catch {
      schedule(() => void round(), intervalMs);
      return;
    }
    if (stopped) return;
    if (!options.isConnected() || aheadOf(host, before, options.held()) === undefined) {
      schedule(() => void round(), intervalMs);
      return;
    }
    schedule(() => {
      const reason = options.isConnected() ? aheadOf(host, before, options.held()) : undefined;
      if (reason !== undefined) options.onDead(reason);
      schedule(() => void round(), intervalMs);
    }, graceMs);
  };

  schedule(() => void round(), intervalMs);
  return {
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimer(timer);
    },
  };
}
