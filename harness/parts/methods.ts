/**
 * The handler of every unary method of src/core/protocol/methods.ts over the session table and the plugins: each
 * gets its validated payload, reads or writes through the session table, and returns the value the protocol names
 * (or throws a MethodError). The picker's switches run `/plan` and `/mode` as logged commands, so the projections show
 * a queued switch pending from the log alone (docs/upstream-spec.md §1.11).
 */
import { parseSessionLog, type ParsedLog } from '../../src/core/log/reader.ts';
import type { ContentBlock, SessionEvent } from '../../src/core/log/types.ts';
import type { ModeState, PlanState, SetOutcome, ToolView } from '../../src/core/protocol/methods.ts';
import type { CommandRegistry } from '../commands.ts';
import type { ModesPlugin } from '../plugins/modes.ts';
import { modesOrThrow, planModeOrThrow } from './plugins.ts';
import { planCommandLine, setOutcomeOf, type PlanModePlugin } from '../plugins/plan-mode.ts';
import { importMatchOf, importMetaOf, logDigestOf, type createSessionAdmin } from '../session-admin.ts';
import { storedLinesOf } from '../storage/stored-lines.ts';
import { MethodError } from './errors.ts';
import { historyPage } from './history.ts';
import { importRefusalFactsOf, importRefusalText, importReportOf } from './import.ts';
import { readOnlyReasonText } from './read-only.ts';
import type { MethodHandlers } from './routing.ts';
import type { Session, SessionTable } from './sessions.ts';

/** What the method handlers work with. */
export interface MethodContext {
  table: SessionTable;
  commands: CommandRegistry;
  planModePlugin: PlanModePlugin | undefined;
  modesPlugin: ModesPlugin | undefined;
  viewOf(event: SessionEvent, events: readonly SessionEvent[]): ToolView | undefined;
  /** `host.describe`'s answer. */
  describe(): unknown;
  /** Create an empty session (the engine's `createSession`); a draft is stored at its first event. */
  createSession(options: { cwd?: string; sessionId?: string; draft?: boolean }): string;
  /** Rename, delete and restore (harness/session-admin.ts). */
  admin: ReturnType<typeof createSessionAdmin<Session>>;
}

/**
 * Open a recorded log as a read-only session: `session.import`'s work once the text is read and parsed, shared by the
 * one-shot call and the streamed import route (both answer the same for the same text).
 * @param table - the session table the session is added to
 * @returns `(text, parsed)` → the `session.import` value (`sessionId`, the bounded report, `existing` / `copy`)
 * @throws MethodError `bad-request` with `details.refusal` when the text is not a dsh log (harness/parts/import.ts)
 */
export function importerOf(table: SessionTable) {
  return async (text: string, parsed: ParsedLog) => {
    const refusal = importRefusalFactsOf(text, parsed);
    if (refusal !== undefined) {
      const message = importRefusalText(refusal);
      throw new MethodError('bad-request', message, { issues: [{ path: ['jsonl'], message }], refusal });
    }
    // The same log opened twice answers the session it opened the first time.
    const sourceId = parsed.header?.id || undefined;
    const digest = await logDigestOf(text);
    const match = importMatchOf(table.sessions.values(), sourceId, digest);
    if (match.existing !== undefined) return { sessionId: match.existing, ...importReportOf(parsed), existing: true };
    // Skipped lines keep their seq as `import/skipped` placeholders, so seqs stay equal to line positions.
    const lines = storedLinesOf(parsed);
    const header = {
      ...table.newHeader(parsed.header?.cwd),
      ...(parsed.header ? { createdAt: parsed.header.createdAt } : {}),
      readOnly: true,
    };
    const meta = importMetaOf(sourceId, digest, parsed.events, match.copy === true);
    const session = table.add({ header, lines, meta });
    return { sessionId: session.log.sessionId, ...importReportOf(parsed), ...(match.copy ? { copy: true } : {}) };
  };
}

/**
 * The method table.
 * @param ctx - the session table, commands, plugins and the engine's session creation
 */
export function createMethodHandlers(ctx: MethodContext): MethodHandlers {
  const { table, commands } = ctx;
  const planMode = () => planModeOrThrow(ctx.planModePlugin).controller;
  const importLog = importerOf(table);
  return {
    'host.describe': () => ctx.describe(),
    'session.list': () => ({ items: table.list() }),
    'session.create': (payload) => ({
      sessionId: ctx.createSession({
        ...(payload.cwd ? { cwd: payload.cwd } : {}),
        ...(payload.sessionId ? { sessionId: payload.sessionId } : {}),
        ...(payload.draft ? { draft: true } : {}),
      }),
    }),
    'session.rename': (payload) => ctx.admin.rename(payload.sessionId, payload.title),
    'session.delete': (payload) => ctx.admin.remove(payload.sessionId),
    'session.restore': (payload) => ctx.admin.restore(payload.sessionId),
    'session.listDeleted': () => ctx.admin.listDeleted(),
    'session.history': (payload) => {
      const session = table.sessionOf(payload.sessionId);
      return historyPage(session.log.events, payload, ctx.viewOf, () => session.projections.snapshot());
    },
    'session.prompt': (payload) => {
      const session = table.writable(payload.sessionId);
      session.agent.prompt(payload.content.map((block) => ({ ...block })) as ContentBlock[], payload.mode);
      return { accepted: true };
    },
    'session.cancel': (payload) => {
      table.sessionOf(payload.sessionId).agent?.cancel();
      // A real dsh host answers `{accepted:true}`.
      return { accepted: true };
    },
    'commands/list': (payload) => {
      table.sessionOf(payload.args.agentId);
      return commands.list();
    },
    'commands/execute': async (payload) => {
      const session = table.writable(payload.args.agentId);
      return commands.execute(session.log, payload.args.line, payload.args.images);
    },
    'session.planMode': (payload): PlanState => {
      table.sessionOf(payload.sessionId);
      return planMode().get(payload.sessionId);
    },
    // The picker's switch runs `/plan` or `/plan off` (never with a message, so nothing is steered): the request is
    // logged as command/run + command/done around `ctx.planMode.set`, so the `plan` projection, a pure fold of the
    // log, shows a queued switch pending (docs/upstream-spec.md §1.11), exactly as a typed `/plan` does. A noop logs nothing.
    'session.setPlanMode': async (payload): Promise<{ outcome: SetOutcome; state: PlanState }> => {
      const session = table.writable(payload.sessionId);
      const before = planMode().get(payload.sessionId);
      if (payload.active === (before.pending ?? before.active)) return { outcome: 'noop', state: before };
      const ran = await commands.execute(session.log, planCommandLine(payload.active), []);
      if (ran === undefined) throw new MethodError('internal', 'the /plan command is not registered');
      if (ran.result.kind === 'error') throw new MethodError('internal', ran.result.text ?? '/plan failed');
      const state = planMode().get(payload.sessionId);
      return { outcome: setOutcomeOf(before, state, payload.active), state };
    },
    'session.import': (payload) => importLog(payload.jsonl, parseSessionLog(payload.jsonl)),
    'session.modes': (payload) => {
      const plugin = modesOrThrow(ctx.modesPlugin);
      const session = table.sessionOf(payload.sessionId);
      // An imported recording still shows its modes; a log of the other variant has none this harness can read.
      if (session.readOnly?.kind === 'other-variant') {
        throw new MethodError('bad-request', `session "${payload.sessionId}" cannot switch modes: ${readOnlyReasonText(session.readOnly)}`, {
          sessionId: payload.sessionId,
          issues: [],
        });
      }
      return { modes: plugin.service.list(), ...plugin.service.get(payload.sessionId) };
    },
    // The picker's switch runs `/mode <name>`, so the request is logged (command/run, command/done) and the `mode`
    // projection shows it pending from the log alone, as `/plan` does for the plan projection (docs/upstream-spec.md §1.11).
    'session.setMode': async (payload): Promise<{ state: ModeState }> => {
      const plugin = modesOrThrow(ctx.modesPlugin);
      const session = table.writable(payload.sessionId);
      const modes = plugin.service.list();
      if (!modes.includes(payload.mode)) {
        const message = `unknown mode "${payload.mode}"; the modes are: ${modes.join(', ')}`;
        throw new MethodError('bad-request', message, { issues: [{ path: ['mode'], message }] });
      }
      const outcome = await commands.execute(session.log, `/mode ${payload.mode}`, []);
      if (outcome === undefined || outcome.result.kind === 'error') {
        throw new MethodError('bad-request', outcome?.result.text ?? 'the /mode command is not registered', { issues: [] });
      }
      return { state: plugin.service.get(payload.sessionId) };
    },
  };
}
