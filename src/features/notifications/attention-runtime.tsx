/**
 * Applies the attention state (`model/attention.ts`) to the page: the document title and the favicon (two static
 * files, `/favicon.svg` and `/favicon-waiting.svg`: the Content-Security-Policy allows no canvas-made `data:` icon), one
 * desktop notification per waiting review or question — announced once, closed the moment it is answered anywhere or
 * shown in the visible tab — and the chime. A notification's click focuses the tab, opens its session and focuses the
 * card. Loaded as its own chunk once anything waits.
 */
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useCopy } from '../../lib/language.ts';
import { useSelectedSessionId } from '../../lib/route.ts';
import { openWaiting } from './focus-card.ts';
import { notificationsLocales, type NotificationsCopy } from './locales.ts';
import { attentionOf, type Attention, type WaitingItem } from './model/attention.ts';
import { useNotificationPreferences } from './preferences-store.ts';
import { chime } from './sound.ts';
import { useWaitingItems } from './use-waiting.ts';

/** The favicon files (in `public/`, served by the app itself). */
export const FAVICONS = { plain: '/favicon.svg', badged: '/favicon-waiting.svg' } as const;

function subscribeVisibility(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}
const readVisible = () => document.visibilityState === 'visible';

/** The page's attention state, live. */
export function useAttention(): Attention {
  const waiting = useWaitingItems();
  const visible = useSyncExternalStore(subscribeVisibility, readVisible, () => true);
  const shownSessionId = useSelectedSessionId();
  const desktop = useNotificationPreferences((state) => state.desktop);
  const sound = useNotificationPreferences((state) => state.sound);
  const access = useNotificationPreferences((state) => state.access);
  return useMemo(
    () => attentionOf({ waiting, visible, shownSessionId, preferences: { desktop, sound }, access }),
    [waiting, visible, shownSessionId, desktop, sound, access],
  );
}

/** The title of a notification and its body. */
function noticeOf(item: WaitingItem, t: NotificationsCopy): { title: string; body: string } {
  const session = item.sessionTitle ?? t.untitled;
  if (item.kind === 'review') return { title: t.reviewNotice(item.planTitle ?? '', item.revision), body: t.noticeBody(session, undefined) };
  return { title: t.questionNotice, body: t.noticeBody(session, item.question) };
}

/** Keep the document title and the favicon in step with `attention`; both go back to plain when it unmounts. */
function useTitleAndFavicon(attention: Attention, t: NotificationsCopy): void {
  const base = useRef<string | undefined>(undefined);
  useEffect(() => {
    base.current ??= document.title;
    document.title = attention.title ? t.documentTitle(attention.title, base.current) : base.current;
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    const href = FAVICONS[attention.favicon];
    if (icon && icon.getAttribute('href') !== href) icon.setAttribute('href', href);
  }, [attention.title, attention.favicon, t]);
  useEffect(
    () => () => {
      if (base.current !== undefined) document.title = base.current;
      document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.setAttribute('href', FAVICONS.plain);
    },
    [],
  );
}

/**
 * Open a notification for each item of `attention.notifications` not announced before, close every open one that
 * left the list. An item shown in the visible tab counts as announced: it never pops up later.
 */
function useDesktopNotifications(attention: Attention, shownSessionId: string | undefined, visible: boolean, t: NotificationsCopy): void {
  const open = useRef(new Map<string, Notification>());
  const announced = useRef(new Set<string>());
  const chimed = useRef(new Set<string>());
  useEffect(() => {
    for (const item of attention.inbox) {
      if (visible && item.sessionId === shownSessionId) {
        announced.current.add(item.rpcId);
        chimed.current.add(item.rpcId);
      }
    }
    const wanted = new Set(attention.notifications.map((item) => item.rpcId));
    for (const [rpcId, notification] of open.current) {
      if (wanted.has(rpcId)) continue;
      notification.close();
      open.current.delete(rpcId);
    }
    for (const item of attention.notifications) {
      if (announced.current.has(item.rpcId)) continue;
      announced.current.add(item.rpcId);
      const { title, body } = noticeOf(item, t);
      let notification: Notification;
      try {
        notification = new Notification(title, { body, tag: `ui-plan:${item.rpcId}`, icon: FAVICONS.badged });
      } catch {
        continue; // e.g. a browser that shows notifications only from a service worker
      }
      notification.onclick = () => {
        window.focus();
        notification.close();
        openWaiting(item.sessionId);
      };
      notification.onclose = () => {
        if (open.current.get(item.rpcId) === notification) open.current.delete(item.rpcId);
      };
      open.current.set(item.rpcId, notification);
    }
    const fresh = attention.chime.filter((item) => !chimed.current.has(item.rpcId));
    for (const item of fresh) chimed.current.add(item.rpcId);
    if (fresh.length > 0) chime(); // once for all that came together
  }, [attention, shownSessionId, visible, t]);
  useEffect(() => {
    const held = open.current;
    return () => {
      for (const notification of held.values()) notification.close();
      held.clear();
    };
  }, []);
}

/** Render nothing; apply the attention state to the title, the favicon, notifications and sound. */
export function AttentionRuntime() {
  const t = useCopy(notificationsLocales);
  const attention = useAttention();
  const shownSessionId = useSelectedSessionId();
  const visible = useSyncExternalStore(subscribeVisibility, readVisible, () => true);
  useTitleAndFavicon(attention, t);
  useDesktopNotifications(attention, shownSessionId, visible, t);
  return null;
}
