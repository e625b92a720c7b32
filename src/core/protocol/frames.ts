/**
 * Downlink frame payloads of the two WebSockets (PROTOCOL.md "Downlink"): mux frames for attached
 * sessions and host frames. Unknown frame types are legal on the wire (a real dsh host sends more);
 * readers skip them without failing the stream.
 */
import { z } from 'zod';
import { questionItemSchema } from '../questions/types.ts';
import { toolViewSchema, wireEventSchema } from './methods.ts';

export const sessionEventFrameSchema = z.looseObject({
  type: z.literal('session/event'), sessionId: z.string(), event: wireEventSchema, view: toolViewSchema.optional(),
});
export const sessionSubscribedFrameSchema = z.looseObject({
  type: z.literal('session/subscribed'), sessionId: z.string(), lastSeq: z.number().int(),
});
export const sessionProjectionFrameSchema = z.looseObject({
  type: z.literal('session/projection'), sessionId: z.string(), key: z.string(), value: z.unknown(), seq: z.number().int(),
});
export const questionRequestedFrameSchema = z.looseObject({
  type: z.literal('question/requested'), sessionId: z.string(), questions: z.array(questionItemSchema).min(1),
});
export const questionResolvedFrameSchema = z.looseObject({
  type: z.literal('question/resolved'), sessionId: z.string(), questionRpcId: z.string(), outcome: z.enum(['answered', 'cancelled']),
});
export const sessionQueueFrameSchema = z.looseObject({
  type: z.literal('session/queue'), sessionId: z.string(), items: z.array(z.unknown()),
});
export const streamErrorFrameSchema = z.looseObject({ type: z.literal('stream/error'), error: z.unknown() });

export const hostSessionAddedFrameSchema = z.looseObject({
  type: z.literal('host/session-added'), sessionId: z.string(), blank: z.boolean(),
  cwd: z.string().optional(), parentSessionId: z.string().optional(),
});
export const hostSessionStatusFrameSchema = z.looseObject({
  type: z.literal('host/session-status'), sessionId: z.string(), running: z.boolean(),
});
export const hostAgentErrorFrameSchema = z.looseObject({ type: z.literal('host/agent-error') });
export const hostRemoteEventFrameSchema = z.looseObject({
  type: z.literal('host/remote-event'), event: z.string(), args: z.array(z.unknown()),
});

/** Known mux frame payloads. */
export const muxFrameSchema = z.discriminatedUnion('type', [
  sessionEventFrameSchema, sessionSubscribedFrameSchema, sessionProjectionFrameSchema,
  questionRequestedFrameSchema, questionResolvedFrameSchema, sessionQueueFrameSchema, streamErrorFrameSchema,
]);
export type MuxFrame = z.infer<typeof muxFrameSchema>;

/** Known host frame payloads. */
export const hostFrameSchema = z.discriminatedUnion('type', [
  hostSessionAddedFrameSchema, hostSessionStatusFrameSchema, hostAgentErrorFrameSchema, hostRemoteEventFrameSchema,
]);
export type HostFrame = z.infer<typeof hostFrameSchema>;

export type SessionEventFrame = z.infer<typeof sessionEventFrameSchema>;
export type SessionProjectionFrame = z.infer<typeof sessionProjectionFrameSchema>;
export type QuestionRequestedFrame = z.infer<typeof questionRequestedFrameSchema>;
export type QuestionResolvedFrame = z.infer<typeof questionResolvedFrameSchema>;
