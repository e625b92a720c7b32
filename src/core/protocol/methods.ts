/**
 * Unary methods of the dsh web transport as ui-plan uses them (docs/protocol.md "Unary calls"), with runtime
 * payload schemas and value types. Methods marked "extension" exist only on ui-plan's reference harness;
 * `host.describe().capabilities` advertises them and a plain dsh host has none.
 */
import { lazily, lazyEntries, z } from '../zod.ts';
import { idSchema, MAX_CWD_CHARS, tokenSchema } from './ids.ts';
import { MAX_CUSTOM_TITLE_CHARS } from '../sessions/limits.ts';

/** A session id as a host answers it (values are read leniently: a real dsh host mints its own). */
const sessionId = lazily(() => z.string().check(z.minLength(1)));
/** A session id a client sends: bounded (src/core/protocol/ids.ts), so a bad one is `bad-request`, never a file error. */
const sessionIdParam = lazily(() => idSchema());

/** A logged event as it travels on the wire (envelope with seq). */
export const wireEventSchema = lazily(() =>
  z.looseObject({
    type: z.string().check(z.minLength(1)),
    seq: z.int().check(z.nonnegative()),
    time: z.optional(z.number()),
    data: z.unknown(),
    surfaceOp: z.optional(z.string()),
  }),
);

/** Card a host attaches to a `tool/call` or `tool/result` row (dsh `view`). */
export const toolViewSchema = lazily(() =>
  z.looseObject({
    for: z.enum(['call', 'result']),
    view: z.looseObject({
      card: z.string(),
      title: z.optional(z.string()),
      kind: z.optional(z.string()),
      content: z.optional(z.array(z.looseObject({ type: z.string(), text: z.optional(z.string()) }))),
    }),
  }),
);
/** The parsed shape of {@link toolViewSchema}. */
export type ToolView = z.infer<typeof toolViewSchema>;

/** Projection snapshot: values as of `asOfSeq` (-1 for an empty log). */
export const projectionsSchema = lazily(() => z.object({ asOfSeq: z.int(), values: z.record(z.string(), z.unknown()) }));
/** The parsed shape of {@link projectionsSchema}. */
export type Projections = z.infer<typeof projectionsSchema>;

/** `plan` projection wire value (docs/upstream-spec.md §1.11). Both fields required. */
export const planProjectionSchema = lazily(() => z.object({ active: z.boolean(), pending: z.boolean() }));
/** The parsed shape of {@link planProjectionSchema}. */
export type PlanProjectionValue = z.infer<typeof planProjectionSchema>;

/**
 * ui-plan capabilities (extension). Absent on a real dsh host. `sessions`: `session.rename`, `session.delete`,
 * `session.restore` and `session.create {draft}`; `sessionLog`: the host serves
 * `GET /api/sessions/<id>/log.jsonl`; `importStream`: the host takes a log's raw bytes at
 * `POST /api/sessions/import.jsonl` (docs/protocol.md "The streamed import"). Each is absent on ui-plan hosts from before it.
 */
export const capabilitiesSchema = lazily(() =>
  z.object({
    setPlanMode: z.boolean(),
    import: z.boolean(),
    modes: z.boolean(),
    sessions: z.optional(z.boolean()),
    sessionLog: z.optional(z.boolean()),
    importStream: z.optional(z.boolean()),
  }),
);
/** The parsed shape of {@link capabilitiesSchema}. */
export type Capabilities = z.infer<typeof capabilitiesSchema>;

/** One `session.list` item: id, last activity (`updatedAt`, epoch ms), running, blank, title, read-only flag and projections. */
export const sessionSummarySchema = lazily(() =>
  z.looseObject({
    sessionId,
    updatedAt: z.number(),
    running: z.boolean(),
    blank: z.boolean(),
    cwd: z.optional(z.string()),
    parentSessionId: z.optional(z.string()),
    title: z.optional(z.string()),
    /** The title a person gave the session (`session.rename`, kept beside the log); extension. `title` then equals it. */
    customTitle: z.optional(z.string()),
    readOnly: z.optional(z.boolean()),
    /** Why a read-only session is read-only (e.g. a log of the other plan-mode variant); extension. */
    readOnlyReason: z.optional(z.string()),
    /**
     * Why the host stopped writing to the session, which it then lists read-only (extension): `log-removed`,
     * `log-replaced`, `log-changed` (its log file was removed, replaced or written by another program), `sync-failed`
     * (the disk reported an error when it was synced) or `lock-lost` (another server took the data directory); a host
     * may send others.
     */
    writeStopped: z.optional(z.string()),
    projections: z.optional(projectionsSchema),
  }),
);
/** The parsed shape of {@link sessionSummarySchema}. */
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

/** One `commands/list` entry: a slash command with its description and input hint. */
export const commandDescriptorSchema = lazily(() =>
  z.looseObject({
    name: z.string(),
    description: z.string(),
    input: z.optional(z.looseObject({ hint: z.optional(z.string()), images: z.optional(z.boolean()) })),
  }),
);
/** The parsed shape of {@link commandDescriptorSchema}. */
export type CommandDescriptor = z.infer<typeof commandDescriptorSchema>;

/** A command's outcome as `commands/execute` returns it and `command/done` logs it. */
export const commandResultSchema = lazily(() => z.object({ kind: z.enum(['success', 'error']), text: z.optional(z.string()) }));

/**
 * Largest `session.import` log, in UTF-16 code units of `jsonl` (16 Mi; a recorded log is a few MB). The carriers
 * accept a `/api/session.import` body of up to 32 MiB for it (carrier/limits.ts), room for JSON escaping.
 */
export const MAX_IMPORT_JSONL_CHARS = 16 * 1024 * 1024;

export { MAX_IMPORT_REQUEST_BODY_BYTES, MAX_REQUEST_BODY_BYTES, requestBodyLimitOf } from './body-limits.ts';

/**
 * Why `session.import` refused a file, as the host puts it in the error's `details.refusal` (ui-plan extension):
 * `empty` (nothing but blank lines), `header-only` (a session header and no events), `no-events` (`lines` lines,
 * none a readable dsh event; `first` is the first line that says what the file is), `too-large` (`jsonl` is over
 * `limit` UTF-16 code units). The message stays the host's technical wording; a client words the refusal itself.
 */
export const importRefusalSchema = lazily(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('empty') }),
    z.object({ kind: z.literal('header-only') }),
    z.object({ kind: z.literal('no-events'), lines: z.number(), first: z.object({ line: z.number(), reason: z.string() }) }),
    z.object({ kind: z.literal('too-large'), limit: z.number() }),
  ]),
);
/** The parsed shape of {@link importRefusalSchema}. */
export type ImportRefusal = z.infer<typeof importRefusalSchema>;

/** The shape of {@link importReportSchema}, built where the method table spreads its fields (`session.import`). */
const importReport = () =>
  z.object({
    skipped: z.array(z.object({ line: z.number(), reason: z.string(), torn: z.optional(z.literal(true)) })),
    skippedCount: z.number(),
    unknown: z.optional(
      z.object({
        count: z.number(),
        kindCount: z.number(),
        kinds: z.array(z.object({ type: z.string(), count: z.number(), firstLine: z.number() })),
      }),
    ),
  });
/**
 * What an accepted `session.import` reports about the lines it could not show (ui-plan extension), bounded whatever
 * the log: `skipped` names the first lines that could not be read (at most 20, with the reader's reason; a last line
 * cut mid-line has `torn: true`), `skippedCount` counts them all; `unknown` counts the events of kinds dsh logs do
 * not have (kept in the log, never shown): `count` lines, `kindCount` kinds, the most frequent `kinds` (at most 5,
 * each with its `count` and `firstLine`, 1-based).
 */
export const importReportSchema = lazily(importReport);
/** The parsed shape of {@link importReportSchema}. */
export type ImportReport = z.infer<typeof importReportSchema>;

/** Outcome of `ctx.planMode.set()` (docs/upstream-spec.md §1.5). */
export const setOutcomeSchema = lazily(() => z.enum(['committed', 'queued', 'cancelled', 'noop']));
/** The parsed shape of {@link setOutcomeSchema}. */
export type SetOutcome = z.infer<typeof setOutcomeSchema>;
/** `ctx.planMode.get()`: `pending` present only while a selection exists; its value is the target. */
export const planStateSchema = lazily(() => z.object({ active: z.boolean(), pending: z.optional(z.boolean()) }));
/** The parsed shape of {@link planStateSchema}. */
export type PlanState = z.infer<typeof planStateSchema>;
/** `ctx.modes.get()` (seed 002). */
const modeStateSchema = lazily(() => z.object({ current: z.string(), pending: z.optional(z.string()) }));
/** The parsed shape of {@link modeStateSchema}. */
export type ModeState = z.infer<typeof modeStateSchema>;
/** `mode` projection wire value (seed 002 variant): the mode in force and, while one is asked for, the pending target. */
export const modeProjectionSchema = modeStateSchema;
/** `mode` projection wire value: the same shape as `ctx.modes.get()` (seed 002). */
export type ModeProjectionValue = ModeState;

const textBlock = lazily(() => z.object({ type: z.literal('text'), text: z.string() }));

/**
 * Method table: payload schema (validated by the host; failures answer `bad-request` naming the field; every id a
 * client sends is bounded by `idSchema`, src/core/protocol/ids.ts)
 * and value schema (validated by the client).
 */
export const methods = lazyEntries({
  'host.describe': () => ({
    payload: z.looseObject({}),
    value: z.looseObject({
      version: z.string(),
      cwd: z.string(),
      provider: z.string(),
      model: z.string(),
      attachedSessions: z.number(),
      capabilities: z.optional(capabilitiesSchema),
    }),
  }),
  'session.list': () => ({
    payload: z.object({ cursor: z.optional(tokenSchema()) }),
    value: z.looseObject({ items: z.array(sessionSummarySchema), nextCursor: z.optional(z.string()) }),
  }),
  'session.create': () => ({
    payload: z.object({
      cwd: z.optional(
        z
          .string()
          .check(z.minLength(1))
          .check(z.maxLength(MAX_CWD_CHARS, { message: `must be at most ${MAX_CWD_CHARS} characters` })),
      ),
      sessionId: z.optional(idSchema(/^session-[A-Za-z0-9-]+$/, "'session-' then letters, digits and '-'")),
      /**
       * extension (`capabilities.sessions`): a draft session — usable at once, but neither stored nor listed nor
       * announced until its first event (message or command) is logged.
       */
      draft: z.optional(z.boolean()),
    }),
    value: z.looseObject({ sessionId }),
  }),
  'session.history': () => ({
    payload: z.object({
      sessionId: sessionIdParam,
      beforeSeq: z.optional(z.int().check(z.nonnegative())),
      maxMessages: z.optional(z.int().check(z.positive())),
    }),
    value: z.looseObject({
      events: z.array(z.looseObject({ event: wireEventSchema, view: z.optional(toolViewSchema) })),
      hasMore: z.boolean(),
      projections: z.optional(projectionsSchema),
    }),
  }),
  'session.prompt': () => ({
    payload: z.object({
      sessionId: sessionIdParam,
      mode: z.enum(['queue', 'steer']),
      content: z.array(textBlock).check(z.minLength(1)),
    }),
    value: z.looseObject({ accepted: z.literal(true) }),
  }),
  'session.cancel': () => ({
    payload: z.object({ sessionId: sessionIdParam }),
    value: z.looseObject({}),
  }),
  'commands/list': () => ({
    payload: z.object({ args: z.object({ agentId: idSchema() }) }),
    value: z.array(commandDescriptorSchema),
  }),
  'commands/execute': () => ({
    payload: z.object({
      args: z.object({ agentId: idSchema(), line: z.string(), images: z._default(z.array(z.unknown()), []) }),
    }),
    /** `undefined` when the line matches no command. */
    value: z.optional(z.looseObject({ commandId: z.string(), result: commandResultSchema })),
  }),
  /** extension: `ctx.planMode.get(agent)` */
  'session.planMode': () => ({
    payload: z.object({ sessionId: sessionIdParam }),
    value: planStateSchema,
  }),
  /** extension: `ctx.planMode.set(agent, active)` */
  'session.setPlanMode': () => ({
    payload: z.object({ sessionId: sessionIdParam, active: z.boolean() }),
    value: z.object({ outcome: setOutcomeSchema, state: planStateSchema }),
  }),
  /** extension: a read-only session built from a recorded dsh log (an empty `jsonl` is refused by the host, naming why) */
  'session.import': () => ({
    payload: z.object({ jsonl: z.string().check(z.maxLength(MAX_IMPORT_JSONL_CHARS)) }),
    /**
     * `existing: true` when the same log (same header id, same content) was opened before and that session is answered
     * instead of a duplicate; `copy: true` when a log with the same header id but other content opened as a labelled copy.
     */
    value: z.looseObject({
      sessionId,
      ...z.partial(importReport()).shape,
      existing: z.optional(z.boolean()),
      copy: z.optional(z.boolean()),
    }),
  }),
  /**
   * extension (`capabilities.sessions`): give a session a title, kept beside its log (the log is never changed); the
   * title is trimmed, at most 200 characters; an empty one goes back to the derived title. Answers the title now shown.
   */
  'session.rename': () => ({
    payload: z.object({
      sessionId: sessionIdParam,
      title: z
        .string()
        .check(z.trim())
        .check(z.maxLength(MAX_CUSTOM_TITLE_CHARS, { message: `must be at most ${MAX_CUSTOM_TITLE_CHARS} characters` })),
    }),
    value: z.looseObject({ sessionId, title: z.nullable(z.string()), customTitle: z.optional(z.string()) }),
  }),
  /** extension (`capabilities.sessions`): move a session's log to the trash (`session.restore` brings it back). */
  'session.delete': () => ({
    payload: z.object({ sessionId: sessionIdParam }),
    value: z.looseObject({ sessionId }),
  }),
  /** extension (`capabilities.sessions`): bring a deleted session back from the trash, as it was. */
  'session.restore': () => ({
    payload: z.object({ sessionId: sessionIdParam }),
    value: z.looseObject({ sessionId }),
  }),
  /**
   * extension (`capabilities.sessions`): the deleted sessions `session.restore` can bring back, newest deletion first
   * (at most 50): each id once, with the title it was listed under (`null` when none) and `deletedAt` (epoch ms).
   */
  'session.listDeleted': () => ({
    payload: z.object({}),
    value: z.object({ items: z.array(z.looseObject({ sessionId, title: z.nullable(z.string()), deletedAt: z.number() })) }),
  }),
  /** extension: session-modes variant (seed 002) */
  'session.modes': () => ({
    payload: z.object({ sessionId: sessionIdParam }),
    value: z.object({ modes: z.array(z.string()), current: z.string(), pending: z.optional(z.string()) }),
  }),
  /** extension: session-modes variant (seed 002) */
  'session.setMode': () => ({
    payload: z.object({ sessionId: sessionIdParam, mode: tokenSchema() }),
    value: z.object({ state: modeStateSchema }),
  }),
});

/** A method of the {@link methods} table. */
export type MethodName = keyof typeof methods;
/** The payload a caller sends for method `M` (schema input). */
export type MethodPayload<M extends MethodName> = z.input<(typeof methods)[M]['payload']>;
/** The value method `M` answers with (schema output; `undefined` where allowed). */
export type MethodValue<M extends MethodName> = z.output<(typeof methods)[M]['value']>;

/** Whether `name` is a method of the table. */
export function isMethodName(name: string): name is MethodName {
  return Object.prototype.hasOwnProperty.call(methods, name);
}
