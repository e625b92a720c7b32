/**
 * Follows the text selection while a review card shows: when it covers part of the plan, the blocks it touches (whole
 * blocks, from their controls' parser lines) become the review's selection, and the last of them offers "Comment on
 * selected lines". Renders nothing.
 */
import { useEffect } from 'react';
import { useComposerTarget } from './composer-target.ts';
import { selectedLines } from './plan-dom.ts';

/**
 * @param rpcId the review question
 * @param planId id of the card's plan region
 */
export function SelectionWatcher({ rpcId, planId }: { rpcId: string; planId: string }) {
  useEffect(() => {
    const onChange = () => {
      const plan = document.getElementById(planId);
      const lines = plan ? selectedLines(plan, document.getSelection()) : undefined;
      const { selection, select } = useComposerTarget.getState();
      if (lines) select({ rpcId, ...lines });
      else if (selection?.rpcId === rpcId) select(undefined);
    };
    document.addEventListener('selectionchange', onChange);
    return () => document.removeEventListener('selectionchange', onChange);
  }, [rpcId, planId]);
  return null;
}
