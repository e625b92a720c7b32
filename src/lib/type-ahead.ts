/**
 * Type-ahead for a session being created: from "New session" until the new session's composer takes focus, the
 * keys typed anywhere in the page are held here, in order, instead of reaching whatever has focus (or nothing), and
 * the composer takes them as its first text. Printable characters and Shift+Enter are text, Backspace removes the
 * last one, a plain Enter ends the capture and the composer sends the text with it (its held send, once it shows the
 * text and the downlink is open). Tab, Escape, a shortcut (Ctrl/Cmd/Alt), an IME composition, a pointer press,
 * `cancelTypeAhead` or {@link TYPE_AHEAD_LIMIT_MS} end the capture without taking the key. One capture at a time;
 * module state, never rendered.
 */
import { isComposing } from './keys.ts';

/** What was typed while a new session's composer was on its way. */
export interface TypeAhead {
  /** The characters, in the order typed (`\n` for Shift+Enter). */
  text: string;
  /** A plain Enter was typed after `text`: the composer sends `text` (held until it can, as its own Enter while offline). */
  enter: boolean;
}

/** How long a capture waits for a composer before it lets keys through again, in ms. */
export const TYPE_AHEAD_LIMIT_MS = 30_000;

let held: TypeAhead = { text: '', enter: false };
let stopCapture: (() => void) | undefined;

function onKeyDown(event: KeyboardEvent): void {
  if (isComposing(event)) return endCapture();
  const shortcut = event.ctrlKey || event.metaKey || event.altKey;
  if (!shortcut && event.key.length === 1) held.text += event.key;
  else if (!shortcut && event.key === 'Enter' && event.shiftKey) held.text += '\n';
  else if (!shortcut && event.key === 'Backspace') held.text = held.text.slice(0, -1);
  else if (!shortcut && event.key === 'Enter') {
    held.enter = true;
    endCapture();
  } else if (['Shift', 'CapsLock'].includes(event.key)) return;
  else return endCapture();
  event.preventDefault();
  event.stopPropagation();
}

function endCapture(): void {
  stopCapture?.();
  stopCapture = undefined;
}

/**
 * Start holding keys for a session being created (called as "New session" is pressed). A capture already running
 * goes on with what it holds.
 * @param target - where keys are listened for (capture phase); the page's `document` by default
 */
export function startTypeAhead(target: Document = document): void {
  if (stopCapture !== undefined) return;
  held = { text: '', enter: false };
  const timer = setTimeout(endCapture, TYPE_AHEAD_LIMIT_MS);
  target.addEventListener('keydown', onKeyDown, true);
  target.addEventListener('pointerdown', endCapture, true);
  stopCapture = () => {
    clearTimeout(timer);
    target.removeEventListener('keydown', onKeyDown, true);
    target.removeEventListener('pointerdown', endCapture, true);
  };
}

/** The creation failed: stop holding keys and drop what was held (no composer will take it). */
export function cancelTypeAhead(): void {
  endCapture();
  held = { text: '', enter: false };
}

/**
 * Take what was typed: ends the capture and empties the hold, so it is taken once.
 * @returns the held keys; `{text: '', enter: false}` when nothing was typed or no capture ran
 */
export function takeTypeAhead(): TypeAhead {
  endCapture();
  const taken = held;
  held = { text: '', enter: false };
  return taken;
}
