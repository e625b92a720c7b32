/**
 * A write's error that only said the transport could not reach the host (`ApiError` code `network`, e.g. "Failed to
 * fetch") no longer holds once the downlink is back: the composer's writes reset it then. Other errors stay.
 */
import { useEffect, useRef } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import type { ConnectionState } from '../../../lib/downlink.ts';

/** Whether an error only said the transport could not reach the host (`ApiError` code `network`). */
function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'network';
}

/**
 * Reset a write's error once the downlink is back, when that error only said the connection was down: it described a
 * connection that is gone. Undefined `connection` (unknown) resets nothing.
 */
export function useResetWhenBack(connection: ConnectionState | undefined, error: unknown, reset: () => void): void {
  const online = connection === undefined ? undefined : connection === 'connected';
  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = wasOnline.current === false && online === true;
    wasOnline.current = online;
    if (cameBack && isNetworkError(error)) reset();
  }, [online, error, reset]);
}
