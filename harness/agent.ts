/**
 * The agent loop: one root agent per session (agent id = session id) running turns of steps against a
 * `ModelProvider`, in the event order of a real dsh host (shared/spec/dsh-frames/ws-events.mux.jsonl, HEAD):
 * a queued prompt opens `turn/start {trigger}` → user/message → session/title (once); a steered message opens
 * `turn/start` without trigger and waits for the first step. Per step: pre-step boundary (plan-mode commit) →
 * step/start → the step's messages (boundary notices, then steered messages) → session/title (once) →
 * request/header (only when changed) → assistant/chunk rows → assistant/message → tool/call + tool/result per
 * call → step/end; then turn/end. Everything it knows comes from the log. Session modes (seed 002) flush at two
 * more seams: prompt submit (right after turn/start) and turn continuation (after step/end).
 */
import { assistantContentOf, toolResultOf, userTextOf } from '../src/core/log/content.ts';
import type { ContentBlock, SessionEvent, ToolCallData, UserMessageData } from '../src/core/log/types.ts';
import { lastTurnOf, type SessionLog } from './log.ts';
import { assemblePrompt, type PromptSection } from './prompt.ts';
import type { AgentHandle } from './questions.ts';
import { toolError, type ToolDefinition, type ToolOutcome } from './tools.ts';
import type { ModelChunk, ModelMessage, ModelProvider } from './types.ts';

/** Default step limit of one turn. */
export const DEFAULT_MAX_STEPS = 24;

/** One item of the `session/queue` frame (shape as a real dsh host sends it: the message carries role and the item's id). */
export interface QueueItem {
  id: string;
  placement: 'steering' | 'queued';
  message: { content: ContentBlock[]; source: { kind: 'user' }; role: 'user'; id: string };
}

/**
 * A user message a pre-step boundary adds to the step it opens (upstream spec §1.6 E3 "decision messages", e.g. the
 * plan-mode switch notice of §1.7); logged as `user/message` right after `step/start`, before steered messages.
 */
export type StepMessage = UserMessageData;

/** What an agent needs from the engine. */
export interface AgentDeps {
  log: SessionLog;
  handle: AgentHandle;
  model: ModelProvider;
  sections(): readonly PromptSection[];
  /** The tools offered to this agent's next request (session modes hide `exit_plan_mode` outside plan). */
  tools(agentId: string): readonly ToolDefinition[];
  /**
   * Pre-step boundary hooks (plan-mode commit), run before `step/start`. @returns the messages to add to the step
   * (logged after `step/start`; a failing append of one is contained with a warning), or nothing.
   */
  preStep(agentId: string, signal: AbortSignal): readonly StepMessage[] | void;
  /** The prompt-submit seam: inside the just-opened turn, before its first user message (session-modes flush, seed 002). */
  promptSubmit?(agentId: string, signal: AbortSignal): void;
  /** The turn-continuation seam: right after each `step/end` (session-modes flush, seed 002). */
  turnContinuation?(agentId: string, signal: AbortSignal): void;
  newId(): string;
  /** Wait `ms` (pacing of model chunks); must resolve early when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  maxSteps: number;
  onRunning(running: boolean): void;
  onQueue(items: QueueItem[]): void;
  /** A model or loop error ended a turn (the host sends `host/agent-error`). */
  onError(message: string, turn: number): void;
  logger: { warn(message: string, ...details: unknown[]): void };
}

class Cancelled extends Error {}

/** How a turn opens: with one queued prompt (logged at once) or with the steered messages waiting in the inbox. */
type Opening = { kind: 'prompt'; item: QueueItem } | { kind: 'steer' };

/**
 * One session's root agent. `prompt`/`steer` start a turn when idle; a running turn takes steered
 * messages at the start of its next step and queued prompts after it ends.
 */
export class Agent {
  /** Steered messages not yet taken by a turn (shown in `session/queue`). */
  private readonly inbox: QueueItem[] = [];
  /** Steered messages a turn has taken (spliced out of the inbox), delivered at the start of its next step. */
  private readonly nextStep: QueueItem[] = [];
  private readonly queue: QueueItem[] = [];
  private controller: AbortController | undefined;
  private drive: Promise<void> | undefined;

  constructor(private readonly deps: AgentDeps) {}

  /** Whether a turn is running (or about to run from the queue). */
  get running(): boolean {
    return this.drive !== undefined;
  }

  /**
   * `session.prompt` (PROTOCOL.md): `steer` joins the running turn at the start of its next step, `queue` runs
   * after the current turn; either starts a turn at once when idle. An idle steer logs `turn/start` (no trigger)
   * synchronously and delivers the message at the first step's start, which runs only after the caller's
   * synchronous work, so a `/plan <task>` logs `command/done` between the two (real dsh host order, issue 5).
   * @param content - the user's content blocks
   */
  prompt(content: ContentBlock[], mode: 'queue' | 'steer'): void {
    const id = this.deps.newId();
    const item: QueueItem = { id, placement: mode === 'steer' ? 'steering' : 'queued', message: { content, source: { kind: 'user' }, role: 'user', id } };
    if (!this.drive) {
      if (mode === 'steer') {
        this.inbox.push(item);
        this.announceQueue();
        this.start({ kind: 'steer' });
      } else {
        this.start({ kind: 'prompt', item });
      }
      return;
    }
    (mode === 'steer' ? this.inbox : this.queue).push(item);
    this.announceQueue();
  }

  /** `agent.steer` (upstream spec §1.8): a user message for the next step (starts a turn when idle). */
  steer(content: ContentBlock[]): void {
    this.prompt(content, 'steer');
  }

  /** Cancel the running turn (aborts model, tool and question) and drop steered and queued prompts. */
  cancel(): void {
    const hadItems = this.inbox.length + this.queue.length > 0;
    this.inbox.length = 0;
    this.nextStep.length = 0;
    this.queue.length = 0;
    if (hadItems) this.announceQueue();
    this.controller?.abort();
  }

  /** Resolves when the agent has no running turn and nothing queued. */
  async idle(): Promise<void> {
    while (this.drive) await this.drive;
  }

  private announceQueue(): void {
    this.deps.onQueue([...this.inbox, ...this.queue].map((item) => structuredClone(item)));
  }

  private start(first: Opening): void {
    this.deps.onRunning(true);
    this.launch(first);
  }

  /** Run turns until nothing is left; a prompt that lands while the drive is settling starts the next one. */
  private launch(first: Opening): void {
    this.drive = this.runAll(first).finally(() => {
      this.drive = undefined;
      const next = this.takeNext();
      if (next) this.launch(next);
      else this.deps.onRunning(false);
    });
  }

  /** The next turn's opening: one queued prompt (announced as taken), else the steered messages, else none. */
  private takeNext(): Opening | undefined {
    if (this.queue.length > 0) {
      const item = this.queue.shift() as QueueItem;
      this.announceQueue();
      return { kind: 'prompt', item };
    }
    return this.inbox.length > 0 || this.nextStep.length > 0 ? { kind: 'steer' } : undefined;
  }

  private async runAll(first: Opening): Promise<void> {
    let next: Opening | undefined = first;
    while (next) {
      try {
        await this.runTurn(next);
      } catch (error) {
        // Only a storage failure reaches here (turn/end itself could not be logged); stop driving.
        this.queue.length = 0;
        this.inbox.length = 0;
        this.nextStep.length = 0;
        this.deps.logger.warn(`agent ${this.deps.handle.id}: turn aborted by a log failure`, error);
        this.deps.onError(error instanceof Error ? error.message : String(error), lastTurnOf(this.deps.log.events));
        return;
      }
      next = this.takeNext();
    }
  }

  private appendUser(item: QueueItem): SessionEvent {
    const data: UserMessageData = { content: item.message.content, source: { kind: 'user' }, role: 'user', id: item.id };
    return this.deps.log.append({ type: 'user/message', data, surfaceOp: 'append' });
  }

  /** The fallback `session/title` (first five words of the first user message), once per session, after `users`. */
  private titleOnce(users: readonly SessionEvent[]): void {
    const log = this.deps.log;
    const first = users[0];
    if (!first || log.events.some((e) => e.type === 'session/title')) return;
    const title = userTextOf(first).split(/\s+/).filter(Boolean).slice(0, 5).join(' ');
    if (title !== '') log.append({ type: 'session/title', data: { title, messageSeqs: [first.seq], source: { kind: 'fallback' } } });
  }

  /**
   * Log the messages of a step right after its `step/start`: the boundary's messages (notices; a failing append is
   * contained with a warning, as the boundary's own append is, upstream spec §1.6), then the steered messages.
   */
  private deliverStepMessages(notices: readonly StepMessage[]): void {
    const { log, logger, handle } = this.deps;
    for (const data of notices) {
      try {
        log.append({ type: 'user/message', data, surfaceOp: 'append' });
      } catch (error) {
        logger.warn(`agent ${handle.id}: could not log a step message`, error);
      }
    }
    const fromInbox = this.inbox.length > 0;
    const items = [...this.nextStep.splice(0), ...this.inbox.splice(0)];
    if (fromInbox) this.announceQueue();
    this.titleOnce(items.map((item) => this.appendUser(item)));
  }

  private async runTurn(opening: Opening): Promise<void> {
    const { log, handle } = this.deps;
    const turn = lastTurnOf(log.events) + 1;
    const controller = new AbortController();
    this.controller = controller;
    const signal = controller.signal;
    const end = (reason: { kind: string; message?: string }): void => {
      log.append({ type: 'turn/end', data: { turn, reason } });
    };
    if (opening.kind === 'prompt') {
      log.append({ type: 'turn/start', data: { turn, trigger: { kind: 'message', source: { kind: 'user' } } } });
    } else {
      // A real dsh host opens a steered turn without a trigger and splices the inbox for its first step.
      log.append({ type: 'turn/start', data: { turn } });
      if (this.inbox.length > 0) {
        this.nextStep.push(...this.inbox.splice(0));
        this.announceQueue();
      }
    }
    try {
      this.deps.promptSubmit?.(handle.id, signal);
      if (opening.kind === 'prompt') this.titleOnce([this.appendUser(opening.item)]);
      // Let the caller's synchronous work land first (the command/done of a steering /plan <task>, as a real host logs it).
      else await Promise.resolve();
      for (let step = 1; ; step++) {
        if (step > this.deps.maxSteps) {
          const message = `step limit of ${this.deps.maxSteps} reached`;
          end({ kind: 'error', message });
          this.deps.onError(message, turn);
          return;
        }
        const notices = this.deps.preStep(handle.id, signal) ?? [];
        if (signal.aborted) throw new Cancelled();
        log.append({ type: 'step/start', data: { turn, step } });
        this.deliverStepMessages(notices);
        const hadToolCalls = await this.runStep(turn, step, signal);
        log.append({ type: 'step/end', data: { turn, step } });
        if (signal.aborted) throw new Cancelled();
        this.deps.turnContinuation?.(handle.id, signal);
        if (!hadToolCalls) {
          end({ kind: 'completed' });
          return;
        }
      }
    } catch (error) {
      if (signal.aborted || error instanceof Cancelled) {
        end({ kind: 'cancelled' });
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      end({ kind: 'error', message });
      this.deps.onError(message, turn);
    } finally {
      if (this.controller === controller) this.controller = undefined;
    }
  }

  /** One step after step/start; returns whether the model called tools. */
  private async runStep(turn: number, step: number, signal: AbortSignal): Promise<boolean> {
    const { log, handle, model } = this.deps;
    const prompt = assemblePrompt(this.deps.sections(), handle.id);
    const tools = this.deps.tools(handle.id);
    const schemas = tools.map((tool) => tool.schema);
    const header = { config: { provider: model.provider, model: model.model }, system: prompt.system, tools: JSON.stringify(schemas) };
    const last = lastHeaderOf(log.events);
    if (last === undefined || JSON.stringify(last) !== JSON.stringify(header)) {
      log.append({ type: 'request/header', data: { header, reason: last === undefined ? 'initial' : 'change' } });
    }

    const chunkSeqs: number[] = [];
    const blocks = new Map<number, ContentBlock>();
    const logChunk = (chunk: Record<string, unknown>): void => {
      chunkSeqs.push(log.append({ type: 'assistant/chunk', data: { turn, step, chunk } }).seq);
    };
    const open = (index: number, blockType: 'text' | 'reasoning' | 'tool-call'): void => {
      if (blocks.has(index)) return;
      blocks.set(index, blockType === 'tool-call' ? { type: 'tool-call', id: '', name: '', arguments: '' } : { type: blockType, text: '' });
      logChunk({ type: 'block-start', index, blockType });
    };
    let finish: { kind: 'stop' | 'tool-calls' } | undefined;
    const stream = model.stream({
      sessionId: handle.sessionId,
      turn,
      step,
      system: prompt.system,
      sections: prompt.sections,
      tools: schemas,
      messages: messagesOf(log.events),
      signal,
    });
    for await (const chunk of stream as AsyncIterable<ModelChunk>) {
      if (chunk.delayMs !== undefined && chunk.delayMs > 0) await this.deps.sleep(chunk.delayMs, signal);
      if (signal.aborted) throw new Cancelled();
      if (finish) continue;
      switch (chunk.type) {
        case 'block-start':
          open(chunk.index, chunk.blockType);
          break;
        case 'text-delta':
        case 'reasoning-delta': {
          open(chunk.index, chunk.type === 'text-delta' ? 'text' : 'reasoning');
          const block = blocks.get(chunk.index);
          if (block && (block.type === 'text' || block.type === 'reasoning')) block.text += chunk.text;
          logChunk({ type: chunk.type, index: chunk.index, text: chunk.text });
          break;
        }
        case 'tool-call':
          open(chunk.index, 'tool-call');
          blocks.set(chunk.index, { type: 'tool-call', id: chunk.id, name: chunk.name, arguments: chunk.arguments });
          // A real dsh host logs the call as `tool-call-delta` chunks (each with id and name); a whole call is one delta.
          logChunk({ type: 'tool-call-delta', index: chunk.index, id: chunk.id, name: chunk.name, argumentsDelta: chunk.arguments });
          break;
        case 'finish':
          finish = chunk.reason;
          break;
        default: {
          const never: never = chunk;
          throw new Error(`unknown model chunk ${JSON.stringify(never)}`);
        }
      }
    }
    if (signal.aborted) throw new Cancelled();
    const content = [...blocks.entries()].sort(([a], [b]) => a - b).map(([, block]) => block);
    for (const [index, block] of [...blocks.entries()].sort(([a], [b]) => a - b)) logChunk({ type: 'block-end', index, block });
    const calls = content.filter((block): block is Extract<ContentBlock, { type: 'tool-call' }> => block.type === 'tool-call');
    logChunk({ type: 'finish', reason: finish ?? { kind: calls.length > 0 ? 'tool-calls' : 'stop' } });
    log.append({
      type: 'assistant/message',
      data: {
        turn,
        step,
        message: { role: 'assistant', content, source: { kind: 'model', provider: model.provider, model: model.model }, id: this.deps.newId() },
      },
      surfaceOp: 'append',
      sourceEventSeqs: chunkSeqs,
    });

    for (const call of calls) {
      const callEvent = log.append({ type: 'tool/call', data: { turn, step, callId: call.id, name: call.name, arguments: call.arguments } });
      const outcome = signal.aborted ? toolError('the turn was cancelled before this tool ran') : await this.execute(call, tools, signal);
      log.append({
        type: 'tool/result',
        data: {
          turn,
          step,
          message: {
            source: { kind: 'tool', callId: call.id },
            content: [{ type: 'tool-result', toolCallId: call.id, content: [{ type: 'text', text: outcome.text }], isError: outcome.isError }],
            role: 'user',
            id: this.deps.newId(),
          },
        },
        surfaceOp: 'append',
        sourceEventSeqs: [callEvent.seq],
      });
    }
    return calls.length > 0;
  }

  private async execute(
    call: { id: string; name: string; arguments: string },
    tools: readonly ToolDefinition[],
    signal: AbortSignal,
  ): Promise<ToolOutcome> {
    const tool = tools.find((candidate) => candidate.schema.name === call.name);
    if (!tool) return toolError(`unknown tool "${call.name}"`);
    let args: unknown;
    try {
      args = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
    } catch {
      return toolError('invalid arguments: not valid JSON');
    }
    try {
      return await tool.execute(args, { agent: this.deps.handle, events: this.deps.log.events, signal, callId: call.id });
    } catch (error) {
      return toolError(error instanceof Error ? error.message : String(error));
    }
  }
}

/** The `header` of the last logged `request/header`, or `undefined` when none. */
function lastHeaderOf(events: readonly SessionEvent[]): unknown {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i] as SessionEvent;
    if (event.type === 'request/header') return (event.data as { header?: unknown } | null)?.header;
  }
  return undefined;
}

/**
 * The model-facing conversation derived from a log: user messages (plugin notices marked `notice`),
 * assistant text plus tool calls, and tool results (named by their call). Other events are left out.
 * @param events - a session log
 */
export function messagesOf(events: readonly SessionEvent[]): ModelMessage[] {
  const names = new Map<string, string>();
  const messages: ModelMessage[] = [];
  for (const event of events) {
    if (event.type === 'user/message') {
      const source = (event.data as UserMessageData | null)?.source;
      messages.push({ role: 'user', text: userTextOf(event), source: source?.kind === 'plugin' ? 'notice' : 'user' });
    } else if (event.type === 'assistant/message') {
      const content = assistantContentOf(event) ?? [];
      const text = content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
      const toolCalls = content.flatMap((block) =>
        block.type === 'tool-call' ? [{ id: block.id, name: block.name, arguments: block.arguments }] : [],
      );
      messages.push({ role: 'assistant', text, toolCalls });
    } else if (event.type === 'tool/call') {
      const data = event.data as ToolCallData;
      if (typeof data?.callId === 'string') names.set(data.callId, data.name);
    } else if (event.type === 'tool/result') {
      const result = toolResultOf(event);
      if (!result) continue;
      const callId = result.callId ?? '';
      const text = result.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
      messages.push({ role: 'tool', toolCallId: callId, name: names.get(callId) ?? '', text, isError: result.isError });
    }
  }
  return messages;
}
