/**
 * Follow new output at the bottom of a scroll container, without reading layout on every commit (issue 9 point 2:
 * "no forced layout per streamed event"). The rules stay those of the session view: while the reader is at the
 * bottom (within `FOLLOW_SLACK_PX`), growth of the content or a smaller container scrolls to the bottom; once they
 * scroll up, nothing moves until they come back down. Growth is noticed by a ResizeObserver on the container and
 * its children (its callback runs after the browser's own layout, so reading `scrollHeight` there forces none);
 * children added or replaced later are observed too (a MutationObserver on the container's child list).
 */
import { useCallback, useEffect, useRef, type RefObject, type UIEvent } from 'react';

/** Within this distance (px) from the bottom the reader counts as at the bottom. */
export const FOLLOW_SLACK_PX = 80;

/**
 * @param container the scroll container (its children are the content that grows)
 * @returns the `onScroll` handler to put on the container (it tracks whether the reader is at the bottom)
 */
export function useFollowBottom(container: RefObject<HTMLElement | null>): (event: UIEvent<HTMLElement>) => void {
  const atBottom = useRef(true);

  useEffect(() => {
    const el = container.current;
    if (el === null || typeof ResizeObserver !== 'function') return;
    const follow = () => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
    };
    const resize = new ResizeObserver(follow);
    resize.observe(el);
    for (const child of el.children) resize.observe(child);
    const children = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) if (node instanceof Element) resize.observe(node);
        for (const node of record.removedNodes) if (node instanceof Element) resize.unobserve(node);
      }
    });
    children.observe(el, { childList: true });
    return () => {
      resize.disconnect();
      children.disconnect();
    };
  }, [container]);

  return useCallback((event: UIEvent<HTMLElement>) => {
    const el = event.currentTarget;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_SLACK_PX;
  }, []);
}
