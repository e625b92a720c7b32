/**
 * Whether the transcript shows a log that will never go on (a read-only session: an imported recording, or a log of
 * the other plan-mode variant). There, a turn, command, tool call or plan review without its end is where the log
 * stops, not work in progress, and the cards say so instead of "running" or "Awaiting review".
 */
import { createContext, useContext } from 'react';

/** The context; `true` inside the transcript of a read-only session. */
export const LogEndedContext = createContext(false);

/** @returns whether the surrounding transcript is a read-only log that will not go on */
export function useLogEnded(): boolean {
  return useContext(LogEndedContext);
}
