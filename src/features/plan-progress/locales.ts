/**
 * User-facing copy of Plan progress and its audit, one `PlanProgressCopy` dictionary per interface language (English,
 * Simplified Chinese). Step and to-do texts are shown as the plan and the agent wrote them.
 */
import type { TodoStatus } from '../../core/todos/todos.ts';
import { dictionaries } from '../../lib/language.ts';

/** Every string Plan progress shows. */
export type PlanProgressCopy = {
  /** The region's name. */
  region: string;
  /** The region's name when no plan was approved (a plain to-do list). */
  todosRegion: string;
  /** The collapsed one-line summary. */
  collapsed: (done: number, total: number) => string;
  /** The count under the title. */
  count: (done: number, total: number) => string;
  /** A to-do list's count. */
  todoCount: (done: number, total: number) => string;
  /** The revision line: the approved plan's title and revision. */
  approved: (title: string, version: number) => string;
  expand: string;
  collapse: string;
  /** The name of the region's scrolling body. */
  body: string;
  /** A status in words (shown to screen readers beside the mark). */
  status: Record<TodoStatus, string>;
  /** The tooltip and name of a step whose to-do changed: where choosing it scrolls. */
  showChange: (text: string) => string;
  /** Heading of the to-dos that match no step. */
  extras: string;
  /** Said when no to-do list was written for the plan yet. */
  untracked: string;
  /** Said when the progress is folded from the loaded part of the log only. */
  partial: string;
  /** The audit line: steps done, not done, extras. */
  audit: (done: number, total: number, notDone: number, extra: number) => string;
  /** The turn's end reason in the audit. */
  ended: (kind: string, message: string | undefined) => string;
};

/** English copy. */
export const en: PlanProgressCopy = {
  region: 'Plan progress',
  todosRegion: 'To-dos',
  collapsed: (done, total) => `Plan: ${done} of ${total}`,
  count: (done, total) => `${done} of ${total} steps done`,
  todoCount: (done, total) => `${done} of ${total} done`,
  approved: (title, version) => `${title} · revision ${version}, approved`,
  expand: 'Show the steps',
  body: 'Steps and to-dos',
  collapse: 'Hide the steps',
  status: { pending: 'not started', in_progress: 'in progress', completed: 'done' },
  showChange: (text) => `Show where “${text}” changed`,
  extras: 'Not in the approved plan',
  untracked: 'The agent has not written a to-do list for this plan yet.',
  partial: 'From the loaded part of the session.',
  audit: (done, total, notDone, extra) => `Plan carried out: ${done} of ${total} step${total === 1 ? '' : 's'}; ${notDone} not done; ${extra} extra`,
  ended: (kind, message) => {
    if (kind === 'completed') return 'The turn completed.';
    if (kind === 'cancelled') return 'The turn was stopped.';
    if (kind === 'error') return message ? `The turn failed: ${message}` : 'The turn failed.';
    return message ? `The turn ended (${kind}): ${message}` : `The turn ended (${kind}).`;
  },
};

/** Every dictionary of Plan progress, by language. */
export const planProgressLocales = dictionaries('planProgress', en);

declare module '../../lib/language.ts' {
  interface LocaleCopies {
    planProgress: PlanProgressCopy;
  }
}
