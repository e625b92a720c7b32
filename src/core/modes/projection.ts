/**
 * The `mode` projection of the session-modes variant (seed 002, docs/upstream-spec.md §2): `{current, pending?}`
 * derived from the log alone, as the `plan` projection is (docs/upstream-spec.md §1.11 E3 fold with `running`). `current` is
 * the folded `mode/set`, read as `default` when the deployment does not define it; `pending` is the target of
 * the last successful mode command (`/<name>`, `/mode <name>`) until a `mode/set` settles it. `apply` returns
 * the same state object for every event that does not change it.
 */
import { commandDoneOf, commandRunOf, modeSetOf } from '../log/guards.ts';
import type { SessionEvent } from '../log/types.ts';
import type { ModeState } from '../protocol/methods.ts';
import { intentOnDone, intentOnRun, pendingTargetOf, type IntentState } from '../intent.ts';
import { foldUnitState, type ProjectionUnit } from '../projection.ts';
import { DEFAULT_MODE } from './fold.ts';

/** The `/mode <name>` command's name (docs/upstream-spec.md §2 "Commands": the registry `/mode [name]`). */
export const MODE_COMMAND_NAME = 'mode';

/** Mode names a deployment may define (docs/upstream-spec.md §2: `^[a-z][a-z0-9_-]*$`). */
export const MODE_NAME_PATTERN = /^[a-z][a-z0-9_-]*$/;

/**
 * Fold state of the `mode` projection: the logged mode as written (`raw`), the settled target of the last
 * finished mode command (`null` when none or cleared) and the mode command still running. Never on the wire.
 */
export interface ModeFoldState extends IntentState<string> {
  readonly raw: string;
}

/**
 * The target a mode command line asks for: `/<name> [message]` targets `<name>` when it is a configured mode
 * (never `default`, which has no command); `/mode <name> …` targets the first word after `/mode` when it is
 * any listed mode, `default` included. Anything else is not a mode switch.
 * Source: docs/upstream-spec.md §2 "Commands" (one command per definition plus `/mode`).
 * @param name - the logged command name (`command/run.name`)
 * @param args - the untrimmed raw input (`command/run.args`)
 * @param modes - the selectable vocabulary, `default` first (`ctx.modes.list()`)
 * @returns the target mode name, or `undefined` when the line switches nothing
 */
export function modeCommandTarget(name: string, args: string, modes: readonly string[]): string | undefined {
  if (name === MODE_COMMAND_NAME) {
    const word = args.trim().split(/\s+/, 1)[0] ?? '';
    return modes.includes(word) ? word : undefined;
  }
  return name !== DEFAULT_MODE && modes.includes(name) ? name : undefined;
}

/**
 * Create the `mode` projection unit for a deployment's vocabulary:
 * - `mode/set` sets the logged mode and clears `wanted` (not `running`);
 * - `command/run` of a mode command (see {@link modeCommandTarget}) with string `args` sets `running`;
 * - the matching `command/done` sets `wanted = running.wanted` if `kind === 'success'` and it differs from the
 *   mode in force, else `null`, and clears `running`;
 * - `view`: `current` = the logged mode if `modes` lists it, else `default`; `pending` = `running?.wanted ??
 *   wanted` when that is not `null` and differs from `current` (absent otherwise).
 * Source: seed 002 ("a folded name the config no longer defines reads as default"), docs/upstream-spec.md §1.11 / §2.
 * @param modes - the selectable vocabulary, `default` first (names outside it never become `pending`)
 * @returns a unit keyed `mode` whose wire value is `{current, pending?}`
 */
export function createModeProjection(modes: readonly string[]): ProjectionUnit<ModeFoldState, ModeState, 'mode'> {
  const known = new Set(modes);
  const inForce = (raw: string): string => (known.has(raw) ? raw : DEFAULT_MODE);
  return {
    key: 'mode',
    init: () => ({ raw: DEFAULT_MODE, wanted: null, running: null }),
    apply(state, event) {
      switch (event?.type) {
        case 'mode/set': {
          const data = modeSetOf(event);
          if (data === undefined || (data.mode === state.raw && state.wanted === null)) return state;
          return { raw: data.mode, wanted: null, running: state.running };
        }
        case 'command/run': {
          const data = commandRunOf(event);
          if (data === undefined || data.args === undefined) return state;
          const wanted = modeCommandTarget(data.name, data.args, modes);
          return wanted === undefined ? state : intentOnRun(state, data.commandId, wanted);
        }
        case 'command/done': {
          const data = commandDoneOf(event);
          return data === undefined ? state : intentOnDone(state, data, inForce(state.raw));
        }
        default:
          return state;
      }
    },
    view(state) {
      const current = inForce(state.raw);
      const pending = pendingTargetOf(state, current);
      return pending === undefined ? { current } : { current, pending };
    },
  };
}

/**
 * Whole-log convenience: the `mode` projection value of `events[0, end)`.
 * @param events - logged events in seq order
 * @param modes - the selectable vocabulary, `default` first
 * @param end - exclusive upper index into `events`; clamped to `[0, events.length]`
 * @returns `{current, pending?}`
 */
export function foldModeProjection(events: readonly SessionEvent[], modes: readonly string[], end: number = events.length): ModeState {
  const unit = createModeProjection(modes);
  return unit.view(foldUnitState(unit, events, end));
}

/**
 * The mode a `mode` projection value is heading to: `pending ?? current` (the checked picker radio).
 * Source: seed 002 (`get(agent)` returns the folded mode plus any pending intent).
 * @param value - a `mode` projection value
 * @returns the effective target mode name
 */
export function modeTargetOf(value: ModeState): string {
  return value.pending ?? value.current;
}
