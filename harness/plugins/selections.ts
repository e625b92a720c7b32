/**
 * The pending selections of a whole-value collaboration state, written once for plan mode (docs/upstream-spec.md
 * §1.4–§1.7) and session modes (seed 002): per agent at most one selection — the last one wins — not yet logged,
 * committed at the plugin's seam (a selection of the value in force is net-zero: dropped, nothing logged; a failing
 * append keeps it pending), and the notice rule: a committed user switch is narrated once when the last request
 * header told the model another value. The value in force is always read from the log (src/core/logged-value.ts).
 */
import type { LoggedValue } from '../../src/core/logged-value.ts';
import type { SessionEvent } from '../../src/core/log/types.ts';
import { lastHeaderIndex } from '../folds/turns.ts';
import type { SessionLog } from '../log.ts';

/** A pending selection: the target, and whether committing it narrates a notice (a user switch) or not (an approved exit). */
export interface Selection<T> {
  target: T;
  narrate: boolean;
}

/** What committing an agent's selection did. */
export type CommitOutcome = { kind: 'none' } | { kind: 'net-zero' } | { kind: 'committed'; narrate: boolean } | { kind: 'failed'; error: unknown };

/** The pending selections of one plugin. */
export interface Selections<T> {
  /** The agent's pending selection (a copy), if any. */
  pendingOf(agentId: string): Selection<T> | undefined;
  /** Where the agent is heading: its pending target, else `inForce`. */
  targetOf(agentId: string, inForce: T): T;
  /** Select `target`, replacing any earlier selection of the agent (the last one wins). */
  select(agentId: string, target: T, narrate: boolean): void;
  /** Withdraw the agent's selection. */
  drop(agentId: string): void;
  /** Withdraw every selection (the plugin was disposed). */
  clear(): void;
  /**
   * Commit the agent's selection into its log: `none` when nothing is pending; `net-zero` (dropped, nothing logged)
   * when it selects `inForce`; else the value's event is appended and the selection dropped (`committed`, with its
   * `narrate`), or, when the append throws, kept pending (`failed`, the caller reports it).
   * @param inForce - the value the log holds now (the plugin's reading of it)
   */
  commit(agentId: string, log: SessionLog, inForce: T): CommitOutcome;
}

/**
 * Create an empty set of selections for a whole-value state.
 * @param value - how the state is logged (its `entry` is what a commit appends)
 */
export function createSelections<T>(value: LoggedValue<T>): Selections<T> {
  const pending = new Map<string, Selection<T>>();
  return {
    pendingOf(agentId) {
      const entry = pending.get(agentId);
      return entry ? { ...entry } : undefined;
    },
    targetOf(agentId, inForce) {
      const entry = pending.get(agentId);
      return entry ? entry.target : inForce;
    },
    select(agentId, target, narrate) {
      pending.set(agentId, { target, narrate });
    },
    drop: (agentId) => void pending.delete(agentId),
    clear: () => pending.clear(),
    commit(agentId, log, inForce) {
      const entry = pending.get(agentId);
      if (!entry) return { kind: 'none' };
      if (entry.target === inForce) {
        pending.delete(agentId);
        return { kind: 'net-zero' };
      }
      try {
        log.append(value.entry(entry.target));
      } catch (error) {
        return { kind: 'failed', error };
      }
      pending.delete(agentId);
      return { kind: 'committed', narrate: entry.narrate };
    },
  };
}

/**
 * The notice rule (docs/upstream-spec.md §1.7; seed 002 for modes): the value to narrate after a committed user
 * switch — the one in force now, when the last `request/header` told the model another.
 * @param events - the log
 * @param inForce - the plugin's reading of the value in force after `events[0, end)`
 * @returns the value to narrate, or `undefined` before any request header or when the header told the same
 */
export function narratedSwitch<T>(events: readonly SessionEvent[], inForce: (events: readonly SessionEvent[], end?: number) => T): T | undefined {
  const header = lastHeaderIndex(events);
  if (header < 0) return undefined;
  const now = inForce(events);
  return inForce(events, header + 1) === now ? undefined : now;
}
