/**
 * The always-loaded part of the notifications slice, kept tiny for the first load: it counts what waits in the session
 * stream and mounts the attention runtime (title, favicon, notifications, sound) and the inbox, their own chunks, once
 * anything waits; once mounted they stay, so they also clear what they set. The chunks are prefetched at idle
 * (`prefetchWaitingChunks`) and mount after the paint of the frame that makes something wait, so the review card's
 * frame never waits for them.
 * The Preferences group is a chunk too, in the idle prefetch list (`src/app/prefetch.ts`).
 */
import { useDeferredValue } from 'react';
import { lazyModule } from '../../lib/lazy-module.ts';
import { useStreamSelectorAfterPaint } from '../../session/select.ts';
import type { StreamState } from '../../session/reducers.ts';
import type { WaitingInboxProps } from './components/waiting-inbox.tsx';

const runtimeModule = lazyModule(() => import('./attention-runtime.tsx'));
const inboxModule = lazyModule(() => import('./components/waiting-inbox.tsx'));
const preferencesModule = lazyModule(() => import('./notification-preferences.tsx'));

/** Whether any question or tool-permission prompt waits in any session. */
function anyWaiting(state: StreamState): boolean {
  for (const slice of Object.values(state.sessions)) if (slice.questions.length > 0 || slice.approvals.length > 0) return true;
  return false;
}

/**
 * Load the attention runtime and inbox chunks now (or join the loads under way).
 * @returns resolves when both were tried; never rejects
 */
export async function prefetchWaitingChunks(): Promise<void> {
  await Promise.all([runtimeModule.load(), inboxModule.load()]);
}

/**
 * Load the Preferences → Notifications chunk now (or join the load under way).
 * @returns resolves when it was tried; never rejects
 */
export async function loadNotificationPreferences(): Promise<void> {
  await preferencesModule.load();
}

/** Whether anything waits, once idle after the paint of the frame that changed it: the card of the frame first. */
function useWaitingDeferred(): boolean {
  // Deferred as well: a render for another reason in the question's commit still sees the state from before it.
  return useDeferredValue(useStreamSelectorAfterPaint(anyWaiting));
}

/** Mount the attention runtime once it is wanted (renders nothing itself). */
export function WaitingWatch() {
  const waiting = useWaitingDeferred();
  const Runtime = runtimeModule.use(waiting)?.AttentionRuntime;
  return Runtime ? <Runtime /> : null;
}

/** The "Waiting for you" inbox (see `components/waiting-inbox.tsx`), loaded when something first waits. */
export function WaitingInbox(props: WaitingInboxProps) {
  const waiting = useWaitingDeferred();
  const Inbox = inboxModule.use(waiting)?.WaitingInboxList;
  // Mounted only while something waits, so it mounts in the deferred render after the card's commit: its list (the
  // stream, the session list and a review-revision query per item) is never part of the card's frame.
  return waiting && Inbox ? <Inbox {...props} /> : null;
}

/**
 * Preferences → Notifications (see `notification-preferences.tsx`): in the idle prefetch list (`src/app/prefetch.ts`),
 * so it stays off the first load; the group appears in the sidebar's foot when it is in.
 */
export function NotificationPreferencesSlot() {
  const Group = preferencesModule.use(false)?.NotificationPreferences;
  return Group ? <Group /> : null;
}
