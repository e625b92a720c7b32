/**
 * Plan-review Feedback drafts, keyed by the question's rpcId: a `createDraftStore` store (view state, persisted in
 * `sessionStorage` under `ui-plan:review-feedback`). The text survives the card unmounting and remounting (session
 * switch, a re-sent question with the same rpcId) and a reload; a new rpcId starts empty. Blank texts are not stored.
 */
import { createDraftStore } from '../../lib/draft-store.ts';

/** The `sessionStorage` key of the feedback drafts. */
export const REVIEW_FEEDBACK_KEY = 'ui-plan:review-feedback';

/** The feedback draft store: rpcId → Feedback text (see `createDraftStore`; version 1 stored `{feedback}`). */
export const useReviewFeedbackStore = createDraftStore<string>({ name: REVIEW_FEEDBACK_KEY, keep: (text) => text.trim() !== '', legacyField: 'feedback' });
