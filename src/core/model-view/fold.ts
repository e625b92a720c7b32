/**
 * The `modelView` fold: every step (one request each, `step/start`) with the request header in force — the last
 * `request/header` at or before it — the plugin notices delivered to it and its `usage`; every logged header with its
 * `reason` and the collaboration state in force when it was logged. A projection unit (docs/upstream-spec.md §4.4):
 * the state's buffers are append-only and shared by successive states; only the latest state is ever read.
 */
import type { SessionEvent } from '../log/types.ts';
import type { ProjectionUnit } from '../projection.ts';

/** The projection key of the model view (a ui-plan extension; a plain dsh host has none, and the page folds). */
export const MODEL_VIEW_PROJECTION_KEY = 'modelView';

/** A system-prompt section the harness is known to render: its name, prompt order and every text it can render. */
export interface KnownSection {
  name: string;
  order: number;
  texts: readonly string[];
  /** The collaboration-state section (`plan:policy`, `mode:policy`, docs/upstream-spec.md §1.3). */
  policy?: boolean;
}

/**
 * The collaboration state in force when a header was logged: plan mode on/off, the session mode's name, or `initial`
 * (no switch logged since the log's start: plan mode off, the default mode; docs/upstream-spec.md §1.11).
 */
export type HeaderState = { kind: 'plan'; active: boolean } | { kind: 'mode'; mode: string } | { kind: 'initial' };

const INITIAL: HeaderState = { kind: 'initial' };

/** One logged `request/header` (docs/protocol.md "Session log on disk"). */
export interface LoggedHeader {
  seq: number;
  /** Epoch ms, when the log has it. */
  time?: number | undefined;
  /** `initial` or `change` (any other string a host writes is kept). */
  reason: string;
  config: Record<string, unknown>;
  system: string;
  /** The tool catalog as the JSON string the host logged. */
  tools: string;
  /** The recording left the prompt out: `system` or `tools` is a `{{placeholder}}`. */
  templated: boolean;
  state?: HeaderState | undefined;
}

/** The `usage` of a step's `assistant/message`, as logged (tokens). */
export interface StepUsage {
  inputTokens?: number;
  outputTokens?: number;
  cacheReadTokens?: number;
  reasoningTokens?: number;
}

/** One step: one request to the model. */
export interface LoggedStep {
  /** Seq of `step/start`. */
  seq: number;
  time?: number | undefined;
  turn: number;
  step: number;
  /** Index into `headers` of the header in force, -1 before any. */
  header: number;
  /** The header was logged during this step (its `reason` is the header's). */
  changed: boolean;
  /** Texts of the plugin-sourced `user/message`s delivered to this step (the plan-mode notice). */
  notices: readonly string[];
  usage?: StepUsage | undefined;
}

/** The `modelView` projection value. */
export interface ModelView {
  steps: readonly LoggedStep[];
  headers: readonly LoggedHeader[];
  /** The harness's own section list (empty when unknown: a plain dsh host, a log folded by the page). */
  catalog: readonly KnownSection[];
  /**
   * What folding on needs ({@link stateOfView}): the index of the step whose messages and header are still arriving
   * (-1 when none) and the collaboration state in force (absent when unknown). A value without them folds on as if
   * no step were open and the state were unknown.
   */
  open?: number | undefined;
  state?: HeaderState | undefined;
}

/** Fold state: shared append-only buffers and the lengths this state sees. */
export interface ModelViewState {
  readonly steps: LoggedStep[];
  readonly headers: LoggedHeader[];
  readonly stepCount: number;
  readonly headerCount: number;
  readonly state?: HeaderState | undefined;
  /** Index of the step whose messages and header are still arriving, -1 when none. */
  readonly open: number;
  /** Counts the changes the wire value shows (a step, a header, a notice, a usage). */
  readonly version: number;
}

const PLACEHOLDER = /^\{\{[A-Za-z_]+\}\}$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

function usageOf(value: unknown): StepUsage | undefined {
  if (!isRecord(value)) return undefined;
  const usage: StepUsage = {};
  for (const key of ['inputTokens', 'outputTokens', 'cacheReadTokens', 'reasoningTokens'] as const) {
    const n = num(value[key]);
    if (n !== undefined) usage[key] = n;
  }
  return Object.keys(usage).length > 0 ? usage : undefined;
}

function textOf(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .map((block: unknown) => (isRecord(block) && block.type === 'text' && typeof block.text === 'string' ? block.text : ''))
    .filter((t) => t !== '')
    .join('\n');
}

/** A state whose buffers this state may append to (its own when it is the tip, else copies of what it sees). */
function own(state: ModelViewState): { steps: LoggedStep[]; headers: LoggedHeader[] } {
  const tip = state.steps.length === state.stepCount && state.headers.length === state.headerCount;
  return tip
    ? { steps: state.steps, headers: state.headers }
    : { steps: state.steps.slice(0, state.stepCount), headers: state.headers.slice(0, state.headerCount) };
}

function withStep(state: ModelViewState, index: number, row: LoggedStep): ModelViewState {
  const buffers = own(state);
  buffers.steps[index] = row;
  return { ...state, ...buffers, version: state.version + 1 };
}

/**
 * Fold one event (never throws; a payload of the wrong shape changes nothing).
 * @param state the state so far
 * @param event the next event
 * @returns the next state, the same reference when nothing changed
 */
export function applyModelView(state: ModelViewState, event: SessionEvent): ModelViewState {
  const data = event.data;
  if (!isRecord(data)) return state;
  switch (event.type) {
    case 'plan/mode':
      return typeof data.active === 'boolean' ? { ...state, state: { kind: 'plan', active: data.active } } : state;
    case 'mode/set':
      return typeof data.mode === 'string' ? { ...state, state: { kind: 'mode', mode: data.mode } } : state;
    case 'step/start': {
      const turn = num(data.turn);
      const step = num(data.step);
      if (turn === undefined || step === undefined) return state;
      const buffers = own(state);
      buffers.steps.push({ seq: event.seq, time: event.time, turn, step, header: state.headerCount - 1, changed: false, notices: [] });
      return { ...state, ...buffers, stepCount: state.stepCount + 1, open: state.stepCount, version: state.version + 1 };
    }
    case 'request/header': {
      const header = data.header;
      if (!isRecord(header)) return state;
      const system = typeof header.system === 'string' ? header.system : '';
      // dsh logs the catalog as a JSON string; a host that logs the list itself is read the same way.
      const tools = typeof header.tools === 'string' ? header.tools : header.tools === undefined ? '' : JSON.stringify(header.tools);
      const row: LoggedHeader = {
        seq: event.seq,
        time: event.time,
        reason: typeof data.reason === 'string' ? data.reason : 'initial',
        config: isRecord(header.config) ? header.config : {},
        system,
        tools,
        templated: PLACEHOLDER.test(system) || PLACEHOLDER.test(tools),
        state: state.state,
      };
      const buffers = own(state);
      buffers.headers.push(row);
      const next: ModelViewState = { ...state, ...buffers, headerCount: state.headerCount + 1, version: state.version + 1 };
      if (state.open < 0) return next;
      return withStep(next, state.open, { ...buffers.steps[state.open]!, header: state.headerCount, changed: true });
    }
    case 'user/message': {
      if (state.open < 0 || !isRecord(data.source) || data.source.kind !== 'plugin') return state;
      const text = textOf(data.content);
      if (text === '') return state;
      const row = state.steps[state.open]!;
      return withStep(state, state.open, { ...row, notices: [...row.notices, text] });
    }
    case 'assistant/message': {
      const usage = usageOf(data.usage);
      const turn = num(data.turn);
      const step = num(data.step);
      let at = -1;
      for (let i = state.stepCount - 1; i >= 0 && at < 0; i--) if (state.steps[i]!.turn === turn && state.steps[i]!.step === step) at = i;
      if (at < 0) return state;
      const closed = state.open === at ? { ...state, open: -1 } : state;
      return usage ? withStep(closed, at, { ...state.steps[at]!, usage }) : closed;
    }
    case 'step/end':
    case 'turn/end':
      return state.open < 0 ? state : { ...state, open: -1 };
    default:
      return state;
  }
}

/**
 * The model-view projection unit over a harness's own section list.
 * @param catalog the sections the harness renders (empty: cut by the plan-on/plan-off rule only)
 * @returns the unit, key `modelView`
 */
export function createModelViewUnit(catalog: readonly KnownSection[] = []): ProjectionUnit<ModelViewState, ModelView, 'modelView'> {
  return {
    key: MODEL_VIEW_PROJECTION_KEY,
    init: () => ({ steps: [], headers: [], stepCount: 0, headerCount: 0, open: -1, version: 0, state: INITIAL }),
    apply: applyModelView,
    view: (state) => ({
      steps: state.steps.slice(0, state.stepCount),
      headers: state.headers.slice(0, state.headerCount),
      catalog,
      open: state.open,
      ...(state.state ? { state: state.state } : {}),
    }),
  };
}

/**
 * Fold events into a model-view state: from the initial state, or on from `state` (events that follow the ones it
 * folded). A fold that starts at an event other than seq 0 (older pages not loaded) leaves the state of headers before
 * the first switch unknown.
 * @param events events in seq order
 * @param state the state to go on from (default: the initial state)
 * @returns the state after `events`
 */
export function foldModelViewState(events: readonly SessionEvent[], state?: ModelViewState): ModelViewState {
  const unit = createModelViewUnit();
  let next = state ?? unit.init();
  if (state === undefined && events.length > 0 && events[0]!.seq !== 0) next = { ...next, state: undefined };
  for (const event of events) next = applyModelView(next, event);
  return next;
}

/**
 * The wire value of a fold state.
 * @param state a model-view state
 * @param catalog the harness's section list, when known
 */
export function modelViewValue(state: ModelViewState, catalog: readonly KnownSection[] = []): ModelView {
  return createModelViewUnit(catalog).view(state);
}

/**
 * The fold state a model-view value stands for, to fold the events after it on from (the page continues a host's
 * projection with the live events after its `asOfSeq`): `foldModelViewState(rest, stateOfView(view(prefix)))` has the
 * value of the fold of `prefix` then `rest`. The buffers are copies, so folding on never changes `view`.
 * @param view a value from {@link modelViewOf} or {@link modelViewValue}
 * @returns the state (its `version` restarts at 0; only changes of it are read)
 */
export function stateOfView(view: ModelView): ModelViewState {
  const open = view.open !== undefined && Number.isInteger(view.open) && view.open >= 0 && view.open < view.steps.length ? view.open : -1;
  return {
    steps: [...view.steps],
    headers: [...view.headers],
    stepCount: view.steps.length,
    headerCount: view.headers.length,
    state: view.state,
    open,
    version: 0,
  };
}

/**
 * Fold a log (or the loaded part of one) into the model view ({@link foldModelViewState}, then its value).
 * @param events events in seq order
 * @param catalog the harness's section list, when known
 * @returns the view value
 */
export function foldModelView(events: readonly SessionEvent[], catalog: readonly KnownSection[] = []): ModelView {
  return modelViewValue(foldModelViewState(events), catalog);
}

const isStep = (s: unknown): s is LoggedStep =>
  isRecord(s) &&
  typeof s.seq === 'number' &&
  typeof s.turn === 'number' &&
  typeof s.step === 'number' &&
  typeof s.header === 'number' &&
  Array.isArray(s.notices);
const isHeader = (h: unknown): h is LoggedHeader =>
  isRecord(h) && typeof h.seq === 'number' && typeof h.system === 'string' && typeof h.tools === 'string' && typeof h.reason === 'string' && isRecord(h.config);
const isHeaderState = (h: unknown): h is HeaderState =>
  isRecord(h) && ((h.kind === 'plan' && typeof h.active === 'boolean') || (h.kind === 'mode' && typeof h.mode === 'string') || h.kind === 'initial');
const isKnownSection = (k: unknown): k is KnownSection =>
  isRecord(k) && typeof k.name === 'string' && typeof k.order === 'number' && Array.isArray(k.texts) && k.texts.every((t) => typeof t === 'string');

/**
 * Read a `modelView` projection value a host sent (docs/protocol.md "session/projection"): the shape is checked, so a
 * value of another shape is refused rather than trusted.
 * @param value the frame's or baseline's `value`
 * @returns the view, or undefined when `value` is not one (the caller folds the loaded events instead)
 */
export function modelViewOf(value: unknown): ModelView | undefined {
  if (!isRecord(value) || !Array.isArray(value.steps) || !Array.isArray(value.headers)) return undefined;
  const catalog = Array.isArray(value.catalog) ? value.catalog : [];
  const { steps, headers } = value;
  if (!steps.every(isStep) || !headers.every(isHeader) || !catalog.every(isKnownSection)) return undefined;
  if (steps.some((s) => s.header >= headers.length)) return undefined;
  const open = typeof value.open === 'number' && Number.isInteger(value.open) && value.open >= -1 && value.open < steps.length ? value.open : -1;
  const state = isHeaderState(value.state) ? value.state : undefined;
  return { steps, headers, catalog, open, ...(state ? { state } : {}) };
}
