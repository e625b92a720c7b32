/**
 * The always-loaded part of the notifications slice, kept tiny for the first load: it counts what waits in the session
 * stream and loads the attention runtime (title, favicon, notifications, sound) and the inbox as their own chunks once
 * anything waits; once loaded they stay mounted, so they also clear what they set.
 * The Preferences group is a chunk too, fetched when the page is idle after its first paint.
 */
import { useEffect } from 'react';
import { lazyModule, whenIdleAfterPaint } from '../../lib/lazy-module.ts';
import { useStreamSelector } from '../../session/select.ts';
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

/** Mount the attention runtime once it is wanted (renders nothing itself). */
export function WaitingWatch() {
  const waiting = useStreamSelector(anyWaiting);
  const Runtime = runtimeModule.use(waiting)?.AttentionRuntime;
  return Runtime ? <Runtime /> : null;
}

/** The "Waiting for you" inbox (see `components/waiting-inbox.tsx`), loaded when something first waits. */
export function WaitingInbox(props: WaitingInboxProps) {
  const waiting = useStreamSelector(anyWaiting);
  const Inbox = inboxModule.use(waiting)?.WaitingInboxList;
  return Inbox ? <Inbox {...props} /> : null;
}

/**
 * Preferences → Notifications (see `notification-preferences.tsx`): fetched once the page is idle after its first paint,
 * so it stays off the first load; the group appears in the sidebar's foot when it is in.
 */
export function NotificationPreferencesSlot() {
  const Group = preferencesModule.use(false)?.NotificationPreferences;
  useEffect(() => whenIdleAfterPaint(() => void preferencesModule.load()), []);
  return Group ? <Group /> : null;
}
