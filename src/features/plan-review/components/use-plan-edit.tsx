/**
 * The card's plan editing: the lazily loaded editor chunk (`edit/plan-edit.tsx`, read through `lazyModule().use()`;
 * until it is there the card shows no "Edit plan", never a fallback), the "Edit plan" button, the editor in the
 * plan's place, its decisions in place of Approve, what Keep planning sends for the edit, and on the next revision
 * whether the agent adopted the edits. Editing is offered only when the review can take Keep planning feedback.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { EditedPlan } from '../../../core/review/feedback-format.ts';
import type { PlanRevision } from '../../../core/review/history.ts';
import { lazyModule } from '../../../lib/lazy-module.ts';
import { ownEntry } from '../../../lib/session-persist.ts';
import { useReviewCommentsStore } from '../comments-store.ts';

const planEdit = lazyModule(() => import('../edit/plan-edit.tsx'));

/**
 * Load the editor chunk now (or join the load); the dock calls it with the card's own chunk.
 * @returns resolves once tried; never rejects
 */
export async function loadPlanEdit(): Promise<void> {
  await planEdit.load();
}

/** Inputs of {@link usePlanEdit}. */
export interface PlanEditInput {
  rpcId: string;
  /** The plan under review when it can be edited (not blank, Keep planning offered), else undefined. */
  plan: string | undefined;
  previous: PlanRevision | undefined;
  readOnly: boolean;
  planId: string;
  /** Nothing can be sent now (latched or offline), and the id of why. */
  blocked: boolean;
  describedBy: string | undefined;
  /** Keep planning (the card adds the edit from `edited()`). */
  onSend: () => void;
}

/** What the card renders for editing; every node is null when there is nothing to show. */
export interface PlanEditParts {
  editing: boolean;
  button: ReactNode;
  editor: ReactNode;
  actions: ReactNode;
  outcome: ReactNode;
  /** The edit Keep planning sends now, if the plan was edited. */
  edited: () => EditedPlan | undefined;
}

/** The parts (see {@link PlanEditParts}). */
export function usePlanEdit(input: PlanEditInput): PlanEditParts {
  const { rpcId, plan, previous, readOnly, planId } = input;
  const ui = planEdit.use(plan !== undefined);
  const editing = useReviewCommentsStore((state) => typeof ownEntry(state.entries, rpcId)?.edit?.text === 'string') && plan !== undefined;
  const [started, setStarted] = useState(false);
  const [refusal, setRefusal] = useState<'emptyEdit' | 'noEdits' | undefined>(undefined);
  const back = useRef(false);
  useEffect(() => {
    if (!back.current || editing) return;
    back.current = false;
    document.getElementById(planId)?.focus();
  });
  const outcome = ui && previous && plan !== undefined ? <ui.EditOutcome previous={previous} plan={plan} /> : null;
  if (ui === undefined || plan === undefined) return { editing: false, button: null, editor: null, actions: null, outcome, edited: () => undefined };
  const send = () => {
    const reason = ui.sendRefusalOf(rpcId, plan);
    setRefusal(reason);
    if (reason === undefined) input.onSend();
  };
  const start = () => {
    ui.startEdit(rpcId, plan);
    setStarted(true);
  };
  const button = editing || readOnly ? null : <ui.EditButton onStart={start} />;
  return {
    editing,
    button,
    editor: editing ? <ui.PlanEditor id={planId} rpcId={rpcId} plan={plan} readOnly={readOnly} focusOnMount={started} onSend={send} /> : null,
    actions: editing ? (
      <ui.EditActions
        rpcId={rpcId}
        refusal={refusal}
        blocked={input.blocked}
        describedBy={input.describedBy}
        onSend={send}
        onDiscarded={() => (back.current = true)}
      />
    ) : null,
    outcome,
    edited: () => (editing ? ui.editedPlanOf(rpcId, plan) : undefined),
  };
}
