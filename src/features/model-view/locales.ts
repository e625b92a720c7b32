/**
 * User-facing copy of the "What the model sees" view, one `ModelViewCopy` dictionary per interface language (English,
 * Simplified Chinese). Token figures from the text are estimates and always say "about"; `usage` figures are shown as
 * the log has them.
 */
import { dictionaries } from '../../lib/language.ts';

/** Every string the view shows. */
export type ModelViewCopy = {
  /** Name of the view's region. */
  region: string;
  /** Says where the steps come from: the host's projection over the whole log. */
  fromProjection: string;
  /** Says the steps come from the loaded part of the log only (a plain dsh host). */
  partial: string;
  loadAll: string;
  loadingAll: string;
  empty: string;
  /** Name of the list of steps. */
  steps: string;
  /** Shows the earlier steps of a long list. @param count how many are not shown */
  earlierSteps: (count: number) => string;
  /** One step of the list. */
  stepLabel: (turn: number, step: number) => string;
  /** The mark of a step whose request header changed. @param reason the header's `reason` */
  headerChanged: (reason: string) => string;
  /** Heading of the chosen step. */
  stepHeading: (turn: number, step: number) => string;
  /** The header in force was logged at another step. */
  headerFrom: (turn: number, step: number) => string;
  noHeader: string;
  /** The recording left the prompt out (`{{system}}`, `{{tools}}`). */
  templated: string;
  systemPrompt: string;
  /** The summary of one prompt section. @param name @param order (undefined when unknown) @param tokens estimate */
  sectionSummary: (name: string, order: string, tokens: number) => string;
  /** The name of a block the log cannot name. */
  unnamed: (side: 'before' | 'after' | undefined, policy: string) => string;
  orderUnknown: string;
  /** The order of an unnamed block, relative to the policy section. */
  orderSide: (side: 'before' | 'after') => string;
  /** The mark of the policy section. */
  policyMark: string;
  /** How the sections were cut. */
  cutBy: (how: 'catalog' | 'span' | 'absent' | 'none') => string;
  tools: string;
  /** The tool catalog's summary. @param count tools @param tokens estimate */
  toolsSummary: (count: number, tokens: number) => string;
  toolsUnreadable: string;
  alwaysPresent: string;
  parameters: string;
  notice: string;
  changed: string;
  /** The cache boundary: the reused prefix as an estimate. */
  boundary: (tokens: number, percent: number, from: string | undefined) => string;
  boundaryFirst: string;
  nothingChanged: string;
  /** Measured cache reads of this step and the next. */
  measuredCache: (here: number | undefined, next: number | undefined) => string;
  systemDiff: string;
  toolsDiff: string;
  diffing: string;
  diffTooLong: string;
  usage: string;
  noUsage: string;
  inputTokens: string;
  cacheReadTokens: string;
  outputTokens: string;
  reasoningTokens: string;
  measuring: string;
  /** The rule behind "about". */
  estimateNote: (bytesPerToken: number) => string;
};

/** English copy. */
export const modelViewEn: ModelViewCopy = {
  region: 'What the model sees',
  fromProjection: "From the host's model-view projection over the whole log.",
  partial: 'Only the loaded part of the log: earlier steps may be missing.',
  loadAll: 'Load all',
  loadingAll: 'Loading the earlier part of the log…',
  empty: 'No request has been sent to the model yet.',
  steps: 'Steps',
  earlierSteps: (count) => `Show ${count} earlier step${count === 1 ? '' : 's'}`,
  stepLabel: (turn, step) => `Turn ${turn}, step ${step}`,
  headerChanged: (reason) => `Header changed (${reason})`,
  stepHeading: (turn, step) => `Turn ${turn}, step ${step}`,
  headerFrom: (turn, step) => `Same request header as turn ${turn}, step ${step}.`,
  noHeader: 'The log has no request header for this step.',
  templated: 'The recording left the prompt out: its header holds placeholders ({{system}}, {{tools}}), not the text the model got.',
  systemPrompt: 'System prompt',
  sectionSummary: (name, order, tokens) => `${name} · order ${order} · about ${tokens} tokens`,
  unnamed: (side, policy) => (side === 'before' ? `Before ${policy}` : side === 'after' ? `After ${policy}` : 'Prompt'),
  orderUnknown: 'unknown',
  orderSide: (side) => (side === 'before' ? 'below 50' : 'above 50'),
  policyMark: 'Added by plan mode',
  cutBy: (how) =>
    how === 'catalog'
      ? "Cut by the harness's own section list."
      : how === 'span'
        ? 'The policy section is the text that differs between a request with plan mode on and one with it off in this session.'
        : how === 'absent'
          ? 'No policy section: this request went out with it off.'
          : 'One block: the log holds no request with plan mode on and one with it off to tell the sections apart.',
  tools: 'Tools',
  toolsSummary: (count, tokens) => `${count} tool${count === 1 ? '' : 's'} · about ${tokens} tokens`,
  toolsUnreadable: 'The tool catalog is not a JSON list; shown as logged.',
  alwaysPresent: 'always present',
  parameters: 'Parameters',
  notice: 'Plan-mode notice',
  changed: 'Changed since the previous header',
  boundary: (tokens, percent, from) => `About the first ${tokens} tokens (${percent} %) can be reused; everything from ${from ?? 'there'} onward is new.`,
  boundaryFirst: 'The first request: nothing before it to reuse.',
  nothingChanged: 'Nothing changed.',
  measuredCache: (here, next) =>
    `Measured cache read: ${here === undefined ? 'not logged' : `${here} tokens`} at this step, ${next === undefined ? 'not logged' : `${next} tokens`} at the next.`,
  systemDiff: 'Changes to the system prompt',
  toolsDiff: 'Changes to the tools',
  diffing: 'Comparing…',
  diffTooLong: 'Too many changes to show line by line.',
  usage: 'Usage',
  noUsage: 'The log has no usage for this step.',
  inputTokens: 'Input',
  cacheReadTokens: 'Cache read',
  outputTokens: 'Output',
  reasoningTokens: 'Reasoning',
  measuring: 'Measuring…',
  estimateNote: (k) => `"About" is an estimate from the text: UTF-8 bytes ÷ ${k}. Usage figures are the host's, as logged.`,
};

/** Every dictionary of the view, by language. */
export const modelViewLocales = dictionaries('modelView', modelViewEn);

declare module '../../lib/language.ts' {
  interface LocaleCopies {
    modelView: ModelViewCopy;
  }
}
