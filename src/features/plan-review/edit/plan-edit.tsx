/**
 * Editing the plan under review, one lazy chunk (docs/style.md "Lazy views render at once"): the editor with its
 * preview, the decisions while editing, the "Edit plan" button and what the next revision did with the edits. The
 * card reads it through `lazyModule().use()` and the dock prefetches it with the card, so a review never waits for it.
 */
export { EditActions, EditButton } from './edit-actions.tsx';
export { editedPlanOf, sendRefusalOf, startEdit } from './edit-draft.ts';
export { EditOutcome } from './edit-outcome.tsx';
export { PlanEditor } from './plan-editor.tsx';
import './plan-edit.css';
