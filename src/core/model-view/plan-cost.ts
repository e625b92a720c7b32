/**
 * What plan mode adds to every request while on, for the picker's note: the `plan:policy` text's token estimate, from
 * the host's `modelView` projection (the harness's own section list) or, on a plain dsh host, from the loaded events
 * (the span between a header logged with plan mode on and one logged with it off). Loaded lazily by the picker.
 */
import { policyBytesOf } from './analysis.ts';
import { foldModelView, MODEL_VIEW_PROJECTION_KEY, modelViewOf, type ModelView } from './fold.ts';
import { estimateTokens, utf8Length } from './tokens.ts';

export { MODEL_VIEW_PROJECTION_KEY };

/**
 * @param row the session's `modelView` projection row (`{value}`; key {@link MODEL_VIEW_PROJECTION_KEY}), if the host sends one
 * @param events the loaded events, folded when there is no such row
 * @returns about how many tokens plan mode adds to every request, or undefined when not known yet
 */
export function planModeTokens(row: { value: unknown } | undefined, events: Parameters<typeof foldModelView>[0]): number | undefined {
  const projected: ModelView | undefined = row ? modelViewOf(row.value) : undefined;
  const view = projected ?? foldModelView(events.filter((e) => e.type === 'request/header' || e.type === 'plan/mode' || e.type === 'mode/set'));
  const bytes = policyBytesOf(view, utf8Length);
  return bytes === undefined ? undefined : estimateTokens(bytes);
}
