/**
 * Bidirectional control characters in untrusted text (a plan, a model's message, a log) are shown, never obeyed: an
 * embedding, override or isolate (U+202A–U+202E, U+2066–U+2069) would reorder what follows it, so "gnp.\u202Eexe" would
 * read as "exe.png" (the "Trojan Source" trick, CVE-2021-42574). Each becomes a visible marker such as ⟨U+202E⟩.
 */

/** The embedding, override and isolate controls (Unicode Bidirectional Algorithm, UAX #9 §2.1–2.4). */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/**
 * `text` with every bidi embedding, override or isolate control replaced by a visible marker (`⟨U+202E⟩`).
 * @param text any text; returned as is when it holds none (the common case costs one regex test)
 * @returns the text to display
 */
export function showBidiControls(text: string): string {
  if (!/[\u202A-\u202E\u2066-\u2069]/.test(text)) return text;
  return text.replace(BIDI_CONTROLS, (char) => `⟨U+${char.charCodeAt(0).toString(16).toUpperCase()}⟩`);
}
