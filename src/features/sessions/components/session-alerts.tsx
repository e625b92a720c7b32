/**
 * The sidebar's alerts: a failed New session, a failed import (a plain headline, the host's detail in its `title`),
 * and a failed delete or Undo, each worded by `describeApiError`.
 */
import { describeApiError } from '../../../lib/describe-api-error.ts';
import { useCopy } from '../../../lib/language.ts';
import { sessionsLocales } from '../locales.ts';

/** Props of {@link SessionAlerts}: the last error of each write (null or undefined when it did not fail). */
export interface SessionAlertsProps {
  createError: unknown;
  importFailure: { headline: string; detail: string | undefined } | undefined;
  restoreError: unknown;
  deleteError: unknown;
}

/** The alerts (see {@link SessionAlertsProps}); each only while its write failed. */
export function SessionAlerts({ createError, importFailure, restoreError, deleteError }: SessionAlertsProps) {
  const t = useCopy(sessionsLocales);
  const alerts: [key: string, text: string, title?: string][] = [];
  if (createError) alerts.push(['create', t.createError(describeApiError(createError))]);
  if (importFailure) alerts.push(['import', importFailure.headline, importFailure.detail]);
  if (restoreError) alerts.push(['restore', t.restoreError(describeApiError(restoreError))]);
  if (deleteError) alerts.push(['delete', t.deleteError(describeApiError(deleteError))]);
  return alerts.map(([key, text, title]) => (
    <p key={key} role="alert" className="sessions-error" title={title}>
      {text}
    </p>
  ));
}
