/**
 * Calls of the pairing methods of `ui-plan serve` (docs/protocol.md "Paired devices"): plain JSON POSTs beside the
 * harness's methods, answered by the carrier. Loopback-only methods are refused (403) from a paired device; a server
 * without pairing (the mock, `serve --dsh`) answers 404.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { lostReadRetryDelay, retryLostRead } from '../../../lib/retry-lost.ts';

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

/** Query keys of the pairing slice. */
const pairingKeys = { info: ['pairing', 'info'] as const, devices: ['pairing', 'devices'] as const };

/**
 * The server's remote listener, read once (`remote: null`: none; a 404 where the server cannot pair). A read that
 * failed on the way (the network, a 5xx) is tried again (`retryLostRead`): the Other devices group stays
 * hidden until it succeeds, so one lost request must not hide it for the page's life.
 */
export const remoteInfoQuery = queryOptions({
  queryKey: pairingKeys.info,
  queryFn: () => callPairing<{ remote: RemoteInfo | null }>('info'),
  retry: retryLostRead,
  retryDelay: lostReadRetryDelay,
  staleTime: Infinity,
});

/**
 * The paired devices and the ones waiting for Allow (loopback only).
 * @param enabled whether to read them (the server can pair)
 * @param poll whether to read them again every 2 s (while a code may be used or a device waits)
 */
export function devicesQuery(enabled: boolean, poll: boolean) {
  return queryOptions({
    queryKey: pairingKeys.devices,
    queryFn: () => callPairing<{ devices: Device[] }>('devices'),
    enabled,
    retry: retryLostRead,
    retryDelay: lostReadRetryDelay,
    refetchInterval: poll ? 2000 : false,
  });
}

/** Allow or deny a device waiting; the list is read again after. */
export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; allow: boolean }) => callPairing('decide', input),
    onSettled: () => client.invalidateQueries({ queryKey: pairingKeys.devices }),
  });
}

/** Revoke one device (`{id}`) or all (`{all: true}`); the list is read again after. */
export function useRevoke() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: string } | { all: true }) => callPairing('revoke', body),
    onSettled: () => client.invalidateQueries({ queryKey: pairingKeys.devices }),
  });
}

/** Make a pairing code (voids the one before). */
export function useMakeCode() {
  return useMutation({ mutationFn: () => callPairing<PairingCode>('token') });
}
