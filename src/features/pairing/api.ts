/**
 * Calls of the pairing methods of `ui-plan serve` (docs/protocol.md "Paired devices"): plain JSON POSTs beside the
 * harness's methods, answered by the carrier. Loopback-only methods are refused (403) from a paired device; a server
 * without pairing (the mock, `serve --dsh`) answers 404.
 */

/** What the server says of its remote listener (`null`: none). */
export interface RemoteInfo {
  url: string;
  fingerprint: string | null;
  insecureHttp: boolean;
}

/** A device as the desktop lists it. Times are ms since the epoch. */
export interface Device {
  id: string;
  name: string;
  state: 'pending' | 'allowed';
  pairedAt: number;
  lastSeen: number;
}

/** A new pairing code: the URL the QR code holds (token in its fragment), when it expires, the certificate's fingerprint. */
export interface PairingCode {
  url: string;
  expiresAt: number;
  fingerprint: string | null;
  insecureHttp: boolean;
}

/** A refused pairing call: the HTTP status and the server's message. */
export class PairingCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PairingCallError';
  }
}

/**
 * POST one pairing method.
 * @param method e.g. `info`, `devices`, `token`, `decide`, `revoke`
 * @param body the JSON body
 * @returns the parsed answer
 * @throws PairingCallError for a non-2xx answer (its `message` is the server's, or the status); TypeError when the
 *   request never reached the server
 */
export async function callPairing<T>(method: string, body: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`/api/pairing.${method}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!res.ok) {
    const message = (parsed as { message?: unknown } | undefined)?.message;
    throw new PairingCallError(res.status, typeof message === 'string' ? message : `HTTP ${res.status}`);
  }
  return parsed as T;
}
