/**
 * The replay model: plays back the model output recorded in a dsh session log, one recorded step per
 * `stream()` call in recorded order, paced by the recorded timings (`dt` of the packed rows, `time` gaps
 * between rows) divided by `speed`. It reads `assistant/chunk` rows, the packed `text-chunks` /
 * `reasoning-chunks` / `tool-call-chunks` rows and, for a step without chunks, its `assistant/message`.
 * Once the recording is exhausted every further step says so and stops.
 */
import { parseSessionLog } from '../../src/core/log/reader.ts';
import { assistantContentOf } from '../../src/core/log/content.ts';
import type { SessionEvent } from '../../src/core/log/types.ts';
import type { ModelChunk, ModelProvider, ModelRequest } from '../types.ts';
import { defaultSleep, emitPaced, type Sleep } from './stream.ts';

/** Options of `createReplayModel`. */
export interface ReplayModelOptions {
  /** Pacing factor: recorded delays are divided by it (2 = twice as fast). 0 or Infinity = no delay. Default 1. */
  speed?: number;
  /** Upper bound of any single delay after scaling, in ms. Default 5000. */
  maxDelayMs?: number;
  /** The wait used for pacing (tests inject a recorder). Default: a real abortable timer. */
  sleep?: Sleep;
}

/** One recorded step's output, with the recorded (unscaled) delay of each chunk in `delayMs`. */
export interface RecordedStep {
  turn: number;
  step: number;
  chunks: ModelChunk[];
}

/** What a recording holds for replay. */
export interface Recording {
  /** `request/header.header.config.provider` of the first header that names one. */
  provider?: string;
  /** `request/header.header.config.model` of the first header that names one. */
  model?: string;
  steps: RecordedStep[];
}

/** The text of the step played once the recording is exhausted. */
export const EXHAUSTED_TEXT = 'The recording has no more model output.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function finishKind(reason: unknown): 'stop' | 'tool-calls' {
  return isRecord(reason) && reason.kind === 'tool-calls' ? 'tool-calls' : 'stop';
}

/** Builds one step's chunks from its rows; tool calls are held until their block ends (or the step finishes). */
class StepBuilder {
  readonly chunks: ModelChunk[] = [];
  private readonly delta = new Set<number>();
  private readonly started = new Set<number>();
  private readonly pendingTools = new Map<number, { id: string; name: string; args: string; delayMs: number }>();
  private readonly doneTools = new Set<number>();
  finished = false;
  hasChunks = false;

  constructor(
    readonly turn: number,
    readonly step: number,
  ) {}

  private push(chunk: ModelChunk): void {
    this.hasChunks = true;
    this.chunks.push(chunk);
  }

  private pushDelta(kind: 'text' | 'reasoning', index: number, text: string, delayMs: number): void {
    this.delta.add(index);
    this.push(kind === 'text' ? { type: 'text-delta', index, text, delayMs } : { type: 'reasoning-delta', index, text, delayMs });
  }

  private emitTool(index: number, call: { id: string; name: string; args: string }, delayMs: number): void {
    if (this.doneTools.has(index)) return;
    this.doneTools.add(index);
    this.pendingTools.delete(index);
    this.push({ type: 'tool-call', index, id: call.id, name: call.name, arguments: call.args, delayMs });
  }

  private flushTools(): void {
    for (const [index, call] of [...this.pendingTools]) this.emitTool(index, call, call.delayMs);
  }

  /**
   * Whether an output row starts a new attempt of the same step (a request retried after a stream error):
   * any chunk after `finish`, or a `block-start` for an index this attempt already started.
   */
  restartsWith(type: string, chunk: Record<string, unknown> | undefined): boolean {
    if (type === 'assistant/message') return false;
    if (this.finished) return true;
    return chunk?.type === 'block-start' && this.started.has(numberOr(chunk.index, 0));
  }

  /** An `assistant/chunk` row's chunk. */
  chunk(chunk: Record<string, unknown>, gap: number): void {
    const index = numberOr(chunk.index, 0);
    switch (chunk.type) {
      case 'block-start': {
        const blockType = chunk.blockType;
        if (blockType === 'text' || blockType === 'reasoning' || blockType === 'tool-call') {
          this.started.add(index);
          this.push({ type: 'block-start', index, blockType, delayMs: gap });
        }
        return;
      }
      case 'text-delta':
      case 'reasoning-delta':
        if (typeof chunk.text === 'string') {
          this.pushDelta(chunk.type === 'text-delta' ? 'text' : 'reasoning', index, chunk.text, gap);
        }
        return;
      case 'tool-call-delta': {
        const pending = this.pendingTools.get(index) ?? { id: '', name: '', args: '', delayMs: 0 };
        if (typeof chunk.id === 'string' && chunk.id !== '') pending.id = chunk.id;
        if (typeof chunk.name === 'string' && chunk.name !== '') pending.name = chunk.name;
        if (typeof chunk.argumentsDelta === 'string') pending.args += chunk.argumentsDelta;
        pending.delayMs += gap;
        this.pendingTools.set(index, pending);
        return;
      }
      case 'tool-call':
        if (typeof chunk.id === 'string' && typeof chunk.name === 'string' && typeof chunk.arguments === 'string') {
          this.emitTool(index, { id: chunk.id, name: chunk.name, args: chunk.arguments }, gap);
        }
        return;
      case 'block-end': {
        const block = isRecord(chunk.block) ? chunk.block : {};
        if ((block.type === 'text' || block.type === 'reasoning') && !this.delta.has(index) && typeof block.text === 'string') {
          // A block whose deltas were not recorded still shows its whole text.
          this.pushDelta(block.type, index, block.text, gap);
        } else if (block.type === 'tool-call' && typeof block.id === 'string' && typeof block.name === 'string') {
          const pending = this.pendingTools.get(index);
          const args = typeof block.arguments === 'string' ? block.arguments : (pending?.args ?? '');
          this.emitTool(index, { id: block.id, name: block.name, args }, (pending?.delayMs ?? 0) + gap);
        }
        return;
      }
      case 'finish':
        this.flushTools();
        this.push({ type: 'finish', reason: { kind: finishKind(chunk.reason) }, delayMs: gap });
        this.finished = true;
        return;
      default:
        // `usage` and unknown chunk kinds carry nothing a ModelChunk can express.
        return;
    }
  }

  /** A packed `text-chunks` / `reasoning-chunks` row: `texts[0]` after the row gap, `texts[i]` after `dt[i-1]`. */
  packedText(kind: 'text' | 'reasoning', data: Record<string, unknown>, gap: number): void {
    const index = numberOr(data.index, 0);
    const dt = Array.isArray(data.dt) ? data.dt : [];
    stringsOf(data.texts).forEach((text, i) => {
      this.pushDelta(kind, index, text, i === 0 ? gap : Math.max(0, numberOr(dt[i - 1], 0)));
    });
  }

  /** A packed `tool-call-chunks` row: the arguments are the concatenated `args`, the delay their summed timing. */
  packedTool(data: Record<string, unknown>, gap: number): void {
    const index = numberOr(data.index, 0);
    const dt = Array.isArray(data.dt) ? data.dt : [];
    const pending = this.pendingTools.get(index) ?? { id: '', name: '', args: '', delayMs: 0 };
    if (typeof data.id === 'string') pending.id = data.id;
    if (typeof data.name === 'string') pending.name = data.name;
    pending.args += stringsOf(data.args).join('');
    pending.delayMs += gap + dt.reduce<number>((sum, d) => sum + Math.max(0, numberOr(d, 0)), 0);
    this.pendingTools.set(index, pending);
  }

  /** The step's `assistant/message`, used only when the step has no chunk rows. */
  message(event: SessionEvent): void {
    if (this.hasChunks) return;
    const content = assistantContentOf(event) ?? [];
    let index = 0;
    let calls = false;
    for (const block of content) {
      if (block.type === 'text' || block.type === 'reasoning') {
        this.push({ type: 'block-start', index, blockType: block.type });
        this.pushDelta(block.type, index, block.text, 0);
      } else if (block.type === 'tool-call') {
        calls = true;
        this.push({ type: 'block-start', index, blockType: 'tool-call' });
        this.emitTool(index, { id: block.id, name: block.name, args: block.arguments }, 0);
      } else continue;
      index += 1;
    }
    this.push({ type: 'finish', reason: { kind: calls ? 'tool-calls' : 'stop' } });
    this.finished = true;
  }

  /** The chunks with a guaranteed `finish` last. */
  build(): RecordedStep {
    if (!this.finished) {
      this.flushTools();
      this.push({ type: 'finish', reason: { kind: this.doneTools.size > 0 ? 'tool-calls' : 'stop' } });
    }
    return { turn: this.turn, step: this.step, chunks: this.chunks };
  }
}

/**
 * Reads the model output of a dsh session log, step by step in recorded order (steps keyed by the
 * `turn`/`step` of their rows). An unfinished attempt retried under the same turn/step is replaced by the
 * retry. Rows of unknown kinds are ignored; malformed lines are skipped by `parseSessionLog`.
 * @param jsonl - the whole session log text.
 * @returns provider/model names (when a `request/header` names them) and the recorded steps.
 * @throws {Error} when the text holds no session header and no event at all (not a dsh log).
 */
export function readRecording(jsonl: string): Recording {
  const log = parseSessionLog(jsonl);
  if (log.header === undefined && log.events.length === 0) {
    throw new Error('not a dsh session log: no session header and no events');
  }
  const recording: Recording = { steps: [] };
  const builders = new Map<string, StepBuilder>();
  const order: StepBuilder[] = [];
  let previousTime: number | undefined;

  for (const event of log.events) {
    const data = isRecord(event.data) ? event.data : {};
    const gap = previousTime !== undefined && event.time !== undefined ? Math.max(0, event.time - previousTime) : 0;
    if (event.time !== undefined) previousTime = event.time;

    if (event.type === 'request/header') {
      const config = isRecord(data.header) && isRecord(data.header.config) ? data.header.config : {};
      if (recording.provider === undefined && typeof config.provider === 'string') recording.provider = config.provider;
      if (recording.model === undefined && typeof config.model === 'string') recording.model = config.model;
      continue;
    }
    const isOutput =
      event.type === 'assistant/chunk' ||
      event.type === 'assistant/message' ||
      event.type === 'text-chunks' ||
      event.type === 'reasoning-chunks' ||
      event.type === 'tool-call-chunks';
    if (!isOutput) continue;

    const turn = numberOr(data.turn, 0);
    const step = numberOr(data.step, 0);
    const key = `${turn}:${step}`;
    let builder = builders.get(key);
    const chunk = event.type === 'assistant/chunk' && isRecord(data.chunk) ? data.chunk : undefined;
    if (builder !== undefined && builder.restartsWith(event.type, chunk)) {
      // A finished attempt stays a step of its own; an unfinished one is replaced by its retry.
      if (!builder.finished) order.splice(order.indexOf(builder), 1);
      builder = undefined;
    }
    if (builder === undefined) {
      builder = new StepBuilder(turn, step);
      builders.set(key, builder);
      order.push(builder);
    }
    if (event.type === 'assistant/chunk') {
      if (chunk !== undefined) builder.chunk(chunk, gap);
    } else if (event.type === 'text-chunks') builder.packedText('text', data, gap);
    else if (event.type === 'reasoning-chunks') builder.packedText('reasoning', data, gap);
    else if (event.type === 'tool-call-chunks') builder.packedTool(data, gap);
    else builder.message(event);
  }
  recording.steps = order.map((builder) => builder.build());
  return recording;
}

function exhaustedStep(): ModelChunk[] {
  return [
    { type: 'block-start', index: 0, blockType: 'text' },
    { type: 'text-delta', index: 0, text: EXHAUSTED_TEXT },
    { type: 'finish', reason: { kind: 'stop' } },
  ];
}

/**
 * Creates a replay provider over one recording. Each `stream()` call plays recorded step number
 * `request.priorSteps` (the session log's earlier steps, so a restart resumes where the log stopped), or the next
 * one when the request does not say (the request's content is not consulted), awaiting each chunk's recorded delay divided by `speed` and capped
 * at `maxDelayMs`; once exhausted it plays `EXHAUSTED_TEXT` and `finish stop`. The cursor advances when a
 * call starts, so an aborted step is not replayed. Provider and model names come from the recording's
 * first `request/header` config, else `'replay'`.
 * @param jsonl - a dsh session log (e.g. fixtures/dsh-recordings/plan-review/session.jsonl).
 * @param options - pacing and the injectable sleep.
 * @returns a stateful provider: give each session its own (see `modelFromSpec`).
 * @throws {Error} for text that is not a dsh log (see `readRecording`); {RangeError} for a negative or
 *   NaN `speed` or `maxDelayMs`. `stream()` throws an `AbortError`-named error once `request.signal` aborts.
 */
export function createReplayModel(jsonl: string, options: ReplayModelOptions = {}): ModelProvider {
  const speed = options.speed ?? 1;
  const maxDelayMs = options.maxDelayMs ?? 5000;
  if (Number.isNaN(speed) || speed < 0) throw new RangeError(`replay speed must be 0 or more, got ${speed}`);
  if (Number.isNaN(maxDelayMs) || maxDelayMs < 0) throw new RangeError(`replay maxDelayMs must be 0 or more, got ${maxDelayMs}`);
  const sleep = options.sleep ?? defaultSleep;
  const recording = readRecording(jsonl);
  const scale = (ms: number | undefined): number => {
    if (ms === undefined || ms <= 0 || speed === 0 || speed === Infinity) return 0;
    return Math.min(maxDelayMs, ms / speed);
  };
  let cursor = 0;
  return {
    provider: recording.provider ?? 'replay',
    model: recording.model ?? 'replay',
    async *stream(request: ModelRequest): AsyncGenerator<ModelChunk> {
      // The log's position wins over the in-memory count, so a restarted harness replays from where its log stopped.
      if (request.priorSteps !== undefined && request.priorSteps >= 0) cursor = request.priorSteps;
      const step = recording.steps[cursor];
      cursor += 1;
      const chunks = step === undefined ? exhaustedStep() : step.chunks.map((c) => ({ ...c, delayMs: scale(c.delayMs) }));
      yield* emitPaced(chunks, request.signal, sleep);
    },
  };
}
