/**
 * User-facing copy of the composer (message box, `/` command suggestions). English now; another language is a
 * second dictionary of the same `ComposerCopy` type.
 */

/** Every string the composer shows. */
export type ComposerCopy = {
  inputLabel: string;
  placeholder: string;
  planPlaceholder: string;
  send: string;
  sending: string;
  commandsLabel: string;
  unknownCommand: (line: string) => string;
  readOnly: string;
  /** The Stop button (cancels the running turn through `session.cancel`). */
  stop: string;
  stopping: string;
  /** Tooltip of Stop: the keyboard shortcut. */
  stopHint: string;
  /** Live status while a stop is on its way (until the turn ends). */
  stoppingStatus: string;
};

/** English copy. */
export const composerEn: ComposerCopy = {
  inputLabel: 'Message the agent',
  placeholder: 'Message the agent…',
  planPlaceholder: 'Describe the task to plan…',
  send: 'Send',
  sending: 'Sending…',
  commandsLabel: 'Commands',
  unknownCommand: (line) => `Unknown command: ${line}`,
  readOnly: 'This session is read-only',
  stop: 'Stop',
  stopping: 'Stopping…',
  stopHint: 'Stop the running turn (Escape)',
  stoppingStatus: 'Stopping the turn…',
};

/** Dictionaries by language tag. */
export const composerLocales = { en: composerEn } as const satisfies Record<string, ComposerCopy>;
