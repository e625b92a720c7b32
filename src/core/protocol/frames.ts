/**
 * Downlink frame payloads of the two WebSockets (docs/protocol.md "Downlink"): mux frames for attached
 * sessions and host frames. Unknown frame types are legal on the wire (a real dsh host sends more);
 * readers skip them without failing the stream.
 */
import { lazily, z } from '../zod.ts';
import { questionItemSchema } from '../questions/types.ts';
import { toolViewSchema, wireEventSchema } from './methods.ts';

/** mux `session/event`: one logged event of an attached session, with its seq and an optional tool card (`view`). */
export const sessionEventFrameSchema = lazily(() =>
  z.looseObject({
    type: z.literal('session/event'),
    sessionId: z.string(),
    event: wireEventSchema,
    view: z.optional(toolViewSchema),
  }),
);
/** mux `session/subscribed`: sent per attached session when a mux socket opens; rows newer than `lastSeq` are stale. */
export const sessionSubscribedFrameSchema = lazily(() =>
  z.looseObject({
    type: z.literal('session/subscribed'),
    sessionId: z.string(),
    lastSeq: z.int(),
  }),
);
/** mux `session/projection`: a projection value that changed at `seq` (apply only when `seq` is higher than the one held). */
export const sessionProjectionFrameSchema = lazily(() =>
  z.looseObject({
    type: z.literal('session/projection'),
    sessionId: z.string(),
    key: z.string(),
    value: z.unknown(),
    seq: z.int(),
  }),
);
/** mux `question/requested`: a pending question batch; the frame rpcId is the question id (re-sent with the same id on reconnect). */
export const questionRequestedFrameSchema = lazily(() =>
  z.looseObject({
    type: z.literal('question/requested'),
    sessionId: z.string(),
    questions: z.array(questionItemSchema).check(z.minLength(1)),
  }),
);
/** mux `question/resolved`: the question `questionRpcId` was answered or cancelled; the client removes it only then. */
export const questionResolvedFrameSchema = lazily(() =>
  z.looseObject({
    type: z.literal('question/resolved'),
    sessionId: z.string(),
    questionRpcId: z.string(),
    outcome: z.enum(['answered', 'cancelled']),
  }),
);
/**
 * mux `approval/requested` (a real dsh host; ui-plan's harness sends none): a tool-permission prompt the agent waits
 * on, answered in the dsh client (ui-plan only lists it). Re-sent with the same rpcId on every mux open while pending.
 * Shape of `@deepseek-ai/dsh-host-apiproxy` `events.schema`: `{sessionId, approvalId, toolName, callId?, reason?}`.
 */
export const approvalRequestedFrameSchema = lazily(() =>
  z.looseObject({
    type: z.literal('approval/requested'),
    sessionId: z.string(),
    approvalId: z.string().check(z.minLength(1)),
    toolName: z.string(),
    callId: z.optional(z.string()),
    reason: z.optional(z.string()),
  }),
);
/** mux `approval/resolved`: the tool-permission prompt `approvalId` was settled (`allowed-once`, `rejected`, …). */
export const approvalResolvedFrameSchema = lazily(() =>
  z.looseObject({
    type: z.literal('approval/resolved'),
    sessionId: z.string(),
    approvalId: z.string().check(z.minLength(1)),
    outcome: z.string(),
  }),
);
/** mux `session/queue`: the prompts waiting for the agent (queued or steering). */
export const sessionQueueFrameSchema = lazily(() =>
  z.looseObject({
    type: z.literal('session/queue'),
    sessionId: z.string(),
    items: z.array(z.unknown()),
  }),
);
/** mux `stream/error`: the host reports a stream failure; the socket closes after it. */
export const streamErrorFrameSchema = lazily(() => z.looseObject({ type: z.literal('stream/error'), error: z.unknown() }));

/** host `host/session-added`: a session was created, forked or imported. */
export const hostSessionAddedFrameSchema = lazily(() =>
  z.looseObject({
    type: z.literal('host/session-added'),
    sessionId: z.string(),
    blank: z.boolean(),
    cwd: z.optional(z.string()),
    parentSessionId: z.optional(z.string()),
  }),
);
/** host `host/session-removed` (extension): a session was deleted (its log moved to the trash; `session.restore` undoes it). */
export const hostSessionRemovedFrameSchema = lazily(() =>
  z.looseObject({
    type: z.literal('host/session-removed'),
    sessionId: z.string(),
  }),
);
/**
 * host `host/session-updated` (extension): a session's `session.list` item changed in a way no other frame carries
 * (writing to it stopped); read the list again.
 */
export const hostSessionUpdatedFrameSchema = lazily(() =>
  z.looseObject({
    type: z.literal('host/session-updated'),
    sessionId: z.string(),
  }),
);
/** host `host/session-status`: a session started or stopped running a turn. */
export const hostSessionStatusFrameSchema = lazily(() =>
  z.looseObject({
    type: z.literal('host/session-status'),
    sessionId: z.string(),
    running: z.boolean(),
  }),
);
/** host `host/agent-error`: an agent failed (e.g. a model error); payload fields vary by host. */
export const hostAgentErrorFrameSchema = lazily(() => z.looseObject({ type: z.literal('host/agent-error') }));
/** host `host/remote-event`: a dsh remote event such as `commands/change` (refetch `commands/list`). */
export const hostRemoteEventFrameSchema = lazily(() =>
  z.looseObject({
    type: z.literal('host/remote-event'),
    event: z.string(),
    args: z.array(z.unknown()),
  }),
);

/** Known mux frame payloads. */
export const muxFrameSchema = lazily(() =>
  z.discriminatedUnion('type', [
    sessionEventFrameSchema,
    sessionSubscribedFrameSchema,
    sessionProjectionFrameSchema,
    questionRequestedFrameSchema,
    questionResolvedFrameSchema,
    approvalRequestedFrameSchema,
    approvalResolvedFrameSchema,
    sessionQueueFrameSchema,
    streamErrorFrameSchema,
  ]),
);
/** The parsed shape of {@link muxFrameSchema}. */
export type MuxFrame = z.infer<typeof muxFrameSchema>;

/** Known host frame payloads. */
export const hostFrameSchema = lazily(() =>
  z.discriminatedUnion('type', [
    hostSessionAddedFrameSchema,
    hostSessionRemovedFrameSchema,
    hostSessionUpdatedFrameSchema,
    hostSessionStatusFrameSchema,
    hostAgentErrorFrameSchema,
    hostRemoteEventFrameSchema,
  ]),
);
/** The parsed shape of {@link hostFrameSchema}. */
export type HostFrame = z.infer<typeof hostFrameSchema>;

let muxTypes: ReadonlySet<string> | undefined;
let hostTypes: ReadonlySet<string> | undefined;
/** The `type` of every mux frame {@link muxFrameSchema} reads (built with the union, on the first call). */
export function muxFrameTypes(): ReadonlySet<string> {
  return (muxTypes ??= new Set(muxFrameSchema._zod.propValues?.type as Set<string> | undefined));
}
/** The `type` of every host frame {@link hostFrameSchema} reads (built with the union, on the first call). */
export function hostFrameTypes(): ReadonlySet<string> {
  return (hostTypes ??= new Set(hostFrameSchema._zod.propValues?.type as Set<string> | undefined));
}
