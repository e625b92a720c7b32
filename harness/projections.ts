/**
 * The harness's projection registry (docs/upstream-spec.md §4.4): per session, every logged event is folded through
 * every unit; a change of a unit's state reference yields one `session/projection` change with the seq of
 * the causing event. Units here: `plan` (core, docs/upstream-spec.md §1.11), `title` (the derived session title) and `reviews`
 * (the review history, a ui-plan extension, docs/review-history.md; delivered on history tail pages and frames, not in `session.list`).
 */
import type { SessionEvent } from '../src/core/log/types.ts';
import { planProjection } from '../src/core/plan/fold.ts';
import type { ProjectionUnit } from '../src/core/projection.ts';
import { reviewsProjection } from '../src/core/review/revisions.ts';
import { sessionTitleUnit, type SessionTitleState } from '../src/core/sessions/title.ts';

/**
 * The `title` unit: the derived session title (src/core/sessions/title.ts: the latest plan's heading, else a title
 * the harness logged that is not the five-word fallback, else the first user message or command line, cut at a word
 * boundary), or `null` before any.
 */
export const titleProjection: ProjectionUnit<SessionTitleState, string | null, 'title'> = sessionTitleUnit;

/** The units every session folds, in frame order. */
export const PROJECTION_UNITS: readonly ProjectionUnit<unknown, unknown>[] = [
  planProjection as ProjectionUnit<unknown, unknown>,
  titleProjection as ProjectionUnit<unknown, unknown>,
  reviewsProjection as ProjectionUnit<unknown, unknown>,
];

/** Units a `session.list` item leaves out: the review history carries every plan, too heavy for a list of sessions. */
export const UNLISTED_PROJECTIONS: ReadonlySet<string> = new Set([reviewsProjection.key]);

/**
 * A snapshot without the units `session.list` leaves out.
 * @param snapshot a registry snapshot
 * @returns the same `asOfSeq` with the listed units' values only
 */
export function listedSnapshot(snapshot: { asOfSeq: number; values: Record<string, unknown> }): { asOfSeq: number; values: Record<string, unknown> } {
  const values = Object.fromEntries(Object.entries(snapshot.values).filter(([key]) => !UNLISTED_PROJECTIONS.has(key)));
  return { asOfSeq: snapshot.asOfSeq, values };
}

/** One changed unit after an event. */
export interface ProjectionChange {
  key: string;
  value: unknown;
  seq: number;
}

/** Fold state of all units for one session. */
export class ProjectionRegistry {
  private readonly states: unknown[];
  private asOf = -1;

  /**
   * @param events - events already in the log (folded silently)
   * @param units - the units (default `PROJECTION_UNITS`)
   */
  constructor(
    events: readonly SessionEvent[],
    private readonly units: readonly ProjectionUnit<unknown, unknown>[] = PROJECTION_UNITS,
  ) {
    this.states = units.map((unit) => unit.init());
    for (const event of events) this.apply(event);
  }

  /**
   * Fold one new event.
   * @returns the units whose state reference changed, with their new view and the event's seq
   */
  apply(event: SessionEvent): ProjectionChange[] {
    const changes: ProjectionChange[] = [];
    this.units.forEach((unit, index) => {
      const before = this.states[index];
      const after = unit.apply(before, event);
      if (after === before) return;
      this.states[index] = after;
      if (unit.sameView?.(before, after) === true) return;
      changes.push({ key: unit.key, value: unit.view(after), seq: event.seq });
    });
    this.asOf = event.seq;
    return changes;
  }

  /** `{asOfSeq, values}` for `session.history` tail pages and `session.list` (-1 for an empty log). */
  snapshot(): { asOfSeq: number; values: Record<string, unknown> } {
    const values: Record<string, unknown> = {};
    this.units.forEach((unit, index) => {
      values[unit.key] = unit.view(this.states[index]);
    });
    return { asOfSeq: this.asOf, values };
  }
}
