/**
 * The one mutation of the collaboration-mode pickers: a choice sent to the host, in flight at most once, its failure
 * kept with the pressed and pending values it was made against (so `choiceAlertOf` can tell when it went stale), and
 * cleared when another choice starts or the session changes.
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { describeApiError } from '../../../lib/describe-api-error.ts';
import type { ChoiceError } from '../model/choice.ts';

/** What {@link useChoice} gives its picker. */
export interface Choice {
  /** Send `value` (the caller checks it may be sent). */
  pick: (value: string) => void;
  /** A choice is on its way. */
  busy: boolean;
  /** The last choice's failure, worded by `describeApiError`, with the state it was made in; undefined when none. */
  error: ChoiceError | undefined;
}

/**
 * @param sessionId the session; a change drops the error of a choice made for the one before
 * @param choose the write (see `requestPlanMode`, `requestMode`); a rejection becomes `error`
 * @param state the pressed and pending values now, kept with a failure
 */
export function useChoice(
  sessionId: string,
  choose: (value: string) => Promise<unknown>,
  state: { checked: string | undefined; pending: string | undefined },
): Choice {
  const [error, setError] = useState<ChoiceError | undefined>(undefined);
  const mutation = useMutation({
    mutationFn: (value: string) => choose(value),
    onMutate: () => setError(undefined),
    onError: (failure: unknown) => setError({ text: describeApiError(failure), ...state }),
  });
  // An error belongs to the session it was asked for; adjusted while rendering (react.dev "You might not need an
  // effect"), so no stale error shows beside another session.
  const [errorFor, setErrorFor] = useState(sessionId);
  if (errorFor !== sessionId) {
    setErrorFor(sessionId);
    setError(undefined);
  }
  return { pick: mutation.mutate, busy: mutation.isPending, error };
}
