/**
 * One Tab stop per session row: the row's link. Arrow Up / Down (Home / End) move between rows, Arrow Right / Left
 * between the link and the row's Rename and Delete buttons (which are out of the Tab order), F2 renames and Delete
 * deletes the focused row. When a rename form or a delete confirmation closes with focus nowhere (it was inside),
 * focus goes back to that row's link.
 */
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

/** What the keys may start on a row. */
export interface RowKeyActions {
  startRename: (sessionId: string) => void;
  startDelete: (sessionId: string) => void;
}

const LINK = 'a.session-link';

/** The focusable things of one row, link first (its Rename and Delete buttons while shown). */
function stopsOf(row: Element): HTMLElement[] {
  return [...row.querySelectorAll<HTMLElement>(`${LINK}, .session-row-actions button`)];
}

/**
 * @param list the `<ul>` of rows
 * @param actions what F2 and Delete start; undefined on a host without them
 * @param openId the row whose rename form or delete confirmation is open, if any
 * @returns the list's keydown handler
 */
export function useRowKeys(list: RefObject<HTMLUListElement | null>, actions: RowKeyActions | undefined, openId: string | undefined) {
  const wasOpen = useRef<string | undefined>(undefined);
  useEffect(() => {
    const closed = wasOpen.current;
    wasOpen.current = openId;
    if (closed === undefined || closed === openId) return;
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    list.current?.querySelector<HTMLElement>(`${LINK}[data-session-id="${CSS.escape(closed)}"]`)?.focus();
  }, [list, openId]);

  return (event: KeyboardEvent<HTMLUListElement>) => {
    const target = event.target as HTMLElement;
    const row = target.closest('li');
    if (row === null || event.altKey || event.ctrlKey || event.metaKey) return;
    if (target.closest('form, [role="alertdialog"]')) return;
    const links = [...(list.current?.querySelectorAll<HTMLElement>(LINK) ?? [])];
    const link = row.querySelector<HTMLElement>(LINK);
    const sessionId = link?.dataset['sessionId'];
    const index = link ? links.indexOf(link) : -1;
    const stops = stopsOf(row);
    const at = stops.indexOf(target);
    let next: HTMLElement | undefined;
    switch (event.key) {
      case 'ArrowDown':
        next = links[Math.min(index + 1, links.length - 1)];
        break;
      case 'ArrowUp':
        next = links[Math.max(index - 1, 0)];
        break;
      case 'Home':
        next = links[0];
        break;
      case 'End':
        next = links.at(-1);
        break;
      case 'ArrowRight':
        next = stops[Math.min(at + 1, stops.length - 1)];
        break;
      case 'ArrowLeft':
        next = stops[Math.max(at - 1, 0)];
        break;
      case 'F2':
      case 'Delete':
        if (actions === undefined || sessionId === undefined || target !== link) return;
        event.preventDefault();
        (event.key === 'F2' ? actions.startRename : actions.startDelete)(sessionId);
        return;
      default:
        return;
    }
    event.preventDefault();
    next?.focus();
  };
}
