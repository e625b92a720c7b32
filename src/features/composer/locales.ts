/**
 * User-facing copy of the composer (message box, `/` command suggestions), one `ComposerCopy` dictionary per interface
 * language (English, Simplified Chinese).
 */
import { dictionaries } from '../../lib/language.ts';

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
/** Every dictionary of the composer, by language. */
export const composerLocales = dictionaries('composer', composerEn);

declare module '../../lib/language.ts' {
  interface LocaleCopies {
    composer: ComposerCopy;
  }
}
