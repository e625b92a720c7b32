/**
 * Line-comment drafts of a plan review, keyed by the question's rpcId like the Feedback draft (`feedback-store.ts`):
 * a `createDraftStore` store persisted in the tab's `sessionStorage` under `ui-plan:review-comments`, so comments
 * survive a reload and a server restart and leave only through `clear` (an accepted answer, or moved to the message
 * box when the review was answered elsewhere). Also the marks on the comments sent on the previous revision
 * (resolved; a carried-forward one is a draft comment that names it) and the reviewer's edit of the plan. Drafts
 * only: nothing here is ever logged.
 */
import { createDraftStore } from '../../lib/draft-store.ts';
import { ownEntry } from '../../lib/session-persist.ts';

/** The `sessionStorage` key of the comment drafts. */
export const REVIEW_COMMENTS_KEY = 'ui-plan:review-comments';

/** A draft comment: its anchor (plan lines, 1-based inclusive, and their text) and what the reviewer wrote. */
export interface DraftComment {
  /** Unique within its review. */
  id: string;
  start: number;
  end: number;
  /** The anchored lines, whole (cut only when sent). */
  quote: string;
  text: string;
  /** The key (`earlierCommentKey`) of the comment sent on the previous revision that this one carries forward. */
  carriedFrom?: string | undefined;
}

/**
 * A comment typed in a line's comment box but not added yet (the box closed with Escape or Cancel, or still open): kept
 * like the Feedback text, as GitHub keeps a pending review comment, so reopening the line's box shows it, a reload keeps
 * it, Keep planning sends it and Approve asks first. At most one per block (same `start`/`end`).
 */
export interface UnsentComment {
  start: number;
  end: number;
  /** The anchored lines, whole (as in {@link DraftComment}). */
  quote: string;
  /** What was typed, as typed (never blank: a blank text removes the entry). */
  text: string;
}

/** The reviewer's edit of the plan under review (docs/review-comments.md "Editing the plan"). */
export interface PlanEditDraft {
  /** The edited Markdown. */
  text: string;
  /** Whether `text` differs from the plan the agent sent (exact compare): only a changed edit is worth moving on. */
  changed: boolean;
}

/** The comment drafts of one review: comments in the order added, the earlier comments marked resolved, the edit. */
export interface ReviewCommentsDraft {
  comments: DraftComment[];
  /** Keys (`earlierCommentKey`) of comments sent on the previous revision that the reviewer marked resolved. */
  resolved: string[];
  /** Present while the plan is being edited ("Edit plan" until "Discard edits" or an accepted answer). */
  edit?: PlanEditDraft | undefined;
  /** Comments typed but not added (absent in drafts stored before they were kept). */
  unsent?: UnsentComment[] | undefined;
}

const EMPTY: ReviewCommentsDraft = { comments: [], resolved: [] };

/** The comment draft store: rpcId → {@link ReviewCommentsDraft} (see `createDraftStore`). */
export const useReviewCommentsStore = createDraftStore<ReviewCommentsDraft>({
  name: REVIEW_COMMENTS_KEY,
  keep: (draft) =>
    Array.isArray(draft?.comments) && (draft.comments.length > 0 || draft.resolved.length > 0 || draft.edit !== undefined || unsentOf(draft).length > 0),
});

/** The unsent comments of a draft (none when absent or malformed). */
export function unsentOf(draft: ReviewCommentsDraft | undefined): UnsentComment[] {
  return Array.isArray(draft?.unsent) ? draft.unsent : [];
}

/**
 * Keep what is typed in the comment box of lines `start`..`end` (replacing that block's earlier unsent text), or drop
 * it when `text` is blank. Writes the store only: nothing subscribed to the drafts' comments re-renders.
 * @param rpcId the question's rpcId
 * @param comment the block's lines, their quote and the text typed
 */
export function setUnsentComment(rpcId: string, comment: UnsentComment): void {
  useReviewCommentsStore.getState().update(rpcId, (draft) => {
    const others = unsentOf(draft).filter((c) => c.start !== comment.start || c.end !== comment.end);
    const unsent = comment.text.trim() === '' ? others : [...others, comment];
    return {
      comments: Array.isArray(draft?.comments) ? draft.comments : [],
      resolved: Array.isArray(draft?.resolved) ? draft.resolved : [],
      ...withoutUnsent(draft),
      unsent,
    };
  });
}

function withoutUnsent(draft: ReviewCommentsDraft | undefined): Partial<ReviewCommentsDraft> {
  if (draft === undefined || typeof draft !== 'object') return {};
  const { unsent: _unsent, ...rest } = draft;
  return rest;
}

/**
 * The unsent text of the comment box of lines `start`..`end`, or `''`.
 * @param rpcId the question's rpcId
 */
export function unsentCommentOf(rpcId: string, start: number, end: number): string {
  return unsentOf(ownEntry(useReviewCommentsStore.getState().entries, rpcId)).find((c) => c.start === start && c.end === end)?.text ?? '';
}

/**
 * What a decision sends as the review's comments: the added ones, then the unsent ones (trimmed) as if added.
 * @param draft the review's comment drafts
 */
export function commentsToSend(draft: ReviewCommentsDraft): DraftComment[] {
  const unsent = unsentOf(draft)
    .filter((c) => c.text.trim() !== '')
    .map((c, i) => ({ id: `unsent${i + 1}`, start: c.start, end: c.end, quote: c.quote, text: c.text.trim() }));
  return [...draft.comments, ...unsent];
}

/**
 * The comment drafts of a review now (not subscribed), a well-formed empty draft when there are none.
 * @param rpcId the question's rpcId
 */
export function commentsDraftOf(rpcId: string): ReviewCommentsDraft {
  const draft = ownEntry(useReviewCommentsStore.getState().entries, rpcId);
  return draft && Array.isArray(draft.comments) && Array.isArray(draft.resolved) ? draft : EMPTY;
}

/**
 * The key of the `index`-th comment sent with the Keep planning on a revision (its `exit_plan_mode` call id).
 * @param callId the earlier revision's call id
 * @param index 0-based position of the comment in that feedback
 */
export function earlierCommentKey(callId: string, index: number): string {
  return `${callId}#${index}`;
}

/** Comments in plan order (by start line, then end line, then the order added), as sent. */
export function inPlanOrder<C extends { start: number; end: number }>(comments: readonly C[]): C[] {
  return comments
    .map((comment, i) => ({ comment, i }))
    .sort((a, b) => a.comment.start - b.comment.start || a.comment.end - b.comment.end || a.i - b.i)
    .map(({ comment }) => comment);
}
