/**
 * A generic tool card: the tool name, a one-line summary of its arguments, its state (running / result /
 * dismissed / aborted / failed), and the result and full arguments behind disclosures. A failed result is shown
 * without its `Error: ` prefix. Host-attached `view`s title the card when present.
 */
import { memo } from 'react';
import { Disclosure } from '../../components/disclosure.tsx';
import { parseArguments, type TranscriptItem } from '../../core/transcript/fold.ts';
import { useCopy } from '../../lib/language.ts';
import { transcriptLocales } from './locales.ts';
import { toolErrorOf } from './tool-outcome.ts';
import { useLogEnded } from './log-ended.ts';

const SUMMARY_CHARS = 80;

/**
 * A one-line summary of a tool call's arguments: `key: value` pairs of scalar fields, cut to 80 characters.
 * @param raw the raw JSON arguments text
 */
export function argumentsSummary(raw: string): string {
  const args = parseArguments(raw);
  if (!args) return raw.length > SUMMARY_CHARS ? `${raw.slice(0, SUMMARY_CHARS - 1)}…` : raw;
  const parts = Object.entries(args).map(([key, value]) => {
    const shown =
      typeof value === 'string'
        ? value.replace(/\s+/g, ' ')
        : Array.isArray(value)
          ? `[${value.length}]`
          : typeof value === 'object' && value
            ? '{…}'
            : String(value);
    return `${key}: ${shown}`;
  });
  const line = parts.join(', ');
  return line.length > SUMMARY_CHARS ? `${line.slice(0, SUMMARY_CHARS - 1)}…` : line;
}

/** @param item a `tool` transcript item */
export const ToolCard = memo(function ToolCard({ item }: { item: Extract<TranscriptItem, { kind: 'tool' }> }) {
  const t = useCopy(transcriptLocales);
  const failed = item.result?.isError === true;
  const title = item.view?.view.title;
  const error = item.result?.isError ? toolErrorOf(item.result.text) : undefined;
  const ended = useLogEnded();
  const status = item.result === undefined ? (ended ? t.unfinishedInLog : t.toolRunning) : error ? t.toolOutcome[error.kind] : undefined;
  return (
    <article className={`card tool-card${failed ? ' is-error' : ''}`} aria-label={t.toolCall(item.name)}>
      <header className="card-head">
        <code className="tool-name">{item.name}</code>
        <span className="tool-summary">{title ?? argumentsSummary(item.arguments)}</span>
        {status ? <span className={`tool-status${failed ? ' is-error' : ''}`}>{status}</span> : null}
      </header>
      {item.result && item.result.text ? (
        error ? (
          error.message ? (
            <pre className="tool-result is-error">{error.message}</pre>
          ) : null
        ) : (
          <Disclosure label={t.toolResult}>
            <pre className="tool-result">{item.result.text}</pre>
          </Disclosure>
        )
      ) : null}
      <Disclosure label={t.arguments}>
        <pre className="tool-args">{prettyArguments(item.arguments)}</pre>
      </Disclosure>
    </article>
  );
});

function prettyArguments(raw: string): string {
  const args = parseArguments(raw);
  return args ? JSON.stringify(args, null, 2) : raw;
}
