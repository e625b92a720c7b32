/**
 * Validation of user-question traffic: the ask side (`validateQuestions`, the service's checks before a
 * provider sees the batch, docs/upstream-spec.md §3.2) and the answer side (`validateAnswer`, the host's checks
 * of a `POST /api/respond` value against the pending batch, docs/upstream-spec.md §3.3, E3 rules). Pure; the first
 * failing rule is reported.
 */
import { z } from '../zod.ts';
import { questionAnswerSchema, questionItemSchema, type QuestionAnswer, type QuestionItem } from './types.ts';

function describe(error: z.core.$ZodError, root: string): string {
  const issue = error.issues[0];
  if (issue === undefined) return `${root}: invalid`;
  return `${[root, ...issue.path.map(String)].join('.')}: ${issue.message}`;
}

/** Longest quoted value a refusal message repeats, in characters (a label or id may be long; the message stays a line). */
const QUOTE_MAX = 80;

/**
 * A value as a refusal message quotes it: JSON, cut to {@link QUOTE_MAX} characters with `…`.
 * @param value any JSON value from an untrusted body
 * @returns the quoted text
 */
export function quoteValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX - 1)}…` : text;
}

/** The path of a shape error below an answer, as the refusal names it (`answers[0].selected`). */
function describeAnswer(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'answer: invalid';
  const field = issue.path.map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`)).join('');
  return `${field === '' ? 'answer' : field}: ${issue.message}`;
}

/**
 * Check an answer against the pending batch (E3): the same number of items as questions; item `i` has
 * question `i`'s id; no label twice in one item; every label offered by its question; `custom`, when
 * present, not blank; a single-select item has at most one label and never labels together with `custom`
 * (multi-select may combine them). Unknown keys are stripped from the returned answer.
 * Source: docs/upstream-spec.md §3.3 (`bad-response` list), §3.1; §8 item 32.
 * @param questions - the pending batch, in order
 * @param answer - the `answer` value of the client response (untrusted JSON)
 * @returns `{ok:true, answer}` or `{ok:false, reason}` naming the first failing rule as `<field>: <why>`, the field a
 *   path in the answer (`answers[0].selected[1]: "Aprove" is not an option of item "plan-review"`); the receipt then
 *   says `bad-response` with this as its `message`
 */
export function validateAnswer(questions: readonly QuestionItem[], answer: unknown): { ok: true; answer: QuestionAnswer } | { ok: false; reason: string } {
  const parsed = questionAnswerSchema.safeParse(answer);
  if (!parsed.success) return { ok: false, reason: describeAnswer(parsed.error) };
  const items = parsed.data.answers;
  if (items.length !== questions.length) {
    return { ok: false, reason: `answers: expected ${questions.length} item(s), one per question, got ${items.length}` };
  }
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as QuestionAnswer['answers'][number];
    const question = questions[i] as QuestionItem;
    const at = `answers[${i}]`;
    if (item.id !== question.id) {
      return { ok: false, reason: `${at}.id: ${quoteValue(item.id)} is not the id of question ${i}, expected ${quoteValue(question.id)}` };
    }
    const name = quoteValue(item.id);
    const twice = item.selected.findIndex((label, j) => item.selected.indexOf(label) !== j);
    if (twice !== -1) {
      return { ok: false, reason: `${at}.selected[${twice}]: ${quoteValue(item.selected[twice])} repeats a label of item ${name}` };
    }
    const offered = new Set((question.options ?? []).map((option) => option.label));
    const unknown = item.selected.findIndex((label) => !offered.has(label));
    if (unknown !== -1) {
      return {
        ok: false,
        reason: `${at}.selected[${unknown}]: ${quoteValue(item.selected[unknown])} is not an option of item ${name}${offered.size === 0 ? ' (it offers none)' : ''}`,
      };
    }
    if (item.custom !== undefined && item.custom.trim() === '') {
      return { ok: false, reason: `${at}.custom: blank custom text on item ${name} (leave it out, or say something)` };
    }
    if (question.multiSelect !== true) {
      if (item.selected.length > 1) {
        return { ok: false, reason: `${at}.selected: ${item.selected.length} labels on item ${name}, a single-select question (at most one)` };
      }
      if (item.custom !== undefined && item.selected.length > 0) {
        return { ok: false, reason: `${at}.custom: item ${name} combines custom text with a label on a single-select question (one or the other)` };
      }
    }
  }
  return { ok: true, answer: parsed.data };
}

/** Error codes of the ask-side checks (docs/upstream-spec.md §3.2 names; `BAD_QUESTIONS` is ours for shape errors). */
export type QuestionsErrorCode = 'EMPTY_QUESTIONS' | 'BAD_QUESTIONS' | 'BAD_INTENT';

/**
 * Check a batch before asking: the items parse as `QuestionItem`s (`BAD_QUESTIONS`); the batch is
 * non-empty and not absent (`EMPTY_QUESTIONS`); ids are unique (`BAD_QUESTIONS`); every intent has a `detail`, and an
 * intent's `approve` (required for `plan-review`, checked whenever present) names one of the question's
 * option labels, which fails when there are no options (`BAD_INTENT`).
 * Source: docs/upstream-spec.md §3.2 checks 2 and 5; §6 item 105.
 * @param items - the `questions` value (untrusted)
 * @returns `{ok:true, questions}` or `{ok:false, code, reason}`
 */
export function validateQuestions(items: unknown): { ok: true; questions: QuestionItem[] } | { ok: false; code: QuestionsErrorCode; reason: string } {
  if (items === undefined || items === null) return { ok: false, code: 'EMPTY_QUESTIONS', reason: 'no questions to ask' };
  const parsed = z.array(questionItemSchema).safeParse(items);
  if (!parsed.success) return { ok: false, code: 'BAD_QUESTIONS', reason: describe(parsed.error, 'questions') };
  const questions = parsed.data;
  if (questions.length === 0) return { ok: false, code: 'EMPTY_QUESTIONS', reason: 'no questions to ask' };
  const ids = new Set<string>();
  for (const question of questions) {
    if (ids.has(question.id)) {
      return { ok: false, code: 'BAD_QUESTIONS', reason: `question id ${JSON.stringify(question.id)} appears twice` };
    }
    ids.add(question.id);
    const intent = question.intent;
    if (intent === undefined) continue;
    if (intent.kind === 'plan-review' || intent.approve !== undefined) {
      const labels = (question.options ?? []).map((option) => option.label);
      if (intent.approve === undefined || !labels.includes(intent.approve)) {
        return {
          ok: false,
          code: 'BAD_INTENT',
          reason: `question ${JSON.stringify(question.id)}: intent approve ${JSON.stringify(intent.approve ?? null)} names no option label`,
        };
      }
    }
    if (question.detail === undefined) {
      return { ok: false, code: 'BAD_INTENT', reason: `question ${JSON.stringify(question.id)}: an intent needs detail` };
    }
  }
  return { ok: true, questions };
}
