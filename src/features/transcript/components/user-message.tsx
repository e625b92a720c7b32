/**
 * A user message in a right-aligned bubble, as plain text with its line breaks kept: what the user typed is shown
 * verbatim (`<b>html</b>` stays visible text; React escapes it), never interpreted as markdown.
 */
import { memo } from 'react';
import type { TranscriptItem } from '../../../core/transcript/fold.ts';
import { useCopy } from '../../../lib/language.ts';
import { transcriptLocales } from '../locales.ts';
import { RecordedText } from './recorded-text.tsx';

/** @param item a `user` transcript item */
export const UserMessage = memo(function UserMessage({ item }: { item: Extract<TranscriptItem, { kind: 'user' }> }) {
  const t = useCopy(transcriptLocales);
  return (
    <article className="msg msg-user" aria-label={t.you}>
      <p className="msg-user-text">
        <RecordedText text={item.text} />
      </p>
    </article>
  );
});
