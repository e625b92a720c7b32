/**
 * The harness's failures as the protocol answers them: a {@link MethodError} a method handler throws becomes
 * `{ok:false, error:{code, message, details}}` (harness/parts/routing.ts); anything else is an internal error whose
 * detail goes to the server log while the client gets {@link INTERNAL_ERROR_MESSAGE}.
 */
import type { RpcError } from '../../src/core/protocol/envelopes.ts';

/** A failure a method handler raises; becomes `{ok:false, error}`. */
export class MethodError extends Error {
  constructor(
    readonly code: RpcError['code'],
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** What a client is told when a request failed inside the harness; the detail is in the server log. */
export const INTERNAL_ERROR_MESSAGE = 'the request failed inside the host; the details are in the server log';
