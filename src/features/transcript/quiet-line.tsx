/**
 * Quiet system lines of the transcript: plugin notices, `plan/mode` flips ("Plan mode on"/"Plan mode off") and
 * turn ends (completed / cancelled / error with its message).
 */
import { memo } from 'react';
import type { TranscriptItem } from './fold.ts';
import { t } from './locales.ts';

type QuietItem = Extract<TranscriptItem, { kind: 'notice' | 'plan-mode' | 'turn-end' }>;

/** @param item a `notice`, `plan-mode` or `turn-end` transcript item */
export const QuietLine = memo(function QuietLine({ item }: { item: QuietItem }) {
  if (item.kind === 'plan-mode') {
    return <p className={`quiet plan-flip ${item.active ? 'on' : 'off'}`}>{item.active ? t.planModeOn : t.planModeOff}</p>;
  }
  if (item.kind === 'turn-end') {
    const failed = item.status === 'error';
    return <p className={`quiet turn-end${failed ? ' is-error' : ''}`}>{t.turnStatus(item.status, item.message)}</p>;
  }
  return (
    <p className="quiet notice" title={t.noticeFrom(item.plugin)}>
      {item.text || t.contextInjection(item.plugin)}
    </p>
  );
});
