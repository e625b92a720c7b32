/**
 * The proposed plan as markdown, memoised on its text (parse and render a plan once per plan text), with a note when
 * part of it is capped (a very long line folded, a too deeply nested block shown raw).
 */
import { memo, useMemo } from 'react';
import { Markdown } from '../../../components/markdown.tsx';
import type { BlockControls } from '../../../components/markdown-block-controls.ts';
import { markdownCapsOf } from '../../../components/markdown-blocks.ts';
import { useCopy } from '../../../lib/language.ts';
import { planReviewLocales } from '../locales.ts';

/**
 * @param plan the plan's markdown (not blank)
 * @param blockControls the line-comment controls after each block, once their chunk is loaded
 */
export const PlanBody = memo(function PlanBody({ plan, blockControls }: { plan: string; blockControls?: BlockControls | undefined }) {
  const copy = useCopy(planReviewLocales);
  const caps = useMemo(() => markdownCapsOf(plan), [plan]);
  return (
    <>
      {caps !== undefined ? (
        <p role="note" className="plan-review__capped">
          {copy.capped}
        </p>
      ) : null}
      <Markdown text={plan} titled blockControls={blockControls} />
    </>
  );
});
