/**
 * The words the scripted model reads plans and feedback with: content keywords of a text (stopwords dropped)
 * and the shape of one plan step. Shared by plan writing and the feedback interpreter; pure.
 */

/** One executable step of a scripted plan: the file it writes and what it does there. */
export interface PlanStep {
  /** Workspace-relative path the step writes (existing in the listing, or new). */
  file: string;
  /** The step's sentence as shown in the plan (markdown, without the list marker). */
  text: string;
}

const STOPWORDS = new Set(
  (
    'the a an and or but to of in on for with from into onto by is are was be been this that these those it its ' +
    'plan planning please make change changes small new file files code should would could can you your me my our ' +
    'we i do does not no any all some then than when once after before so as at use using call stop reply single ' +
    'word words short point points bullet bullets most least just only also very what which who how why where there ' +
    'here have has had will want need like let lets help about over under more less one two three five via per'
  ).split(' '),
);

/**
 * Lower-cased content words of a text (length ≥ 3, stopwords removed), in first-seen order.
 * @param text - any text.
 */
export function keywordsOf(text: string): string[] {
  const seen = new Set<string>();
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    if (word.length >= 3 && !STOPWORDS.has(word)) seen.add(word);
  }
  return [...seen];
}
