/**
 * The transport-neutral reference harness (`createHarness`), composed from harness/parts/: the downlinks, the model
 * table, the mounted plugin (plan-mode by default, or session modes, seed 002), the session table, the method
 * handlers and request routing (docs/protocol.md, docs/upstream-spec.md §4), with the question service and commands.
 * Adapters (server/, mocks/) only carry bytes. A stored log of the other variant is read-only. Downlink order per
 * event: `session/projection` changes (`todos` and `progress` paced), then its `session/event`.
 */
import { Agent, DEFAULT_MAX_STEPS, type QueueItem } from './agent.ts';
import { createCommandRegistry, type CommandRegistry } from './commands.ts';
import { resolvePlugins } from './config.ts';
import { resumePointOf, type ResumePoint } from './folds/resume.ts';
import type { SessionLog } from './log.ts';
import { createDownlinks, type Downlinks, type Greeting } from './parts/downlinks.ts';
import { MethodError } from './parts/errors.ts';
import { importRefusalText, readStreamedLog } from './parts/import.ts';
import { createMethodHandlers, importerOf } from './parts/methods.ts';
import { createModelTable, type ModelTable } from './parts/models.ts';
import { modesOrThrow, mountPlugins, planModeOrThrow, type MountedPlugins } from './parts/plugins.ts';
import { createRouter } from './parts/routing.ts';
import { createSessionTable, type Session, type SessionTable } from './parts/sessions.ts';
import type { ModesPlugin } from './plugins/modes.ts';
import type { PlanModePlugin } from './plugins/plan-mode.ts';
import { createUserQuestionService, createWebQuestionProvider, type AgentHandle, type UserQuestionService, type WebQuestionProvider } from './questions.ts';
import { createSessionAdmin } from './session-admin.ts';
import { resumableIn } from './tools.ts';
import type { Harness, HarnessOptions, StoredSession } from './types.ts';

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

/** `createHarness`'s result: the transport-neutral `Harness` plus `engine`. */
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

/**
 * Create the reference harness over `options.storage`, reloading every stored session. A turn left open at a question
 * (`exit_plan_mode`, `ask_user_question`) is resumed: the question is asked again under the same id and, once
 * answered, the turn goes on; any other open turn is closed with `turn/end {reason:{kind:'error',
 * message:'the server stopped during this turn'}}` (`closeInterruptedTurn`).
 * @param options - storage, model, plugins (validated; default: plan-mode with the built-in section), cwd, clock, ids
 * @returns the `Harness` plus `engine`
 * @throws ConfigError for an invalid plugin list (naming the index and field)
 */
export function createHarness(options: HarnessOptions): ReferenceHarness {
  const newId = options.newId ?? defaultNewId;
  const logger = options.logger ?? console;
  const entries = options.plugins === undefined ? undefined : resolvePlugins(options.plugins);
  const durable = (): Promise<void> | undefined => options.storage.flush?.();
  const downlinks = createDownlinks(newId, durable);
  const models = createModelTable(options.model);

  // The plugins and questions reach the session table, created below, through this late-bound lookup.
  let sessionOfId: (id: string) => Session | undefined = () => undefined;
  const commands = createCommandRegistry(newId);
  const questionProvider = createWebQuestionProvider({ newId, send: downlinks.sendMux });
  const questions = createUserQuestionService((agent) => sessionOfId(agent.id)?.handle === agent);
  questions.registerProvider(questionProvider);
  const plugins = mountPlugins(entries, {
    logOf: (id) => sessionOfId(id)?.log,
    questions,
    commands,
    steer: (id, content) => sessionOfId(id)?.agent?.steer(content),
    logger,
    newId,
  });
  /** Whether a session's log stopped at a question a restart asks again (its turn then stays open). */
  const resumePoint = (session: Session) => resumePointOf(session.log.events, resumableIn(plugins.toolsFor(session.log.sessionId)));

  const table = createSessionTable({
    storage: options.storage,
    now: options.now ?? (() => Date.now()),
    newId,
    logger,
    cwd: options.cwd,
    harnessVariant: plugins.variant,
    viewOf: plugins.viewOf,
    sendMux: downlinks.sendMux,
    sendHost: downlinks.sendHost,
    forget: models.forget,
    drafts: options.drafts,
    unitsFor: plugins.unitsFor,
    createAgent: (log, handle) => createAgent(log, handle, { options, plugins, models, downlinks, newId, logger }),
  });
  const { sessions } = table;
  sessionOfId = (id) => sessions.get(id);
  // Drafts nobody uses are freed at each create and list, and once a minute besides (never keeping the process alive).
  const draftSweep = setInterval(() => table.freeDrafts(), DRAFT_SWEEP_MS);
  (draftSweep as { unref?: () => void }).unref?.();

  reloadStored(options.storage.loadAll(), table, plugins, resumePoint);
  const engine = createEngine(table, plugins, commands, questions, questionProvider);
  const admin = adminOf(table, options.storage, models, downlinks, options.now ?? (() => Date.now()));
  const handlers = createMethodHandlers({
    admin,
    table,
    commands,
    planModePlugin: plugins.planModePlugin,
    modesPlugin: plugins.modesPlugin,
    viewOf: plugins.viewOf,
    createSession: (opts) => engine.createSession(opts),
    describe: () => ({
      version: options.version ?? '0.1.0',
      cwd: options.cwd,
      ...models.describe(),
      attachedSessions: sessions.size,
      capabilities: capabilitiesOf(options.storage, plugins, admin.canAdminister()),
    }),
  });

  const { answer, ...router } = createRouter(handlers, questionProvider, logger, durable);
  const importLog = importerOf(table);
  return {
    engine,
    ...router,
    async importStream(chunks) {
      // Reading rejects with the body's own failure (the carrier answers it); the import's answer is a `server-response`.
      const read = await readStreamedLog(chunks);
      // No client envelope names this call: the answer's rpcId is the route's own (docs/protocol.md "The streamed import").
      return answer(IMPORT_STREAM_RPC_ID, 'session.import', () => {
        if (read.kind === 'ok') return importLog(read.text, read.parsed);
        const message = importRefusalText(read.refusal);
        throw new MethodError('bad-request', message, { issues: [{ path: ['jsonl'], message }], refusal: read.refusal });
      });
    },
    openMux: (send) => downlinks.openMux(send, greetingsOf(table, questionProvider)),
    openHostStream: downlinks.openHostStream,
    sessionLog: (sessionId) => (sessions.has(sessionId) ? options.storage.readLog?.(sessionId) : undefined),
    async close() {
      clearInterval(draftSweep);
      await shutDown(table, questionProvider, resumePoint, engine.idle);
      try {
        await durable();
      } catch (error) {
        logger.warn('host: could not sync the session logs at shutdown', error);
      }
      // Paced projection frames still held leave before the downlinks close.
      for (const session of table.sessions.values()) session.pacer?.flush();
      downlinks.close();
    },
  };
}

/** What an attaching mux is told first: every session's last seq, then every pending question under its own id. */
function greetingsOf(table: SessionTable, questionProvider: WebQuestionProvider): Greeting[] {
  return [
    ...[...table.sessions.values()].map((session) => ({
      payload: { type: 'session/subscribed', sessionId: session.log.sessionId, lastSeq: session.log.lastSeq },
    })),
    ...questionProvider.pending().map(({ rpcId, sessionId, questions }) => ({ payload: { type: 'question/requested', sessionId, questions }, rpcId })),
  ];
}

/** Rename, delete and restore (harness/session-admin.ts) over the harness's session table. */
function adminOf(table: SessionTable, storage: HarnessOptions['storage'], models: ModelTable, downlinks: Downlinks, now: () => number) {
  return createSessionAdmin<Session>({
    storage,
    sessions: table.sessions,
    fail: (code, message, details) => new MethodError(code, message, details),
    titleOf: (session) => table.summaryOf(session).title ?? null,
    forget: models.forget,
    revive: (stored) => {
      const session = table.register(stored);
      table.closeOpenTurn(session);
      table.announce(session);
    },
    removed: (sessionId) => downlinks.sendHost({ type: 'host/session-removed', sessionId }),
    now,
  });
}

/**
 * Stop as a crash would — nothing the agents were doing is logged (README "What survives a restart") — then close, as
 * start-up repair would, every open turn that does not wait on a question a restart asks again.
 */
async function shutDown(
  table: SessionTable,
  questionProvider: WebQuestionProvider,
  resumePoint: (session: Session) => ResumePoint | undefined,
  idle: () => Promise<void>,
): Promise<void> {
  for (const session of table.sessions.values()) {
    session.log.halt();
    session.agent?.halt();
  }
  questionProvider.abortAll();
  await idle();
  for (const session of table.sessions.values()) {
    session.log.resumeWrites();
    if (session.agent && !resumePoint(session)) table.closeOpenTurn(session);
  }
}

/** What the agent of a session is built with: its model, the plugin's sections, tools and seams, and its frames. */
interface AgentParts {
  options: HarnessOptions;
  plugins: MountedPlugins;
  models: ModelTable;
  downlinks: Downlinks;
  newId: () => string;
  logger: { warn(message: string, ...details: unknown[]): void };
}

/** The root agent of a writable session. */
function createAgent(log: SessionLog, handle: AgentHandle, parts: AgentParts): Agent {
  const { options, plugins, downlinks } = parts;
  const sessionId = handle.sessionId;
  return new Agent({
    log,
    handle,
    model: parts.models.modelFor(sessionId),
    sections: () => plugins.sections,
    tools: plugins.toolsFor,
    ...plugins.seams,
    newId: parts.newId,
    sleep: options.sleep ?? defaultSleep,
    maxSteps: options.maxSteps ?? DEFAULT_MAX_STEPS,
    onRunning: (running) => downlinks.sendHost({ type: 'host/session-status', sessionId, running }),
    onQueue: (items: QueueItem[]) => downlinks.sendMux({ type: 'session/queue', sessionId, items }),
    onError: (message, turn) => downlinks.sendHost({ type: 'host/agent-error', sessionId, turn, message }),
    logger: parts.logger,
  });
}

/** The `rpcId` of every streamed import's answer (the call has no client envelope to echo). */
const IMPORT_STREAM_RPC_ID = 'import-stream';

/** `host.describe`'s `capabilities` (a ui-plan extension, docs/protocol.md "host.describe"). */
function capabilitiesOf(storage: HarnessOptions['storage'], plugins: MountedPlugins, sessions: boolean) {
  return {
    setPlanMode: plugins.planModePlugin !== undefined,
    import: true,
    modes: plugins.modesPlugin !== undefined,
    sessions,
    sessionLog: storage.readLog !== undefined,
    importStream: true,
  };
}

/**
 * Register every stored session: a turn left open at a question is resumed once all are loaded and their pending
 * switches restored (as the turn would have gone on), any other open turn is closed.
 */
function reloadStored(
  stored: readonly StoredSession[],
  table: SessionTable,
  plugins: MountedPlugins,
  resumePoint: (session: Session) => ResumePoint | undefined,
): void {
  const resumes: { session: Session; point: ResumePoint }[] = [];
  for (const entry of stored) {
    const session = table.register(entry);
    const point = session.agent ? resumePoint(session) : undefined;
    if (point) resumes.push({ session, point });
    else table.closeOpenTurn(session);
    // A switch asked for before a restart is still pending in the log (its command ran); keep it pending in memory too.
    if (session.readOnly === undefined) plugins.restorePending(session.log.sessionId, session.projections.snapshot().values);
  }
  for (const { session, point } of resumes) session.agent?.resume(point);
}

/** The engine-level API over the session table and the mounted plugin. */
function createEngine(
  table: SessionTable,
  plugins: MountedPlugins,
  commands: CommandRegistry,
  questions: UserQuestionService,
  questionProvider: WebQuestionProvider,
): Engine {
  const { sessions } = table;
  const engine: Engine = {
    get planMode() {
      return planModeOrThrow(plugins.planModePlugin).controller;
    },
    questions,
    questionProvider,
    get planModePlugin() {
      return planModeOrThrow(plugins.planModePlugin);
    },
    get modes() {
      return modesOrThrow(plugins.modesPlugin).service;
    },
    get modesPlugin() {
      return modesOrThrow(plugins.modesPlugin);
    },
    commands,
    createSession(opts = {}) {
      if (opts.sessionId !== undefined && sessions.has(opts.sessionId)) {
        throw new MethodError('bad-request', `session "${opts.sessionId}" already exists`, { issues: [] });
      }
      if (opts.mode !== undefined) modesOrThrow(plugins.modesPlugin);
      const session = table.add({ header: table.newHeader(opts.cwd, opts.sessionId), lines: [] }, opts.draft === true);
      if (opts.mode !== undefined) plugins.seedMode(session.log.sessionId, opts.mode);
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
  return engine;
}
