/**
 * What every confirm row of the card shares (an `alertdialog`, WAI-ARIA APG dialog pattern): focus on its safe choice
 * when it opens, and Escape cancels it (stopping there, so the expanded card does not collapse too).
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';

/**
 * @param onCancel called on Escape
 * @returns the ref for the safe choice's button and the row's key handler
 */
export function useConfirmKeys(onCancel: () => void) {
  const safeChoice = useRef<HTMLButtonElement>(null);
  useEffect(() => safeChoice.current?.focus(), []);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onCancel();
  };
  return { safeChoice, onKeyDown };
}
