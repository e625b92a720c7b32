/**
 * User-facing copy of a session row's plan lifecycle ("Plan in progress (3 of 5)"), one dictionary per interface
 * language (English, Simplified Chinese). Loaded with the row's lazy lifecycle chunk.
 */
import type { PlanLifecycle } from '../../../core/plan/lifecycle.ts';
import { dictionaries } from '../../../lib/language.ts';

/** Every string of the row's plan lifecycle. */
export type RowLifecycleCopy = {
  /** The badge text of a stage (counts: steps done of all). */
  stage: (stage: PlanLifecycle) => string;
};

const en: RowLifecycleCopy = {
  stage: (stage) => {
    switch (stage.kind) {
      case 'drafting':
        return 'Drafting a plan';
      case 'review':
        return 'Plan waiting for review';
      case 'approved':
        return 'Plan approved';
      case 'in-progress':
        return `Plan in progress (${stage.done} of ${stage.total})`;
      case 'done':
        return 'Plan done';
      case 'stopped':
        return `Plan stopped (${stage.done} of ${stage.total})`;
      case 'abandoned':
        return 'Plan abandoned';
    }
  },
};

/** Every dictionary of the row's plan lifecycle, by language. */
export const rowLifecycleLocales = dictionaries('rowLifecycle', en);

declare module '../../../lib/language.ts' {
  interface LocaleCopies {
    rowLifecycle: RowLifecycleCopy;
  }
}
