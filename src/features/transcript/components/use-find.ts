/**
 * The find box's view state: open or not, the query, the current match (recomputed from the folded rows, never stored)
 * and the way back: closing gives focus to "Find" once it is rendered again.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { TranscriptItem } from '../../../core/transcript/fold.ts';
import type { TranscriptLocale } from '../locales.ts';
import { findRows } from '../model/row-text.ts';
import { stepMatch } from '../model/rows.ts';

/**
 * @param items the rows shown
 * @param t the transcript's copy (row texts are searched as shown)
 * @param findButton the "Find" button, which gets focus back when the box closes
 * @returns the state (`open`, `query`, `matches`, the `match`'s row index, its 1-based `position`) and the actions
 */
export function useFind(items: readonly TranscriptItem[], t: TranscriptLocale, findButton: RefObject<HTMLButtonElement | null>) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [matchAt, setMatchAt] = useState(0);
  const matches = useMemo(() => (open ? findRows(items, query, t) : []), [open, items, query, t]);
  const match = matches.length === 0 ? undefined : matches[Math.min(matchAt, matches.length - 1)];
  const refocus = useRef(false);
  useEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    findButton.current?.focus();
  }, [open, findButton]);
  const openFind = useCallback(() => setOpen(true), []);
  const closeFind = useCallback(() => {
    refocus.current = true;
    setOpen(false);
  }, []);
  const move = useCallback((step: 1 | -1) => setMatchAt((at) => stepMatch(at, matches.length, step)), [matches.length]);
  const changeQuery = useCallback((next: string) => {
    setQuery(next);
    setMatchAt(0);
  }, []);
  const position = match === undefined ? 0 : matches.indexOf(match) + 1;
  return { open, query, matches, match, position, openFind, closeFind, move, changeQuery };
}
