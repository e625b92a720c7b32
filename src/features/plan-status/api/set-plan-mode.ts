/**
 * The plan-mode write: ask the host to set plan mode, through `session.setPlanMode` where the host has it, else the
 * `/plan` command. What became of it is read from the `plan` projection afterwards, never from this answer.
 */
import { callMethod } from '../../../lib/api-client.ts';
import { currentCopy } from '../../../lib/language.ts';
import { planStatusLocales } from '../locales.ts';

/**
 * Ask the host to set plan mode. What became of it (committed, queued, cancelled) is read from the `plan` projection
 * afterwards, like the badge, never from this answer, so the note and the badge cannot disagree.
 * Uses `session.setPlanMode` (= `ctx.planMode.set`, docs/upstream-spec.md §1.5) when the host advertises it, else
 * `commands/execute` of `/plan` or `/plan off` with `agentId = sessionId` (docs/protocol.md "Fallback"; docs/upstream-spec.md §1.8).
 * @param active the requested target (`true` = plan mode)
 * @param hasSetPlanMode whether the host has `capabilities.setPlanMode`, asked when the choice is made (`capabilityNow`)
 * @returns the host's answer: the `session.setPlanMode` outcome, or the command's `result.text` (`''` when none)
 * @throws ApiError from the transport; `Error` for an unmatched command or a command `error` result
 */
export async function requestPlanMode(sessionId: string, active: boolean, hasSetPlanMode: () => Promise<boolean>): Promise<string> {
  const copy = currentCopy(planStatusLocales);
  if (await hasSetPlanMode()) return (await callMethod('session.setPlanMode', { sessionId, active })).outcome;
  const line = active ? '/plan' : '/plan off';
  const value = await callMethod('commands/execute', { args: { agentId: sessionId, line, images: [] } });
  if (value === undefined) throw new Error(copy.unknownCommand(line));
  if (value.result.kind === 'error') throw new Error(value.result.text ?? copy.commandFailed);
  return value.result.text ?? '';
}
