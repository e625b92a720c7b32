/**
 * One labelled textbox of the review card (the Feedback field, a line comment, the plan editor): a `<label>` that
 * names a `<textarea>`, then an optional hint that describes it, then the caller's children (its buttons). Each caller
 * keeps its own state and layout classes; the field owns the ids that tie label, textbox and hint together.
 */
import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import './review-field.css';

/** Props of {@link ReviewField}: the textarea's own attributes, plus the parts around it. */
export interface ReviewFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className' | 'aria-describedby' | 'children'> {
  /** The label's text, the textbox's accessible name. */
  label: string;
  /** A line under the textbox that describes it (`aria-describedby`), if any. */
  hint?: string | undefined;
  /** Classes of the wrapper, the label and the textbox (the textbox also gets the app's `field` class). */
  classes: { field: string; label?: string; input: string };
  textareaRef?: Ref<HTMLTextAreaElement> | undefined;
  /** After the hint (for example the field's buttons). */
  children?: ReactNode;
}

/** The field (see {@link ReviewFieldProps}). */
export function ReviewField({ label, hint, classes, textareaRef, children, ...textarea }: ReviewFieldProps) {
  const [id, hintId] = [useId(), useId()];
  return (
    <div className={classes.field}>
      <label htmlFor={id} className={classes.label ? `review-field__label ${classes.label}` : 'review-field__label'}>
        {label}
      </label>
      <textarea ref={textareaRef} id={id} className={`field ${classes.input}`} aria-describedby={hint === undefined ? undefined : hintId} {...textarea} />
      {hint === undefined ? null : (
        <span id={hintId} className="plan-review__hint">
          {hint}
        </span>
      )}
      {children}
    </div>
  );
}
