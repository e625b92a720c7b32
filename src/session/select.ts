/**
 * The two primitives the session hooks are built on: a selector over the stream state through
 * `useSyncExternalStore`, and the slice of one session. Internal to src/session/.
 */
import { useSyncExternalStore } from 'react';
import { useSessionStreamStore } from './provider.tsx';
import { EMPTY_SLICE, sliceOf, type SessionSlice, type StreamState } from './reducers.ts';

/**
 * Read a value of the stream state; the component re-renders when the selected value changes (`Object.is`).
 * @param select a function of the state; it must return a value the state keeps (a slice, a row, a primitive), not a
 *   new object per call
 */
export function useStreamSelector<T>(select: (state: StreamState) => T): T {
  const store = useSessionStreamStore();
  const get = () => select(store.getState());
  return useSyncExternalStore(store.subscribe, get, get);
}

/** The stream slice of a session (`EMPTY_SLICE` for none): for hooks that need several of its fields at once. */
export function useSlice(sessionId: string | undefined): SessionSlice {
  return useStreamSelector((state) => (sessionId ? sliceOf(state, sessionId) : EMPTY_SLICE));
}
