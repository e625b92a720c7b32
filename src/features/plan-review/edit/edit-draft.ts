/**
 * The reviewer's edit of the plan, kept in the review's draft (`comments-store.ts`, per tab, beside the line comments):
 * present from "Edit plan" until "Discard edits" or an accepted answer, so an edit survives a reload and a server
 * restart. What Keep planning sends for it: the edited plan and the short diff (`planEditDiff`), only when edited.
 */
import type { EditedPlan } from '../../../core/review/feedback-format.ts';
import { isEdited, planEditDiff } from '../../../core/review/plan-edit.ts';
import { ownEntry } from '../../../lib/session-persist.ts';
import { commentsDraftOf, useReviewCommentsStore, type PlanEditDraft, type ReviewCommentsDraft } from '../comments-store.ts';

function withEdit(draft: ReviewCommentsDraft | undefined, edit: PlanEditDraft | undefined): ReviewCommentsDraft {
  return { ...draft, comments: draft?.comments ?? [], resolved: draft?.resolved ?? [], edit };
}

/** A stored edit, when it is well formed (anything else reads as no edit). */
export function readEdit(draft: ReviewCommentsDraft | undefined): PlanEditDraft | undefined {
  const edit = draft?.edit;
  return typeof edit?.text === 'string' ? edit : undefined;
}

/**
 * Start editing (the edit begins as the agent's plan); a no-op while an edit is kept.
 * @param rpcId the review question
 * @param plan the plan the agent sent
 */
export function startEdit(rpcId: string, plan: string): void {
  if (readEdit(commentsDraftOf(rpcId)) !== undefined) return;
  useReviewCommentsStore.getState().update(rpcId, (draft) => withEdit(draft, { text: plan, changed: false }));
}

/** Store the edited text (`changed` compares it with the agent's plan exactly). */
export function setEditText(rpcId: string, plan: string, text: string): void {
  useReviewCommentsStore.getState().update(rpcId, (draft) => withEdit(draft, { text, changed: text !== plan }));
}

/** Stop editing and forget the edit; comments and marks stay. */
export function discardEdit(rpcId: string): void {
  useReviewCommentsStore.getState().update(rpcId, (draft) => withEdit(draft, undefined));
}

/** The edit of a review as a hook (re-renders when it changes). */
export function useEdit(rpcId: string): PlanEditDraft | undefined {
  return useReviewCommentsStore((state) => readEdit(ownEntry(state.entries, rpcId)));
}

/**
 * What Keep planning sends for the edit: the edited plan and the diff from the agent's plan to it.
 * @param rpcId the review question
 * @param plan the plan the agent sent
 * @returns undefined when not editing or the text equals the plan after normalising (`isEdited`)
 */
export function editedPlanOf(rpcId: string, plan: string): EditedPlan | undefined {
  const edit = readEdit(commentsDraftOf(rpcId));
  if (edit === undefined || !isEdited(plan, edit.text)) return undefined;
  return { plan: edit.text, diff: planEditDiff(plan, edit.text) };
}

/**
 * Why "Send edits as feedback" must not send now: the edited plan is empty, or it equals the agent's plan after
 * normalising (nothing edited); undefined when it may.
 * @returns the key of the message the card shows (`PlanEditCopy`)
 */
export function sendRefusalOf(rpcId: string, plan: string): 'emptyEdit' | 'noEdits' | undefined {
  const text = readEdit(commentsDraftOf(rpcId))?.text ?? plan;
  return text.trim() === '' ? 'emptyEdit' : isEdited(plan, text) ? undefined : 'noEdits';
}
