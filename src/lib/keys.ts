/**
 * Key facts every text field of the app reads the same way: an IME composition in progress (its Enter picks a
 * candidate and must never send), and the send shortcut of a multi-line field (Ctrl+Enter, ⌘+Enter on a Mac).
 */

/** The parts of a React or DOM keyboard event read here. */
interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  keyCode: number;
  nativeEvent?: { isComposing: boolean };
  isComposing?: boolean;
}

/** Whether an IME composition is in progress (`isComposing`, or keyCode 229 where the browser reports only that). */
export function isComposing(event: KeyLike): boolean {
  return (event.nativeEvent?.isComposing ?? event.isComposing ?? false) || event.keyCode === 229;
}

/** Whether the key sends a multi-line field: Ctrl+Enter or ⌘+Enter, outside an IME composition. */
export function isSendShortcut(event: KeyLike): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !isComposing(event);
}
