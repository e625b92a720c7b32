/** User-facing copy of the app shell (English; a Chinese dictionary follows the same `AppLocale` shape). */
import type { ConnectionState } from '../lib/downlink.ts';

/** Every string the shell shows. */
export interface AppLocale {
  appName: string;
  connection: Record<ConnectionState, string>;
  showSessions: string;
  /** The drawer's own close button (narrow screens). */
  closeSessions: string;
  emptyTitle: string;
  emptyBody: string;
  newSession: string;
  creating: string;
  createError: (message: string) => string;
  untitled: string;
  /** The session's views (issue 10 item 2): the tab list's name and its tabs. */
  sessionViews: string;
  transcriptTab: string;
  reviewsTab: (count: number) => string;
  loadingReviews: string;
  /** Read-only notice when the host gives no reason (its reason, a whole sentence, is shown as is). */
  readOnlyNotice: string;
  errorTitle: string;
  tryAgain: string;
  dock: string;
  /** A turn the host stopped with an error its log does not show yet (the host's message, as it wrote it). */
  turnStopped: (message: string) => string;
  /** A question was answered elsewhere (another tab or client) while text was typed for it here. */
  draftsMoved: string;
}

/** English copy. */
export const en: AppLocale = {
  appName: 'ui-plan',
  connection: { connecting: 'Connecting…', connected: 'Connected', reconnecting: 'Reconnecting…' },
  showSessions: 'Sessions',
  closeSessions: 'Close sessions',
  emptyTitle: 'No session selected',
  emptyBody: 'Pick a session from the list, or start a new one.',
  newSession: 'New session',
  creating: 'Creating…',
  createError: (message) => `Could not create a session: ${message}`,
  untitled: 'New session',
  sessionViews: 'Session views',
  transcriptTab: 'Transcript',
  reviewsTab: (count) => (count === 0 ? 'Reviews' : `Reviews (${count})`),
  loadingReviews: 'Loading the reviews…',
  readOnlyNotice: 'This is a recorded session log, opened read-only.',
  errorTitle: 'Something went wrong',
  tryAgain: 'Try again',
  dock: 'Message dock',
  turnStopped: (message) => `The turn stopped: ${message}`,
  draftsMoved: 'The question was answered elsewhere. What you typed for it is in the message box.',
};

/** The active dictionary. */
export const t: AppLocale = en;
