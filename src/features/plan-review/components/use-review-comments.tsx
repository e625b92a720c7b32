/**
 * The card's line comments: the lazily loaded comments chunk (`comments/review-comments.tsx`, read through
 * `lazyModule().use()`; until it is there the plan shows without controls, never a fallback), the block controls
 * handed to the plan's Markdown, the Comments region, and "Show in Changes since vN" (switch to the changes view and
 * scroll to that line of the older revision).
 */
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { BlockControls } from '../../../components/markdown-block-controls.ts';
import type { PlanRevision } from '../../../core/review/history.ts';
import { useCopy } from '../../../lib/language.ts';
import { lazyModule } from '../../../lib/lazy-module.ts';
import { reviewCommentsLocales } from '../comments/locales.ts';
import { earlierCommentsOf, type EarlierComment } from '../model/earlier-comments.ts';

/** The comments chunk (also holds the plan outline). */
export const reviewComments = lazyModule(() => import('../comments/review-comments.tsx'));

/**
 * Load the comments chunk now (or join the load): the dock calls it with the card's own chunk, so a card never opens
 * before its comments can show.
 * @returns resolves once tried; never rejects
 */
export async function loadReviewComments(): Promise<void> {
  await reviewComments.load();
}

/** Inputs of {@link useReviewComments}. */
export interface ReviewCommentsInput {
  rpcId: string;
  /** The plan under review (not blank), or undefined when there is nothing to comment on. */
  plan: string | undefined;
  previous: PlanRevision | undefined;
  readOnly: boolean;
  planId: string;
  /** Switch the card to "Changes since vN" (or back). */
  setChanges: (changes: boolean) => void;
}

/** What the card renders: the block controls, the Comments region, and the comments sent on the previous revision. */
export function useReviewComments({ rpcId, plan, previous, readOnly, planId, setChanges }: ReviewCommentsInput): {
  blockControls: BlockControls | undefined;
  region: ReactNode;
  earlier: readonly EarlierComment[];
} {
  const ui = reviewComments.use(plan !== undefined);
  const earlier = useMemo(() => earlierCommentsOf(previous), [previous]);
  // The older line to scroll to once "Changes since vN" shows (its chunk is prefetched with the chain, so the commit
  // that switches the view renders the diff).
  const reveal = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (reveal.current === undefined) return;
    const line = document.getElementById(planId)?.querySelector(`[data-old-line="${reveal.current}"]`);
    if (!line) return;
    line.scrollIntoView({ block: 'center' });
    reveal.current = undefined;
  });
  // Plain elements per block, the same function while the language is (so Approve, which makes the card read-only,
  // re-renders no block); the card's one `BlockComments` below does the rest.
  const copy = useCopy(reviewCommentsLocales);
  const blockControls = useMemo(() => ui?.blockControlsOf(copy), [ui, copy]);
  if (ui === undefined || plan === undefined) return { blockControls: undefined, region: null, earlier };
  const showChange = (line: number) => {
    reveal.current = line;
    setChanges(true);
  };
  const earlierList =
    previous && earlier.length > 0 ? (
      <ui.EarlierComments rpcId={rpcId} plan={plan} previous={previous} comments={earlier} readOnly={readOnly} onShowChange={showChange} />
    ) : null;
  const region = (
    <>
      {readOnly ? null : <ui.SelectionWatcher rpcId={rpcId} planId={planId} />}
      <ui.BlockComments rpcId={rpcId} plan={plan} planId={planId} readOnly={readOnly} />
      <ui.CommentsRegion rpcId={rpcId} planId={planId} readOnly={readOnly} earlier={earlierList} />
    </>
  );
  return { blockControls, region, earlier };
}
