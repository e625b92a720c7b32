/**
 * User-facing copy of editing the plan under review ("Edit plan", the editor and its preview, "Send edits as
 * feedback", and what the next revision did with the edits), one `PlanEditCopy` dictionary per interface language.
 */
import { dictionaries } from '../../../lib/language.ts';

/** Every string of the plan editor. */
export type PlanEditCopy = {
  editPlan: string;
  /** "Edit plan" on a phone. */
  editShort: string;
  /** The editor textbox's name. */
  plan: string;
  hint: string;
  preview: string;
  emptyPreview: string;
  discard: string;
  send: string;
  /** The one line under "Send edits as feedback": edits reach the agent as feedback only. */
  sendNote: string;
  noEdits: string;
  emptyEdit: string;
  confirmDiscard: string;
  confirmDiscardBody: string;
  keepEditing: string;
  adopted: (version: number) => string;
  changed: (version: number) => string;
  diffLabel: string;
  ruleNote: string;
};

/** English copy. */
export const planEditEn: PlanEditCopy = {
  editPlan: 'Edit plan',
  editShort: 'Edit',
  plan: 'Plan',
  hint: 'Markdown. Ctrl+Enter sends the edits as feedback.',
  preview: 'Preview',
  emptyPreview: 'The plan is empty.',
  discard: 'Discard edits',
  send: 'Send edits as feedback',
  sendNote: 'dsh approves only the plan the agent sent: the agent gets your edits as feedback, and you approve its next revision.',
  noEdits: 'You have not changed the plan yet.',
  emptyEdit: 'The edited plan is empty.',
  confirmDiscard: 'Discard edits?',
  confirmDiscardBody: 'Your edits to the plan will be lost.',
  keepEditing: 'Keep editing',
  adopted: (version) => `The agent adopted your edits (sent on v${version}).`,
  changed: (version) => `The agent changed your edits (sent on v${version}).`,
  diffLabel: 'Differences from your edits',
  ruleNote: 'Compared line by line, ignoring line ends, trailing spaces and the final newline.',
};

/** Every dictionary of the plan editor, by language. */
export const planEditLocales = dictionaries('planEdit', planEditEn);

declare module '../../../lib/language.ts' {
  interface LocaleCopies {
    planEdit: PlanEditCopy;
  }
}
