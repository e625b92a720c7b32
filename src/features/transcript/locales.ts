/**
 * User-facing copy of the transcript, one `TranscriptLocale` dictionary per interface language (English, Simplified
 * Chinese). What the host wrote (messages, notices, tool and command results, its error messages) is shown as written.
 */
import { dictionaries } from '../../lib/language.ts';

/** Every string the transcript shows. Functions take the variable parts. */
export interface TranscriptLocale {
  region: string;
  empty: string;
  loading: string;
  loadError: (message: string) => string;
  retry: string;
  /** The rows' chunk could not be loaded (the app was updated, or the network): the rows stay hidden until it is. */
  rowsError: string;
  /** Note for events that arrived with a payload of the wrong shape and are left out (`count` ≥ 1). */
  unreadable: (count: number) => string;
  you: string;
  assistant: string;
  /** The collapsed reasoning line of an assistant message. */
  reasoning: string;
  /** The reasoning line while the model is still reasoning (no answer text yet). */
  reasoningStreaming: string;
  streaming: string;
  /**
   * The marker that ends an assistant message cut off by its turn's end (`status`: the `turn/end` kind, `cancelled`
   * for Stop), so a half sentence never reads as a finished answer.
   */
  cut: (status: string) => string;
  /** The marker that ends an assistant message a read-only log stops inside (instead of `streaming`). */
  cutInLog: string;
  running: string;
  /** Instead of `running` while a plan review waits for the user. */
  waitingReview: string;
  /** Instead of `running` while any other question waits for the user. */
  waitingAnswer: string;
  planModeOn: string;
  planModeOff: string;
  /** A `mode/set` line of the session-modes variant. */
  modeSet: (mode: string) => string;
  noticeFrom: (plugin: string | undefined) => string;
  contextInjection: (plugin: string | undefined) => string;
  toolCall: (name: string) => string;
  toolRunning: string;
  /** Status of a tool call with a successful result. */
  toolDone: string;
  /** The expanded tool line while its result has not arrived. */
  toolNoResultYet: string;
  /** The expanded tool line of a result with no text. */
  toolResultEmpty: string;
  toolError: string;
  /** Status of a failed tool call, by what became of it (see `toolErrorOf`). */
  toolOutcome: Record<'dismissed' | 'aborted' | 'failed', string>;
  toolResult: string;
  arguments: string;
  planCard: (title: string) => string;
  /** The plan card's revision badge and its full name. */
  revisionBadge: (version: number) => string;
  revisionName: (version: number, total: number) => string;
  showPlan: string;
  reviewWaiting: string;
  reviewApproved: string;
  reviewKeepPlanning: string;
  reviewFeedback: string;
  reviewDismissed: string;
  reviewFailed: string;
  questionCard: (count: number) => string;
  answer: string;
  noAnswer: string;
  questionsDismissed: string;
  /** Why a question got no answer, by what became of it (see `toolErrorOf`). */
  questionOutcome: Record<'dismissed' | 'aborted' | 'failed', string>;
  /** A question the user skipped (`selected: []`, no custom). */
  skipped: string;
  command: (name: string) => string;
  commandRunning: string;
  /** A read-only log stops before this command, tool call or review got its result. */
  unfinishedInLog: string;
  /** A read-only log stops inside this turn (instead of `running`). */
  logEndsInTurn: string;
  /** A read-only log stops before this plan review was answered (instead of `reviewWaiting`). */
  reviewUnanswered: string;
  commandFailed: string;
  turnStatus: (status: string, message: string | undefined) => string;
  /** The one line of a `todo_write` call: `done` of `total` to-dos completed in the list it wrote. */
  todoUpdated: (done: number, total: number) => string;
  /** The audit on the turn-end row of the turn that carried out an approved plan. */
  planAudit: (done: number, total: number, notDone: number, extra: number) => string;
  /** The mark on a call that can change the workspace and ran while plan mode was on. */
  ranWhilePlanning: string;
  /** A `todo_write` call still running. */
  todoUpdating: string;
  /** A `todo_write` call the host refused (`message`: its error, as the host wrote it). */
  todoRefused: (message: string) => string;
  /** Older pages of the history are on their way (history loads from the tail, older pages on scroll). */
  loadingOlder: string;
  /** Shown above the first row when older history exists and is not loaded yet. */
  olderAvailable: string;
  /** Button that loads the next older page. */
  loadOlder: string;
  /** The find box (the browser's own find cannot see rows that are not rendered). */
  find: string;
  findLabel: string;
  findPrevious: string;
  findNext: string;
  findClose: string;
  /** "n of m" matching rows; `total` 0 says there is none. */
  findStatus: (current: number, total: number) => string;
  /** Said while older history is not loaded: the find box searched the loaded rows only. */
  findLoadedOnly: string;
  /** Button that loads the whole history so the find box can search it. */
  findLoadAll: string;
}

/** English copy. */
export const en: TranscriptLocale = {
  region: 'Transcript',
  empty: 'No messages yet.',
  loading: 'Loading the session…',
  loadError: (message) => `Could not load the session: ${message}`,
  retry: 'Try again',
  rowsError: 'Could not load the part of the page that shows the messages.',
  unreadable: (count) => (count === 1 ? '1 event could not be shown' : `${count} events could not be shown`),
  you: 'You',
  assistant: 'Assistant',
  reasoning: 'Reasoning',
  reasoningStreaming: 'Reasoning…',
  streaming: 'Writing…',
  cutInLog: 'The log ends here',
  cut: (status) => (status === 'cancelled' ? 'Stopped' : status === 'error' ? 'Stopped: the turn failed' : `Stopped (${status})`),
  running: 'Running…',
  waitingReview: 'Waiting for your review',
  waitingAnswer: 'Waiting for your answer',
  planModeOn: 'Plan mode on',
  planModeOff: 'Plan mode off',
  modeSet: (mode) => `Mode: ${mode.charAt(0).toUpperCase()}${mode.slice(1)}`,
  noticeFrom: (plugin) => (plugin ? `Notice from ${plugin}` : 'Notice'),
  contextInjection: (plugin) => (plugin ? `Context injection ${plugin}` : 'Context injection'),
  toolCall: (name) => `Tool call ${name}`,
  toolRunning: 'running',
  toolDone: 'done',
  toolNoResultYet: 'No result yet.',
  toolResultEmpty: 'The result is empty.',
  toolError: 'failed',
  toolOutcome: { dismissed: 'dismissed', aborted: 'aborted', failed: 'failed' },
  toolResult: 'Result',
  arguments: 'Arguments',
  planCard: (title) => `Plan: ${title}`,
  revisionBadge: (version) => `v${version}`,
  revisionName: (version, total) => `Revision ${version} of ${total}`,
  showPlan: 'Show the plan',
  reviewWaiting: 'Awaiting review',
  reviewApproved: 'Approved',
  reviewKeepPlanning: 'Keep planning',
  reviewFeedback: 'Feedback',
  reviewDismissed: 'Dismissed to talk',
  reviewFailed: 'Review failed',
  questionCard: (count) => (count === 1 ? 'Question' : `${count} questions`),
  answer: 'Answer',
  noAnswer: 'Waiting for an answer',
  questionsDismissed: 'Dismissed',
  questionOutcome: { dismissed: 'Dismissed', aborted: 'Aborted', failed: 'Failed' },
  skipped: 'Skipped',
  command: (name) => `/${name}`,
  commandRunning: 'running…',
  unfinishedInLog: 'no result in this log',
  logEndsInTurn: 'The log ends during this turn.',
  reviewUnanswered: 'Not answered in this log',
  commandFailed: 'Command failed',
  turnStatus: (status, message) => {
    if (status === 'completed') return 'Turn completed';
    if (status === 'cancelled') return 'Turn cancelled';
    if (status === 'error') return message ? `Turn failed: ${message}` : 'Turn failed';
    return message ? `Turn ended (${status}): ${message}` : `Turn ended (${status})`;
  },
  todoUpdated: (done, total) => `Updated the plan’s progress: ${done} of ${total}`,
  todoUpdating: 'Updating the plan’s progress…',
  ranWhilePlanning: 'ran while plan mode was on',
  planAudit: (done, total, notDone, extra) => `Plan carried out: ${done} of ${total} step${total === 1 ? '' : 's'}; ${notDone} not done; ${extra} extra`,
  todoRefused: (message) => `The progress update was refused: ${message}`,
  loadingOlder: 'Loading earlier messages…',
  olderAvailable: 'Earlier messages are not loaded yet.',
  loadOlder: 'Load earlier messages',
  find: 'Find',
  findLabel: 'Find in transcript',
  findPrevious: 'Previous match',
  findNext: 'Next match',
  findClose: 'Close find',
  findStatus: (current, total) => (total === 0 ? 'No matches' : `${current} of ${total}`),
  findLoadedOnly: 'Searched the loaded history only.',
  findLoadAll: 'Load all',
};
/** Every dictionary of the transcript, by language. */
export const transcriptLocales = dictionaries('transcript', en);

declare module '../../lib/language.ts' {
  interface LocaleCopies {
    transcript: TranscriptLocale;
  }
}
