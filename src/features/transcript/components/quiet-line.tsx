/**
 * Quiet system lines of the transcript: plugin notices, `plan/mode` flips ("Plan mode on"/"Plan mode off"),
 * `mode/set` lines of the session-modes variant ("Mode: Review") and turn ends (completed / cancelled / error), a turn
 * end with the audit of the plan carried out in it ("Plan carried out: 4 of 5 steps; 1 not done; 1 extra").
 */
import { memo } from 'react';
import type { TranscriptItem } from '../../../core/transcript/fold.ts';
import { useCopy } from '../../../lib/language.ts';
import { transcriptLocales } from '../locales.ts';
import { useTurnAudit } from './turn-audits.ts';

type QuietItem = Extract<TranscriptItem, { kind: 'notice' | 'plan-mode' | 'mode' | 'turn-end' }>;

/** @param item a `notice`, `plan-mode`, `mode` or `turn-end` transcript item */
export const QuietLine = memo(function QuietLine({ item }: { item: QuietItem }) {
  const t = useCopy(transcriptLocales);
  const audit = useTurnAudit(item.seq);
  if (item.kind === 'plan-mode') {
    return <p className={`quiet plan-flip ${item.active ? 'on' : 'off'}`}>{item.active ? t.planModeOn : t.planModeOff}</p>;
  }
  if (item.kind === 'mode') {
    return <p className={`quiet plan-flip ${item.mode === 'default' ? 'off' : 'on'}`}>{t.modeSet(item.mode)}</p>;
  }
  if (item.kind === 'turn-end') {
    const failed = item.status === 'error';
    return (
      <p className={`quiet turn-end${failed ? ' is-error' : ''}`}>
        {t.turnStatus(item.status, item.message)}
        {audit && item.kind === 'turn-end' ? (
          <span className="plan-audit-line"> · {t.planAudit(audit.done, audit.total, audit.notDone, audit.extra)}</span>
        ) : null}
      </p>
    );
  }
  return (
    <p className="quiet notice" title={t.noticeFrom(item.plugin)}>
      {item.text || t.contextInjection(item.plugin)}
    </p>
  );
});
