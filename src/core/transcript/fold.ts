/**
 * Incremental fold of a session's events into transcript items (messages, streamed text, tool and command cards,
 * plan-mode lines, notices, turn ends), shapes as in the dsh recordings. `apply` appends rows and replaces a changed
 * row in place — never a copy of the array per row, so a whole log folds in linear time; unchanged rows keep their
 * identity. `session/title`, `request/header` and unknown kinds are skipped. Never throws: a payload of the wrong
 * shape that reaches the fold (the store validates first) is ignored field by field.
 */
import type { AssistantChunkData, CommandDoneData, CommandRunData, MessageSource, SessionEvent, TurnEndData, UserMessageData } from '../log/types.ts';
import { assistantContentOf, toolResultOf, userTextOf } from '../log/content.ts';
import type { ToolView } from '../protocol/methods.ts';
import { SHARED_TEXT_MIN_CHARS, shareTexts } from '../shared-text.ts';

/** A text or reasoning block of an assistant message. */
export interface AssistantBlock {
  type: 'text' | 'reasoning';
  text: string;
}

/** The result of a tool call as the card shows it. */
export interface ToolResultView {
  text: string;
  isError: boolean;
  view: ToolView | undefined;
}

/** One transcript row. `key` is stable across updates; `seq` is the seq of the event that created it. */
export type TranscriptItem =
  | { kind: 'user'; key: string; seq: number; text: string }
  | { kind: 'notice'; key: string; seq: number; text: string; plugin: string | undefined }
  /**
   * An assistant step. `cut` is set when its turn ended (`turn/end` kind `cancelled`, `error`, …) while the step was
   * still streaming: the text is as far as it got, with no final `assistant/message` (a Stop, a failure, a restart).
   */
  | { kind: 'assistant'; key: string; seq: number; turn: number; step: number; blocks: AssistantBlock[]; streaming: boolean; cut?: string }
  /**
   * A tool call with its result. `orphan` marks a result whose call is not among the folded events (e.g. it lives on
   * an older history page not loaded yet): the row then has only the result.
   */
  | {
      kind: 'tool';
      key: string;
      seq: number;
      callId: string;
      name: string;
      arguments: string;
      view: ToolView | undefined;
      result: ToolResultView | undefined;
      orphan?: true;
    }
  | {
      kind: 'command';
      key: string;
      seq: number;
      commandId: string;
      name: string;
      args: string | undefined;
      done: { kind: 'success' | 'error'; text: string | undefined } | undefined;
    }
  | { kind: 'plan-mode'; key: string; seq: number; active: boolean }
  /** A logged `mode/set` of the session-modes variant (seed 002): the mode now in force. */
  | { kind: 'mode'; key: string; seq: number; mode: string }
  | { kind: 'turn-end'; key: string; seq: number; turn: number; status: string; message: string | undefined };

/**
 * Accumulated fold state, owned by its folder. `items` is appended to and its rows replaced in place by
 * `applyTranscriptEvent`; share it only through a snapshot (`createTranscriptFolder`).
 */
export interface TranscriptState {
  readonly items: TranscriptItem[];
  /** The turn that has started and not ended, if any. */
  openTurn: number | undefined;
  /** Indexes into `items`, by assistant step key, tool callId and commandId. */
  readonly byStep: Map<string, number>;
  readonly byCall: Map<string, number>;
  readonly byCommand: Map<string, number>;
  /** Indexes of the assistant rows still streaming (so a `turn/end` visits only those, not every step). */
  readonly streaming: Set<number>;
  /** Counts row changes (appends and replacements); a folder publishes a snapshot only when it moved. */
  version: number;
}

/** An empty transcript. */
export function initTranscript(): TranscriptState {
  return { items: [], openTurn: undefined, byStep: new Map(), byCall: new Map(), byCommand: new Map(), streaming: new Set(), version: 0 };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An event's `data` when it is an object, else an empty record (so a wrong-shaped payload reads as "no fields"). */
function dataOf(event: SessionEvent): Record<string, unknown> {
  return isRecord(event.data) ? event.data : {};
}

/**
 * Highest block index a streaming chunk may address. Real messages have a handful of blocks; a bound keeps a
 * hostile `index` (1e9) from allocating a huge block list.
 */
const MAX_BLOCK_INDEX = 1024;

/** A block index as a chunk gives it: a non-negative integer up to `MAX_BLOCK_INDEX`, or `undefined` when absent. */
function blockIndexOf(value: unknown): number | undefined | false {
  if (value === undefined) return undefined;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_BLOCK_INDEX ? value : false;
}

/** JSON text of a non-string tool argument value; `'{}'` when it cannot be written (never throws). */
function argumentsText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value ?? {}) ?? '{}';
  } catch {
    return '{}';
  }
}

function push(state: TranscriptState, item: TranscriptItem): number {
  state.version += 1;
  const index = state.items.push(item) - 1;
  if (item.kind === 'assistant' && item.streaming) state.streaming.add(index);
  return index;
}

function replace(state: TranscriptState, index: number, item: TranscriptItem): void {
  state.version += 1;
  state.items[index] = item;
  if (item.kind === 'assistant' && item.streaming) state.streaming.add(index);
  else state.streaming.delete(index);
}

function textOf(blocks: readonly { type: string; text?: unknown }[]): string {
  return blocks
    .filter((b) => b.type === 'text' && typeof b.text === 'string')
    .map((b) => b.text as string)
    .join('\n');
}

function assistantAt(state: TranscriptState, seq: number, turn: number, step: number): { index: number; item: Extract<TranscriptItem, { kind: 'assistant' }> } {
  const key = `assistant-${turn}-${step}`;
  let index = state.byStep.get(key);
  if (index === undefined) {
    index = push(state, { kind: 'assistant', key, seq, turn, step, blocks: [], streaming: true });
    state.byStep.set(key, index);
  }
  return { index, item: state.items[index] as Extract<TranscriptItem, { kind: 'assistant' }> };
}

/** Put `text` into block `index` of kind `type` (appending, or replacing when `whole`). */
function withBlock(blocks: readonly AssistantBlock[], index: number, type: AssistantBlock['type'], text: string, whole: boolean): AssistantBlock[] {
  const next = blocks.slice();
  const held = next[index];
  next[index] = { type: held?.type ?? type, text: whole || !held ? text : held.text + text };
  for (let i = 0; i < next.length; i += 1) if (!next[i]) next[i] = { type: 'text', text: '' };
  return next;
}

function onChunk(state: TranscriptState, event: SessionEvent): void {
  const data = dataOf(event) as Partial<AssistantChunkData> & Record<string, unknown>;
  if (typeof data.turn !== 'number' || typeof data.step !== 'number') return;
  let type: AssistantBlock['type'] | undefined;
  let text: string | undefined;
  let index = blockIndexOf(data.index) ?? 0;
  let whole = false;
  if (event.type === 'reasoning-chunks' || event.type === 'text-chunks') {
    type = event.type === 'reasoning-chunks' ? 'reasoning' : 'text';
    text = Array.isArray(data.texts) ? data.texts.filter((t): t is string => typeof t === 'string').join('') : undefined;
  } else {
    const chunk = data.chunk;
    if (!isRecord(chunk)) return;
    index = blockIndexOf(chunk.index) ?? 0;
    if (chunk.type === 'text-delta' || chunk.type === 'reasoning-delta') {
      type = chunk.type === 'text-delta' ? 'text' : 'reasoning';
      text = typeof chunk.text === 'string' ? chunk.text : undefined;
    } else if (chunk.type === 'block-start' && (chunk.blockType === 'text' || chunk.blockType === 'reasoning')) {
      type = chunk.blockType;
      text = '';
    } else if (chunk.type === 'block-end' && isRecord(chunk.block) && (chunk.block.type === 'text' || chunk.block.type === 'reasoning')) {
      type = chunk.block.type;
      text = typeof chunk.block.text === 'string' ? chunk.block.text : '';
      whole = true;
    }
  }
  if (type === undefined || text === undefined || index === false) return;
  const { index: at, item } = assistantAt(state, event.seq, data.turn, data.step);
  if (!item.streaming) return;
  replace(state, at, { ...item, blocks: withBlock(item.blocks, index, type, text, whole) });
}

function onAssistantMessage(state: TranscriptState, event: SessionEvent): void {
  const content = assistantContentOf(event);
  const data = dataOf(event);
  if (!content) return;
  const blocks: AssistantBlock[] = content
    .filter((b): b is { type: 'text' | 'reasoning'; text: string } => (b.type === 'text' || b.type === 'reasoning') && typeof b.text === 'string')
    .map((b) => ({ type: b.type, text: b.text }));
  if (typeof data.turn === 'number' && typeof data.step === 'number') {
    const { index, item } = assistantAt(state, event.seq, data.turn, data.step);
    replace(state, index, { ...item, blocks, streaming: false });
  } else {
    push(state, { kind: 'assistant', key: `assistant-seq-${event.seq}`, seq: event.seq, turn: 0, step: 0, blocks, streaming: false });
  }
}

function onUserMessage(state: TranscriptState, event: SessionEvent): void {
  const data = dataOf(event) as Partial<UserMessageData>;
  const source: MessageSource | undefined = isRecord(data.source) ? (data.source as MessageSource) : undefined;
  const text = userTextOf(event);
  if (!source || source.kind === 'user') {
    if (text.trim()) push(state, { kind: 'user', key: `user-${event.seq}`, seq: event.seq, text });
    return;
  }
  const plugin = typeof source.plugin === 'string' ? source.plugin : undefined;
  const summary = typeof source.summary === 'string' && source.summary.trim() ? source.summary : undefined;
  const shown = summary ?? (source.form === 'snapshot' ? undefined : text.trim() || undefined);
  push(state, { kind: 'notice', key: `notice-${event.seq}`, seq: event.seq, text: shown ?? '', plugin });
}

function onToolCall(state: TranscriptState, event: SessionEvent, view: ToolView | undefined): void {
  const data = dataOf(event);
  const callId = typeof data.callId === 'string' ? data.callId : `seq-${event.seq}`;
  const index = push(state, {
    kind: 'tool',
    key: `tool-${event.seq}`,
    seq: event.seq,
    callId,
    name: typeof data.name === 'string' ? data.name : 'tool',
    arguments: argumentsText(data.arguments),
    view: view?.for === 'call' ? view : undefined,
    result: undefined,
  });
  state.byCall.set(callId, index);
}

function onToolResult(state: TranscriptState, event: SessionEvent, view: ToolView | undefined): void {
  const read = toolResultOf(event);
  if (!read) return;
  const result: ToolResultView = { text: textOf(read.content), isError: read.isError, view: view?.for === 'result' ? view : undefined };
  const index = read.callId === undefined ? undefined : state.byCall.get(read.callId);
  const item = index === undefined ? undefined : state.items[index];
  if (index !== undefined && item?.kind === 'tool') {
    replace(state, index, { ...item, result });
    return;
  }
  push(state, {
    kind: 'tool',
    key: `tool-${event.seq}`,
    seq: event.seq,
    callId: read.callId ?? `seq-${event.seq}`,
    name: 'tool',
    arguments: '{}',
    view: undefined,
    result,
    orphan: true,
  });
}

/**
 * Apply one event to the transcript.
 * @param state the accumulator (a new row is appended to `items`; a changed row is replaced in place by a new object)
 * @param event a logged event
 * @param view the tool card the host attached to this event, if any
 * @returns `state` itself (rows that did not change keep their identity)
 */
export function applyTranscriptEvent(state: TranscriptState, event: SessionEvent, view?: ToolView): TranscriptState {
  if (!isRecord(event) || typeof event.type !== 'string' || typeof event.seq !== 'number') return state;
  switch (event.type) {
    case 'user/message':
      onUserMessage(state, event);
      break;
    case 'assistant/chunk':
    case 'reasoning-chunks':
    case 'text-chunks':
      onChunk(state, event);
      break;
    case 'assistant/message':
      onAssistantMessage(state, event);
      break;
    case 'tool/call':
      onToolCall(state, event, view);
      break;
    case 'tool/result':
      onToolResult(state, event, view);
      break;
    case 'command/run': {
      const data = dataOf(event) as Partial<CommandRunData>;
      if (typeof data.commandId !== 'string') break;
      const index = push(state, {
        kind: 'command',
        key: `command-${event.seq}`,
        seq: event.seq,
        commandId: data.commandId,
        name: typeof data.name === 'string' ? data.name : '?',
        args: typeof data.args === 'string' ? data.args : undefined,
        done: undefined,
      });
      state.byCommand.set(data.commandId, index);
      break;
    }
    case 'command/done': {
      const data = dataOf(event) as Partial<CommandDoneData>;
      const index = typeof data.commandId === 'string' ? state.byCommand.get(data.commandId) : undefined;
      const item = index === undefined ? undefined : state.items[index];
      if (index === undefined || item?.kind !== 'command') break;
      replace(state, index, {
        ...item,
        done: { kind: data.kind === 'error' ? 'error' : 'success', text: typeof data.text === 'string' ? data.text : undefined },
      });
      break;
    }
    case 'plan/mode': {
      const active = dataOf(event).active;
      if (typeof active === 'boolean') push(state, { kind: 'plan-mode', key: `plan-${event.seq}`, seq: event.seq, active });
      break;
    }
    case 'mode/set': {
      const mode = dataOf(event).mode;
      if (typeof mode === 'string') push(state, { kind: 'mode', key: `mode-${event.seq}`, seq: event.seq, mode });
      break;
    }
    case 'turn/start': {
      const turn = dataOf(event).turn;
      state.openTurn = typeof turn === 'number' ? turn : 0;
      break;
    }
    case 'turn/end': {
      const data = dataOf(event) as Partial<TurnEndData>;
      const reason: Record<string, unknown> = isRecord(data.reason) ? data.reason : {};
      push(state, {
        kind: 'turn-end',
        key: `turn-end-${event.seq}`,
        seq: event.seq,
        turn: typeof data.turn === 'number' ? data.turn : 0,
        status: typeof reason.kind === 'string' ? reason.kind : 'completed',
        message: typeof reason.message === 'string' ? reason.message : undefined,
      });
      state.openTurn = undefined;
      // A cancelled or failed turn leaves its last step's partial text without an assistant/message: it is final now,
      // and marked cut (with the turn's end kind) so it never reads as a finished answer.
      const ended = typeof reason.kind === 'string' ? reason.kind : 'completed';
      for (const index of [...state.streaming]) {
        const item = state.items[index];
        if (item?.kind === 'assistant' && item.streaming && (typeof data.turn !== 'number' || item.turn === data.turn)) {
          replace(state, index, ended === 'completed' ? { ...item, streaming: false } : { ...item, streaming: false, cut: ended });
        }
      }
      break;
    }
    default:
      break;
  }
  return state;
}

/** What a transcript shows: its rows (an immutable snapshot) and the turn still open, if any. */
export interface TranscriptView {
  readonly items: readonly TranscriptItem[];
  readonly openTurn: number | undefined;
}

/** A memoised incremental fold of one session's growing event list (see `createTranscriptFolder`). */
export interface TranscriptFolder {
  /**
   * The transcript of `events`.
   * @param events events sorted by seq; an array that is replaced, never mutated, when it changes
   * @param views tool cards by seq (read only for the events applied now)
   * @returns the same view object while `events` is the same array; a new one (with a new `items` array) when rows
   *   changed; the previous one when the new events changed no row
   */
  fold(events: readonly SessionEvent[], views: Readonly<Record<number, ToolView>>): TranscriptView;
}

/**
 * A folder that remembers the last list it folded: when the new list extends it (the same event object at the
 * last folded index), only the new events are applied and one snapshot of the rows is published — a streamed
 * event costs one array copy, a whole log one pass. Any other change (older pages prepended, an event inserted
 * out of order) refolds from scratch. Deterministic: the view depends only on the events and views given.
 * @returns a folder with nothing folded yet
 */
export function createTranscriptFolder(): TranscriptFolder {
  let source: readonly SessionEvent[] | undefined;
  let state = initTranscript();
  let published = -1;
  let view: TranscriptView = { items: [], openTurn: undefined };
  return {
    fold(events, views) {
      if (events === source) return view;
      const count = source?.length ?? 0;
      const extends_ = source !== undefined && count <= events.length && (count === 0 || source[count - 1] === events[count - 1]);
      let from = count;
      if (!extends_) {
        state = initTranscript();
        published = -1;
        from = 0;
      }
      for (let i = from; i < events.length; i += 1) {
        const event = events[i]!;
        applyTranscriptEvent(state, event, viewOf(views, event));
      }
      source = events;
      if (state.version !== published || state.openTurn !== view.openTurn) {
        view = { items: state.version !== published ? state.items.slice() : view.items, openTurn: state.openTurn };
        published = state.version;
      }
      return view;
    },
  };
}

/**
 * Fold a whole log (equal to applying each event in order).
 * @param events events sorted by seq
 * @param views tool cards by seq
 */
export function foldTranscript(events: readonly SessionEvent[], views: Readonly<Record<number, ToolView>> = {}): TranscriptState {
  const state = initTranscript();
  for (const event of events) applyTranscriptEvent(state, event, viewOf(views, event));
  return state;
}

/**
 * The view of a whole log: `foldTranscript` as a `TranscriptView` (its own rows array).
 * @param events events sorted by seq
 * @param views tool cards by seq
 */
export function transcriptViewOf(events: readonly SessionEvent[], views: Readonly<Record<number, ToolView>> = {}): TranscriptView {
  const state = foldTranscript(events, views);
  return { items: state.items, openTurn: state.openTurn };
}

/**
 * The tool card the host attached to an event, looked up by the event's own seq (never through the prototype).
 * @param views tool cards by seq
 * @param event any value; a non-event has no card
 * @returns the card, or `undefined` when there is none
 */
export function viewOf(views: Readonly<Record<number, ToolView>>, event: SessionEvent): ToolView | undefined {
  const seq: unknown = isRecord(event) ? event.seq : undefined;
  return typeof seq === 'number' && Object.hasOwn(views, seq) ? views[seq] : undefined;
}

/** What the exit_plan_mode card shows as the review outcome (docs/upstream-spec.md §1.9 result texts). */
export type ReviewOutcome =
  | { kind: 'waiting' }
  | { kind: 'approved' }
  | { kind: 'keep-planning'; feedback: string | undefined }
  | { kind: 'dismissed' }
  | { kind: 'failed'; text: string };

/**
 * Read the review outcome from an `exit_plan_mode` result text: success is approval; an error is keep planning
 * (with the reviewer's feedback when the text carries it), a dismissal (the user wants to talk), or another failure.
 * @param result the tool result, undefined while the review is pending
 */
export function reviewOutcomeOf(result: ToolResultView | undefined): ReviewOutcome {
  if (!result) return { kind: 'waiting' };
  if (!result.isError) return { kind: 'approved' };
  const text = result.text.replace(/^Error:\s*/i, '');
  const feedback = /feedback[^:]*:\s*([\s\S]+)$/i.exec(text);
  if (feedback) return { kind: 'keep-planning', feedback: feedback[1]!.trim() };
  if (/dismiss|wants to (talk|speak)|stop,? and wait/i.test(text)) return { kind: 'dismissed' };
  if (/keep planning|revise/i.test(text)) return { kind: 'keep-planning', feedback: undefined };
  return { kind: 'failed', text: result.text };
}

/**
 * Parse a tool call's raw JSON arguments.
 * @returns the object, or undefined when the text is not a JSON object (models can emit broken JSON)
 */
export function parseArguments(raw: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    // A plan parsed out of its call's arguments is the instance the review's question already holds.
    return isRecord(value) ? (raw.length >= SHARED_TEXT_MIN_CHARS ? shareTexts(value) : value) : undefined;
  } catch {
    return undefined;
  }
}
