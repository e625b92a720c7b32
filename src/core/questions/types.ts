/**
 * User-question types shared by the harness question service, the wire and the client
 * (docs/upstream-spec.md §3.1). An intent changes presentation only; the answer encoding never depends on it.
 */
import { lazily, z } from '../zod.ts';

/** One offered option; `label` is both the display text and the returned value. */
export const questionOptionSchema = lazily(() =>
  z.looseObject({
    label: z.string().check(z.minLength(1)),
    description: z.optional(z.string()),
  }),
);
/** The parsed shape of {@link questionOptionSchema}. */
export type QuestionOption = z.infer<typeof questionOptionSchema>;

/**
 * Presentation intent. The only kind this product knows is `plan-review` (docs/upstream-spec.md §3.1, E3);
 * any other tagged object is carried through so the generic flow can still answer it (docs/upstream-spec.md §3.6:
 * "an intent never removes a reachable answer").
 */
export const questionIntentSchema = lazily(() => z.looseObject({ kind: z.string().check(z.minLength(1)), approve: z.optional(z.string()) }));
/**
 * A presentation intent: the known `plan-review`, or any other tag carried through untouched.
 * @public wire vocabulary (docs/upstream-spec.md §3.1)
 */
export type QuestionIntent = { kind: 'plan-review'; approve: string } | { kind: string; approve?: string; [key: string]: unknown };

/** One question of a batch. `multiSelect` absent means single-select; `detail` is markdown. */
export const questionItemSchema = lazily(() =>
  z.looseObject({
    id: z.string().check(z.minLength(1)),
    question: z.string(),
    detail: z.optional(z.string()),
    header: z.optional(z.string()),
    options: z.optional(z.array(questionOptionSchema)),
    multiSelect: z.optional(z.boolean()),
    intent: z.optional(questionIntentSchema),
  }),
);
/** The parsed shape of {@link questionItemSchema}. */
export type QuestionItem = z.infer<typeof questionItemSchema>;

/** One answered item: `selected` labels plus optional free text (docs/upstream-spec.md §3.1). */
export const answerItemSchema = lazily(() =>
  z.object({
    id: z.string(),
    selected: z.array(z.string()),
    custom: z.optional(z.string()),
  }),
);
/** The parsed shape of {@link answerItemSchema}. */
export type AnswerItem = z.infer<typeof answerItemSchema>;

/** A whole answer: exactly one item per question, in order. */
export const questionAnswerSchema = lazily(() => z.object({ answers: z.array(answerItemSchema) }));
/** The parsed shape of {@link questionAnswerSchema}. */
export type QuestionAnswer = z.infer<typeof questionAnswerSchema>;

/** The plan-review question id (docs/upstream-spec.md §1.10). */
export const PLAN_REVIEW_ID = 'plan-review';
/** The approving option label of the plan review (docs/upstream-spec.md §1.10). */
export const APPROVE_LABEL = 'Approve';
/** The declining option label of the plan review (docs/upstream-spec.md §1.10). */
export const KEEP_PLANNING_LABEL = 'Keep planning';
/** The plan review question's `header` (docs/upstream-spec.md §1.10). */
export const PLAN_REVIEW_HEADER = 'Plan review';
