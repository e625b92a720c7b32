/**
 * The session-modes badge (seed 002 variant): a `status` naming the mode in force and, while a switch is
 * asked for but not yet applied, the pending target; not live itself (the app's live region announces changes). It only reads the `mode` projection; it keeps no mode state.
 */
import type { ModeProjectionValue } from '../../core/protocol/methods.ts';
import { useCopy } from '../../lib/language.ts';
import { planStatusLocales } from './locales.ts';
import './plan-status.css';

/** Which badge look a `mode` projection value gets (the plan badge's states, so the styles are shared). */
export type ModeBadgeState = 'on' | 'off' | 'entering' | 'leaving';

/**
 * Badge state of a `mode` projection value: `entering` while a non-default mode is pending, `leaving` while
 * `default` is pending, else `on` for a non-default mode in force and `off` for `default`.
 * Source: seed 002 (`get(agent)` = folded mode plus any pending intent).
 * @param value the projection value `{current, pending?}`
 */
export function modeBadgeStateOf(value: ModeProjectionValue): ModeBadgeState {
  if (value.pending !== undefined && value.pending !== value.current) return value.pending === 'default' ? 'leaving' : 'entering';
  return value.current === 'default' ? 'off' : 'on';
}

/**
 * Session-mode status badge (`role="status"`, name "<Mode> mode", plus the pending target while one is asked for).
 * Its visible text is the short form ("Default → Review (pending)"), so both mode names fit whole in the header at
 * 1280 and at 375 px; the accessible name and `title` are the sentence ("Default mode, switching to Review (pending)").
 * @param props.mode the session's `mode` projection value; `undefined` (no such projection, or no baseline yet)
 *   renders nothing
 */
export function ModeStatusBadge({ mode }: { mode: ModeProjectionValue | undefined }) {
  const copy = useCopy(planStatusLocales);
  if (mode === undefined) return null;
  const text = copy.modeBadge(mode);
  return (
    <span role="status" aria-live="off" aria-label={text} title={text} className="plan-badge" data-state={modeBadgeStateOf(mode)} data-mode={mode.current}>
      <span className="plan-badge__dot" aria-hidden="true" />
      <span className="plan-badge__text">{copy.modeBadgeShort(mode)}</span>
    </span>
  );
}
