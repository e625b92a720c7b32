/**
 * The scripted model's one feedback interpreter: a feedback that carries an edited plan (the review feedback format,
 * docs/review-comments.md) is adopted verbatim; otherwise feedback is read as clauses, and only the documented
 * phrases change a plan — "skip …" / "drop …" (remove the step whose text matches, or "step N"), "also …" and
 * "add a step …" (append a step). Anything else leaves the steps as they were and is reported as not understood.
 * Pure and deterministic; the phrase table is the single place a new phrase is added (README "Using it").
 */
import { parseReviewFeedback } from '../../src/core/review/feedback-format.ts';
import { keywordsOf, type PlanStep } from './scripted-words.ts';

/** What one clause of feedback did to the plan. */
export type ClauseOutcome =
  | { kind: 'removed'; clause: string; step: PlanStep }
  | { kind: 'added'; clause: string; step: PlanStep }
  | { kind: 'not-understood'; clause: string; reason: 'no-phrase' | 'no-match' | 'ambiguous' | 'last-step' };

/** The plan's steps after all feedback, and what each clause did, in order. */
export interface FeedbackResult {
  steps: PlanStep[];
  /** Per piece of feedback (oldest first), one entry per clause; `[]` for a piece without comments. */
  outcomes: ClauseOutcome[][];
}

/** Where an added step writes when its text names no file: the caller's pick from the workspace. */
export type TargetOf = (text: string, steps: readonly PlanStep[]) => string;

/** The documented phrases, as the user types them (README "Using it"; docs/glossary.md "scripted model"). */
export const FEEDBACK_PHRASES = ['skip …', 'drop …', 'also …', 'add a step …'] as const;

type Rule = { pattern: RegExp; apply: (rest: string, clause: string, steps: PlanStep[], targetOf: TargetOf) => ClauseOutcome };

const RULES: readonly Rule[] = [
  { pattern: /^(?:skip|drop)\s+(.+)$/i, apply: (rest, clause, steps) => removeStep(rest, clause, steps) },
  { pattern: /^add (?:a |another |one )?step(?:\s*:)?\s+(.+)$/i, apply: (rest, clause, steps, targetOf) => addStep(rest, clause, steps, targetOf) },
  { pattern: /^also(?:\s*,)?\s+(.+)$/i, apply: (rest, clause, steps, targetOf) => addStep(rest, clause, steps, targetOf) },
];

/**
 * Cuts feedback into clauses: at line breaks, semicolons and sentence ends; a leading "please", "and" or
 * "then" and trailing punctuation are dropped. Blank clauses are left out.
 * @param feedback - the reviewer's text, verbatim.
 */
export function clausesOf(feedback: string): string[] {
  return feedback
    .split(/\r?\n|;|(?<=[.!?])\s+/)
    .map((part) =>
      part
        .trim()
        .replace(/^(?:[-*•]\s+|\d+[.)]\s+)/, '')
        .replace(/^(?:(?:please|and|then)[,\s]+)+/i, '')
        .replace(/[\s.!?,]+$/, '')
        .trim(),
    )
    .filter((part) => part !== '');
}

/**
 * The reviewer's own words in a piece of feedback: for one in the review feedback format (docs/review-comments.md
 * "Feedback format"), each comment's text and then the general text, never the comment headers or the quoted plan
 * lines; any other feedback as it is.
 * @param feedback - one piece of feedback, verbatim.
 */
export function reviewerTextOf(feedback: string): string {
  const parsed = parseReviewFeedback(feedback);
  if (parsed.comments.length === 0 && parsed.edit === undefined) return feedback;
  return [...parsed.comments.map((comment) => comment.text), parsed.general].filter((text) => text !== '').join('\n');
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

/** How many of `keywords` a step's text names (equal words, or a shared prefix of at least 4 letters). */
function scoreOf(step: PlanStep, keywords: readonly string[]): number {
  const words = wordsOf(step.text);
  return keywords.filter((k) => words.some((w) => w === k || (k.length >= 4 && w.startsWith(k)) || (w.length >= 4 && k.startsWith(w)))).length;
}

function removeStep(rest: string, clause: string, steps: PlanStep[]): ClauseOutcome {
  const numbered = /^(?:the\s+)?step\s+(\d+)\b/i.exec(rest);
  let index: number;
  if (numbered) {
    index = Number(numbered[1]) - 1;
    if (index < 0 || index >= steps.length) return { kind: 'not-understood', clause, reason: 'no-match' };
  } else {
    const keywords = keywordsOf(rest).filter((k) => k !== 'step' && k !== 'steps');
    const scores = steps.map((step) => scoreOf(step, keywords));
    const best = Math.max(0, ...scores);
    if (best === 0) return { kind: 'not-understood', clause, reason: 'no-match' };
    const hits = scores.flatMap((score, i) => (score === best ? [i] : []));
    if (hits.length > 1) return { kind: 'not-understood', clause, reason: 'ambiguous' };
    index = hits[0] ?? 0;
  }
  if (steps.length === 1) return { kind: 'not-understood', clause, reason: 'last-step' };
  const [step] = steps.splice(index, 1);
  return { kind: 'removed', clause, step: step as PlanStep };
}

function addStep(rest: string, clause: string, steps: PlanStep[], targetOf: TargetOf): ClauseOutcome {
  const body = rest.replace(/^(?:to|that)\s+/i, '').trim();
  if (body === '' || keywordsOf(body).length === 0) return { kind: 'not-understood', clause, reason: 'no-phrase' };
  const named = /`([^`\s]+\.[A-Za-z0-9]+|[^`\s]+\/[^`\s]+)`/.exec(body)?.[1];
  const file = named ?? targetOf(body, steps);
  const sentence = body.charAt(0).toUpperCase() + body.slice(1);
  // The step names its file in backticks (what `parsePlanSteps` reads back): the mention in the text, or added.
  const text = named !== undefined ? sentence : sentence.includes(file) ? sentence.replace(file, `\`${file}\``) : `${sentence} in \`${file}\``;
  const step: PlanStep = { file, text: `${text}.` };
  // A new step goes before the closing documentation step when there is one, else last.
  const last = steps[steps.length - 1];
  const at = last !== undefined && /\.(md|mdx|txt)$/i.test(last.file) && steps.length > 1 ? steps.length - 1 : steps.length;
  steps.splice(at, 0, step);
  return { kind: 'added', clause, step };
}

/**
 * Applies review feedback to a plan's steps, oldest first: each clause of the reviewer's words (`reviewerTextOf`: in
 * the review feedback format, the comments' texts and the general text) that starts with a documented phrase
 * changes the steps; every other clause leaves them as they are and is reported as not understood
 * (`no-phrase`), as are a "skip"/"drop" naming no step (`no-match`), several steps equally (`ambiguous`) or the
 * only one left (`last-step`).
 * @param base - the fresh plan's steps (not modified).
 * @param feedback - every piece of feedback since the task, oldest first (`''` = keep planning without comments).
 * @param targetOf - picks the file of an added step whose text names none in backticks.
 */
export function applyFeedback(base: readonly PlanStep[], feedback: readonly string[], targetOf: TargetOf): FeedbackResult {
  const steps = [...base];
  const outcomes = feedback.map((piece) =>
    clausesOf(reviewerTextOf(piece)).map((clause): ClauseOutcome => {
      const rule = RULES.map((r) => ({ r, match: r.pattern.exec(clause) })).find((entry) => entry.match !== null);
      return rule?.match?.[1] ? rule.r.apply(rule.match[1], clause, steps, targetOf) : { kind: 'not-understood', clause, reason: 'no-phrase' };
    }),
  );
  return { steps, outcomes };
}

const REASONS: Record<Extract<ClauseOutcome, { kind: 'not-understood' }>['reason'], string> = {
  'no-phrase': 'not understood',
  'no-match': 'no step matches it',
  ambiguous: 'it matches more than one step; name one (e.g. “skip step 2”)',
  'last-step': 'it would leave the plan without steps',
};

/**
 * One markdown bullet saying what a clause did, for the plan's "Changes after review" section.
 * @param outcome - one entry of `FeedbackResult.outcomes`.
 */
export function outcomeLine(outcome: ClauseOutcome): string {
  const quoted = `“${outcome.clause}”`;
  if (outcome.kind === 'removed') return `- ${quoted}: removed the step “${outcome.step.text}”.`;
  if (outcome.kind === 'added') return `- ${quoted}: added the step “${outcome.step.text}”.`;
  return `- ${quoted}: ${REASONS[outcome.reason]}, so the plan is unchanged. I follow ${FEEDBACK_PHRASES.map((p) => `“${p}”`).join(', ')}.`;
}

/**
 * The latest edited plan in the feedback since the task and the pieces that came after it: the model adopts that
 * plan verbatim, then applies only the later pieces (docs/review-comments.md "Editing the plan").
 * @param feedback - every piece of feedback since the task, oldest first.
 * @returns `edited` undefined (and `later` = all feedback) when no piece carries an edited plan.
 */
export function sinceLatestEdit(feedback: readonly string[]): { edited: string | undefined; later: string[] } {
  for (let i = feedback.length - 1; i >= 0; i -= 1) {
    const edit = parseReviewFeedback(feedback[i] ?? '').edit;
    if (edit !== undefined) return { edited: edit.plan, later: feedback.slice(i + 1) };
  }
  return { edited: undefined, later: [...feedback] };
}
