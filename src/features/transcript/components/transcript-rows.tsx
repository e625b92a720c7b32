/**
 * The rows in the window the virtualizer renders, each a list item positioned at its measured offset and saying its
 * place (`aria-posinset` of `aria-setsize`); the current find match or requested plan card is `aria-current` and
 * outlined, and focusable so keyboard focus can follow to it.
 */
import type { Virtualizer } from '@tanstack/react-virtual';
import type { TranscriptItem } from '../../../core/transcript/fold.ts';
import { Row } from './row.tsx';

/** Props of {@link TranscriptRows}. */
export interface TranscriptRowsProps {
  items: readonly TranscriptItem[];
  virtualizer: Virtualizer<HTMLDivElement, HTMLLIElement>;
  /** Index of the current row (find match or requested plan card); undefined when none. */
  current: number | undefined;
}

/** The list (see {@link TranscriptRowsProps}). */
export function TranscriptRows({ items, virtualizer, current }: TranscriptRowsProps) {
  return (
    <ol className="transcript-list" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => {
        const item = items[row.index]!;
        const isCurrent = row.index === current;
        return (
          <li
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            aria-posinset={row.index + 1}
            aria-setsize={items.length}
            aria-current={isCurrent ? 'true' : undefined}
            tabIndex={isCurrent ? -1 : undefined}
            className={`row row-${item.kind}${isCurrent ? ' is-find-current' : ''}`}
            style={{ transform: `translateY(${row.start}px)` }}
          >
            <Row item={item} />
          </li>
        );
      })}
    </ol>
  );
}
