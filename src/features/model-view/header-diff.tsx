/**
 * The line diff of one part of two request headers (system prompt, or the tool catalog pretty-printed), computed by
 * jsdiff in its asynchronous mode (one slice of the search per macrotask) and capped by `maxEditLength`, so a large
 * change never blocks the page.
 */
import { diffLines, type ChangeObject } from 'diff';
import { useEffect, useState } from 'react';
import { useCopy } from '../../lib/language.ts';
import { modelViewLocales } from './locales.ts';

/** Edits past which the diff gives up and says so. */
const MAX_EDITS = 2000;

/**
 * @param label the part's name (shown as the diff's heading)
 * @param before the text in the header before
 * @param after the text in this header
 */
export function HeaderDiff({ label, before, after }: { label: string; before: string; after: string }) {
  const copy = useCopy(modelViewLocales);
  const [result, setResult] = useState<{ before: string; after: string; changes: ChangeObject<string>[] | undefined } | undefined>(undefined);
  useEffect(() => {
    let live = true;
    diffLines(before, after, {
      maxEditLength: MAX_EDITS,
      callback: (changes) => {
        if (live) setResult({ before, after, changes });
      },
    });
    return () => {
      live = false;
    };
  }, [before, after]);
  if (before === after) return null;
  const current = result?.before === before && result.after === after ? result : undefined;
  return (
    <section className="model-view__diff" aria-label={label}>
      <h4>{label}</h4>
      {current === undefined ? (
        <p className="quiet" role="status">
          {copy.diffing}
        </p>
      ) : current.changes === undefined ? (
        <p className="quiet">{copy.diffTooLong}</p>
      ) : (
        <pre className="model-view__diff-lines">
          {current.changes.map((change, i) => (
            <span key={i} className={change.added ? 'model-view__added' : change.removed ? 'model-view__removed' : 'model-view__same'}>
              {prefixed(change)}
            </span>
          ))}
        </pre>
      )}
    </section>
  );
}

/** The change's lines, each led by `+ `, `− ` or two spaces (unchanged runs shortened to their ends). */
function prefixed(change: ChangeObject<string>): string {
  const mark = change.added ? '+ ' : change.removed ? '− ' : '  ';
  let lines = change.value.replace(/\n$/, '').split('\n');
  if (!change.added && !change.removed && lines.length > 6) lines = [...lines.slice(0, 2), '…', ...lines.slice(-2)];
  return `${lines.map((line) => mark + line).join('\n')}\n`;
}
