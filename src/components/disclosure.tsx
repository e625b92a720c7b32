/**
 * A disclosure: a button with `aria-expanded` that shows or hides its panel (WAI-ARIA disclosure pattern).
 * Closed by default; the open state is view state and lives here.
 */
import { useId, useState, type ReactNode } from 'react';
import './disclosure.css';

/**
 * @param label the button's content (its accessible name)
 * @param defaultOpen start expanded
 * @param children the panel, rendered only while open
 */
export function Disclosure({
  label,
  defaultOpen = false,
  className,
  children,
}: {
  label: ReactNode;
  defaultOpen?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <div className={className ? `disclosure ${className}` : 'disclosure'}>
      <button type="button" className="disclosure-button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)}>
        <span className="disclosure-chevron" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        {label}
      </button>
      <div id={id} className="disclosure-panel" hidden={!open}>
        {open ? children : null}
      </div>
    </div>
  );
}
