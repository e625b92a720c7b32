/**
 * The four dsh web-transport envelopes (docs/upstream-spec.md §4.1, docs/protocol.md): client-request (POST body),
 * server-response (its answer), server-request (one downlink frame) and client-response (POST /api/respond),
 * plus the bare respond receipt. `rpcId` is minted by the initiator and echoed by the responder.
 */
import { lazily, z } from '../zod.ts';
import { tokenSchema } from './ids.ts';

/** Closed set of error codes a unary call may answer with (docs/protocol.md "Unary calls"). */
export const errorCodes = ['bad-request', 'session-not-found', 'agent-busy', 'unknown-command', 'cancelled', 'internal'] as const;
/** One of {@link errorCodes}. */
export type ErrorCode = (typeof errorCodes)[number];

/** An error result. `details.issues` names failing fields for `bad-request`. */
export const rpcErrorSchema = lazily(() =>
  z.object({
    code: z.string(),
    message: z.string(),
    details: z.optional(z.record(z.string(), z.unknown())),
  }),
);
/** An error result: `code` from {@link errorCodes} (a host may send others), a message, and `details` (e.g. `issues`, `sessionId`). */
export type RpcError = { code: ErrorCode | (string & {}); message: string; details?: Record<string, unknown> };

/** `{ok:true, value}` or `{ok:false, error}`; `value` may be absent (e.g. an unmatched command). */
export type RpcResult<T = unknown> = { ok: true; value?: T } | { ok: false; error: RpcError };
/** Runtime schema of {@link RpcResult}. */
export const rpcResultSchema = lazily(() =>
  z.union([z.object({ ok: z.literal(true), value: z.optional(z.unknown()) }), z.object({ ok: z.literal(false), error: rpcErrorSchema })]),
);

/** Body of `POST /api/<method>`; `rpcId` is bounded like every client-sent id (src/core/protocol/ids.ts). */
export const clientRequestSchema = lazily(() =>
  z.object({
    type: z.literal('client-request'),
    rpcId: tokenSchema(),
    method: z
      .string()
      .check(z.minLength(1))
      .check(z.maxLength(128, { message: 'must be at most 128 characters' })),
    payload: z.unknown().check(z.refine((v) => v !== undefined, { message: 'Invalid input: expected nonoptional, received undefined' })),
  }),
);
/**
 * Body of `POST /api/<method>` (runtime schema {@link clientRequestSchema}).
 * @public wire vocabulary (docs/protocol.md "Unary calls")
 */
export type ClientRequest<P = unknown> = { type: 'client-request'; rpcId: string; method: string; payload: P };

/**
 * The one place a client-request envelope is built (docs/upstream-spec.md §4.1, docs/protocol.md "Unary calls"): every caller —
 * the API client, the CLI's startup probe, test drivers, scripts and benchmarks — goes through it.
 * @param method the method name, equal to the path's `/api/<method>` (the host refuses a mismatch)
 * @param payload the method's payload, sent as is (the host validates it); must not be `undefined`
 * @param rpcId the caller-minted id echoed in the answer (at most 128 printable characters, src/core/protocol/ids.ts)
 * @returns `{type:'client-request', rpcId, method, payload}`
 */
export function clientRequest<P>(method: string, payload: P, rpcId: string): ClientRequest<P> {
  return { type: 'client-request', rpcId, method, payload };
}

/** Answer to a client-request; always HTTP 200 for a well-formed call. */
export type ServerResponse<T = unknown> = { type: 'server-response'; rpcId: string; result: RpcResult<T> };
/** Runtime schema of {@link ServerResponse}. */
export const serverResponseSchema = lazily(() => z.object({ type: z.literal('server-response'), rpcId: z.string(), result: rpcResultSchema }));

/** Sentinel rpcId used when a request's own rpcId cannot be read (docs/upstream-spec.md §4.2). */
export const INVALID_REQUEST_RPC_ID = 'invalid-request';

/** One downlink frame: `method` equals `payload.type`. */
export const serverRequestSchema = lazily(() =>
  z.object({
    type: z.literal('server-request'),
    rpcId: z.string(),
    method: z.string(),
    payload: z.looseObject({ type: z.string() }),
  }),
);
/**
 * Whether `value` is a downlink frame envelope, read without a schema: true exactly when `serverRequestSchema` accepts
 * it (an object, not an array, with `type` `server-request`, string `rpcId` and `method`, and a `payload` object with a
 * string `type`). Every frame passes here, so the schema (and its copy of the payload) runs only to word a refusal.
 * @param value a parsed frame (any JSON)
 * @returns whether `serverRequestSchema.safeParse(value)` succeeds
 */
export function isServerRequest(value: unknown): value is { type: 'server-request'; rpcId: string; method: string; payload: { type: string } } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { type, rpcId, method, payload } = value as Record<string, unknown>;
  return (
    type === 'server-request' &&
    typeof rpcId === 'string' &&
    typeof method === 'string' &&
    typeof payload === 'object' &&
    payload !== null &&
    !Array.isArray(payload) &&
    typeof (payload as { type?: unknown }).type === 'string'
  );
}

/** One downlink frame envelope: `method` equals `payload.type` (runtime schema {@link serverRequestSchema}). */
export type ServerRequest<P extends { type: string } = { type: string; [key: string]: unknown }> = {
  type: 'server-request';
  rpcId: string;
  method: P['type'];
  payload: P;
};

/** Body of `POST /api/respond`: the answer to a `question/requested` frame, routed by its rpcId. */
export const clientResponseSchema = lazily(() =>
  z.object({
    type: z.literal('client-response'),
    rpcId: tokenSchema(),
    result: rpcResultSchema,
  }),
);

/**
 * Bare receipt for `POST /api/respond` (docs/upstream-spec.md §3.3). Beyond upstream's two reasons, the reference host
 * refuses a response it could not record with the cause as the reason (`could not write the session log: EACCES
 * permission denied`); the question then stays pending. A body that is not a `client-response`
 * envelope at all is refused as `bad-response` with a `message` naming the field (ui-plan extension).
 */
export type RpcReceipt = { accepted: true } | { accepted: false; reason: 'not-pending' | 'bad-response' | (string & {}); message?: string };
/** Runtime schema of {@link RpcReceipt}. */
export const rpcReceiptSchema = lazily(() =>
  z.union([
    z.object({ accepted: z.literal(true) }),
    z.object({ accepted: z.literal(false), reason: z.string().check(z.minLength(1)), message: z.optional(z.string()) }),
  ]),
);

/** The envelope fields `POST /api/respond` routes by (`type`, a bounded `rpcId`), checked before any lookup. */
export const clientResponseRoutingSchema = lazily(() => z.object({ type: z.literal('client-response'), rpcId: tokenSchema() }));
