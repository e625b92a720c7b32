/**
 * The session-mode write of the session-modes variant (seed 002): `session.setMode`. What became of it is read from
 * the `mode` projection afterwards, never from this answer.
 */
import { callMethod } from '../../../lib/api-client.ts';

/**
 * Ask the host for a session mode.
 * @param mode a name `session.modes` lists (`default`, `plan`, …)
 * @returns the host's answer (`{ state }`), which the picker does not show
 * @throws ApiError from the transport or the host (e.g. `bad-request` for an unknown mode)
 */
export function requestMode(sessionId: string, mode: string) {
  return callMethod('session.setMode', { sessionId, mode });
}
