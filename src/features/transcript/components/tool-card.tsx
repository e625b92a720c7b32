/**
 * A generic tool call as one line: the tool name (or the host's `view` title), a one-line summary
 * of its arguments and its status (running / done / dismissed / aborted / failed / no result in this log). The line
 * is the one disclosure of the call: expanded, it shows the full arguments and the result (a failed result without
 * its `Error: ` prefix). The open state is view state; the row's height change is measured by the virtualised list.
 */
import { memo, useId, useState } from 'react';
import { parseArguments, type TranscriptItem } from '../../../core/transcript/fold.ts';
import { useCopy } from '../../../lib/language.ts';
import { transcriptLocales, type TranscriptLocale } from '../locales.ts';
import { toolErrorOf } from '../model/tool-outcome.ts';
import { useLogEnded } from './log-ended.ts';
import { useRanWhilePlanning } from './plan-mode-calls.ts';
import { RecordedText } from './recorded-text.tsx';

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

/** The status word of a tool call, and whether it reads as a failure. */
function statusOf(
  t: TranscriptLocale,
  item: Extract<TranscriptItem, { kind: 'tool' }>,
  ended: boolean,
): { text: string; tone: 'running' | 'done' | 'error' | 'quiet' } {
  if (item.result === undefined) return ended ? { text: t.unfinishedInLog, tone: 'quiet' } : { text: t.toolRunning, tone: 'running' };
  if (!item.result.isError) return { text: t.toolDone, tone: 'done' };
  const kind = toolErrorOf(item.result.text).kind;
  return { text: t.toolOutcome[kind], tone: kind === 'failed' ? 'error' : 'quiet' };
}

/** @param item a `tool` transcript item */
export const ToolCard = memo(function ToolCard({ item }: { item: Extract<TranscriptItem, { kind: 'tool' }> }) {
  const t = useCopy(transcriptLocales);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const ended = useLogEnded();
  const whilePlanning = useRanWhilePlanning(item.callId);
  const status = statusOf(t, item, ended);
  const failed = status.tone === 'error';
  const title = item.view?.view.title;
  const resultText = item.result === undefined ? undefined : item.result.isError ? toolErrorOf(item.result.text).message : item.result.text;
  return (
    <article className={`tool-line${failed ? ' is-error' : ''}`} aria-label={t.toolCall(item.name)}>
      <button type="button" className="tool-line-button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((v) => !v)}>
        <span className="disclosure-chevron" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        <code className="tool-name">{item.name}</code>
        <span className="tool-summary">
          <RecordedText text={title ?? argumentsSummary(item.arguments)} />
        </span>
        <span className={`tool-status tone-${status.tone}`}>{status.text}</span>
        {whilePlanning ? <span className="tool-flag">{t.ranWhilePlanning}</span> : null}
      </button>
      <div id={panelId} className="tool-details" hidden={!open}>
        {open ? (
          <>
            <p className="eyebrow">{t.arguments}</p>
            <pre className="tool-args">
              <RecordedText text={prettyArguments(item.arguments)} />
            </pre>
            <p className="eyebrow">{t.toolResult}</p>
            {resultText === undefined ? (
              <p className="quiet">{ended ? t.unfinishedInLog : t.toolNoResultYet}</p>
            ) : resultText === '' ? (
              <p className="quiet">{t.toolResultEmpty}</p>
            ) : (
              <pre className={`tool-result${item.result?.isError ? ' is-error' : ''}`}>
                <RecordedText text={resultText} />
              </pre>
            )}
          </>
        ) : null}
      </div>
    </article>
  );
});

function prettyArguments(raw: string): string {
  const args = parseArguments(raw);
  return args ? JSON.stringify(args, null, 2) : raw;
}
