/**
 * The plan outline (docs/review-comments.md "Outline"): a navigation landmark named "Plan outline" listing the plan's
 * headings at any depth, at the side of a wide or expanded card and behind an "Outline" menu button in a narrow one.
 * Choosing a heading scrolls the plan there (waiting for it when that part of a long plan is not rendered yet); the
 * section being read is marked current; on revision 2+ the headings of sections changed since the previous revision
 * are marked from the line diff. The outline is computed once per plan text (one line pass), never from the DOM.
 */
import { useEffect, useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { sourceLinesOf } from '../../../core/review/anchors.ts';
import { changedLinesOf } from '../../../core/review/follow-up.ts';
import { changedSectionsOf, planOutlineOf } from '../../../core/review/outline.ts';
import { useCopy } from '../../../lib/language.ts';
import { isComposing } from '../../../lib/keys.ts';
import { planOutlineLocales } from './locales.ts';
import { revealHeading, useCurrentSection } from './outline-dom.ts';
import './outline.css';

/** Props of {@link PlanOutline}. */
export interface PlanOutlineProps {
  /** The plan under review (not blank). */
  plan: string;
  /** The previous revision (its plan and number), on revision 2+. */
  previous?: { plan: string; version: number } | undefined;
  /** Id of the plan's scroll region. */
  planId: string;
  /** Show the plan (not "Changes since vN") before scrolling to a heading. */
  onShowPlan: () => void;
}

/**
 * Move focus among the outline's headings for an arrow key, Home or End (the list is one tab stop).
 * @returns whether the key was one of them and focus was inside the list
 */
function moveFocus(list: HTMLOListElement | null, key: string): boolean {
  if (list === null || !['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(key)) return false;
  const links = [...list.querySelectorAll<HTMLButtonElement>('.plan-outline__link')];
  const at = links.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return false;
  const next = key === 'Home' ? 0 : key === 'End' ? links.length - 1 : Math.min(links.length - 1, Math.max(0, at + (key === 'ArrowDown' ? 1 : -1)));
  links[next]?.focus();
  return true;
}

/** Fewer headings than this: no outline (nothing to navigate). */
const MIN_HEADINGS = 3;

/** The outline (see {@link PlanOutlineProps}); renders nothing for a plan with fewer than 3 headings. */
export function PlanOutline({ plan, previous, planId, onShowPlan }: PlanOutlineProps) {
  const copy = useCopy(planOutlineLocales);
  const listId = useId();
  const [open, setOpen] = useState(false);
  // One tab stop for the whole list (the last focused heading, else the current one); arrows move between headings.
  const [focused, setFocused] = useState<number | undefined>(undefined);
  const menu = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const cancel = useRef<() => void>(() => undefined);
  const headings = useMemo(() => planOutlineOf(plan), [plan]);
  const lines = useMemo(() => headings.map((heading) => heading.line), [headings]);
  const previousPlan = previous?.plan;
  const changed = useMemo(
    () => (previousPlan === undefined ? undefined : changedSectionsOf(headings, sourceLinesOf(plan).length, changedLinesOf(plan, previousPlan))),
    [headings, plan, previousPlan],
  );
  const [current, makeCurrent] = useCurrentSection(planId, lines);
  const top = Math.min(...headings.map((heading) => heading.level));
  useEffect(() => () => cancel.current(), []);
  // Keep the current heading in view in a side list that scrolls, once it moved: the list mounts at its top, where the
  // first heading (the current one until the plan is read) is. Reading the list's geometry on mount would lay out the
  // whole page inside the card's first commit (a long plan's longest task).
  const followed = useRef(current);
  useEffect(() => {
    if (followed.current === current) return;
    followed.current = current;
    const item = list.current?.querySelector<HTMLElement>('[aria-current="location"]');
    const box = list.current;
    if (!item || !box || box.scrollHeight <= box.clientHeight) return;
    if (item.offsetTop < box.scrollTop || item.offsetTop + item.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = item.offsetTop - box.clientHeight / 3;
  }, [current]);
  if (headings.length < MIN_HEADINGS) return null;

  const choose = (line: number) => {
    setOpen(false);
    onShowPlan();
    cancel.current();
    makeCurrent(line);
    // After the commit that shows the plan (when it was "Changes since vN").
    requestAnimationFrame(() => {
      cancel.current = revealHeading(planId, line);
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (isComposing(event)) return;
    if (moveFocus(list.current, event.key)) return event.preventDefault();
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    event.stopPropagation();
    setOpen(false);
    menu.current?.focus();
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes the open menu; the nav stays a landmark
    <nav aria-label={copy.outline} className="plan-outline" data-open={open || undefined} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button ref={menu} type="button" className="plan-outline__menu" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((v) => !v)}>
        <span aria-hidden="true">☰ </span>
        {copy.menu}
      </button>
      <ol ref={list} id={listId} className="plan-outline__list">
        {headings.map((heading) => {
          const isChanged = changed?.has(heading.line) === true;
          return (
            <li key={heading.line} className="plan-outline__item" style={{ paddingInlineStart: `${(heading.level - top) * 0.75}rem` }}>
              <button
                type="button"
                className="plan-outline__link"
                aria-current={heading.line === current ? 'location' : undefined}
                tabIndex={heading.line === (focused ?? current ?? lines[0]) ? 0 : -1}
                onFocus={() => setFocused(heading.line)}
                title={isChanged && previous ? copy.changedSince(previous.version) : undefined}
                onClick={() => choose(heading.line)}
              >
                <span className="plan-outline__text">{heading.text || copy.untitled}</span>
                {isChanged ? <span className="plan-outline__changed">{copy.changed}</span> : null}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
