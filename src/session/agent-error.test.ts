import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../core/log/types.ts';
import type { HostFrame } from '../core/protocol/frames.ts';
import { applyHistoryPage, applyHostFrame, initialStreamState, sliceOf, type StreamState } from './reducers.ts';
import { stoppedReasonOf } from './derive.ts';

const S = 'session-a';
const MESSAGE = 'could not write the session log: EACCES permission denied';
const agentError = (extra: Record<string, unknown>) => ({ type: 'host/agent-error', ...extra }) as HostFrame;
const turnEvent = (seq: number, type: 'turn/start' | 'turn/end', turn: number): SessionEvent =>
  ({ seq, type, data: type === 'turn/end' ? { turn, reason: { kind: 'error', message: MESSAGE } } : { turn } }) as SessionEvent;
const withEvents = (state: StreamState, events: SessionEvent[]) => applyHistoryPage(state, S, { events: events.map((event) => ({ event })) });

describe('host/agent-error', () => {
  it('keeps the host message and turn of the session it names', () => {
    const state = applyHostFrame(initialStreamState(), agentError({ sessionId: S, turn: 2, message: MESSAGE }));
    expect(sliceOf(state, S).agentError).toEqual({ turn: 2, message: MESSAGE });
    expect(sliceOf(state, 'other').agentError).toBeUndefined();
  });

  it.each([
    ['no session id', { message: MESSAGE }],
    ['a numeric message', { sessionId: S, message: 42 }],
    ['a null payload', { sessionId: null, message: null }],
  ])('ignores a frame with %s', (_name, extra) => {
    const state = initialStreamState();
    expect(applyHostFrame(state, agentError(extra))).toBe(state);
  });

  it('shows the reason while the stopped turn has no logged turn/end, and clears once the log says it', () => {
    let state = withEvents(initialStreamState(), [turnEvent(0, 'turn/start', 1), turnEvent(1, 'turn/end', 1), turnEvent(2, 'turn/start', 2)]);
    state = applyHostFrame(state, agentError({ sessionId: S, turn: 2, message: MESSAGE }));
    expect(stoppedReasonOf(sliceOf(state, S))).toBe(MESSAGE);
    state = withEvents(state, [turnEvent(3, 'turn/end', 2)]);
    expect(stoppedReasonOf(sliceOf(state, S))).toBeUndefined();
  });

  it('clears the reason when a later turn starts, and shows a reason without a turn until any turn/end', () => {
    let state = applyHostFrame(initialStreamState(), agentError({ sessionId: S, turn: 1, message: MESSAGE }));
    state = withEvents(state, [turnEvent(0, 'turn/start', 1), turnEvent(1, 'turn/start', 2)]);
    expect(stoppedReasonOf(sliceOf(state, S))).toBeUndefined();
    let bare = applyHostFrame(initialStreamState(), agentError({ sessionId: S, message: MESSAGE }));
    bare = withEvents(bare, [turnEvent(0, 'turn/start', 1)]);
    expect(stoppedReasonOf(sliceOf(bare, S))).toBe(MESSAGE);
    bare = withEvents(bare, [turnEvent(1, 'turn/end', 1)]);
    expect(stoppedReasonOf(sliceOf(bare, S))).toBeUndefined();
  });
});
