/**
 * The composer's Stop: `session.cancel` of the running turn. A stop belongs to one turn (reset once the turn is over);
 * an error that only said the connection was down clears when it comes back.
 */
import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client.ts';
import type { ConnectionState } from '../../../lib/downlink.ts';
import { useResetWhenBack } from './reset-when-back.ts';

/**
 * Stop the running turn of a session (`session.cancel`). Once the turn is over the stop is reset, so the next turn's
 * Stop starts fresh; a network error clears when the connection is back.
 * @param running whether a turn runs
 * @param connection the downlink state
 */
export function useStopTurn(sessionId: string, running: boolean, connection: ConnectionState | undefined) {
  const stop = useMutation({ mutationFn: () => callMethod('session.cancel', { sessionId }) });
  const { reset, isIdle } = stop;
  useEffect(() => {
    if (!running && !isIdle) reset();
  }, [running, isIdle, reset]);
  useResetWhenBack(connection, stop.error, reset);
  return stop;
}
