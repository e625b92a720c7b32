/**
 * A `todo_write` call as one quiet line: how many to-dos of the list it wrote are completed ("Updated the plan’s
 * progress: 3 of 5"), running, or refused with the host's error. The list itself is read by Plan progress.
 */
import { memo } from 'react';
import { parseArguments, type TranscriptItem } from '../../../core/transcript/fold.ts';
import { useCopy } from '../../../lib/language.ts';
import { transcriptLocales } from '../locales.ts';
import { toolErrorOf } from '../model/tool-outcome.ts';

/** @param item a `tool` transcript item whose name is `todo_write` */
export const TodoLine = memo(function TodoLine({ item }: { item: Extract<TranscriptItem, { kind: 'tool' }> }) {
  const t = useCopy(transcriptLocales);
  if (item.result?.isError) return <p className="quiet todo-line is-error">{t.todoRefused(toolErrorOf(item.result.text).message)}</p>;
  if (item.result === undefined) return <p className="quiet todo-line">{t.todoUpdating}</p>;
  // Counted here without the to-do module, which stays in the lazy Plan progress chunk.
  const todos = parseArguments(item.arguments)?.todos;
  const list: unknown[] = Array.isArray(todos) ? todos : [];
  const done = list.filter((todo) => (todo as { status?: unknown } | null)?.status === 'completed').length;
  return <p className="quiet todo-line">{t.todoUpdated(done, list.length)}</p>;
});
