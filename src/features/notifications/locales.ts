/**
 * User-facing copy of the notifications slice (Preferences → Notifications, the document title's count, desktop
 * notifications, the "Waiting for you" inbox), one `NotificationsCopy` dictionary per interface language.
 */
import { dictionaries } from '../../lib/language.ts';
import type { TitleBadge } from './model/attention.ts';

/** Every string the notifications slice shows. */
export type NotificationsCopy = {
  /** The Preferences group's name. */
  group: string;
  desktop: string;
  sound: string;
  /** Said while the browser's permission prompt is open. */
  asking: string;
  /** The browser (or the person, earlier) refused notifications for this site. */
  denied: string;
  unsupported: string;
  /** The document title while something waits and the tab is hidden. @param base the plain title */
  documentTitle: (badge: TitleBadge, base: string) => string;
  /** A review's notification title. @param revision undefined when unknown */
  reviewNotice: (planTitle: string, revision: number | undefined) => string;
  questionNotice: string;
  /** A notification's body: the session. */
  noticeBody: (sessionTitle: string, question: string | undefined) => string;
  /** The inbox's name and heading. */
  inbox: string;
  /** The inbox's toggle. @param count items waiting */
  inboxToggle: (count: number) => string;
  /** A review in the inbox: its plan. */
  inboxReview: (planTitle: string) => string;
  /** A review's revision in the inbox. */
  inboxRevision: (revision: number) => string;
  inboxQuestion: (question: string) => string;
  /** A dsh host's tool-permission prompt, which ui-plan does not answer. */
  inboxApproval: string;
  /** The tool a prompt is for. */
  inboxTool: (toolName: string) => string;
  /** How long an item has waited. @param minutes whole minutes, ≥ 0 */
  waited: (minutes: number) => string;
  untitled: string;
};

const waitedEn = (minutes: number): string => {
  if (minutes < 1) return 'waiting less than a minute';
  if (minutes < 60) return `waiting ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `waiting ${hours} h`;
  return `waiting ${Math.floor(hours / 24)} days`;
};

const en: NotificationsCopy = {
  group: 'Notifications',
  desktop: 'Desktop notifications',
  sound: 'Sound',
  asking: 'Waiting for the browser’s permission…',
  denied: 'This browser blocks notifications for this site; allow them in its site settings.',
  unsupported: 'This browser cannot show notifications.',
  documentTitle: (badge, base) =>
    `(${badge.count}) ${badge.kind === 'review' ? 'Plan ready' : badge.kind === 'question' ? 'Question waiting' : 'Waiting for you'} — ${base}`,
  reviewNotice: (planTitle, revision) => (revision === undefined ? `Plan ready: ${planTitle}` : `Plan ready: ${planTitle} (revision ${revision})`),
  questionNotice: 'The agent asks you a question',
  noticeBody: (sessionTitle, question) => (question === undefined ? `Session: ${sessionTitle}` : `Session: ${sessionTitle}\n${question}`),
  inbox: 'Waiting for you',
  inboxToggle: (count) => `Waiting for you (${count})`,
  inboxReview: (planTitle) => `Plan: ${planTitle}`,
  inboxRevision: (revision) => `revision ${revision}`,
  inboxQuestion: (question) => `Question: ${question}`,
  inboxApproval: 'Waiting for a tool approval — answer it in the dsh client',
  inboxTool: (toolName) => `Tool: ${toolName}`,
  waited: waitedEn,
  untitled: 'Untitled session',
};

/** Every dictionary of the notifications slice, by language. */
export const notificationsLocales = dictionaries('notifications', en);

declare module '../../lib/language.ts' {
  interface LocaleCopies {
    notifications: NotificationsCopy;
  }
}
