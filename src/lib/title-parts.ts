/**
 * Titles that tell rows apart in a narrow list: where two shown titles start with the same words, each is split into a
 * shared head (which may be cut with an ellipsis) and the words from the first one that differs (which stay in view).
 * Titles are compared word by word, case- and width-insensitively (NFKC); `Intl.Segmenter` finds words in any
 * script, so Chinese titles split between words too. Pure.
 */

/** How a row's title is shown: `head` may be cut, `tail` (the distinguishing words) stays whole; `head + tail` is the title. */
export interface TitleParts {
  head: string;
  tail: string;
}

// Built on first use, not when the module is evaluated: the first Intl object of a page loads ICU data (10-20 ms in
// traces of a cold navigation), which must not sit before the composer's first paint.
let words: Intl.Segmenter | undefined;

/** The title as runs that each end after a word-like segment (a word and what follows it up to the next word). */
function wordRunsOf(title: string): string[] {
  const runs: string[] = [];
  words ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  for (const { segment, isWordLike } of words.segment(title)) {
    if (isWordLike || runs.length === 0) runs.push(segment);
    else runs[runs.length - 1] += segment;
  }
  return runs;
}

const key = (run: string) => run.normalize('NFKC').toLocaleLowerCase().trim();

/** How many leading runs two titles share. */
function sharedRuns(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && key(a[n]!) === key(b[n]!)) n += 1;
  return n;
}

/**
 * The shown parts of each title: a title sharing its first words with another keeps those in `head` and the rest, from
 * the first word that differs, in `tail`; a title that shares nothing, or that is another's whole text, is all `head`.
 * Only the longest shared start with any other title counts (so "Add a flag to the CLI" beside "Add a flag to the
 * README" shows "CLI" and "README" in view).
 * @param titles the shown titles, in display order
 * @returns one `TitleParts` per title, same order; `head + tail` is always the title
 */
export function distinctTitlePartsOf(titles: readonly string[]): TitleParts[] {
  const runs = titles.map(wordRunsOf);
  // Titles are grouped by their first word: only those can share a start, so a long list is not compared pairwise.
  const byFirst = new Map<string, number[]>();
  runs.forEach((r, index) => {
    const first = r[0] === undefined ? '' : key(r[0]);
    byFirst.set(first, [...(byFirst.get(first) ?? []), index]);
  });
  return titles.map((title, index) => {
    const mine = runs[index]!;
    const first = mine[0] === undefined ? '' : key(mine[0]);
    let shared = 0;
    for (const other of byFirst.get(first) ?? []) {
      if (other !== index && first !== '') shared = Math.max(shared, sharedRuns(mine, runs[other]!));
    }
    if (shared === 0 || shared >= mine.length) return { head: title, tail: '' };
    const head = mine.slice(0, shared).join('');
    return { head, tail: title.slice(head.length) };
  });
}
