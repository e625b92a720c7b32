/** The sidebar's Undo offer as React state over `model/undo.ts` (the timer stops when the sidebar unmounts). */
import { useEffect, useState } from 'react';
import { createUndoWindow, type UndoWindow } from '../model/undo.ts';

/** @returns the entry offered now (undefined when none) and the window to offer or take it */
export function useUndoWindow<T>(): [offered: T | undefined, undo: UndoWindow<T>] {
  const [offered, setOffered] = useState<T | undefined>(undefined);
  const [undo] = useState(() => createUndoWindow<T>(setOffered));
  useEffect(() => () => undo.stop(), [undo]);
  return [offered, undo];
}
