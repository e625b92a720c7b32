/**
 * The revision label of each plan card ("v2 of 3"): from the session's review history, the `exit_plan_mode` call id of
 * every revision mapped to its number in its review chain and the chain's length. Pure.
 */
import type { ReviewHistory } from '../../../core/review/history.ts';

/** A plan card's place in its review chain: v`version` of `total`. */
export interface PlanRevisionLabel {
  version: number;
  total: number;
}

/**
 * @param history the session's review history (the `reviews` projection or the client's fold)
 * @returns the label of every revision by its call id
 */
export function planRevisionLabelsOf(history: ReviewHistory): ReadonlyMap<string, PlanRevisionLabel> {
  const totals = new Map<number, number>();
  for (const r of history.revisions) totals.set(r.chain, (totals.get(r.chain) ?? 0) + 1);
  return new Map(history.revisions.map((r) => [r.callId, { version: r.version, total: totals.get(r.chain) ?? r.version }]));
}
