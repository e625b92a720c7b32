/**
 * An assistant message: reasoning blocks collapsed behind a "Reasoning" disclosure, text blocks as markdown;
 * while the step is still streaming the partial text shows with a "Writing…" marker. A streamed chunk re-parses only
 * the open last chunk of its block: the Markdown component memoises the completed chunks on their source, and the
 * split keeps them byte-identical as the text grows (issue 9 point 2), so a long answer costs linear time.
 */
import { memo } from 'react';
import { Disclosure } from '../../components/disclosure.tsx';
import { Markdown } from '../../components/markdown.tsx';
import type { TranscriptItem } from '../../core/transcript/fold.ts';
import { useCopy } from '../../lib/language.ts';
import { transcriptLocales } from './locales.ts';

/** @param item an `assistant` transcript item */
export const AssistantMessage = memo(function AssistantMessage({ item }: { item: Extract<TranscriptItem, { kind: 'assistant' }> }) {
  const t = useCopy(transcriptLocales);
  const visible = item.blocks.filter((b) => b.text.trim() !== '');
  if (visible.length === 0 && !item.streaming) return null;
  return (
    <article className="msg msg-assistant" aria-label={t.assistant}>
      {visible.map((block, i) =>
        block.type === 'reasoning' ? (
          <Disclosure key={i} className="reasoning" label={t.reasoning}>
            <p className="reasoning-text">{block.text}</p>
          </Disclosure>
        ) : (
          <Markdown key={i} text={block.text} />
        ),
      )}
      {item.streaming ? <p className="quiet streaming">{t.streaming}</p> : null}
    </article>
  );
});
