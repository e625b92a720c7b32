/**
 * Answer encoding of the generic question flow (docs/upstream-spec.md §3.4): how one question's draft becomes an
 * answer item, when a draft counts as answered, and the "(Recommended)" label suffix. The encoding never
 * depends on a question's intent (docs/upstream-spec.md §3.1).
 */
import type { AnswerItem, QuestionItem } from './types.ts';

/** One question's draft in the composer: chosen labels, free text (verbatim, may be multi-line), skipped flag. */
export interface AnswerDraft {
  selected: string[];
  custom: string;
  skipped: boolean;
}

/**
 * Encode one draft: skipped → `{id, selected: []}`; custom text that is non-empty after trimming →
 * `{id, selected: multiSelect ? selected : [], custom}` with `custom` sent verbatim (untrimmed);
 * otherwise `{id, selected}`.
 * Source: docs/upstream-spec.md §3.4 "Encoding", §3.1 (custom replaces the selection on single-select); §6 items 87, 90.
 * @param question - the question being answered
 * @param draft - its draft
 * @returns the answer item (a fresh `selected` array)
 */
export function encodeAnswerItem(question: QuestionItem, draft: AnswerDraft): AnswerItem {
  if (draft.skipped) return { id: question.id, selected: [] };
  if (draft.custom.trim() !== '') {
    return { id: question.id, selected: question.multiSelect === true ? [...draft.selected] : [], custom: draft.custom };
  }
  return { id: question.id, selected: [...draft.selected] };
}

/**
 * Whether a draft is complete for submission: skipped, or at least one label, or non-blank custom text.
 * Source: docs/upstream-spec.md §3.4 (Skip completes a question; submit jumps to the first incomplete one).
 * @param _question - the question (the rule does not depend on it today; kept so callers need not change)
 * @param draft - its draft
 * @returns true when the question needs no more input
 */
export function isDraftAnswered(_question: QuestionItem, draft: AnswerDraft): boolean {
  return draft.skipped || draft.selected.length > 0 || draft.custom.trim() !== '';
}

const RECOMMENDED_SUFFIX = /\s*[(（]\s*(?:recommended|推荐)\s*[)）]\s*$/iu;

/**
 * Split a trailing recommendation marker off an option label for display: `(Recommended)` or `(推荐)`,
 * with ASCII or full-width parentheses (either side), case-insensitive, surrounding spaces ignored. The
 * answer keeps the full label; only the display drops the suffix. A label that is nothing but the marker
 * keeps its full text for display.
 * Source: docs/upstream-spec.md §3.4 (recommendation badge); §6 item 96.
 * @param label - an option label
 * @returns `{display, recommended}`
 */
export function recommendedLabel(label: string): { display: string; recommended: boolean } {
  const match = RECOMMENDED_SUFFIX.exec(label);
  if (match === null) return { display: label, recommended: false };
  const display = label.slice(0, match.index);
  return { display: display === '' ? label : display, recommended: true };
}
