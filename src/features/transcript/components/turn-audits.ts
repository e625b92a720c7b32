/** The plan audits of the transcript's session by `turn/end` seq, for the turn-end rows (src/session/turn-audits.ts). */
import { createContext, useContext } from 'react';
import type { TurnAudit } from '../../../session/turn-audits.ts';

/** The context; empty outside a transcript that has audits. */
export const TurnAuditsContext = createContext<ReadonlyMap<number, TurnAudit>>(new Map());

/**
 * @param seq the seq of a `turn/end` row
 * @returns the audit of the plan whose turn that event closed, if any
 */
export function useTurnAudit(seq: number): TurnAudit | undefined {
  return useContext(TurnAuditsContext).get(seq);
}
