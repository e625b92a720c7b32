/**
 * Session-log types in the dsh JSONL format (docs/upstream-spec.md §1.1, docs/protocol.md "Session log on disk").
 * A log is a header line followed by one event per line; an event's `seq` is its 0-based line index
 * after the header. Payload types here are the shapes this product reads; unknown kinds stay `unknown`.
 */

/** First line of a dsh session log. `createdAt` is epoch ms. */
export interface SessionHeader {
  type: 'session';
  version: number;
  id: string;
  createdAt: number;
  cwd: string;
}

/**
 * One logged event with its envelope. `seq` is 0-based after the header; `time` is epoch ms when known.
 * `surfaceOp` and `sourceEventSeqs` are carried through untouched (dsh writes them on transcript rows).
 */
export interface SessionEvent<D = unknown> {
  type: string;
  seq: number;
  time?: number;
  data: D;
  surfaceOp?: string;
  sourceEventSeqs?: number[];
}

/** A text, reasoning, tool-call, tool-result or image block of a message (dsh message content). */
export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'tool-call'; id: string; name: string; arguments: string }
  | { type: 'tool-result'; toolCallId: string; content: ContentBlock[]; isError?: boolean }
  | { type: 'image'; mediaType?: string; data?: string; url?: string };

/** Who produced a message: the user, a plugin notice, the model or a tool. */
export interface MessageSource {
  kind: 'user' | 'plugin' | 'model' | 'tool' | string;
  plugin?: string;
  form?: string;
  summary?: string;
  [key: string]: unknown;
}

/** `plan/mode` payload: whole-value plan state (docs/upstream-spec.md §1.1). */
export interface PlanModeData {
  active: boolean;
}
/** `mode/set` payload: whole-value session mode (docs/upstream-spec.md §2, seed 002). */
export interface ModeSetData {
  mode: string;
}
/** `command/run` payload, logged before a command handler runs (docs/upstream-spec.md §4.5). */
export interface CommandRunData {
  commandId: string;
  name: string;
  args?: string;
  source?: MessageSource;
}
/** `command/done` payload, logged after the handler (a throw counts as `error`). */
export interface CommandDoneData {
  commandId: string;
  kind: 'success' | 'error';
  text?: string;
}
/** `turn/start` payload.
 * @public log vocabulary: documents the payload even where no code reads it whole
 */
export interface TurnStartData {
  turn: number;
  trigger?: { kind: string; [key: string]: unknown };
}
/** `turn/end` payload; `reason.kind` is e.g. `completed`, `cancelled`, `error`. */
export interface TurnEndData {
  turn: number;
  reason: { kind: string; message?: string };
}
/** `step/start` and `step/end` payload.
 * @public log vocabulary: documents the payload even where no code reads it whole
 */
export interface StepData {
  turn: number;
  step: number;
}
/** `request/header` payload: the assembled request the model is about to receive.
 * @public log vocabulary: documents the payload even where no code reads it whole
 */
export interface RequestHeaderData {
  header: { config: Record<string, unknown>; system: string; tools: string; [key: string]: unknown };
  reason: 'initial' | 'change' | string;
}
/** `user/message` payload (a prompt, a steered message or a plugin notice). */
export interface UserMessageData {
  content: ContentBlock[];
  source: MessageSource;
  role?: 'user';
  id?: string;
}
/** `assistant/message` payload. Recordings carry either `message.content` or a bare `content`.
 * @public log vocabulary: documents the payload even where no code reads it whole
 */
export interface AssistantMessageData {
  turn: number;
  step: number;
  message?: { role: 'assistant'; content: ContentBlock[]; source?: MessageSource; id?: string };
  content?: ContentBlock[];
  usage?: Record<string, number>;
}
/** `tool/call` payload; `arguments` is the raw JSON text the model produced. */
export interface ToolCallData {
  turn: number;
  step: number;
  callId: string;
  name: string;
  arguments: string;
}
/** `tool/result` payload. Recordings carry either `message.content[0]` (a tool-result block) or bare `content`.
 * @public log vocabulary: documents the payload even where no code reads it whole
 */
export interface ToolResultData {
  turn: number;
  step: number;
  callId?: string;
  message?: { role: 'user'; content: ContentBlock[]; source?: MessageSource; id?: string };
  content?: ContentBlock[];
  isError?: boolean;
}
/** `assistant/chunk` payload: one streaming delta (`text-delta`, `reasoning-delta`, `block-start`, …). */
export interface AssistantChunkData {
  turn: number;
  step: number;
  chunk: { type: string; index?: number; text?: string; [key: string]: unknown };
}
/**
 * `session/title` payload.
 * @public log vocabulary: documents the payload even where no code reads it whole
 */
export interface SessionTitleData {
  title: string;
  messageSeqs?: number[];
  source?: { kind: string };
}
