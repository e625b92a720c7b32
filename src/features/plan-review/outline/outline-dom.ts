/**
 * Reading and scrolling the rendered plan for the outline: a heading is found by the source line the plan's renderer
 * puts on every heading element (`data-line`, at any depth: inside list items and quotes too), so the outline never
 * guesses from rendered text. A heading not rendered yet (a long plan renders in slices) is waited for, boundedly.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

const HEADINGS = ':is(h1, h2, h3, h4, h5, h6)[data-line]';

/** The rendered heading whose source starts on `line` inside `region`, if it is rendered. */
export function headingAt(region: ParentNode, line: number): HTMLElement | undefined {
  return region.querySelector<HTMLElement>(`:is(h1, h2, h3, h4, h5, h6)[data-line="${line}"]`) ?? undefined;
}

/**
 * The Comment control that covers `heading`: its own (the box right after it), or, inside a list item, the item's.
 */
function controlOf(heading: HTMLElement): HTMLElement | undefined {
  const next = heading.nextElementSibling;
  const box = next?.classList.contains('block-comments') ? next : heading.closest('li')?.querySelector(':scope > .block-comments');
  return box?.querySelector('button') ?? undefined;
}

/** Scroll `heading` to the top of its scroll area, again on the next frames while chunks above it settle (at most 3). */
function scrollToHeading(heading: HTMLElement, region: HTMLElement): void {
  let tries = 0;
  const settle = () => {
    heading.scrollIntoView({ block: 'start' });
    tries += 1;
    if (tries >= 3) return;
    requestAnimationFrame(() => {
      if (Math.abs(heading.getBoundingClientRect().top - region.getBoundingClientRect().top) > 8) settle();
    });
  };
  settle();
  const control = controlOf(heading);
  if (control !== undefined) control.focus({ preventScroll: true });
  else region.focus({ preventScroll: true });
}

/**
 * Scroll the plan region `regionId` to the heading on `line`, and put focus on that heading's Comment control (or the
 * region). When the heading is not rendered yet, wait for it while the plan is still rendering (`aria-busy`).
 * @returns a cancel function (stops waiting)
 */
export function revealHeading(regionId: string, line: number): () => void {
  const region = document.getElementById(regionId);
  if (region === null) return () => undefined;
  const found = headingAt(region, line);
  if (found) {
    scrollToHeading(found, region);
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const heading = headingAt(region, line);
    if (heading) scrollToHeading(heading, region);
    if (heading || region.querySelector('.markdown[aria-busy]') === null) observer.disconnect();
  });
  observer.observe(region, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  return () => observer.disconnect();
}

/**
 * The line of the heading whose section is being read in the plan region `regionId`: the last heading at or above a
 * line a quarter down the region. Cheap: an IntersectionObserver on the heading elements (a band at that line), read
 * only when a heading crosses it; headings rendered later are observed as their chunks arrive.
 * A chosen heading stays current while it is in view (the last sections of a plan never reach that line).
 * @param lines the outline's heading lines, in order
 * @returns the current heading's line (the first heading's until the plan is read), and `choose(line)` to make a
 *   chosen heading current
 */
export function useCurrentSection(regionId: string, lines: readonly number[]): [number | undefined, (line: number) => void] {
  const [current, setCurrent] = useState<number | undefined>(lines[0]);
  const chosen = useRef<number | undefined>(undefined);
  useEffect(() => {
    const region = document.getElementById(regionId);
    if (region === null || lines.length === 0 || typeof IntersectionObserver === 'undefined') return;
    const observed = new Map<number, HTMLElement>();
    const update = () => {
      const top = region.getBoundingClientRect().top;
      const pinned = chosen.current === undefined ? undefined : observed.get(chosen.current)?.getBoundingClientRect().top;
      if (pinned !== undefined && pinned >= top - 2 && pinned < top + region.clientHeight) return setCurrent(chosen.current);
      chosen.current = undefined;
      const band = top + region.clientHeight / 4;
      let at = lines[0];
      for (const line of lines) {
        const heading = observed.get(line);
        if (heading === undefined) continue;
        if (heading.getBoundingClientRect().top > band) break;
        at = line;
      }
      setCurrent(at);
    };
    const intersections = new IntersectionObserver(update, { root: region, rootMargin: '0px 0px -75% 0px' });
    const wanted = new Set(lines);
    // One pass over the headings (not one query per heading), and none once every heading is observed.
    const observeNew = () => {
      if (observed.size === wanted.size) return;
      for (const heading of region.querySelectorAll<HTMLElement>(HEADINGS)) {
        const line = Number.parseInt(heading.getAttribute('data-line') ?? '', 10);
        if (!wanted.has(line) || observed.has(line)) continue;
        observed.set(line, heading);
        intersections.observe(heading);
      }
    };
    observeNew();
    // New chunks (and a re-rendered plan) come as children of the Markdown root; comments do not touch that list.
    const mutations = new MutationObserver(() => {
      for (const [line, heading] of observed) {
        if (heading.isConnected) continue;
        intersections.unobserve(heading);
        observed.delete(line);
      }
      observeNew();
    });
    mutations.observe(region, { childList: true, subtree: true });
    return () => {
      intersections.disconnect();
      mutations.disconnect();
    };
  }, [regionId, lines]);
  const choose = useCallback((line: number) => {
    chosen.current = line;
    setCurrent(line);
  }, []);
  return [current, choose];
}
