/** The small stroked icons of the question flow's buttons (collapse, dismiss, previous, next); decorative only. */

/** The icon paths by name. */
const PATHS = {
  collapse: 'M4 10l4-4 4 4',
  expand: 'M4 6l4 4 4-4',
  dismiss: 'M4 4l8 8M12 4l-8 8',
  previous: 'M10 4l-4 4 4 4',
  next: 'M6 4l4 4-4 4',
} as const;

/** A 16 px icon, hidden from assistive technology (its button carries the name). */
export function FlowIcon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}
