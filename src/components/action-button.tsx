/**
 * The one action button of the dock's cards and the composer: a `<button>` with the shared look of `controls.css`
 * in one of four variants (primary, outline, ghost, danger). It adds nothing to the button's behaviour: every other
 * prop (`disabled`, `aria-describedby`, `title`, `onClick`, `ref`, `type`, …) is passed as given.
 */
import type { ComponentProps } from 'react';
import './controls.css';

/** How an action reads: the primary choice, a secondary outlined one, a quiet one, or one that stops something. */
export type ActionVariant = 'primary' | 'outline' | 'ghost' | 'danger';

/** Props of {@link ActionButton}: a button's own props plus its `variant` (and an extra `className` for layout). */
export type ActionButtonProps = ComponentProps<'button'> & { variant: ActionVariant };

/** A `type="button"` unless told otherwise, with the variant's classes before the caller's own. */
export function ActionButton({ variant, className, type = 'button', ...rest }: ActionButtonProps) {
  const classes = ['action-button', variant === 'outline' ? '' : `action-button--${variant}`, className ?? ''].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...rest} />;
}
