/**
 * The "Changes since vN" view of the review card, loaded lazily with jsdiff: what the user asked
 * for ("You asked: …"), two selects to compare any two revisions of the chain (v_older with v_newer, defaulting to the
 * previous and the current one), and the line and word diff of their markdown source. Insertions and deletions are
 * `<ins>`/`<del>` with a `+`/`−` sign and a screen-reader word, so they never rely on colour alone.
 */
import { useId, useMemo, useState } from 'react';
import { diffPlans, type DiffLine } from '../../../core/review/diff.ts';
import type { PlanRevision } from '../../../core/review/history.ts';
import { useCopy } from '../../../lib/language.ts';
import { planReviewLocales } from '../locales.ts';

/** Props of {@link PlanChanges}. */
export interface PlanChangesProps {
  /** The revisions of one chain, v1 first. */
  chain: readonly PlanRevision[];
  /** Index in `chain` of the revision shown (the newer side by default); at least 1. */
  current: number;
}

/** One diff line; `oldLine` is its line number in the older revision (same and removed lines), for links to it. */
function Line({ line, oldLine }: { line: DiffLine; oldLine: number | undefined }) {
  const copy = useCopy(planReviewLocales);
  const sign = line.kind === 'added' ? '+' : line.kind === 'removed' ? '−' : ' ';
  const words =
    line.words?.map((part, i) =>
      part.kind === 'added' ? <ins key={i}>{part.text}</ins> : part.kind === 'removed' ? <del key={i}>{part.text}</del> : <span key={i}>{part.text}</span>,
    ) ?? line.text;
  const body = line.kind === 'added' && !line.words ? <ins>{words}</ins> : line.kind === 'removed' && !line.words ? <del>{words}</del> : words;
  return (
    <li className={`plan-diff__line is-${line.kind}`} data-old-line={oldLine}>
      <span className="plan-diff__sign" aria-hidden="true">
        {sign}
      </span>
      {line.kind !== 'same' ? <span className="visually-hidden">{line.kind === 'added' ? copy.addedLine : copy.removedLine}: </span> : null}
      <span className="plan-diff__text">{line.text === '' && line.kind === 'same' ? ' ' : body}</span>
    </li>
  );
}

/** The older revision's line number of each diff line (same and removed lines; undefined for added ones). */
function oldLinesOf(lines: readonly DiffLine[]): (number | undefined)[] {
  let old = 0;
  return lines.map((line) => (line.kind === 'added' ? undefined : (old += 1)));
}

/** The prompt, compare selects and diff; its own lazy chunk, read through `lazyModule().use()` (docs/style.md). */
export default function PlanChanges({ chain, current }: PlanChangesProps) {
  const copy = useCopy(planReviewLocales);
  const olderId = useId();
  const newerId = useId();
  const [newer, setNewer] = useState(Math.min(Math.max(current, 1), chain.length - 1));
  const [older, setOlder] = useState(Math.max(0, Math.min(current, chain.length - 1) - 1));
  const a = chain[older];
  const b = chain[newer];
  const diff = useMemo(() => (a && b ? diffPlans(a.plan, b.plan) : undefined), [a, b]);
  if (!a || !b || !diff) return null;
  const prompt = b.prompt;
  return (
    <div className="plan-changes">
      {prompt ? (
        <blockquote className="plan-changes__prompt">
          <strong>{prompt.kind === 'feedback' ? copy.youAsked : copy.youSaid}</strong> {prompt.text}
        </blockquote>
      ) : null}
      <div className="plan-changes__compare" role="group" aria-label={copy.compareLabel}>
        <span aria-hidden="true">{copy.compareLabel}</span>
        <label className="visually-hidden" htmlFor={olderId}>
          {copy.compareOlder}
        </label>
        <select id={olderId} value={older} onChange={(event) => setOlder(Number(event.target.value))}>
          {chain.map((revision, index) => (
            <option key={revision.callId} value={index}>
              {copy.versionOption(revision.version)}
            </option>
          ))}
        </select>
        <label className="visually-hidden" htmlFor={newerId}>
          {copy.compareNewer}
        </label>
        <select id={newerId} value={newer} onChange={(event) => setNewer(Number(event.target.value))}>
          {chain.map((revision, index) => (
            <option key={revision.callId} value={index}>
              {copy.versionOption(revision.version)}
            </option>
          ))}
        </select>
        <span className="plan-changes__summary">{copy.diffSummary(diff.added, diff.removed)}</span>
      </div>
      {diff.identical ? (
        <p className="plan-changes__identical" role="note">
          {copy.identical(b.version, a.version)}
        </p>
      ) : (
        <ol className="plan-diff" aria-label={copy.diffLabel(a.version, b.version)}>
          {oldLinesOf(diff.lines).map((oldLine, i) => (
            <Line key={i} line={diff.lines[i]!} oldLine={oldLine} />
          ))}
        </ol>
      )}
    </div>
  );
}
