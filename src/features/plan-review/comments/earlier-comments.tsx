/**
 * The comments sent on the previous revision, on the next revision's card: each quoted, marked from the line diff
 * "The lines changed" (with a link to that spot in "Changes since vN") or "The lines did not change", and marked
 * Resolved or Carry forward (drafts of this tab; a carried-forward comment is re-anchored by exact match of its
 * lines and becomes a draft comment sent again with Keep planning).
 */
import { useMemo } from 'react';
import { ActionButton } from '../../../components/action-button.tsx';
import { cutQuote } from '../../../core/review/feedback-format.ts';
import { changedLinesOf, lineChangeOf, reanchor, sentAnchorOf } from '../../../core/review/follow-up.ts';
import type { PlanRevision } from '../../../core/review/history.ts';
import { useCopy } from '../../../lib/language.ts';
import { ownEntry } from '../../../lib/session-persist.ts';
import { useReviewCommentsStore, type ReviewCommentsDraft } from '../comments-store.ts';
import type { EarlierComment } from '../model/earlier-comments.ts';
import { addComment } from './block-comments.tsx';
import { reviewCommentsLocales } from './locales.ts';

/** Props of {@link EarlierComments}. */
export interface EarlierCommentsProps {
  rpcId: string;
  /** The plan under review. */
  plan: string;
  previous: PlanRevision;
  comments: readonly EarlierComment[];
  readOnly: boolean;
  /** Show line `line` of the previous revision in "Changes since vN". */
  onShowChange: (line: number) => void;
}

function setResolved(rpcId: string, key: string, on: boolean): void {
  useReviewCommentsStore.getState().update(rpcId, (draft: ReviewCommentsDraft | undefined) => {
    const resolved = (draft?.resolved ?? []).filter((k) => k !== key);
    const comments = (draft?.comments ?? []).filter((c) => !on || c.carriedFrom !== key);
    return { ...draft, comments, resolved: on ? [...resolved, key] : resolved };
  });
}

function uncarry(rpcId: string, key: string): void {
  useReviewCommentsStore.getState().update(rpcId, (draft: ReviewCommentsDraft | undefined) => ({
    ...draft,
    comments: (draft?.comments ?? []).filter((c) => c.carriedFrom !== key),
    resolved: draft?.resolved ?? [],
  }));
}

/** The list (see {@link EarlierCommentsProps}). */
export function EarlierComments({ rpcId, plan, previous, comments, readOnly, onShowChange }: EarlierCommentsProps) {
  const copy = useCopy(reviewCommentsLocales);
  const draft = useReviewCommentsStore((state) => ownEntry(state.entries, rpcId));
  const diff = useMemo(() => changedLinesOf(previous.plan, plan), [previous.plan, plan]);
  return (
    <div className="review-comments__earlier">
      <h4 className="review-comments__title">{copy.earlier(previous.version)}</h4>
      <p className="review-comments__note">{copy.ruleNote}</p>
      <ol className="review-comments__list">
        {comments.map(({ key, comment }) => {
          // Its lines in the revision it was sent on (by its quote, when a log's line numbers do not hold it).
          const sent = sentAnchorOf(previous.plan, comment);
          const change = lineChangeOf(diff, sent?.start ?? comment.start, sent?.end ?? comment.end);
          const target = sent && reanchor(sent.quote, sent.start, plan);
          const carried = draft?.comments?.find((c) => c.carriedFrom === key);
          const resolved = draft?.resolved?.includes(key) ?? false;
          return (
            <li key={key} className="review-comments__item">
              <span className="review-comments__lines">{copy.lines(comment.start, comment.end)}</span>{' '}
              <strong className={`review-comments__mark is-${change.kind}`}>{change.kind === 'changed' ? copy.changed : copy.unchanged}</strong>
              {change.kind === 'changed' ? (
                <button type="button" className="link-button review-comments__goto" onClick={() => onShowChange(change.line)}>
                  {copy.showChange(previous.version)}
                </button>
              ) : null}
              <blockquote className="review-comment__quote">
                <pre>{cutQuote(comment.quote)}</pre>
              </blockquote>
              <p className="review-comment__text">{comment.text}</p>
              {carried ? <p className="review-comments__note">{copy.carriedTo(copy.lines(carried.start, carried.end))}</p> : null}
              {target === undefined ? <p className="review-comments__note">{copy.notFound}</p> : null}
              {readOnly ? null : (
                <div className="review-comment__buttons">
                  <ActionButton variant="ghost" aria-pressed={resolved} onClick={() => setResolved(rpcId, key, !resolved)}>
                    {copy.resolved}
                  </ActionButton>
                  <ActionButton
                    variant="ghost"
                    aria-pressed={carried !== undefined}
                    disabled={target === undefined}
                    onClick={() => {
                      if (carried) return uncarry(rpcId, key);
                      setResolved(rpcId, key, false);
                      addComment(rpcId, plan, target!.start, target!.end, comment.text, key);
                    }}
                  >
                    {copy.carry}
                  </ActionButton>
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
