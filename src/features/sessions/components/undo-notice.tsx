/** "Deleted “…”." with Undo, which takes focus when the notice appears (the delete was the person's own action). */
import { useEffect, useRef } from 'react';
import { useCopy } from '../../../lib/language.ts';
import { sessionsLocales } from '../locales.ts';

/** Props of {@link UndoNotice}. */
export interface UndoNoticeProps {
  /** The deleted session's shown title. */
  title: string;
  restoring: boolean;
  onUndo: () => void;
}

/** The notice (see {@link UndoNoticeProps}); key it by the deleted session so a newer delete focuses Undo again. */
export function UndoNotice({ title, restoring, onUndo }: UndoNoticeProps) {
  const t = useCopy(sessionsLocales);
  const undo = useRef<HTMLButtonElement>(null);
  useEffect(() => undo.current?.focus(), []);
  return (
    <div role="status" className="session-deleted">
      <span>{t.deleted(title)}</span>
      <button ref={undo} type="button" className="button" onClick={onUndo} disabled={restoring}>
        {t.undo}
      </button>
    </div>
  );
}
