/**
 * User-facing copy of the session data layer: why the server stopped writing to a session (the `writeStopped` of its
 * `session.list` row), one `ReadOnlyLocale` dictionary per interface language (English, Simplified Chinese).
 */
import { dictionaries } from '../lib/language.ts';

/** The read-only reasons the page words itself; a reason not listed is shown as the server said it. */
export interface ReadOnlyLocale {
  writingStopped: Record<'log-removed' | 'log-replaced' | 'log-changed' | 'sync-failed' | 'lock-lost', string>;
}

const en: ReadOnlyLocale = {
  writingStopped: {
    'log-removed':
      "Writing stopped: this session's log file was removed by another program. Nothing was lost: what ui-plan had written is in the data directory's recovered folder.",
    'log-replaced':
      "Writing stopped: this session's log file was replaced by another program (an editor, sed -i, a sync tool). What ui-plan had written is in the data directory's recovered folder; restart ui-plan to open the file now there.",
    'log-changed': "Writing stopped: another program wrote to this session's log file. Restart ui-plan to read it as it is now.",
    'sync-failed': "Writing stopped: the disk reported an error when this session's log was saved. Restart ui-plan to read what is on disk.",
    'lock-lost': 'Writing stopped: another ui-plan server took over this data directory. Nothing more is written here; use the other server.',
  },
};
/** Every dictionary of the read-only reasons, by language. */
export const readOnlyLocales = dictionaries('readOnly', en);

declare module '../lib/language.ts' {
  interface LocaleCopies {
    readOnly: ReadOnlyLocale;
  }
}
