/**
 * An assistant message: its reasoning as one quiet collapsible line (a one-line preview; expanded, the whole
 * reasoning), then its text blocks as markdown; while the step is still streaming the partial text shows with a
 * "Writing…" marker, and a step cut off by its turn's end (Stop, a failure) — or by the end of a read-only log — ends
 * with a marker ("Stopped", "The log ends here"), so a half sentence never reads as a finished answer. A streamed chunk re-parses only the open last chunk of
 * its block: the Markdown component memoises the completed chunks on their source, and the split keeps them
 * byte-identical as the text grows, so a long answer costs linear time.
 */
import { memo, useId, useState } from 'react';
import { Markdown } from '../../../components/markdown.tsx';
import type { TranscriptItem } from '../../../core/transcript/fold.ts';
import { useCopy } from '../../../lib/language.ts';
import { transcriptLocales } from '../locales.ts';
import { useLogEnded } from './log-ended.ts';
import { RecordedText, useRecordedMarkdown } from './recorded-text.tsx';

/** Characters of reasoning shown in the collapsed line (the line also ellipsises to its width). */
const PREVIEW_CHARS = 240;

type AssistantItem = Extract<TranscriptItem, { kind: 'assistant' }>;

function ReasoningLine({ text, streaming }: { text: string; streaming: boolean }) {
  const t = useCopy(transcriptLocales);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const preview = text.slice(0, PREVIEW_CHARS).replace(/\s+/g, ' ').trim();
  return (
    <div className="reasoning">
      <button type="button" className="reasoning-button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((v) => !v)}>
        <span className="disclosure-chevron" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        <span className="reasoning-label">{streaming ? t.reasoningStreaming : t.reasoning}</span>
        {open ? null : (
          <span className="reasoning-preview" aria-hidden="true">
            <RecordedText text={preview} />
          </span>
        )}
      </button>
      <div id={panelId} className="reasoning-panel" hidden={!open}>
        {open ? (
          <p className="reasoning-text">
            <RecordedText text={text} />
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** @param item an `assistant` transcript item */
export const AssistantMessage = memo(function AssistantMessage({ item }: { item: AssistantItem }) {
  // A read-only log that stops inside this step will not go on: its text is cut there, never still "Writing…".
  const t = useCopy(transcriptLocales);
  const ended = useLogEnded();
  const recorded = useRecordedMarkdown();
  const visible = item.blocks.filter((b) => b.text.trim() !== '');
  if (visible.length === 0 && !item.streaming) return null;
  const reasoning = visible
    .filter((b) => b.type === 'reasoning')
    .map((b) => b.text.trim())
    .join('\n\n');
  const texts = visible.filter((b) => b.type === 'text');
  // Reasoning still streams while no text has started: its line says so.
  const thinking = item.streaming && !ended && texts.length === 0;
  return (
    <article className={`msg msg-assistant${item.cut ? ' is-cut' : ''}`} aria-label={t.assistant}>
      {reasoning !== '' ? <ReasoningLine text={reasoning} streaming={thinking} /> : null}
      {texts.map((block, i) => (
        <Markdown key={i} text={recorded(block.text)} />
      ))}
      {item.streaming ? ended ? <p className="msg-cut">{t.cutInLog}</p> : <p className="quiet streaming">{t.streaming}</p> : null}
      {item.cut ? <p className="msg-cut">{t.cut(item.cut)}</p> : null}
    </article>
  );
});
