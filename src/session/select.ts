/**
 * The primitives the session hooks are built on: a selector over the stream state through `useSyncExternalStore`, the
 * same for what may follow a frame's paint (the sidebar's badges), and the slice of one session. Internal to
 * src/session/ and the session list's badges.
 */
import { useSyncExternalStore } from 'react';
import { idleAfterNextPaint } from '../lib/after-paint.ts';
import { useSessionStreamStore } from './provider.tsx';
import { EMPTY_SLICE, sliceOf, type SessionSlice, type StreamState } from './reducers.ts';
import type { SessionStreamStore } from './store.ts';

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

const afterPaintSubscribers = new WeakMap<SessionStreamStore, (listener: () => void) => () => void>();

/**
 * `store.subscribe`, but the listener hears of a burst of changes once, when the page is idle after the next paint
 * (`idleAfterNextPaint`, at most 100 ms after the frame): a component subscribed this way takes no part in the commit
 * of the frame that changed the state, nor in the tasks right after its paint (a question's card paints without it).
 */
function subscribeAfterPaint(store: SessionStreamStore): (listener: () => void) => () => void {
  let subscribe = afterPaintSubscribers.get(store);
  if (!subscribe) {
    subscribe = (listener) => {
      let pending = false;
      let cancel: (() => void) | undefined;
      const off = store.subscribe(() => {
        if (pending) return;
        pending = true;
        cancel = idleAfterNextPaint(() => {
          pending = false;
          listener();
        });
      });
      return () => {
        off();
        cancel?.();
      };
    };
    afterPaintSubscribers.set(store, subscribe);
  }
  return subscribe;
}

/**
 * Like {@link useStreamSelector}, for what may show a frame after the change that moves it (a session row's badges):
 * the component re-renders after the paint that follows the change, never in that change's own commit (docs/style.md
 * "Lazy views render at once": the commit that brings a question carries the card and nothing the browser could do
 * after its paint). A render for another reason reads the state as it is then.
 * @param select as for `useStreamSelector`
 */
export function useStreamSelectorAfterPaint<T>(select: (state: StreamState) => T): T {
  const store = useSessionStreamStore();
  const get = () => select(store.getState());
  return useSyncExternalStore(subscribeAfterPaint(store), get, get);
}

/** The stream slice of a session (`EMPTY_SLICE` for none): for hooks that need several of its fields at once. */
export function useSlice(sessionId: string | undefined): SessionSlice {
  return useStreamSelector((state) => (sessionId ? sliceOf(state, sessionId) : EMPTY_SLICE));
}
