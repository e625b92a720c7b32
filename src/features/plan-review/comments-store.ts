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
}

const EMPTY: ReviewCommentsDraft = { comments: [], resolved: [] };

/** The comment draft store: rpcId → {@link ReviewCommentsDraft} (see `createDraftStore`). */
export const useReviewCommentsStore = createDraftStore<ReviewCommentsDraft>({
  name: REVIEW_COMMENTS_KEY,
  keep: (draft) => Array.isArray(draft?.comments) && (draft.comments.length > 0 || draft.resolved.length > 0 || draft.edit !== undefined),
});

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
