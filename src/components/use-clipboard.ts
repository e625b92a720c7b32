/**
 * Copy a text to the clipboard and remember how it went: one rule for the code
 * blocks' Copy and the plans' Copy plan. `navigator.clipboard.writeText`; a refused permission or a page without a
 * clipboard (an insecure context) is a failure with the browser's reason. "Copied" clears after a moment; a failure
 * stays until the next copy, since it tells the user what to do instead.
 */
import { useEffect, useRef, useState } from 'react';

/** What the last copy did. */
export type CopyOutcome = { kind: 'idle' } | { kind: 'copied' } | { kind: 'failed'; reason: string };

/** How long "Copied" shows after a copy, in ms. */
export const COPIED_MS = 2_000;

/**
 * @returns the last outcome and `copyText(text)` (never rejects)
 */
export function useClipboardCopy(): { outcome: CopyOutcome; copyText: (text: string) => Promise<void> } {
  const [outcome, setOutcome] = useState<CopyOutcome>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copyText = async (text: string) => {
    clearTimeout(timer.current);
    try {
      if (!navigator.clipboard?.writeText) throw new Error('');
      await navigator.clipboard.writeText(text);
      setOutcome({ kind: 'copied' });
      timer.current = setTimeout(() => setOutcome({ kind: 'idle' }), COPIED_MS);
    } catch (error) {
      setOutcome({ kind: 'failed', reason: error instanceof Error ? error.message : '' });
    }
  };
  return { outcome, copyText };
}
