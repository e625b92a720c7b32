/**
 * The review's line comments, one lazy chunk (docs/style.md "Lazy views render at once"): the per-block controls of
 * the plan, the Comments region, the comments of the previous revision and the plan outline. The card reads it through
 * `lazyModule().use()` and the dock prefetches it with the card, so a review never waits for it.
 */
export { BlockComments, blockControlsOf } from './block-comments.tsx';
export { CommentsRegion } from './comments-region.tsx';
export { EarlierComments } from './earlier-comments.tsx';
export { SelectionWatcher } from './selection-watcher.tsx';
export { PlanOutline } from '../outline/plan-outline.tsx';
import './review-comments.css';
