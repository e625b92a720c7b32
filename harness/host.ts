/**
 * The transport-neutral reference host (`createHost`): sessions stored through `SessionStorage`, one agent
 * per session, the plan-mode plugin, the question service with its Web provider, commands and projections,
 * and the dispatch of every unary method of src/core/protocol/methods.ts with the dsh envelope rules
 * (PROTOCOL.md, upstream spec §4). Adapters (server/, mocks/) only carry bytes; every rule lives here.
 * The plugin list picks the variant: plan-mode (the default) or session modes (`mode`, seed 002); a stored log
 * of the other variant stays readable but read-only, with the reason in its summary.
 * Downlink order per event: `session/projection` changes first, then the `session/event` of the same seq.
 */
import type { z } from 'zod';
import { parseSessionLog, type ParsedLog } from '../src/core/log/reader.ts';
import type { ContentBlock, SessionEvent } from '../src/core/log/types.ts';
import {
  clientRequestSchema,
  clientResponseRoutingSchema,
  INVALID_REQUEST_RPC_ID,
  type RpcError,
  type RpcReceipt,
  type ServerRequest,
  type ServerResponse,
} from '../src/core/protocol/envelopes.ts';
import { createModeProjection } from '../src/core/modes/projection.ts';
import { summarizeIssues, tokenSchema } from '../src/core/protocol/ids.ts';
import type { ProjectionUnit } from '../src/core/projection.ts';
import {
  isMethodName,
  MAX_IMPORT_JSONL_CHARS,
  methods,
  type ImportRefusal,
  type MethodName,
  type ModeState,
  type PlanState,
  type SetOutcome,
} from '../src/core/protocol/methods.ts';
import { Agent, closeInterruptedTurn, DEFAULT_MAX_STEPS, resumePointOf, type QueueItem, type ResumePoint } from './agent.ts';
import { createCommandRegistry, type CommandRegistry } from './commands.ts';
import { resolvePlugins } from './config.ts';
import { LogWriteError, logWriteErrorOf, SessionLog, type LogHeader } from './log.ts';
import { storedLinesOf } from './storage/stored-lines.ts';
import { isKnownEventType } from '../src/core/log/schemas.ts';
import { createModesPlugin, MODES_PLUGIN_ID, resolveModesConfig, type ModesPlugin } from './plugins/modes.ts';
import { createPlanModePlugin, DEFAULT_PLAN_SECTION, planCommandLine, resolvePlanModeConfig, setOutcomeOf, type PlanModePlugin } from './plugins/plan-mode.ts';
import type { PluginEnv } from './plugins/plugin-env.ts';
import { BASE_SECTION, type PromptSection } from './prompt.ts';
import { listedSnapshot, PROJECTION_UNITS, ProjectionRegistry, titleProjection } from './projections.ts';
import { reviewsProjection } from '../src/core/review/revisions.ts';
import { createUserQuestionService, createWebQuestionProvider, type AgentHandle, type UserQuestionService, type WebQuestionProvider } from './questions.ts';
import { askUserQuestionTool, listFilesTool, readFileTool, writeFileTool, type ToolDefinition } from './tools.ts';
import type { FrameSink, Host, HostOptions, ModelProvider, StoredSession } from './types.ts';

/** A failure a method handler raises; becomes `{ok:false, error}`. */
export class HostError extends Error {
  constructor(
    readonly code: RpcError['code'],
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Engine-level API beyond the protocol (fork/child, direct plan-mode access, test seams). */
export interface Engine {
  /** `ctx.planMode` (upstream spec §1.4–§1.6); agent id = session id. */
  readonly planMode: PlanModePlugin['controller'];
  /** `ctx.userQuestions` (upstream spec §3.2). */
  readonly questions: UserQuestionService;
  /** The Web provider (pending questions, `respond`). */
  readonly questionProvider: WebQuestionProvider;
  /** The plan-mode plugin (section, tool, views, dispose). */
  readonly planModePlugin: PlanModePlugin;
  /** `ctx.modes` of the session-modes variant (seed 002). @throws HostError bad-request when it is not enabled. */
  readonly modes: ModesPlugin['service'];
  /** The session-modes plugin. @throws HostError bad-request when it is not enabled. */
  readonly modesPlugin: ModesPlugin;
  readonly commands: CommandRegistry;
  /**
   * Create an empty session. `mode` seeds its initial mode through the pending-intent flush (seed 002
   * `AgentOptions.mode`). @returns its id. @throws HostError bad-request for a taken id or a `mode` the host cannot set.
   */
  createSession(options?: { cwd?: string; sessionId?: string } & AgentOptions): string;
  /**
   * Fork a session: a new root session whose log is a copy of `events[0..throughSeq]` (default: all), so plan
   * state is inherited through the fold (upstream spec §1.2). An open turn in the copy is closed with an error reason.
   * @returns the fork's id. @throws HostError session-not-found
   */
  fork(sessionId: string, options?: { throughSeq?: number }): string;
  /**
   * Spawn a child session owned by the live parent: empty log (plan mode off), `parentSessionId` set, and its
   * agent is not a root, so `ask()` from it fails `DELEGATED_CALLER` (upstream spec §3.2 item 4). An explicit
   * `mode` seeds its initial mode (seed 002: a spawn child starts default unless its creator seeds it).
   * @returns the child's id. @throws HostError session-not-found; bad-request for a `mode` the host cannot set
   */
  child(parentSessionId: string, options?: AgentOptions): string;
  /**
   * Resume an existing session with explicit options: an explicit `mode` beats the logged baseline (seed 002,
   * "explicit options beat the logged baseline on create AND resume"), through the same pending-intent flush.
   * @throws HostError session-not-found; bad-request for a read-only session or a `mode` the host cannot set
   */
  resume(sessionId: string, options: AgentOptions): void;
  /** A session's log, or `undefined`. */
  log(sessionId: string): SessionLog | undefined;
  /** A session's live agent handle, or `undefined`. */
  handle(sessionId: string): AgentHandle | undefined;
  /** A session's agent, or `undefined` (read-only sessions have none). */
  agent(sessionId: string): Agent | undefined;
  /** Resolves when the session (or every session) has no running turn. */
  idle(sessionId?: string): Promise<void>;
}

/** Options of an agent's creation or resume (seed 002 `AgentOptions`, declaration-merged there). */
export interface AgentOptions {
  /** The initial mode; must be in `ctx.modes.list()`. Requires the session-modes variant. */
  mode?: string;
}

/** The two variants of the plan-mode feature, by plugin id. */
export type PlanVariant = 'plan-mode' | 'mode';

/**
 * The variant a stored log was written under: the first `plan/mode` (plan-mode) or `mode/set` (session modes)
 * event decides; `undefined` for a log with neither (it fits both).
 * @param events - the log
 */
export function variantOfLog(events: readonly SessionEvent[]): PlanVariant | undefined {
  for (const event of events) {
    if (event.type === 'plan/mode') return 'plan-mode';
    if (event.type === 'mode/set') return 'mode';
  }
  return undefined;
}

/**
 * Why a log of variant `log` opened under the other variant is read-only (the summary's `readOnlyReason`): one
 * plain sentence, worded the same in both directions, which the client shows as is.
 * @param log - the variant the log was recorded with (`plan/mode` events → plan mode, `mode/set` → session modes)
 */
export function variantMismatchReason(log: PlanVariant): string {
  return log === 'plan-mode'
    ? 'Recorded with plan mode; this server runs session modes, so it opens read-only.'
    : 'Recorded with session modes; this server runs plan mode, so it opens read-only.';
}

/** `createHost`'s result: the `Host` plus `engine`. */
export interface EngineHost extends Host {
  readonly engine: Engine;
}

interface Session {
  log: SessionLog;
  handle: AgentHandle;
  agent: Agent | undefined;
  projections: ProjectionRegistry;
  readOnly: boolean;
  /** Why the session is read-only: an imported recording, or a log of the other variant. */
  readOnlyReason: string | undefined;
  createdOrder: number;
}

/** What a client is told when a request failed inside the host; the detail is in the server log (issue 8 item 6). */
export const INTERNAL_ERROR_MESSAGE = 'the request failed inside the host; the details are in the server log';

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

/** Whether an event counts as a message for `session.history` paging (`maxMessages`). */
function isMessage(event: SessionEvent): boolean {
  return event.type === 'user/message' || event.type === 'assistant/message';
}

/**
 * Create the reference host over `options.storage`, reloading every stored session. A turn left open at a question
 * (`exit_plan_mode`, `ask_user_question`) is resumed: the question is asked again under the same id and, once
 * answered, the turn goes on (issue 8 item 13); any other open turn is closed with `turn/end {reason:{kind:'error',
 * message:'the server stopped during this turn'}}` (`closeInterruptedTurn`).
 * @param options - storage, model, plugins (validated; default: plan-mode with the built-in section), cwd, clock, ids
 * @returns the `Host` plus `engine`
 * @throws Error for an invalid plugin list (naming the index and field)
 */
export function createHost(options: HostOptions): EngineHost {
  const now = options.now ?? (() => Date.now());
  const newId = options.newId ?? defaultNewId;
  const logger = options.logger ?? console;
  const sleep = options.sleep ?? defaultSleep;
  const maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
  const plugins = options.plugins === undefined ? undefined : resolvePlugins(options.plugins);
  const planEntry = plugins === undefined ? { config: { section: DEFAULT_PLAN_SECTION } } : plugins.find((p) => p.id === 'plan-mode');
  const modesEntry = plugins?.find((p) => p.id === MODES_PLUGIN_ID);

  const sessions = new Map<string, Session>();
  const mux = new Set<FrameSink>();
  const hostStreams = new Set<FrameSink>();
  let closed = false;
  let order = 0;

  const frame = (payload: { type: string; [key: string]: unknown }, rpcId?: string): ServerRequest => ({
    type: 'server-request',
    rpcId: rpcId ?? newId(),
    method: payload.type,
    payload,
  });
  // One frame object, one rpcId and one JSON text per live frame, shared by every attached client (issue 9 point 2:
  // the per-client stringify was the fan-out cost).
  const broadcast = (sinks: ReadonlySet<FrameSink>, payload: { type: string; [key: string]: unknown }, rpcId?: string): void => {
    if (closed || sinks.size === 0) return;
    const shared = frame(payload, rpcId);
    const text = JSON.stringify(shared);
    for (const send of [...sinks]) send(shared, text);
  };
  const sendOne = (send: FrameSink, payload: { type: string; [key: string]: unknown }, rpcId?: string): void => {
    const single = frame(payload, rpcId);
    send(single, JSON.stringify(single));
  };
  const sendMux = (payload: { type: string; [key: string]: unknown }, rpcId?: string): void => broadcast(mux, payload, rpcId);
  const sendHost = (payload: { type: string; [key: string]: unknown }): void => broadcast(hostStreams, payload);

  const commands = createCommandRegistry(newId);
  const questionProvider = createWebQuestionProvider({ newId, send: sendMux });
  const questions = createUserQuestionService((agent) => sessions.get(agent.id)?.handle === agent);
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

  const pluginEnv: PluginEnv = {
    logOf: (id) => sessions.get(id)?.log,
    questions,
    commands,
    steer: (id, content) => sessions.get(id)?.agent?.steer(content),
    logger,
    newId,
  };
  const planModePlugin: PlanModePlugin | undefined = planEntry
    ? createPlanModePlugin({ ...pluginEnv, config: resolvePlanModeConfig(planEntry.config) })
    : undefined;

  const modesPlugin: ModesPlugin | undefined = modesEntry ? createModesPlugin({ ...pluginEnv, config: resolveModesConfig(modesEntry.config) }) : undefined;
  const hostVariant: PlanVariant | undefined = modesPlugin ? 'mode' : planModePlugin ? 'plan-mode' : undefined;

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

  /** Projection units of a session: `mode` for a session-modes log, else `plan` (plus `title`). */
  const unitsFor = (variant: PlanVariant | undefined, events: readonly SessionEvent[]): readonly ProjectionUnit<unknown, unknown>[] => {
    if ((variant ?? hostVariant) !== 'mode') return PROJECTION_UNITS;
    const mode = modesPlugin?.projection ?? createModeProjection(['default', ...loggedModes(events)]);
    return [
      mode as ProjectionUnit<unknown, unknown>,
      titleProjection as ProjectionUnit<unknown, unknown>,
      reviewsProjection as ProjectionUnit<unknown, unknown>,
    ];
  };

  /** Register a stored session in memory and wire its downlink. */
  const register = (stored: StoredSession, root: boolean): Session => {
    const header = stored.header as LogHeader;
    const log = new SessionLog(header, options.storage, now, stored.lines);
    const handle: AgentHandle = Object.freeze({ id: header.id, sessionId: header.id, root });
    const variant = variantOfLog(log.events);
    const mismatch = variant !== undefined && hostVariant !== undefined && variant !== hostVariant;
    const readOnly = header.readOnly === true || mismatch;
    const readOnlyReason = header.readOnly === true ? 'an imported recording' : mismatch ? variantMismatchReason(variant) : undefined;
    const projections = new ProjectionRegistry(log.events, unitsFor(variant, log.events));
    const session: Session = { log, handle, agent: undefined, projections, readOnly, readOnlyReason, createdOrder: order++ };
    if (!readOnly) {
      session.agent = new Agent({
        log,
        handle,
        model: modelFor(header.id),
        sections: () => sections,
        tools: (id) => toolsFor(id),
        preStep: (id, signal) => planModePlugin?.controller.boundary(id, signal),
        promptSubmit: (id, signal) => modesPlugin?.service.flush(id, signal),
        turnContinuation: (id, signal) => modesPlugin?.service.flush(id, signal),
        newId,
        sleep,
        maxSteps,
        onRunning: (running) => sendHost({ type: 'host/session-status', sessionId: header.id, running }),
        onQueue: (items: QueueItem[]) => sendMux({ type: 'session/queue', sessionId: header.id, items }),
        onError: (message, turn) => sendHost({ type: 'host/agent-error', sessionId: header.id, turn, message }),
        logger,
      });
    }
    log.subscribe((event) => {
      for (const change of session.projections.apply(event)) {
        sendMux({ type: 'session/projection', sessionId: header.id, key: change.key, value: change.value, seq: change.seq });
      }
      const view = viewOf(event, log.events);
      sendMux({ type: 'session/event', sessionId: header.id, event, ...(view ? { view } : {}) });
    });
    sessions.set(header.id, session);
    return session;
  };

  /** Close an open turn nothing can go on with; when the log cannot be written, the agent owes it (closed at the next write). */
  const closeOpenTurn = (session: Session, reason?: { kind: string; message?: string }): void => {
    if (session.readOnly) return;
    try {
      closeInterruptedTurn(session.log, newId, reason);
    } catch (error) {
      logger.warn(`could not close the interrupted turn of ${session.log.sessionId}`, error);
      session.agent?.oweTurnEnd(reason);
    }
  };

  const addSession = (stored: StoredSession, root: boolean): Session => {
    try {
      options.storage.create(stored);
    } catch (error) {
      // A taken id is the caller's mistake; anything else is the data directory's (named without its path).
      if (error instanceof HostError) throw error;
      const failure = logWriteErrorOf(error);
      logger.warn(`host: could not create session ${stored.header.id}`, error);
      throw failure;
    }
    const session = register(stored, root);
    const header = stored.header;
    sendHost({
      type: 'host/session-added',
      sessionId: header.id,
      blank: isBlank(session),
      cwd: header.cwd,
      ...(header.parentSessionId ? { parentSessionId: header.parentSessionId } : {}),
    });
    return session;
  };

  const newHeader = (cwd: string | undefined, sessionId?: string): StoredSession['header'] => ({
    type: 'session',
    version: 0,
    id: sessionId ?? `session-${newId()}`,
    createdAt: now(),
    cwd: cwd ?? options.cwd,
  });

  /** Seed an agent's mode (seed 002 `AgentOptions.mode`) as a pending intent. */
  const applyOptions = (session: Session, opts: AgentOptions): void => {
    if (opts.mode === undefined) return;
    if (!modesPlugin) throw new HostError('bad-request', 'the session-modes variant is not enabled on this host', { issues: [] });
    if (session.readOnly) throw new HostError('bad-request', `session "${session.log.sessionId}" is read-only: ${session.readOnlyReason}`, { issues: [] });
    try {
      modesPlugin.service.set(session.log.sessionId, opts.mode);
    } catch (error) {
      throw new HostError('bad-request', error instanceof Error ? error.message : String(error), { issues: [{ path: ['mode'], message: String(error) }] });
    }
  };

  const resumes: { session: Session; point: ResumePoint }[] = [];
  for (const stored of options.storage.loadAll()) {
    const session = register(stored, true);
    const point = session.agent ? resumePointOf(session.log.events, toolsFor(session.log.sessionId)) : undefined;
    if (point) resumes.push({ session, point });
    else closeOpenTurn(session);
    // A switch asked for before a restart is still pending in the log (its command ran); keep it pending in memory too.
    const pendingMode = (session.projections.snapshot().values.mode as ModeState | undefined)?.pending;
    if (modesPlugin && !session.readOnly && pendingMode !== undefined) {
      try {
        modesPlugin.service.set(session.log.sessionId, pendingMode);
      } catch (error) {
        logger.warn(`mode: could not restore the pending mode of ${session.log.sessionId}`, error);
      }
    }
    const plan = session.projections.snapshot().values.plan as { active: boolean; pending: boolean } | undefined;
    if (planModePlugin && !session.readOnly && plan?.pending === true) planModePlugin.controller.restore(session.log.sessionId, !plan.active);
  }
  // Resumed once every session is loaded and its pending selection restored, as the turn would have gone on.
  for (const { session, point } of resumes) session.agent?.resume(point);

  const modesOrThrow = (): ModesPlugin => {
    if (!modesPlugin) throw new HostError('bad-request', 'the session-modes variant is not enabled on this host', { issues: [] });
    return modesPlugin;
  };

  const sessionOf = (sessionId: string): Session => {
    const session = sessions.get(sessionId);
    if (!session) throw new HostError('session-not-found', `session "${sessionId}" not found`, { sessionId });
    return session;
  };
  const writable = (sessionId: string): Session & { agent: Agent } => {
    const session = sessionOf(sessionId);
    if (session.readOnly || !session.agent) {
      throw new HostError('bad-request', `session "${sessionId}" is read-only: ${session.readOnlyReason ?? 'an imported recording'}`, {
        sessionId,
        issues: [],
      });
    }
    // A turn a write failure left open is closed first; while the log still cannot be written, the request fails.
    session.agent.repair();
    return session as Session & { agent: Agent };
  };

  const engine: Engine = {
    get planMode() {
      if (!planModePlugin) throw new HostError('bad-request', 'the plan-mode plugin is not enabled on this host', { issues: [] });
      return planModePlugin.controller;
    },
    questions,
    questionProvider,
    get planModePlugin() {
      if (!planModePlugin) throw new HostError('bad-request', 'the plan-mode plugin is not enabled on this host', { issues: [] });
      return planModePlugin;
    },
    get modes() {
      return modesOrThrow().service;
    },
    get modesPlugin() {
      return modesOrThrow();
    },
    commands,
    createSession(opts = {}) {
      if (opts.sessionId !== undefined && sessions.has(opts.sessionId)) {
        throw new HostError('bad-request', `session "${opts.sessionId}" already exists`, { issues: [] });
      }
      if (opts.mode !== undefined) modesOrThrow();
      const session = addSession({ header: newHeader(opts.cwd, opts.sessionId), lines: [] }, true);
      applyOptions(session, opts);
      return session.log.sessionId;
    },
    fork(sessionId, opts = {}) {
      const parent = sessionOf(sessionId);
      const end = opts.throughSeq === undefined ? parent.log.events.length : Math.max(0, Math.min(parent.log.events.length, opts.throughSeq + 1));
      const lines = parent.log.toStored(end).lines;
      const header = { ...newHeader(parent.log.header.cwd), parentSessionId: sessionId };
      const fork = addSession({ header, lines }, true);
      closeOpenTurn(fork, { kind: 'error', message: 'the session was forked while this turn ran' });
      return fork.log.sessionId;
    },
    child(parentSessionId, opts = {}) {
      const parent = sessionOf(parentSessionId);
      if (opts.mode !== undefined) modesOrThrow();
      const header = { ...newHeader(parent.log.header.cwd), parentSessionId };
      const child = addSession({ header, lines: [] }, false);
      applyOptions(child, opts);
      return child.log.sessionId;
    },
    resume(sessionId, opts) {
      applyOptions(sessionOf(sessionId), opts);
    },
    log: (sessionId) => sessions.get(sessionId)?.log,
    handle: (sessionId) => sessions.get(sessionId)?.handle,
    agent: (sessionId) => sessions.get(sessionId)?.agent,
    async idle(sessionId) {
      const list = sessionId === undefined ? [...sessions.values()] : [sessionOf(sessionId)];
      await Promise.all(list.map((session) => session.agent?.idle()));
    },
  };

  const describeNames = (): { provider: string; model: string } => {
    if (!describeModel) {
      const provider = typeof options.model === 'function' ? (providers.values().next().value ?? options.model('host.describe')) : options.model;
      describeModel = { provider: provider.provider, model: provider.model };
    }
    return describeModel;
  };

  const summaryOf = (session: Session) => {
    const header = session.log.header;
    const events = session.log.events;
    const snapshot = session.projections.snapshot();
    const title = snapshot.values.title;
    return {
      sessionId: header.id,
      updatedAt: events.at(-1)?.time ?? header.createdAt,
      running: session.agent?.running ?? false,
      blank: isBlank(session),
      cwd: header.cwd,
      ...(header.parentSessionId ? { parentSessionId: header.parentSessionId } : {}),
      ...(typeof title === 'string' ? { title } : {}),
      ...(session.readOnly ? { readOnly: true } : {}),
      ...(session.readOnlyReason !== undefined && session.readOnlyReason !== 'an imported recording' ? { readOnlyReason: session.readOnlyReason } : {}),
      projections: listedSnapshot(snapshot),
    };
  };

  type Handler = (payload: never, signal?: AbortSignal) => unknown;
  const handlers: { [M in MethodName]: (payload: z.output<(typeof methods)[M]['payload']>, signal?: AbortSignal) => unknown } = {
    'host.describe': () => ({
      version: options.version ?? '0.1.0',
      cwd: options.cwd,
      ...describeNames(),
      attachedSessions: sessions.size,
      capabilities: {
        setPlanMode: planModePlugin !== undefined,
        import: true,
        modes: modesPlugin !== undefined,
        sessionLog: options.storage.readLog !== undefined,
      },
    }),
    'session.list': () => ({
      items: [...sessions.values()]
        .map((session) => ({ session, summary: summaryOf(session) }))
        .sort((a, b) => b.summary.updatedAt - a.summary.updatedAt || b.session.createdOrder - a.session.createdOrder)
        .map(({ summary }) => summary),
    }),
    'session.create': (payload) => ({
      sessionId: engine.createSession({ ...(payload.cwd ? { cwd: payload.cwd } : {}), ...(payload.sessionId ? { sessionId: payload.sessionId } : {}) }),
    }),
    'session.history': (payload) => {
      const session = sessionOf(payload.sessionId);
      const events = session.log.events;
      const end = payload.beforeSeq === undefined ? events.length : Math.min(payload.beforeSeq, events.length);
      const start = pageStart(events, end, payload.maxMessages);
      const page = events.slice(start, end).map((event) => {
        const view = viewOf(event, events);
        return { event, ...(view ? { view } : {}) };
      });
      return {
        events: page,
        hasMore: start > 0,
        ...(payload.beforeSeq === undefined ? { projections: session.projections.snapshot() } : {}),
      };
    },
    'session.prompt': (payload) => {
      const session = writable(payload.sessionId);
      session.agent.prompt(payload.content.map((block) => ({ ...block })) as ContentBlock[], payload.mode);
      return { accepted: true };
    },
    'session.cancel': (payload) => {
      sessionOf(payload.sessionId).agent?.cancel();
      // A real dsh host answers `{accepted:true}` (interop, issue 5).
      return { accepted: true };
    },
    'commands/list': (payload) => {
      sessionOf(payload.args.agentId);
      return commands.list();
    },
    'commands/execute': async (payload) => {
      const session = writable(payload.args.agentId);
      return commands.execute(session.log, payload.args.line, payload.args.images);
    },
    'session.planMode': (payload): PlanState => {
      sessionOf(payload.sessionId);
      return engine.planMode.get(payload.sessionId);
    },
    // The picker's switch runs `/plan` or `/plan off` (never with a message, so nothing is steered): the request is
    // logged as command/run + command/done around `ctx.planMode.set`, so the `plan` projection, a pure fold of the
    // log, shows a queued switch pending (upstream spec §1.11), exactly as a typed `/plan` does. A noop logs nothing.
    'session.setPlanMode': async (payload): Promise<{ outcome: SetOutcome; state: PlanState }> => {
      const session = writable(payload.sessionId);
      const before = engine.planMode.get(payload.sessionId);
      if (payload.active === (before.pending ?? before.active)) return { outcome: 'noop', state: before };
      const ran = await commands.execute(session.log, planCommandLine(payload.active), []);
      if (ran === undefined) throw new HostError('internal', 'the /plan command is not registered');
      if (ran.result.kind === 'error') throw new HostError('internal', ran.result.text ?? '/plan failed');
      const state = engine.planMode.get(payload.sessionId);
      return { outcome: setOutcomeOf(before, state, payload.active), state };
    },
    'session.import': (payload) => {
      const parsed = parseSessionLog(payload.jsonl);
      const refusal = importRefusalFactsOf(payload.jsonl, parsed);
      if (refusal !== undefined) {
        const message = importRefusalText(refusal);
        throw new HostError('bad-request', message, { issues: [{ path: ['jsonl'], message }], refusal });
      }
      // Skipped lines keep their seq as `import/skipped` placeholders, so seqs stay equal to line positions.
      const lines = storedLinesOf(parsed);
      const header = {
        ...newHeader(parsed.header?.cwd),
        ...(parsed.header ? { createdAt: parsed.header.createdAt } : {}),
        readOnly: true,
      };
      const session = addSession({ header, lines }, true);
      return { sessionId: session.log.sessionId, skipped: parsed.skipped };
    },
    'session.modes': (payload) => {
      const plugin = modesOrThrow();
      const session = sessionOf(payload.sessionId);
      if (session.readOnly && session.readOnlyReason !== 'an imported recording') {
        throw new HostError('bad-request', `session "${payload.sessionId}" cannot switch modes: ${session.readOnlyReason}`, {
          sessionId: payload.sessionId,
          issues: [],
        });
      }
      return { modes: plugin.service.list(), ...plugin.service.get(payload.sessionId) };
    },
    // The picker's switch runs `/mode <name>`, so the request is logged (command/run, command/done) and the `mode`
    // projection shows it pending from the log alone, as `/plan` does for the plan projection (upstream spec §1.11).
    'session.setMode': async (payload): Promise<{ state: ModeState }> => {
      const plugin = modesOrThrow();
      const session = writable(payload.sessionId);
      const modes = plugin.service.list();
      if (!modes.includes(payload.mode)) {
        const message = `unknown mode "${payload.mode}"; the modes are: ${modes.join(', ')}`;
        throw new HostError('bad-request', message, { issues: [{ path: ['mode'], message }] });
      }
      const outcome = await commands.execute(session.log, `/mode ${payload.mode}`, []);
      if (outcome === undefined || outcome.result.kind === 'error') {
        throw new HostError('bad-request', outcome?.result.text ?? 'the /mode command is not registered', { issues: [] });
      }
      return { state: plugin.service.get(payload.sessionId) };
    },
  };

  const fail = (rpcId: string, code: RpcError['code'], message: string, details: Record<string, unknown> = {}): ServerResponse => ({
    type: 'server-response',
    rpcId,
    result: { ok: false, error: { code, message, details } },
  });

  return {
    engine,
    hasMethod: (method) => isMethodName(method),

    async handleRequest(pathMethod, body, signal) {
      const envelope = clientRequestSchema.safeParse(body);
      if (!envelope.success) {
        const raw = typeof body === 'object' && body !== null ? (body as { rpcId?: unknown }).rpcId : undefined;
        // An rpcId that breaks the id limits is not echoed (it may be megabytes long).
        const rpcId = tokenSchema().safeParse(raw).success ? (raw as string) : INVALID_REQUEST_RPC_ID;
        return fail(rpcId, 'bad-request', `invalid client-request message: ${summarizeIssues(envelope.error.issues)}`, { issues: jsonIssues(envelope.error) });
      }
      const { rpcId, method, payload } = envelope.data;
      if (method !== pathMethod) {
        return fail(rpcId, 'bad-request', `method "${method}" does not match path "${pathMethod}"`, { issues: [] });
      }
      if (!isMethodName(method)) return fail(rpcId, 'bad-request', `unknown method "${method}"`, { issues: [] });
      const parsed = methods[method].payload.safeParse(payload);
      if (!parsed.success) {
        const issues = jsonIssues(parsed.error);
        // An over-long log is the one payload error a person meets by hand; its answer names the limit.
        const tooLarge = method === 'session.import' && parsed.error.issues.some((issue) => issue.code === 'too_big' && issue.path[0] === 'jsonl');
        if (tooLarge) {
          const refusal: ImportRefusal = { kind: 'too-large', limit: MAX_IMPORT_JSONL_CHARS };
          return fail(rpcId, 'bad-request', importRefusalText(refusal), { issues, refusal });
        }
        return fail(rpcId, 'bad-request', `invalid payload for "${method}": ${summarizeIssues(parsed.error.issues)}`, { issues });
      }
      try {
        const value = await (handlers[method] as Handler)(parsed.data as never, signal);
        return { type: 'server-response', rpcId, result: value === undefined ? { ok: true } : { ok: true, value } };
      } catch (error) {
        // An internal error's text may quote server paths or stack lines: it goes to the log, the client gets a
        // generic sentence (issue 8 item 6). A log-write failure names its cause, never a path (harness/log.ts).
        if (error instanceof HostError && error.code !== 'internal') return fail(rpcId, error.code, error.message, error.details);
        if (error instanceof LogWriteError) {
          logger.warn(`host: ${method} could not write the session log`, error.cause ?? error);
          return fail(rpcId, 'internal', error.message, { cause: 'log-write', ...(error.code !== undefined ? { errno: error.code } : {}) });
        }
        logger.warn(`host: ${method} crashed`, error);
        return fail(rpcId, 'internal', INTERNAL_ERROR_MESSAGE);
      }
    },

    handleRespond(body): RpcReceipt {
      const routing = clientResponseRoutingSchema.safeParse(body);
      if (!routing.success) return { accepted: false, reason: 'bad-response', message: `invalid response: ${summarizeIssues(routing.error.issues)}` };
      try {
        return questionProvider.respond(body);
      } catch {
        return { accepted: false, reason: 'bad-response' };
      }
    },

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

    openHostStream(send) {
      hostStreams.add(send);
      return () => void hostStreams.delete(send);
    },

    sessionLog: (sessionId) => (sessions.has(sessionId) ? options.storage.readLog?.(sessionId) : undefined),

    async close() {
      for (const session of sessions.values()) session.agent?.cancel();
      questionProvider.abortAll();
      await engine.idle();
      closed = true;
      mux.clear();
      hostStreams.clear();
    },
  };
}

/** Distinct mode names a log's `mode/set` events name, in first-seen order (a session-modes log under a plan-mode host). */
function loggedModes(events: readonly SessionEvent[]): string[] {
  const names = new Set<string>();
  for (const event of events) {
    const mode = event.type === 'mode/set' ? (event.data as { mode?: unknown } | null)?.mode : undefined;
    if (typeof mode === 'string' && mode !== 'default') names.add(mode);
  }
  return [...names];
}

/**
 * Why a file cannot be imported as a recorded session, or `undefined` when it can. A dsh log is recognised by its
 * session header or, without one, by at least one event of a kind dsh logs; a recognised log with at least one line
 * after the header is imported even when every event is unreadable (issue 8 item 7: the lines are skipped and
 * reported, kept as `import/skipped`, never fatal). Without a header, events of unknown kinds alone are not a log.
 * @param text - the uploaded file's text
 * @param parsed - `parseSessionLog(text)`
 * @returns the refusal as the error's `details.refusal` carries it (`empty`, `header-only`, `no-events`)
 */
export function importRefusalFactsOf(text: string, parsed: ParsedLog): ImportRefusal | undefined {
  const known = parsed.events.some((event) => isKnownEventType(event.type));
  if (parsed.header ? parsed.events.length + parsed.skipped.length > 0 : known) return undefined;
  if (text.replace(/^\uFEFF/, '').trim() === '') return { kind: 'empty' };
  const count = parsed.skipped.length + parsed.events.length;
  if (count === 0) return { kind: 'header-only' };
  // A file that is not a log at all fails its first line as "missing session header"; the next line says what it is.
  const first = parsed.skipped.find((s) => s.reason !== 'missing session header') ??
    parsed.skipped[0] ?? { line: parsed.firstSeqLine, reason: 'no session header and no event of a kind dsh logs' };
  return { kind: 'no-events', lines: count, first: { line: first.line, reason: first.reason } };
}

/**
 * The host's message for a refused import (`the file is empty`, `no dsh session events found: 12 lines could not
 * be read (first: line 1, not JSON)`, `the log is too large to open: over 16777216 characters (16 MB)`).
 * @param refusal - from {@link importRefusalFactsOf}, or `too-large` from payload validation
 */
export function importRefusalText(refusal: ImportRefusal): string {
  switch (refusal.kind) {
    case 'empty':
      return 'the file is empty';
    case 'header-only':
      return 'no dsh session events found: the log has only its session header';
    case 'no-events':
      return `no dsh session events found: ${refusal.lines} ${refusal.lines === 1 ? 'line' : 'lines'} could not be read (first: line ${refusal.first.line}, ${refusal.first.reason})`;
    case 'too-large':
      return `the log is too large to open: over ${refusal.limit} characters (the limit is ${Math.round(refusal.limit / (1024 * 1024))} MB)`;
    default: {
      const never: never = refusal;
      return String(never);
    }
  }
}

/** A session is blank until its first turn or command. */
function isBlank(session: Session): boolean {
  return !session.log.events.some((event) => event.type === 'turn/start' || event.type === 'command/run' || event.type === 'user/message');
}

/**
 * First index of a history page ending (exclusively) at `end`: the earliest of the last `maxMessages`
 * messages and of their `sourceEventSeqs` (so a message's chunks travel with it), or 0 when there are no
 * more messages before (as captured from a real host, shared/spec/dsh-frames/http-exchanges.jsonl).
 */
export function pageStart(events: readonly SessionEvent[], end: number, maxMessages: number | undefined): number {
  if (maxMessages === undefined) return 0;
  let count = 0;
  let start = end;
  for (let i = end - 1; i >= 0; i--) {
    const event = events[i] as SessionEvent;
    if (!isMessage(event)) continue;
    if (++count > maxMessages) return start;
    start = Math.min(i, ...(event.sourceEventSeqs ?? []).filter((seq) => seq >= 0 && seq < i));
  }
  return 0;
}

/** Zod issues as plain JSON (code, path, message, and the issue's other fields). */
function jsonIssues(error: z.ZodError): unknown[] {
  return JSON.parse(JSON.stringify(error.issues)) as unknown[];
}
