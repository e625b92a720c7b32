/** User-facing copy of the app shell, one `AppLocale` dictionary per interface language (English, Simplified Chinese). */
import type { ConnectionState } from '../lib/downlink.ts';
import { dictionaries } from '../lib/language.ts';
import type { Theme } from '../lib/theme.ts';

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
  /** The session's views: the tab list's name and its tabs. */
  sessionViews: string;
  transcriptTab: string;
  /** The Reviews tab. @param count plan reviews (review chains) of the session */
  reviewsTab: (count: number) => string;
  loadingReviews: string;
  /** The "What the model sees" tab. */
  modelTab: string;
  loadingModelView: string;
  /** While the review card or question flow chunk loads (a moment, once per page). */
  loadingCard: string;
  /** The review card's or question flow's chunk could not be loaded (the app was updated, or the network). */
  cardLoadError: string;
  retryCard: string;
  /** A tab's view (Reviews, What the model sees) could not be loaded. */
  viewLoadError: string;
  /** Read-only notice when the host gives no reason (its reason, a whole sentence, is shown as is). */
  readOnlyNotice: string;
  errorTitle: string;
  tryAgain: string;
  dock: string;
  /** Heading of the session's transcript for assistive technology (visually hidden; the outline's level 2). */
  conversation: string;
  /** A turn the host stopped with an error its log does not show yet (the host's message, as it wrote it). */
  turnStopped: (message: string) => string;
  /** A question was answered elsewhere (another tab or client) while text was typed for it here. */
  draftsMoved: string;
  /** The preferences group (language and theme switches) and its controls. */
  preferences: string;
  languageLabel: string;
  themeLabel: string;
  /** Names of the theme choices. */
  themes: Record<Theme, string>;
  /** Lines of the app's polite live region (`LiveAnnouncer`), and the region's name. */
  announce: { region: string; planReady: string; question: string; connectionLost: string; connectionBack: string };
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
  modelTab: 'What the model sees',
  loadingModelView: 'Loading what the model sees…',
  loadingCard: 'Loading…',
  cardLoadError: 'A question is waiting, but the part of the page that shows it could not be loaded.',
  retryCard: 'Try again',
  viewLoadError: 'This view could not be loaded.',
  readOnlyNotice: 'This is a recorded session log, opened read-only.',
  errorTitle: 'Something went wrong',
  tryAgain: 'Try again',
  dock: 'Message dock',
  conversation: 'Conversation',
  turnStopped: (message) => `The turn stopped: ${message}`,
  draftsMoved: 'The question was answered elsewhere. What you typed for it is in the message box.',
  preferences: 'Preferences',
  languageLabel: 'Language',
  themeLabel: 'Theme',
  themes: { system: 'System', light: 'Light', dark: 'Dark' },
  announce: {
    region: 'Announcements',
    planReady: 'Plan ready for review',
    question: 'The agent asks a question',
    connectionLost: 'Connection lost; reconnecting…',
    connectionBack: 'Connected again',
  },
};
/** Every dictionary of the shell, by language. */
export const appLocales = dictionaries('app', en);

declare module '../lib/language.ts' {
  interface LocaleCopies {
    app: AppLocale;
  }
}
