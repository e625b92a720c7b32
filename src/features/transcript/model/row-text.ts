/**
 * The searchable text of a transcript row, for the find box (the browser's own find cannot see rows the
 * virtualised transcript does not render). It is what the row shows or holds behind a disclosure — messages,
 * reasoning, tool names, arguments and results, plan text, command lines and results, quiet lines — lower-cased
 * once per row object and dictionary (rows are immutable, so a changed row is a new key in the cache; the rows our own
 * copy words — plan-mode lines, turn ends — are searched in the interface language they are shown in).
 */
import type { TranscriptItem } from '../../../core/transcript/fold.ts';
import type { TranscriptLocale } from '../locales.ts';

const caches = new WeakMap<TranscriptLocale, WeakMap<TranscriptItem, string>>();

function textOf(item: TranscriptItem, t: TranscriptLocale): string {
  switch (item.kind) {
    case 'user':
      return item.text;
    case 'notice':
      return item.text || t.contextInjection(item.plugin);
    case 'assistant':
      return item.blocks.map((b) => b.text).join('\n');
    case 'tool':
      return [item.name, item.view?.view.title ?? '', item.arguments, item.result?.text ?? ''].join('\n');
    case 'command':
      return [t.command(item.name), item.args ?? '', item.done?.text ?? ''].join('\n');
    case 'plan-mode':
      return item.active ? t.planModeOn : t.planModeOff;
    case 'mode':
      return t.modeSet(item.mode);
    case 'turn-end':
      return t.turnStatus(item.status, item.message);
    default: {
      const never: never = item;
      return never;
    }
  }
}

/**
 * A row's searchable text, lower-cased (for a case-insensitive match).
 * @param item a transcript row
 * @param t the dictionary of the interface language (the one the row is shown with)
 * @returns its text; cached per row object and dictionary
 */
export function searchTextOf(item: TranscriptItem, t: TranscriptLocale): string {
  let cache = caches.get(t);
  if (cache === undefined) {
    cache = new WeakMap();
    caches.set(t, cache);
  }
  let text = cache.get(item);
  if (text === undefined) {
    text = textOf(item, t).toLowerCase();
    cache.set(item, text);
  }
  return text;
}

/**
 * Indexes of the rows whose text contains `query` (case-insensitive), in row order.
 * @param items the transcript rows
 * @param query what the user typed, spaces included; blank matches nothing
 * @param t the dictionary of the interface language (the one the rows are shown with)
 * @returns ascending row indexes
 */
export function findRows(items: readonly TranscriptItem[], query: string, t: TranscriptLocale): number[] {
  if (!query.trim()) return [];
  const needle = query.toLowerCase();
  const found: number[] = [];
  for (let i = 0; i < items.length; i += 1) if (searchTextOf(items[i]!, t).includes(needle)) found.push(i);
  return found;
}
