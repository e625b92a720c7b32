/**
 * The transport-neutral reference harness (`createHarness`), composed from harness/parts/: the session table (sessions.ts),
 * the method handlers (methods.ts, history.ts, import.ts) and request routing (routing.ts: docs/protocol.md and
 * docs/upstream-spec.md §4), wired here to the plugins (plan-mode by default, or session modes, seed 002), the
 * question service, commands and the two downlinks. Adapters (server/, mocks/) only carry bytes. A stored log of
 * the other variant is read-only. Downlink order per event: `session/projection` changes, then its `session/event`.
 */
import type { SessionEvent } from '../src/core/log/types.ts';
import type { ServerRequest } from '../src/core/protocol/envelopes.ts';
import { createModeProjection } from '../src/core/modes/projection.ts';
import { Agent, DEFAULT_MAX_STEPS, type QueueItem } from './agent.ts';
import { resumePointOf, type ResumePoint } from './folds/resume.ts';
import { createCommandRegistry, type CommandRegistry } from './commands.ts';
import { resolvePlugins } from './config.ts';
import { MethodError } from './parts/errors.ts';
import { createMethodHandlers, modesOrThrow, planModeOrThrow } from './parts/methods.ts';
import { createOutbox } from './parts/outbox.ts';
import type { PlanVariant } from './parts/read-only.ts';
import { createRouter } from './parts/routing.ts';
import { createSessionTable, type Session } from './parts/sessions.ts';
import type { SessionLog } from './log.ts';
import { createModesPlugin, MODES_PLUGIN_ID, resolveModesConfig, type ModesPlugin } from './plugins/modes.ts';
import { createPlanModePlugin, DEFAULT_PLAN_SECTION, resolvePlanModeConfig, type PlanModePlugin } from './plugins/plan-mode.ts';
import type { PluginEnv } from './plugins/plugin-env.ts';
import { BASE_SECTION, type PromptSection } from './prompt.ts';
import { modeUnits, PLAN_UNITS } from './projections.ts';
import { createUserQuestionService, createWebQuestionProvider, type AgentHandle, type UserQuestionService, type WebQuestionProvider } from './questions.ts';
import { askUserQuestionTool, listFilesTool, readFileTool, resumableIn, writeFileTool, type ToolDefinition } from './tools.ts';
import { createSessionAdmin } from './session-admin.ts';
import type { FrameSink, Harness, HarnessOptions, ModelProvider } from './types.ts';

export { MethodError, INTERNAL_ERROR_MESSAGE } from './parts/errors.ts';
export { pageStart } from './parts/history.ts';

/** How often idle draft sessions are looked for besides each `session.create` and `session.list` (ms). */
const DRAFT_SWEEP_MS = 60_000;

/** Engine-level API beyond the protocol (direct plan-mode and modes access, test seams). */
export interface Engine {
  /** `ctx.planMode` (docs/upstream-spec.md §1.4–§1.6); agent id = session id. @throws MethodError bad-request when it is not enabled. */
  readonly planMode: PlanModePlugin['controller'];
  /** `ctx.userQuestions` (docs/upstream-spec.md §3.2). */
  readonly questions: UserQuestionService;
  /** The Web provider (pending questions, `respond`). */
  readonly questionProvider: WebQuestionProvider;
  /** The plan-mode plugin (section, tool, views, dispose). @throws MethodError bad-request when it is not enabled. */
  readonly planModePlugin: PlanModePlugin;
  /** `ctx.modes` of the session-modes variant (seed 002). @throws MethodError bad-request when it is not enabled. */
  readonly modes: ModesPlugin['service'];
  /** The session-modes plugin. @throws MethodError bad-request when it is not enabled. */
  readonly modesPlugin: ModesPlugin;
  readonly commands: CommandRegistry;
  /**
   * Create an empty session. `mode` seeds its initial mode through the pending-intent flush (seed 002
   * `AgentOptions.mode`). @returns its id. @throws MethodError bad-request for a taken id or a `mode` the harness cannot set.
   */
  createSession(options?: { cwd?: string; sessionId?: string; draft?: boolean } & AgentOptions): string;
  /** A session's log, or `undefined`. */
  log(sessionId: string): SessionLog | undefined;
  /** A session's live agent handle, or `undefined`. */
  handle(sessionId: string): AgentHandle | undefined;
  /** A session's agent, or `undefined` (read-only sessions have none). */
  agent(sessionId: string): Agent | undefined;
  /** Resolves when the session (or every session) has no running turn. */
  idle(sessionId?: string): Promise<void>;
}

/** Options of an agent's creation (seed 002 `AgentOptions`, declaration-merged there). */
export interface AgentOptions {
  /** The initial mode; must be in `ctx.modes.list()`. Requires the session-modes variant. */
  mode?: string;
}

/** `createHarness`'s result: the `Host` plus `engine`. */
export interface ReferenceHarness extends Harness {
  readonly engine: Engine;
}

const defaultSleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

const defaultNewId = (): string => crypto.randomUUID();

/** Distinct mode names a log's `mode/set` events name, in first-seen order (a session-modes log under a plan-mode harness). */
function loggedModes(events: readonly SessionEvent[]): string[] {
  const names = new Set<string>();
  for (const event of events) {
    const mode = event.type === 'mode/set' ? (event.data as { mode?: unknown } | null)?.mode : undefined;
    if (typeof mode === 'string' && mode !== 'default') names.add(mode);
  }
  return [...names];
}

/**
 * Create the reference harness over `options.storage`, reloading every stored session. A turn left open at a question
 * (`exit_plan_mode`, `ask_user_question`) is resumed: the question is asked again under the same id and, once
 * answered, the turn goes on; any other open turn is closed with `turn/end {reason:{kind:'error',
 * message:'the server stopped during this turn'}}` (`closeInterruptedTurn`).
 * @param options - storage, model, plugins (validated; default: plan-mode with the built-in section), cwd, clock, ids
 * @returns the `Host` plus `engine`
 * @throws ConfigError for an invalid plugin list (naming the index and field)
 */
export function createHarness(options: HarnessOptions): ReferenceHarness {
  const now = options.now ?? (() => Date.now());
  const newId = options.newId ?? defaultNewId;
  const logger = options.logger ?? console;
  const sleep = options.sleep ?? defaultSleep;
  const maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
  const plugins = options.plugins === undefined ? undefined : resolvePlugins(options.plugins);
  const planEntry = plugins === undefined ? { config: { section: DEFAULT_PLAN_SECTION } } : plugins.find((p) => p.id === 'plan-mode');
  const modesEntry = plugins?.find((p) => p.id === MODES_PLUGIN_ID);

  const mux = new Set<FrameSink>();
  const hostStreams = new Set<FrameSink>();
  let closed = false;

  const frame = (payload: { type: string; [key: string]: unknown }, rpcId?: string): ServerRequest => ({
    type: 'server-request',
    rpcId: rpcId ?? newId(),
    method: payload.type,
    payload,
  });
  // One frame object, one rpcId and one JSON text per live frame, shared by every attached client (a per-client
  // stringify would be the fan-out cost).
  // A frame leaves once what it reports is on disk (the storage's flush, group commit), in the order frames were sent.
  const outbox = createOutbox(() => options.storage.flush?.());
  const broadcast = (sinks: ReadonlySet<FrameSink>, payload: { type: string; [key: string]: unknown }, rpcId?: string): void => {
    if (closed || sinks.size === 0) return;
    const shared = frame(payload, rpcId);
    const text = JSON.stringify(shared);
    const targets = [...sinks];
    outbox.send(() => {
      if (closed) return;
      for (const send of targets) if (sinks.has(send)) send(shared, text);
    });
  };
  const sendOne = (send: FrameSink, payload: { type: string; [key: string]: unknown }, rpcId?: string): void => {
    const single = frame(payload, rpcId);
    const text = JSON.stringify(single);
    outbox.send(() => {
      if (!closed) send(single, text);
    });
  };
  const sendMux = (payload: { type: string; [key: string]: unknown }, rpcId?: string): void => broadcast(mux, payload, rpcId);
  const sendHost = (payload: { type: string; [key: string]: unknown }): void => broadcast(hostStreams, payload);

  // The session table is created below; the plugins and questions reach it through this late-bound lookup.
  let sessionOfId: (id: string) => Session | undefined = () => undefined;
  const commands = createCommandRegistry(newId);
  const questionProvider = createWebQuestionProvider({ newId, send: sendMux });
  const questions = createUserQuestionService((agent) => sessionOfId(agent.id)?.handle === agent);
  questions.registerProvider(questionProvider);

  const providers = new Map<string, ModelProvider>();
  const modelFor = (sessionId: string): ModelProvider => {
    let provider = providers.get(sessionId);
    if (!provider) {
      provider = typeof options.model === 'function' ? options.model(sessionId) : options.model;
      providers.set(sessionId, provider);
    }
    return provider;
  };
  let describeModel: { provider: string; model: string } | undefined;
  const describeNames = (): { provider: string; model: string } => {
    if (!describeModel) {
      const provider = typeof options.model === 'function' ? (providers.values().next().value ?? options.model('host.describe')) : options.model;
      describeModel = { provider: provider.provider, model: provider.model };
    }
    return describeModel;
  };

  const pluginEnv: PluginEnv = {
    logOf: (id) => sessionOfId(id)?.log,
    questions,
    commands,
    steer: (id, content) => sessionOfId(id)?.agent?.steer(content),
    logger,
    newId,
  };
  const planModePlugin: PlanModePlugin | undefined = planEntry
    ? createPlanModePlugin({ ...pluginEnv, config: resolvePlanModeConfig(planEntry.config) })
    : undefined;
  const modesPlugin: ModesPlugin | undefined = modesEntry ? createModesPlugin({ ...pluginEnv, config: resolveModesConfig(modesEntry.config) }) : undefined;
  const harnessVariant: PlanVariant | undefined = modesPlugin ? 'mode' : planModePlugin ? 'plan-mode' : undefined;

  const sections: PromptSection[] = [BASE_SECTION, ...(planModePlugin ? [planModePlugin.section] : []), ...(modesPlugin ? [modesPlugin.section] : [])];
  const tools: ToolDefinition[] = [
    ...(planModePlugin ? [planModePlugin.tool] : []),
    ...(modesPlugin ? [modesPlugin.tool] : []),
    askUserQuestionTool(questions),
    listFilesTool,
    readFileTool,
    writeFileTool,
  ];
  // Session modes offer exit_plan_mode only while the folded mode is plan (seed 002); plan-mode always lists it.
  const toolsFor = (agentId: string): readonly ToolDefinition[] =>
    modesPlugin && !modesPlugin.offersExitTool(agentId) ? tools.filter((tool) => tool !== modesPlugin.tool) : tools;

  const viewOf = (event: SessionEvent, events: readonly SessionEvent[]) =>
    planModePlugin ? planModePlugin.viewOf(event, events) : modesPlugin?.viewOf(event, events);

  const table = createSessionTable({
    storage: options.storage,
    now,
    newId,
    logger,
    cwd: options.cwd,
    harnessVariant,
    viewOf,
    sendMux,
    sendHost,
    forget: (sessionId) => void providers.delete(sessionId),
    drafts: options.drafts,
    /** Projection units of a session: `mode` for a session-modes log, else `plan` (plus `title`). */
    unitsFor: (variant, events) => {
      if ((variant ?? harnessVariant) !== 'mode') return PLAN_UNITS;
      return modeUnits(modesPlugin?.projection ?? createModeProjection(['default', ...loggedModes(events)]));
    },
    createAgent: (log, handle) =>
      new Agent({
        log,
        handle,
        model: modelFor(handle.sessionId),
        sections: () => sections,
        tools: (id) => toolsFor(id),
        preStep: (id, signal) => planModePlugin?.controller.boundary(id, signal),
        promptSubmit: (id, signal) => modesPlugin?.service.flush(id, signal),
        turnContinuation: (id, signal) => modesPlugin?.service.flush(id, signal),
        newId,
        sleep,
        maxSteps,
        onRunning: (running) => sendHost({ type: 'host/session-status', sessionId: handle.sessionId, running }),
        onQueue: (items: QueueItem[]) => sendMux({ type: 'session/queue', sessionId: handle.sessionId, items }),
        onError: (message, turn) => sendHost({ type: 'host/agent-error', sessionId: handle.sessionId, turn, message }),
        logger,
      }),
  });
  const { sessions } = table;
  sessionOfId = (id) => sessions.get(id);
  // Drafts nobody uses are freed at each create and list, and once a minute besides (never keeping the process alive).
  const draftSweep = setInterval(() => table.freeDrafts(), DRAFT_SWEEP_MS);
  (draftSweep as { unref?: () => void }).unref?.();

  /** Seed an agent's mode (seed 002 `AgentOptions.mode`) as a pending intent. */
  const applyOptions = (session: Session, opts: AgentOptions): void => {
    if (opts.mode === undefined) return;
    const plugin = modesOrThrow(modesPlugin);
    try {
      plugin.service.set(session.log.sessionId, opts.mode);
    } catch (error) {
      throw new MethodError('bad-request', error instanceof Error ? error.message : String(error), { issues: [{ path: ['mode'], message: String(error) }] });
    }
  };

  const resumes: { session: Session; point: ResumePoint }[] = [];
  for (const stored of options.storage.loadAll()) {
    const session = table.register(stored);
    const point = session.agent ? resumePointOf(session.log.events, resumableIn(toolsFor(session.log.sessionId))) : undefined;
    if (point) resumes.push({ session, point });
    else table.closeOpenTurn(session);
    const writable = session.readOnly === undefined;
    // A switch asked for before a restart is still pending in the log (its command ran); keep it pending in memory too.
    const values = session.projections.snapshot().values;
    const pendingMode = 'mode' in values ? values.mode.pending : undefined;
    if (modesPlugin && writable && pendingMode !== undefined) {
      try {
        modesPlugin.service.set(session.log.sessionId, pendingMode);
      } catch (error) {
        logger.warn(`mode: could not restore the pending mode of ${session.log.sessionId}`, error);
      }
    }
    const plan = 'plan' in values ? values.plan : undefined;
    if (planModePlugin && writable && plan?.pending === true) planModePlugin.controller.restore(session.log.sessionId, !plan.active);
  }
  // Resumed once every session is loaded and its pending selection restored, as the turn would have gone on.
  for (const { session, point } of resumes) session.agent?.resume(point);

  const engine: Engine = {
    get planMode() {
      return planModeOrThrow(planModePlugin).controller;
    },
    questions,
    questionProvider,
    get planModePlugin() {
      return planModeOrThrow(planModePlugin);
    },
    get modes() {
      return modesOrThrow(modesPlugin).service;
    },
    get modesPlugin() {
      return modesOrThrow(modesPlugin);
    },
    commands,
    createSession(opts = {}) {
      if (opts.sessionId !== undefined && sessions.has(opts.sessionId)) {
        throw new MethodError('bad-request', `session "${opts.sessionId}" already exists`, { issues: [] });
      }
      if (opts.mode !== undefined) modesOrThrow(modesPlugin);
      const session = table.add({ header: table.newHeader(opts.cwd, opts.sessionId), lines: [] }, opts.draft === true);
      applyOptions(session, opts);
      return session.log.sessionId;
    },
    log: (sessionId) => sessions.get(sessionId)?.log,
    handle: (sessionId) => sessions.get(sessionId)?.handle,
    agent: (sessionId) => sessions.get(sessionId)?.agent,
    async idle(sessionId) {
      const list = sessionId === undefined ? [...sessions.values()] : [table.sessionOf(sessionId)];
      await Promise.all(list.map((session) => session.agent?.idle()));
    },
  };

  // Rename, delete and restore live in session-admin.ts; the harness lends them its session table.
  const admin = createSessionAdmin<Session>({
    storage: options.storage,
    sessions,
    fail: (code, message, details) => new MethodError(code, message, details),
    titleOf: (session) => table.summaryOf(session).title ?? null,
    forget: (sessionId) => void providers.delete(sessionId),
    revive: (stored) => {
      const session = table.register(stored);
      table.closeOpenTurn(session);
      table.announce(session);
    },
    removed: (sessionId) => sendHost({ type: 'host/session-removed', sessionId }),
  });

  const handlers = createMethodHandlers({
    admin,
    table,
    commands,
    planModePlugin,
    modesPlugin,
    viewOf,
    createSession: (opts) => engine.createSession(opts),
    describe: () => ({
      version: options.version ?? '0.1.0',
      cwd: options.cwd,
      ...describeNames(),
      attachedSessions: sessions.size,
      capabilities: {
        setPlanMode: planModePlugin !== undefined,
        import: true,
        modes: modesPlugin !== undefined,
        sessions: admin.canAdminister(),
        sessionLog: options.storage.readLog !== undefined,
      },
    }),
  });

  return {
    engine,
    ...createRouter(handlers, questionProvider, logger, () => options.storage.flush?.()),

    openMux(send) {
      mux.add(send);
      for (const session of sessions.values()) {
        sendOne(send, { type: 'session/subscribed', sessionId: session.log.sessionId, lastSeq: session.log.lastSeq });
      }
      for (const question of questionProvider.pending()) {
        sendOne(send, { type: 'question/requested', sessionId: question.sessionId, questions: question.questions }, question.rpcId);
      }
      return () => void mux.delete(send);
    },

    sessionLog: (sessionId) => (sessions.has(sessionId) ? options.storage.readLog?.(sessionId) : undefined),

    openHostStream(send) {
      hostStreams.add(send);
      return () => void hostStreams.delete(send);
    },

    async close() {
      clearInterval(draftSweep);
      // Stop as a crash would: nothing the agents were doing is logged (README "What survives a restart")…
      for (const session of sessions.values()) {
        session.log.halt();
        session.agent?.halt();
      }
      questionProvider.abortAll();
      await engine.idle();
      // …then close, as start-up repair would, every open turn that does not wait on a question a restart asks again.
      for (const session of sessions.values()) {
        session.log.resumeWrites();
        if (session.agent && !resumePointOf(session.log.events, resumableIn(toolsFor(session.log.sessionId)))) table.closeOpenTurn(session);
      }
      try {
        await options.storage.flush?.();
      } catch (error) {
        logger.warn('host: could not sync the session logs at shutdown', error);
      }
      closed = true;
      mux.clear();
      hostStreams.clear();
    },
  };
}
