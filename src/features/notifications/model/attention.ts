/**
 * What the page does about the reviews and questions waiting for the person: the document title's count, the badged
 * favicon, which desktop notifications are open and which waits may chime. One pure function of (waiting items,
 * visibility, the shown session, preferences, notification permission); the runtime only applies its result. A
 * tool-permission prompt of a dsh host is listed by the inbox but never counted, badged, notified or chimed.
 */

/** What waits: a plan review, another agent question, or a dsh host's tool-permission prompt (answered in dsh). */
export type WaitingKind = 'review' | 'question' | 'approval';

/** One thing waiting for the person, in any session. */
export interface WaitingItem {
  /** The question's id (the `question/requested` frame's rpcId) or the prompt's frame rpcId; unique across sessions. */
  rpcId: string;
  sessionId: string;
  kind: WaitingKind;
  /** When it started waiting, epoch ms: the plan's `tool/call` time when known, else when this page first saw it. */
  since: number;
  /** Arrival order on this page (the mux's order); breaks ties between equal `since`. */
  order: number;
  /** The session's title; undefined while unknown. */
  sessionTitle: string | undefined;
  /** A review's plan title (its first heading, docs/upstream-spec.md §1.9 presentation). */
  planTitle?: string | undefined;
  /** A review's revision within its chain (1-based); undefined while unknown or unknowable. */
  revision?: number | undefined;
  /** A question's text (the batch's first question). */
  question?: string | undefined;
  /** A tool-permission prompt's tool name and the host's reason. */
  toolName?: string | undefined;
  reason?: string | undefined;
  /** What a notification would say is settled (a review's revision is looked up or known to be unknowable). */
  settled: boolean;
}

/** The person's choices under Preferences → Notifications; both off by default. */
export interface NotificationPreferences {
  desktop: boolean;
  sound: boolean;
}

/** The browser's notification permission, or `unsupported` where there is no `Notification`. */
export type NotificationAccess = 'default' | 'granted' | 'denied' | 'unsupported';

/** The inputs of {@link attentionOf}. */
export interface AttentionInput {
  waiting: readonly WaitingItem[];
  /** `document.visibilityState === 'visible'`. */
  visible: boolean;
  /** The session the page shows (the URL hash), undefined for none. */
  shownSessionId: string | undefined;
  preferences: NotificationPreferences;
  access: NotificationAccess;
}

/** What the document title says: the count and what waits (`mixed` when reviews and questions both wait). */
export interface TitleBadge {
  count: number;
  kind: 'review' | 'question' | 'mixed';
}

/** The result of {@link attentionOf}. */
export interface Attention {
  /** Every waiting item, oldest first (`since`, then `order`): the inbox's list. */
  inbox: readonly WaitingItem[];
  /** The title's count while the tab is hidden and a review or question waits; undefined: the plain title. */
  title: TitleBadge | undefined;
  favicon: 'plain' | 'badged';
  /** The items that have an open desktop notification, oldest first; every other one is closed. */
  notifications: readonly WaitingItem[];
  /** The items that may chime (each once, when it first appears here), oldest first. */
  chime: readonly WaitingItem[];
}

/** Oldest first: `since`, then arrival order. */
function byAge(a: WaitingItem, b: WaitingItem): number {
  return a.since - b.since || a.order - b.order;
}

/**
 * The page's attention state.
 * - title and favicon: a count of the reviews and questions waiting, only while the tab is hidden;
 * - notifications: desktop notifications on and granted; a review or question whose text is settled; never for the
 *   session the visible tab shows (the person sees its card);
 * - chime: the same rule with the sound preference instead (no permission needed).
 * @param input see {@link AttentionInput}
 * @returns see {@link Attention}; the same input gives an equal result
 */
export function attentionOf(input: AttentionInput): Attention {
  const inbox = [...input.waiting].sort(byAge);
  const asking = inbox.filter((item) => item.kind !== 'approval');
  const reviews = asking.filter((item) => item.kind === 'review').length;
  const title: TitleBadge | undefined =
    input.visible || asking.length === 0
      ? undefined
      : { count: asking.length, kind: reviews === asking.length ? 'review' : reviews === 0 ? 'question' : 'mixed' };
  const unseen = asking.filter((item) => item.settled && !(input.visible && item.sessionId === input.shownSessionId));
  return {
    inbox,
    title,
    favicon: title ? 'badged' : 'plain',
    notifications: input.preferences.desktop && input.access === 'granted' ? unseen : [],
    chime: input.preferences.sound ? unseen : [],
  };
}
