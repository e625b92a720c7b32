/**
 * The harness's projection registry (docs/upstream-spec.md §4.4): per session, every logged event is folded through
 * every unit; a change of a unit's state reference yields one `session/projection` change with the seq of the causing
 * event. Units: the collaboration state — `plan` (docs/upstream-spec.md §1.11) or, for a session-modes log, `mode` —
 * then `title` (the derived session title) and `reviews` (the review history, docs/review-history.md; on history tail
 * pages and frames, not in `session.list`), `todos` (the standing to-do list, src/core/todos/todos.ts), `progress`
 * (Plan progress, its audits and the latest revision's outcome, src/core/plan/progress-projection.ts; everywhere),
 * and `modelView` (every step's request header, src/core/model-view/fold.ts; also not in `session.list`) when the
 * harness knows its section list. Every value is typed by its key.
 */
import type { SessionEvent } from '../src/core/log/types.ts';
import type { ModeFoldState } from '../src/core/modes/projection.ts';
import { planProjection, type PlanFoldState } from '../src/core/plan/fold.ts';
import { progressProjection, type ProgressProjectionValue } from '../src/core/plan/progress-projection.ts';
import type { ProgressState } from '../src/core/plan/progress.ts';
import type { ProjectionUnit } from '../src/core/projection.ts';
import type { ModeState, PlanProjectionValue } from '../src/core/protocol/methods.ts';
import { createModelViewUnit, type KnownSection, type ModelView, type ModelViewState } from '../src/core/model-view/fold.ts';
import type { ReviewHistory } from '../src/core/review/history.ts';
import { reviewsProjection, type ReviewFoldState } from '../src/core/review/revisions.ts';
import { sessionTitleUnit, type SessionTitleState } from '../src/core/sessions/title.ts';
import { todosProjection, type TodoItem } from '../src/core/todos/todos.ts';

/**
 * The `title` unit: the derived session title (src/core/sessions/title.ts: the latest plan's heading, else a title
 * the harness logged that is not the five-word fallback, else the first user message or command line, cut at a word
 * boundary), or `null` before any.
 */
export const titleProjection: ProjectionUnit<SessionTitleState, string | null, 'title'> = sessionTitleUnit;

/** The units of one session: its collaboration-state unit (`plan` or `mode`), then `title` and `reviews`. */
export interface SessionUnits {
  state: ProjectionUnit<PlanFoldState, PlanProjectionValue, 'plan'> | ProjectionUnit<ModeFoldState, ModeState, 'mode'>;
  title: ProjectionUnit<SessionTitleState, string | null, 'title'>;
  reviews: ProjectionUnit<ReviewFoldState, ReviewHistory, 'reviews'>;
  todos: ProjectionUnit<readonly TodoItem[] | null, readonly TodoItem[] | null, 'todos'>;
  progress: ProjectionUnit<ProgressState, ProgressProjectionValue, 'progress'>;
  /** What the model saw at every step; absent in registries built without it (the value is then not served). */
  modelView?: ProjectionUnit<ModelViewState, ModelView, 'modelView'>;
}

/**
 * The same units with the `modelView` unit over the harness's own section list.
 * @param units - the session's units
 * @param catalog - the sections the harness renders (prompt.ts `BASE_SECTION`, the plugins' policy sections)
 */
export function withModelView(units: SessionUnits, catalog: readonly KnownSection[]): SessionUnits {
  return { ...units, modelView: createModelViewUnit(catalog) };
}

/** The units of a plan-mode session (and of one that is neither variant's yet, under a plan-mode harness). */
export const PLAN_UNITS: SessionUnits = {
  state: planProjection,
  title: titleProjection,
  reviews: reviewsProjection,
  todos: todosProjection,
  progress: progressProjection,
};

/**
 * The units of a session-modes session.
 * @param mode - the `mode` unit over the harness's vocabulary (`createModeProjection`)
 */
export function modeUnits(mode: ProjectionUnit<ModeFoldState, ModeState, 'mode'>): SessionUnits {
  return { state: mode, title: titleProjection, reviews: reviewsProjection, todos: todosProjection, progress: progressProjection };
}

/** The values every session has besides its collaboration state (`progress` is absent only in hand-built snapshots). */
interface CommonProjections {
  title: string | null;
  reviews: ReviewHistory;
  todos: readonly TodoItem[] | null;
  progress?: ProgressProjectionValue;
  modelView?: ModelView;
}

/** A session's projection values: `plan` or `mode` (the other is absent), `title`, `reviews`, `todos` and `progress`. */
export type SessionProjections = ({ plan: PlanProjectionValue } & CommonProjections) | ({ mode: ModeState } & CommonProjections);

/** `{asOfSeq, values}` for `session.history` tail pages (-1 for an empty log). */
export interface ProjectionSnapshot {
  asOfSeq: number;
  values: SessionProjections;
}

/** What a `session.list` item carries: the snapshot without `reviews` and `modelView` (too heavy for a list). */
export interface ListedSnapshot {
  asOfSeq: number;
  values: Omit<SessionProjections, 'reviews' | 'modelView'>;
}

/**
 * A snapshot without the units `session.list` leaves out.
 * @param snapshot a registry snapshot
 * @returns the same `asOfSeq` with the listed units' values only
 */
export function listedSnapshot(snapshot: ProjectionSnapshot): ListedSnapshot {
  const { reviews: _reviews, modelView: _modelView, ...listed } = snapshot.values;
  return { asOfSeq: snapshot.asOfSeq, values: listed };
}

/** One changed unit after an event: its key, its new wire value (typed by the key) and the event's seq. */
export type ProjectionChange =
  | { key: 'plan'; value: PlanProjectionValue; seq: number }
  | { key: 'mode'; value: ModeState; seq: number }
  | { key: 'title'; value: string | null; seq: number }
  | { key: 'reviews'; value: ReviewHistory; seq: number }
  | { key: 'todos'; value: readonly TodoItem[] | null; seq: number }
  | { key: 'progress'; value: ProgressProjectionValue; seq: number };

/** One unit's running fold, its state kept inside. */
interface UnitFold<K extends string, V> {
  readonly key: K;
  /** Fold one event. @returns whether the wire value changed (a new state reference that `sameView` does not excuse) */
  apply(event: SessionEvent): boolean;
  view(): V;
  /** The change frame of the current value. */
  change(seq: number): { key: K; value: V; seq: number };
}

/**
 * Start a unit's fold over the events already logged (folded silently).
 * @param unit - the projection unit
 * @param events - the log so far
 */
export function startFold<S, V, K extends string>(unit: ProjectionUnit<S, V, K>, events: readonly SessionEvent[]): UnitFold<K, V> {
  let state = unit.init();
  const fold: UnitFold<K, V> = {
    key: unit.key,
    apply(event) {
      const before = state;
      const after = unit.apply(before, event);
      if (after === before) return false;
      state = after;
      return unit.sameView?.(before, after) !== true;
    },
    view: () => unit.view(state),
    change: (seq) => ({ key: unit.key, value: unit.view(state), seq }),
  };
  for (const event of events) fold.apply(event);
  return fold;
}

/** Fold state of all units for one session. */
export class ProjectionRegistry {
  private readonly state: UnitFold<'plan', PlanProjectionValue> | UnitFold<'mode', ModeState>;
  private readonly title: UnitFold<'title', string | null>;
  private readonly reviews: UnitFold<'reviews', ReviewHistory>;
  private readonly todos: UnitFold<'todos', readonly TodoItem[] | null>;
  private readonly progress: UnitFold<'progress', ProgressProjectionValue>;
  private readonly modelView: UnitFold<'modelView', ModelView> | undefined;
  private asOf = -1;

  /**
   * @param events - events already in the log (folded silently)
   * @param units - the session's units (default {@link PLAN_UNITS})
   */
  constructor(events: readonly SessionEvent[], units: SessionUnits = PLAN_UNITS) {
    this.state = units.state.key === 'plan' ? startFold(units.state, events) : startFold(units.state, events);
    this.title = startFold(units.title, events);
    this.reviews = startFold(units.reviews, events);
    this.todos = startFold(units.todos, events);
    this.progress = startFold(units.progress, events);
    this.modelView = units.modelView ? startFold(units.modelView, events) : undefined;
    this.asOf = events.at(-1)?.seq ?? -1;
  }

  /**
   * Fold one new event. `modelView` is folded but never a change: its value holds every step and header, so a frame
   * per change would send O(steps²) bytes over a session; it rides tail pages only, and the page folds the live
   * events after the page's `asOfSeq` on from it (docs/protocol.md "session/projection").
   * @returns the units whose wire value changed, in frame order (state, title, reviews, todos, progress), with the
   * event's seq
   */
  apply(event: SessionEvent): ProjectionChange[] {
    return this.fold(event).map((key) => this.changeOf(key, event.seq));
  }

  /**
   * Fold one new event without building any value (a paced unit's value is built only when its frame leaves).
   * @returns the keys of the units whose wire value changed, in frame order
   */
  fold(event: SessionEvent): ProjectionChange['key'][] {
    const keys: ProjectionChange['key'][] = [];
    for (const fold of [this.state, this.title, this.reviews, this.todos, this.progress]) if (fold.apply(event)) keys.push(fold.key);
    this.modelView?.apply(event);
    this.asOf = event.seq;
    return keys;
  }

  /**
   * The change frame of a unit's current value.
   * @param key - a unit of this registry (`plan` or `mode`: the session's collaboration-state unit)
   * @param seq - the seq of the unit's newest change
   */
  changeOf(key: ProjectionChange['key'], seq: number): ProjectionChange {
    switch (key) {
      case 'plan':
      case 'mode':
        return this.state.change(seq) as ProjectionChange;
      case 'title':
        return this.title.change(seq);
      case 'reviews':
        return this.reviews.change(seq);
      case 'todos':
        return this.todos.change(seq);
      case 'progress':
        return this.progress.change(seq);
    }
  }

  /** `{asOfSeq, values}` for `session.history` tail pages and `session.list` (-1 for an empty log). */
  snapshot(): ProjectionSnapshot {
    const rest = {
      title: this.title.view(),
      reviews: this.reviews.view(),
      todos: this.todos.view(),
      progress: this.progress.view(),
      ...(this.modelView ? { modelView: this.modelView.view() } : {}),
    };
    const values: SessionProjections = this.state.key === 'plan' ? { plan: this.state.view(), ...rest } : { mode: this.state.view(), ...rest };
    return { asOfSeq: this.asOf, values };
  }
}
