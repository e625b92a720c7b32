/**
 * User-facing copy of the review's line comments (the "Comment" controls, the Comments region, the comments sent on
 * the previous revision), one `ReviewCommentsCopy` dictionary per interface language.
 */
import { dictionaries } from '../../../lib/language.ts';

/** Every string the line comments show. */
export type ReviewCommentsCopy = {
  /** A block's control and the comment textbox's label. */
  comment: string;
  commentOn: (lines: string) => string;
  /** A block's control while its box holds text not added yet (the box may be closed). */
  commentOnUnsent: (lines: string) => string;
  addComment: string;
  save: string;
  cancel: string;
  edit: string;
  remove: string;
  editOn: (lines: string) => string;
  removeOn: (lines: string) => string;
  /** The region of all comments. */
  region: string;
  count: (n: number) => string;
  /** "line 3" / "lines 3–5" of the plan. */
  lines: (start: number, end: number) => string;
  goTo: (lines: string) => string;
  commentOnSelection: string;
  /** The comments sent with Keep planning on the previous revision. */
  earlier: (version: number) => string;
  changed: string;
  unchanged: string;
  showChange: (version: number) => string;
  resolved: string;
  carry: string;
  notFound: string;
  carriedTo: (lines: string) => string;
  ruleNote: string;
};

/** English copy. */
export const reviewCommentsEn: ReviewCommentsCopy = {
  comment: 'Comment',
  commentOn: (lines) => `Comment on ${lines}`,
  commentOnUnsent: (lines) => `Comment on ${lines} (not added yet)`,
  addComment: 'Add comment',
  save: 'Save',
  cancel: 'Cancel',
  edit: 'Edit',
  remove: 'Delete',
  editOn: (lines) => `Edit the comment on ${lines}`,
  removeOn: (lines) => `Delete the comment on ${lines}`,
  region: 'Comments',
  count: (n) => (n === 1 ? '1 comment' : `${n} comments`),
  lines: (start, end) => (end > start ? `lines ${start}–${end}` : `line ${start}`),
  goTo: (lines) => `Go to ${lines}`,
  commentOnSelection: 'Comment on selected lines',
  earlier: (version) => `Comments sent on v${version}`,
  changed: 'The lines changed',
  unchanged: 'The lines did not change',
  showChange: (version) => `Show in Changes since v${version}`,
  resolved: 'Resolved',
  carry: 'Carry forward',
  notFound: 'Its lines could not be found in this revision, so it cannot be carried forward.',
  carriedTo: (lines) => `Carried forward to ${lines}; sent again with Keep planning.`,
  ruleNote: 'Marked from the line diff: “the lines changed” says nothing about whether the comment was addressed.',
};

/** Every dictionary of the line comments, by language. */
export const reviewCommentsLocales = dictionaries('reviewComments', reviewCommentsEn);

declare module '../../../lib/language.ts' {
  interface LocaleCopies {
    reviewComments: ReviewCommentsCopy;
  }
}
