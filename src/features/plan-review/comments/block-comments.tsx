/**
 * What the review card's plan shows after each block. The plan's Markdown renders every block's control as plain
 * elements (`blockControlsOf`: a `.block-comments[data-lines]` box with its "Comment" button, no component per block);
 * one `BlockComments` per card subscribes once to the review's comments and composer target, answers every Comment
 * click through one delegated listener, and renders the open "Add comment" box, "Comment on selected lines" and the
 * draft comments into the boxes of the blocks they end on (portals). Invariant: the plan never re-renders for them.
 * What is typed in an open box is kept as that block's unsent comment (`setUnsentComment`): Escape and Cancel close the
 * box and keep it (reopening the block's box shows it, as GitHub keeps a pending comment), Add comment turns it into a
 * draft comment. Closing the box, either way, puts focus back on the block's Comment button.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useShallow } from 'zustand/react/shallow';
import { ActionButton } from '../../../components/action-button.tsx';
import type { BlockControls } from '../../../components/markdown-block-controls.ts';
import { anchorOf } from '../../../core/review/anchors.ts';
import { useCopy } from '../../../lib/language.ts';
import { ownEntry } from '../../../lib/session-persist.ts';
import { setUnsentComment, unsentCommentOf, unsentOf, useReviewCommentsStore, type DraftComment } from '../comments-store.ts';
import { CommentEditor } from './comment-editor.tsx';
import { CommentItem, updateComments } from './comment-item.tsx';
import { useComposerTarget } from './composer-target.ts';
import { reviewCommentsLocales, type ReviewCommentsCopy } from './locales.ts';
import { blockBoxesIn, linesOf } from './plan-dom.ts';

const NONE: DraftComment[] = [];

/** The attribute the plan region carries while the review is read-only: its Comment buttons are hidden (CSS). */
const READ_ONLY_ATTR = 'data-comments-read-only';

/** The attribute of a Comment button whose block holds unsent text (marked by CSS, named "… (not added yet)"). */
const UNSENT_ATTR = 'data-unsent';

/** A new comment's id: unique within the review's drafts. */
function newId(comments: readonly DraftComment[]): string {
  let n = comments.length + 1;
  while (comments.some((c) => c.id === `c${n}`)) n += 1;
  return `c${n}`;
}

/**
 * Add a comment on lines `start`..`end` of `plan` to a review's drafts.
 * @param carriedFrom the key of the earlier comment it carries forward, if it does
 */
export function addComment(rpcId: string, plan: string, start: number, end: number, text: string, carriedFrom?: string): void {
  const anchor = anchorOf(plan, start, end);
  updateComments(rpcId, (comments) => [...comments, { id: newId(comments), ...anchor, text, ...(carriedFrom !== undefined ? { carriedFrom } : {}) }]);
}

/**
 * The plan's block controls: after each block a `.block-comments` box carrying the block's lines (`data-lines=
 * "start-end"`, read by the selection, the outline and {@link BlockComments}) with a "Comment" button named and
 * titled with those lines ("Comment on line 4"). Plain elements, emitted by the markdown pipeline: a click is handled by the card's one
 * {@link BlockComments}.
 * @param copy the comments' copy in the interface language
 * @returns the block controls for the plan's Markdown (`markdown-block-controls.ts`)
 */
export function blockControlsOf(copy: ReviewCommentsCopy): BlockControls {
  return {
    boxClass: 'block-comments',
    buttonClass: 'action-button action-button--ghost block-comments__button',
    label: copy.comment,
    // Named with its lines ("Comment on line 4"), so a screen reader's list of buttons tells them apart.
    name: (block) => copy.commentOn(copy.lines(block.start, block.end)),
    title: (block) => copy.commentOn(copy.lines(block.start, block.end)),
  };
}

/** Props of {@link BlockComments}. */
export interface BlockCommentsProps {
  rpcId: string;
  /** The plan's markdown (the quote is cut from it). */
  plan: string;
  /** Id of the card's plan region (where the blocks' boxes are). */
  planId: string;
  readOnly: boolean;
}

/** The boxes of the blocks whose lines end on each of `ends`, in the plan region now (each box with its lines). */
type Boxes = ReadonlyMap<number, readonly { box: Element; start: number }[]>;

const NO_BOXES: Boxes = new Map();

function boxesFor(region: HTMLElement | null, ends: ReadonlySet<number>): Boxes {
  if (region === null || ends.size === 0) return NO_BOXES;
  const found = new Map<number, { box: Element; start: number }[]>();
  for (const box of blockBoxesIn(region)) {
    const lines = linesOf(box);
    if (lines === undefined || !ends.has(lines.end)) continue;
    const list = found.get(lines.end) ?? [];
    list.push({ box, start: lines.start });
    found.set(lines.end, list);
  }
  return found;
}

function sameBoxes(a: Boxes, b: Boxes): boolean {
  if (a.size !== b.size) return false;
  for (const [end, list] of a) {
    const other = b.get(end);
    if (other === undefined || other.length !== list.length || list.some((item, i) => item.box !== other[i]!.box)) return false;
  }
  return true;
}

/** Every box is still in `region` and every wanted end has one. */
function settled(boxes: Boxes, ends: ReadonlySet<number>, region: HTMLElement): boolean {
  for (const end of ends) {
    const list = boxes.get(end);
    if (list === undefined || list.some(({ box }) => !region.contains(box))) return false;
  }
  return true;
}

const noop = () => undefined;

/**
 * The boxes of the blocks ending on `ends` in the plan region `planId`, as an external store: its snapshot is read
 * from the DOM (the same object while nothing changed), and it is watched for changes only while something waits for
 * a box (a long plan renders in slices; the plan editor replaces the region).
 */
function boxesStore(planId: string, ends: ReadonlySet<number>) {
  let current: Boxes = NO_BOXES;
  return {
    subscribe(onChange: () => void): () => void {
      if (ends.size === 0) return noop;
      const observer = new MutationObserver(onChange);
      observer.observe(document.body, { childList: true, subtree: true });
      return () => observer.disconnect();
    },
    getSnapshot(): Boxes {
      const region = document.getElementById(planId);
      if (region === null || ends.size === 0 || settled(current, ends, region)) return region === null ? NO_BOXES : current;
      const found = boxesFor(region, ends);
      if (!sameBoxes(current, found)) current = found;
      return current;
    },
  };
}

/**
 * The card's block comments (see the module header): one subscription to the review's drafts and one to its composer
 * target, one delegated click listener for every block's Comment button, and portals into the few boxes that show
 * something.
 */
export function BlockComments({ rpcId, plan, planId, readOnly }: BlockCommentsProps) {
  const copy = useCopy(reviewCommentsLocales);
  const comments = useReviewCommentsStore((state) => ownEntry(state.entries, rpcId)?.comments ?? NONE);
  const { target, selection } = useComposerTarget(
    useShallow((state) => ({
      target: state.target?.rpcId === rpcId && !readOnly ? state.target : undefined,
      selection: state.selection?.rpcId === rpcId && !readOnly ? state.selection : undefined,
    })),
  );
  const { open, close } = useComposerTarget.getState();
  // The blocks holding unsent text, as "start-end,…": the same string while typing, so a keystroke re-renders nothing.
  const unsentKey = useReviewCommentsStore((state) =>
    unsentOf(ownEntry(state.entries, rpcId))
      .map(({ start, end }) => `${start}-${end}`)
      .sort()
      .join(','),
  );
  const unsent = unsentKey === '' ? [] : unsentKey.split(',').map((key) => key.split('-').map(Number) as [number, number]);
  const ends = new Set(comments.map((comment) => comment.end));
  for (const [, end] of readOnly ? [] : unsent) ends.add(end);
  if (target !== undefined) ends.add(target.end);
  if (selection !== undefined) ends.add(selection.end);
  const endsKey = [...ends].sort((a, b) => a - b).join(',');
  const store = useMemo(() => boxesStore(planId, new Set(endsKey === '' ? [] : endsKey.split(',').map(Number))), [planId, endsKey]);
  const boxes = useSyncExternalStore(store.subscribe, store.getSnapshot);

  // The button that opened the box (focus goes back to it when the box closes).
  const opener = useRef<HTMLElement | null>(null);
  // One listener for every Comment button of the plan (a click, or Enter/Space on the focused button).
  useEffect(() => {
    if (readOnly) return;
    const onClick = (event: MouseEvent) => {
      const button = event.target instanceof Element ? event.target.closest('.block-comments__button') : null;
      const box = button?.parentElement;
      const region = document.getElementById(planId);
      if (!box || region === null || !region.contains(box)) return;
      const lines = linesOf(box);
      if (lines === undefined) return;
      opener.current = button instanceof HTMLElement ? button : null;
      useComposerTarget.getState().open({ rpcId, ...lines });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [rpcId, planId, readOnly]);

  // After every render: the region's read-only mark and which Comment button is expanded (the region may be new).
  useLayoutEffect(() => {
    const region = document.getElementById(planId);
    if (region === null) return;
    region.toggleAttribute(READ_ONLY_ATTR, readOnly);
    for (const button of region.querySelectorAll('.block-comments__button[aria-expanded="true"]')) button.setAttribute('aria-expanded', 'false');
    for (const { box } of (target && boxes.get(target.end)) || []) box.querySelector('.block-comments__button')?.setAttribute('aria-expanded', 'true');
    for (const button of region.querySelectorAll(`.block-comments__button[${UNSENT_ATTR}]`)) {
      const lines = button.parentElement ? linesOf(button.parentElement) : undefined;
      button.removeAttribute(UNSENT_ATTR);
      if (lines !== undefined) button.setAttribute('aria-label', copy.commentOn(copy.lines(lines.start, lines.end)));
    }
    for (const [start, end] of readOnly ? [] : unsent) {
      const button = boxes
        .get(end)
        ?.find((item) => item.start === start)
        ?.box.querySelector('.block-comments__button');
      button?.setAttribute(UNSENT_ATTR, '');
      button?.setAttribute('aria-label', copy.commentOnUnsent(copy.lines(start, end)));
    }
  });

  // The open box's anchor (its quote is kept with an unsent text), cut once per target.
  const anchor = useMemo(() => (target === undefined ? undefined : anchorOf(plan, target.start, target.end)), [plan, target]);
  /** Close the box with focus on the Comment button that opened it (else its block's), before the box unmounts. */
  const closeBox = () => {
    const fallback = target && (boxes.get(target.end)?.find(({ start }) => start === target.start) ?? boxes.get(target.end)?.[0]);
    const button = opener.current?.isConnected ? opener.current : fallback?.box.querySelector<HTMLElement>('.block-comments__button');
    button?.focus();
    opener.current = null;
    close();
  };

  const portals: ReactNode[] = [];
  for (const [end, list] of boxes) {
    const here = comments.filter((comment) => comment.end === end);
    list.forEach(({ box, start }, i) => {
      const content = (
        <>
          {selection?.end === end && target?.end !== end ? (
            <ActionButton
              variant="outline"
              className="block-comments__selection"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => open(selection)}
            >
              {copy.commentOnSelection}
            </ActionButton>
          ) : null}
          {target?.end === end && anchor !== undefined ? (
            <CommentEditor
              key={`${anchor.start}-${anchor.end}`}
              initial={unsentCommentOf(rpcId, anchor.start, anchor.end)}
              submitLabel={copy.addComment}
              onChange={(text) => setUnsentComment(rpcId, { ...anchor, text })}
              onCancel={closeBox}
              onSubmit={(text) => {
                addComment(rpcId, plan, target.start, target.end, text);
                setUnsentComment(rpcId, { ...anchor, text: '' });
                closeBox();
              }}
            />
          ) : null}
          {here.map((comment) => (
            <CommentItem key={comment.id} rpcId={rpcId} comment={comment} readOnly={readOnly} quoted={comment.start < start} />
          ))}
        </>
      );
      portals.push(createPortal(content, box, `${end}:${i}`));
    });
  }
  return <>{portals}</>;
}
