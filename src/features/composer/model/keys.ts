/**
 * What a key in the composer's textbox does, decided from the key and the composer's state alone (the container
 * performs it): the suggestion list owns the arrows, Escape, Tab and a completing Enter while it is open; otherwise
 * Escape stops a running turn and Enter (without Shift) sends. IME composition never does anything.
 */

/** The parts of a keyboard event the decision reads. */
export interface ComposerKey {
  key: string;
  shiftKey: boolean;
  /** An IME composition is in progress (`isComposing`, or keyCode 229). */
  composing: boolean;
}

/** The composer's state as far as keys are concerned. */
export interface ComposerKeyState {
  draft: string;
  /** The name of the highlighted suggestion while the list is open, else undefined. */
  highlighted: string | undefined;
  running: boolean;
}

/** The action of a key: move the highlight, close the list, complete the highlighted name, stop the turn, or send. */
export type ComposerKeyAction = 'highlight-next' | 'highlight-previous' | 'close-suggestions' | 'complete' | 'stop' | 'send';

/**
 * The action of one key press, or undefined for a key the composer leaves alone (typing, Shift+Enter's newline).
 * Enter on a partial name completes it; on the exact name it sends the command as typed.
 */
export function composerKeyAction(key: ComposerKey, state: ComposerKeyState): ComposerKeyAction | undefined {
  if (key.composing) return undefined;
  if (state.highlighted !== undefined) {
    if (key.key === 'ArrowDown') return 'highlight-next';
    if (key.key === 'ArrowUp') return 'highlight-previous';
    if (key.key === 'Escape') return 'close-suggestions';
    if (key.key === 'Tab' && !key.shiftKey) return 'complete';
    if (key.key === 'Enter' && !key.shiftKey && state.draft !== `/${state.highlighted}`) return 'complete';
  }
  if (key.key === 'Escape' && state.running) return 'stop';
  if (key.key === 'Enter' && !key.shiftKey) return 'send';
  return undefined;
}
