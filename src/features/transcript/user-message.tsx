/** A user message, rendered as markdown in a right-aligned bubble. */
import { memo } from 'react';
import { Markdown } from '../../components/markdown.tsx';
import type { TranscriptItem } from './fold.ts';
import { t } from './locales.ts';

/** @param item a `user` transcript item */
export const UserMessage = memo(function UserMessage({ item }: { item: Extract<TranscriptItem, { kind: 'user' }> }) {
  return (
    <article className="msg msg-user" aria-label={t.you}>
      <Markdown text={item.text} />
    </article>
  );
});
