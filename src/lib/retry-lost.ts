/**
 * The retry rule for reads that failed on the way: a request that never reached the host (the browser aborts requests
 * in flight when the machine's network changes: `net::ERR_NETWORK_CHANGED`, a Wi-Fi or VPN switch) or a 5xx is asked
 * again a few times; an answer (a 4xx, a host's own error code) is final. A read that decides something for the page's
 * life (`host.describe`'s capabilities, the pairing group) must not decide it on one lost request.
 */

/** Reads of one value in all before its failure stands (the first and its retries). */
export const LOST_READ_TRIES = 5;

/**
 * Delay before a retry of a lost read (ms): 0.5 s, 1 s, 2 s, then 4 s.
 * @param failureCount failures before this one (TanStack Query's count: 0 when the first try failed)
 */
export const lostReadRetryDelay = (failureCount: number): number => Math.min(4000, 500 * 2 ** failureCount);

/**
 * Whether `error` says the request failed on the way rather than being answered: a `TypeError` (fetch rejected),
 * an `ApiError` with code `network` or `http-5xx`, or any error with a numeric `status` of 500 or more.
 * @param error what the read threw
 */
export function failedOnTheWay(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, status } = error as { code?: unknown; status?: unknown };
  if (typeof status === 'number') return status >= 500;
  return code === 'network' || (typeof code === 'string' && /^http-5\d\d$/.test(code));
}

/**
 * TanStack Query's `retry` for a read: retries a read that failed on the way ({@link failedOnTheWay}) until
 * {@link LOST_READ_TRIES} tries were made; never retries an answer.
 * @param failureCount failures before this one (TanStack Query's count: 0 when the first try failed)
 * @param error what the read threw
 */
export function retryLostRead(failureCount: number, error: unknown): boolean {
  return failedOnTheWay(error) && failureCount < LOST_READ_TRIES - 1;
}
