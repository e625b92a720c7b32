/**
 * The agent loop: one root agent per session (agent id = session id) running turns of steps against a
 * `ModelProvider`, in the event order of a real dsh host (see `Agent`). It reads the log through harness/folds/ and
 * stores each call's result through harness/tool-results.ts. A failed log write never leaves the agent running: an
 * idle prompt fails the request, a failure mid-turn ends the turn (`turn/end` error, or at the next write). After a
 * restart a turn left open at a question is resumed (`Agent.resume`); any other is closed (harness/turn-repair.ts).
 */
import { userTextOf } from '../src/core/log/content.ts';
import type { ContentBlock, SessionEvent, UserMessageData } from '../src/core/log/types.ts';
import { messagesOf } from './folds/model-messages.ts';
import type { ResumePoint, StepCall } from './folds/resume.ts';
import { lastHeaderOf, lastTurnOf, openTurnOf } from './folds/turns.ts';
import type { SessionLog } from './log.ts';
import { assemblePrompt, type PromptSection } from './prompt.ts';
import type { AgentHandle } from './questions.ts';
import { callResultOf } from './tool-results.ts';
import { toolError, type ToolDefinition, type ToolOutcome } from './tools.ts';
import { closeInterruptedTurn, SERVER_STOPPED } from './turn-repair.ts';
import type { ModelChunk, ModelProvider } from './types.ts';

/** Default step limit of one turn. */
export const DEFAULT_MAX_STEPS = 24;

/** One item of the `session/queue` frame (shape as a real dsh host sends it: the message carries role and the item's id). */
export interface QueueItem {
  id: string;
  placement: 'steering' | 'queued';
  message: { content: ContentBlock[]; source: { kind: 'user' }; role: 'user'; id: string };
}

/**
 * A user message a pre-step boundary adds to the step it opens (docs/upstream-spec.md §1.6 E3 "decision messages", e.g. the
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

/** A turn whose `turn/start` is logged: its number, its abort controller, and whether it opened by steering. */
interface OpenTurn {
  turn: number;
  controller: AbortController;
  steered: boolean;
}

/**
 * One session's root agent. `prompt`/`steer` start a turn when idle; a running turn takes steered
 * messages at the start of its next step and queued prompts after it ends. Event order, as a real dsh host logs it
 * (fixtures/dsh-frames/ws-events.mux.jsonl, HEAD): a queued prompt opens `turn/start {trigger}` → user/message →
 * session/title (once); a steered message opens `turn/start` without trigger and waits for the first step. Per step:
 * pre-step boundary (plan-mode commit) → step/start → the step's messages (boundary notices, then steered messages) →
 * session/title (once) → request/header (only when changed) → assistant/chunk rows → assistant/message → tool/call +
 * tool/result per call → step/end; then turn/end. Session modes (seed 002) flush at two more seams: prompt submit
 * (right after turn/start) and turn continuation (after step/end).
 */
export class Agent {
  /** Steered messages not yet taken by a turn (shown in `session/queue`). */
  private readonly inbox: QueueItem[] = [];
  /** Steered messages a turn has taken (spliced out of the inbox), delivered at the start of its next step. */
  private readonly nextStep: QueueItem[] = [];
  private readonly queue: QueueItem[] = [];
  private controller: AbortController | undefined;
  private drive: Promise<void> | undefined;
  /** A turn whose `turn/end` could not be stored; it is logged before anything else once writing works again. */
  private unclosed: { turn: number; reason: { kind: string; message?: string } } | undefined;
  /** Set by {@link halt}: the turn stops without logging anything more. */
  private halted = false;

  constructor(private readonly deps: AgentDeps) {}

  /** Whether a turn is running (or about to run from the queue). */
  get running(): boolean {
    return this.drive !== undefined;
  }

  /**
   * `session.prompt` (docs/protocol.md): `steer` joins the running turn at the start of its next step, `queue` runs
   * after the current turn; either starts a turn at once when idle. An idle steer logs `turn/start` (no trigger)
   * synchronously and delivers the message at the first step's start, which runs only after the caller's
   * synchronous work, so a `/plan <task>` logs `command/done` between the two (real dsh host order).
   * @param content - the user's content blocks
   * @throws LogWriteError when the idle turn cannot be opened (its `turn/start` or user message not stored): the
   *   message is not taken and the agent stays idle
   */
  prompt(content: ContentBlock[], mode: 'queue' | 'steer'): void {
    const id = this.deps.newId();
    const item: QueueItem = { id, placement: mode === 'steer' ? 'steering' : 'queued', message: { content, source: { kind: 'user' }, role: 'user', id } };
    if (!this.drive) {
      if (mode === 'steer') {
        this.inbox.push(item);
        this.announceQueue();
        try {
          this.start({ kind: 'steer' });
        } catch (error) {
          // Not taken: the message leaves the queue again, and the request fails with the cause.
          const index = this.inbox.indexOf(item);
          if (index >= 0) this.inbox.splice(index, 1);
          const taken = this.nextStep.indexOf(item);
          if (taken >= 0) this.nextStep.splice(taken, 1);
          this.announceQueue();
          throw error;
        }
      } else {
        this.start({ kind: 'prompt', item });
      }
      return;
    }
    (mode === 'steer' ? this.inbox : this.queue).push(item);
    this.announceQueue();
  }

  /** `agent.steer` (docs/upstream-spec.md §1.8): a user message for the next step (starts a turn when idle). */
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

  /**
   * Stop as a crash would: drop steered and queued prompts and abort the running turn without logging its end (the
   * caller halts the log first, so nothing the turn was doing is logged either); the harness then closes the turns a
   * restart could not go on with (README "What survives a restart"). The agent takes no new turn afterwards.
   */
  halt(): void {
    this.halted = true;
    this.inbox.length = 0;
    this.nextStep.length = 0;
    this.queue.length = 0;
    this.controller?.abort();
  }

  /** Resolves when the agent has no running turn and nothing queued. */
  async idle(): Promise<void> {
    while (this.drive) await this.drive;
  }

  /**
   * Log the `turn/end` of a turn that a write failure left open, now that writing may work again (the harness calls
   * this before every request that writes to the session). Does nothing while a turn runs or when nothing is owed.
   * @throws LogWriteError when it still cannot be stored
   */
  repair(): void {
    if (this.drive || !this.unclosed) return;
    if (openTurnOf(this.deps.log.events) !== undefined) closeInterruptedTurn(this.deps.log, this.deps.newId, this.unclosed.reason);
    this.unclosed = undefined;
  }

  /**
   * Owe the close of the log's open turn (the harness could not close it at load because the log could not be written):
   * {@link repair} closes it with `reason` before the next write.
   */
  oweTurnEnd(reason: { kind: string; message?: string } = SERVER_STOPPED): void {
    const turn = openTurnOf(this.deps.log.events);
    if (turn !== undefined) this.unclosed = { turn, reason };
  }

  /**
   * Go on with a turn a restart found waiting at a question: run the step's remaining calls — the
   * question is asked again under its stable id — then `step/end` and the following steps, in the same turn, exactly
   * as if the server had not stopped. Call once, on an idle agent, right after loading.
   * @param point - from `resumePointOf` (harness/folds/resume.ts)
   */
  resume(point: ResumePoint): void {
    if (this.drive) throw new Error(`agent ${this.deps.handle.id} is already running`);
    const open: OpenTurn = { turn: point.turn, controller: new AbortController(), steered: false };
    this.controller = open.controller;
    this.deps.onRunning(true);
    this.launch(() => this.continueTurn(open, point));
  }

  private announceQueue(): void {
    this.deps.onQueue([...this.inbox, ...this.queue].map((item) => structuredClone(item)));
  }

  /** Open a turn now (throws when it cannot be stored, leaving the agent idle), then drive it. */
  private start(first: Opening): void {
    const open = this.open(first);
    this.deps.onRunning(true);
    this.launch(() => this.continueTurn(open));
  }

  /** Run turns until nothing is left; a prompt that lands while the drive is settling starts the next one. */
  private launch(first: () => Promise<void>): void {
    this.drive = this.runAll(first).finally(() => {
      this.drive = undefined;
      const next = this.takeNext();
      if (next) this.launch(() => this.runTurn(next));
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

  private async runAll(first: () => Promise<void>): Promise<void> {
    let next: (() => Promise<void>) | undefined = first;
    while (next) {
      try {
        await next();
      } catch (error) {
        if (this.halted) return;
        // Only a storage failure reaches here (turn/end itself could not be logged); stop driving.
        this.queue.length = 0;
        this.inbox.length = 0;
        this.nextStep.length = 0;
        this.deps.logger.warn(`agent ${this.deps.handle.id}: turn aborted by a log failure`, error);
        this.deps.onError(error instanceof Error ? error.message : String(error), lastTurnOf(this.deps.log.events));
        return;
      }
      const opening = this.takeNext();
      next = opening ? () => this.runTurn(opening) : undefined;
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
   * contained with a warning, as the boundary's own append is, docs/upstream-spec.md §1.6), then the steered messages.
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

  /** Open a turn and drive it (a queued turn, inside the drive: a failure to open ends the drive with an error). */
  private async runTurn(opening: Opening): Promise<void> {
    await this.continueTurn(this.open(opening));
  }

  /** Log `turn/end`; when it cannot be stored, remember it for {@link repair} and rethrow. */
  private endTurn(turn: number, reason: { kind: string; message?: string }): void {
    try {
      this.deps.log.append({ type: 'turn/end', data: { turn, reason } });
    } catch (error) {
      this.unclosed = { turn, reason };
      throw error;
    }
  }

  /**
   * Open a turn synchronously: a turn/end still owed is logged first, then turn/start, the prompt-submit seam, and
   * (for a prompt) the user message and title. When something after turn/start cannot be stored, the turn is ended
   * with that error (or owed) and the error is rethrown.
   * @throws LogWriteError when the log cannot be written
   */
  private open(opening: Opening): OpenTurn {
    const { log, handle } = this.deps;
    this.repair();
    const turn = lastTurnOf(log.events) + 1;
    const controller = new AbortController();
    if (opening.kind === 'prompt') {
      log.append({ type: 'turn/start', data: { turn, trigger: { kind: 'message', source: { kind: 'user' } } } });
    } else {
      // A real dsh host opens a steered turn without a trigger and splices the inbox for its first step.
      log.append({ type: 'turn/start', data: { turn } });
    }
    this.controller = controller;
    try {
      if (opening.kind === 'steer' && this.inbox.length > 0) {
        this.nextStep.push(...this.inbox.splice(0));
        this.announceQueue();
      }
      this.deps.promptSubmit?.(handle.id, controller.signal);
      if (opening.kind === 'prompt') this.titleOnce([this.appendUser(opening.item)]);
    } catch (error) {
      this.controller = undefined;
      const message = error instanceof Error ? error.message : String(error);
      try {
        this.endTurn(turn, { kind: 'error', message });
      } catch {
        // Owed: logged by repair() once writing works.
      }
      throw error;
    }
    return { turn, controller, steered: opening.kind === 'steer' };
  }

  /**
   * Drive an open turn: its steps from the first (or, resuming, the rest of the resumed step and the steps after it)
   * until the model stops calling tools, the step limit, a cancel or an error ends it.
   */
  private async continueTurn(open: OpenTurn, resume?: ResumePoint): Promise<void> {
    const { log, handle } = this.deps;
    const { turn, controller } = open;
    const signal = controller.signal;
    const end = (reason: { kind: string; message?: string }): void => this.endTurn(turn, reason);
    /** After a step's calls: step/end, the continuation seam; @returns whether the turn is over. */
    const finishStep = (step: number, hadToolCalls: boolean): boolean => {
      log.append({ type: 'step/end', data: { turn, step } });
      if (signal.aborted) throw new Cancelled();
      this.deps.turnContinuation?.(handle.id, signal);
      if (hadToolCalls) return false;
      end({ kind: 'completed' });
      return true;
    };
    try {
      let first = 1;
      if (resume) {
        await this.runCalls(turn, resume.step, resume.calls, this.deps.tools(handle.id), signal);
        if (signal.aborted) throw new Cancelled();
        if (finishStep(resume.step, true)) return;
        first = resume.step + 1;
      } else if (open.steered) {
        // Let the caller's synchronous work land first (the command/done of a steering /plan <task>, as a real host logs it).
        await Promise.resolve();
      }
      for (let step = first; ; step++) {
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
        if (finishStep(step, hadToolCalls)) return;
      }
    } catch (error) {
      if (this.halted) return;
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
      priorSteps: log.events.filter((event) => event.type === 'step/start').length - 1,
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

    await this.runCalls(turn, step, calls, tools, signal);
    return calls.length > 0;
  }

  /**
   * Run a step's tool calls in order: log `tool/call` (unless `logged`), execute, store the result once — the tool's
   * returned outcome, unless it committed one earlier inside the user's response (harness/tool-results.ts).
   */
  private async runCalls(turn: number, step: number, calls: readonly StepCall[], tools: readonly ToolDefinition[], signal: AbortSignal): Promise<void> {
    const { log } = this.deps;
    for (const call of calls) {
      const callEvent = call.logged ?? log.append({ type: 'tool/call', data: { turn, step, callId: call.id, name: call.name, arguments: call.arguments } });
      const result = callResultOf(log, { turn, step, callId: call.id, callSeq: callEvent.seq }, this.deps.newId, signal);
      const outcome = signal.aborted ? toolError('the turn was cancelled before this tool ran') : await this.execute(call, tools, signal, result.commit);
      result.store(outcome);
    }
  }

  private async execute(
    call: { id: string; name: string; arguments: string },
    tools: readonly ToolDefinition[],
    signal: AbortSignal,
    commit: (outcome: ToolOutcome) => () => void,
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
      return await tool.execute(args, { agent: this.deps.handle, events: this.deps.log.events, signal, callId: call.id, commit });
    } catch (error) {
      return toolError(error instanceof Error ? error.message : String(error));
    }
  }
}
