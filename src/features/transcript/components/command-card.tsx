/** A command card from `command/run` + `command/done` (docs/upstream-spec.md §4.5): the line, then its result text. */
import { memo } from 'react';
import type { TranscriptItem } from '../../../core/transcript/fold.ts';
import { useCopy } from '../../../lib/language.ts';
import { transcriptLocales } from '../locales.ts';
import { useLogEnded } from './log-ended.ts';
import { RecordedText } from './recorded-text.tsx';

/** @param item a `command` transcript item */
export const CommandCard = memo(function CommandCard({ item }: { item: Extract<TranscriptItem, { kind: 'command' }> }) {
  const t = useCopy(transcriptLocales);
  const line = `${t.command(item.name)}${item.args ? ` ${item.args.trim()}` : ''}`;
  const failed = item.done?.kind === 'error';
  const ended = useLogEnded();
  return (
    <article className={`card command-card${failed ? ' is-error' : ''}`} aria-label={line}>
      <code className="command-line">{line}</code>
      {item.done === undefined ? (
        <p className="quiet">{ended ? t.unfinishedInLog : t.commandRunning}</p>
      ) : item.done.text ? (
        <p className="command-result">
          {failed ? <strong>{t.commandFailed}: </strong> : null}
          <RecordedText text={item.done.text} />
        </p>
      ) : failed ? (
        <p className="command-result">
          <strong>{t.commandFailed}</strong>
        </p>
      ) : null}
    </article>
  );
});
