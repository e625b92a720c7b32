/**
 * Why an action that needs the host is unavailable while the downlink is not open: the one wording
 * every feature shows beside its disabled actions, so the reason is visible before a click fails. `connecting` is the
 * first connection of the page, `reconnecting` any later loss; `connected` (or unknown) needs no reason.
 */
import type { ConnectionState } from './downlink.ts';
import { currentCopy } from './language.ts';
import { apiErrorLocales } from './locales.ts';

/**
 * The reason shown beside actions disabled for want of a connection.
 * @param connection the downlink state; `undefined` (unknown, e.g. a component rendered alone) counts as connected
 * @param options `keepsText`: the action's typed text stays in its field, so the reason says so; `sendsWhenBack`: a
 *   send was pressed meanwhile and goes out once the downlink is open, so the reason says that instead
 * @returns "Reconnecting… your text is kept" (or "Connecting…", without the clause unless `keepsText`; "… your
 *   message is sent once connected" with `sendsWhenBack`), or `undefined` when connected
 */
export function offlineReason(connection: ConnectionState | undefined, options: { keepsText?: boolean; sendsWhenBack?: boolean } = {}): string | undefined {
  if (connection === undefined || connection === 'connected') return undefined;
  const copy = currentCopy(apiErrorLocales);
  const state = connection === 'connecting' ? copy.connecting : copy.reconnecting;
  if (options.sendsWhenBack) return `${state} ${copy.offlineSendsWhenBack}`;
  return options.keepsText ? `${state} ${copy.offlineTextKept}` : state;
}
