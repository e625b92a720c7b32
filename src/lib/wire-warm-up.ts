/**
 * The wire schemas' warm-up: the schemas are built on first use (`lazily`, `lazyEntries`, src/core/zod.ts), so the
 * first load builds none it does not need; but then the first frames of a kind build theirs, and a page's first review
 * is such a frame: its `question/requested` payload, the `session/event` that carries the plan's tool call, and the
 * events' payload schemas were built and first run inside the card's frame (about 2 ms of its 10, against 0.3 ms for
 * a later card of the page, in CPU profiles of 6 first and 6 later cards, `npm run bench:browser`'s fixture). Once the
 * page is idle after its first paint every wire schema is built and run once, one schema a step (`runStepsAtIdle`).
 */
import { KNOWN_EVENT_TYPES, isKnownEventValid } from '../core/log/schemas.ts';
import * as envelopes from '../core/protocol/envelopes.ts';
import * as frames from '../core/protocol/frames.ts';
import { methods } from '../core/protocol/methods.ts';
import * as questions from '../core/questions/types.ts';
import { parseHostFrame, parseMuxFrame } from './downlink.ts';

/** Anything with `safeParse` (a zod schema). */
type Parser = { safeParse(value: unknown): unknown };

const isParser = (value: unknown): value is Parser => typeof value === 'object' && value !== null && typeof (value as Partial<Parser>).safeParse === 'function';

/**
 * The warm-ups' id, as the session id and the rpcId of their frames and cards (this one's, the data layer's in
 * src/session/warm-up.ts, the dock's in src/app/dock-warm-up.tsx): never a host's (host ids are UUIDs or `session-…`).
 */
export const WARM_UP_ID = 'ui-plan-warm-up';

/** A `server-request` envelope around a mux frame, as a socket message. */
const envelope = (payload: object): string => JSON.stringify({ type: 'server-request', rpcId: WARM_UP_ID, method: 'mux', payload });

/** A plan review as `exit_plan_mode` asks it (a question item): read here, and shown to the data layer's warm-up. */
export const WARM_UP_REVIEW: questions.QuestionItem = {
  id: 'plan-review',
  header: 'Plan review',
  question: 'Approve this plan?',
  detail: '# Plan\n\n1. Add the flag',
  options: [{ label: 'Approve' }, { label: 'Keep planning', description: 'Stay in plan mode' }],
  intent: { kind: 'plan-review', approve: 'Approve' },
};

/** A generic question (a question item): read here, and shown to the data layer's and the dock's warm-ups. */
export const WARM_UP_QUESTION: questions.QuestionItem = {
  id: 'q1',
  header: 'Choice',
  question: 'Which one?',
  detail: 'Pick **one**.',
  options: [{ label: 'One', description: 'The first' }, { label: 'Two' }],
};

/**
 * The frames a first review arrives with, read as the downlink reads them (never applied anywhere): the plan's tool
 * call as a `session/event` and the review's `question/requested`.
 */
const SAMPLE_FRAMES: readonly string[] = [
  envelope({
    type: 'session/event',
    sessionId: WARM_UP_ID,
    event: {
      type: 'assistant/message',
      seq: 1,
      data: {
        turn: 1,
        step: 1,
        message: {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Plan.' },
            { type: 'tool-call', id: 'c', name: 'exit_plan_mode', arguments: '{}' },
          ],
        },
      },
    },
  }),
  envelope({
    type: 'question/requested',
    sessionId: WARM_UP_ID,
    questions: [WARM_UP_REVIEW],
  }),
  envelope({ type: 'question/requested', sessionId: WARM_UP_ID, questions: [WARM_UP_QUESTION] }),
];

/**
 * The events a turn that ends in a plan review logs, up to the `exit_plan_mode` call, as `[type, data]` (valid
 * payloads): checked here, and applied by the data layer's warm-up (`sessionWarmUpSteps`, src/session/warm-up.ts).
 */
export const WARM_UP_TURN: readonly (readonly [string, unknown])[] = [
  ['command/run', { commandId: 'c1', name: 'plan', args: 'Add a flag', source: { kind: 'user' } }],
  ['command/done', { commandId: 'c1', kind: 'success', text: 'Plan mode on.' }],
  ['plan/mode', { active: true }],
  ['user/message', { content: [{ type: 'text', text: 'Add a flag' }], source: { kind: 'user' }, id: 'm1' }],
  ['turn/start', { turn: 1, trigger: {} }],
  ['step/start', { turn: 1, step: 1 }],
  ['request/header', { header: { config: {} }, reason: 'initial' }],
  [
    'assistant/message',
    {
      turn: 1,
      step: 1,
      message: {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Here is the plan.' },
          { type: 'tool-call', id: 'c2', name: 'exit_plan_mode', arguments: '{"plan":"# Plan\\n\\n1. Add the flag"}' },
        ],
      },
    },
  ],
  ['tool/call', { turn: 1, step: 1, callId: 'c2', name: 'exit_plan_mode', arguments: '{"plan":"# Plan\\n\\n1. Add the flag"}' }],
];

/** What the turn logs once the review is answered (checked, never applied). */
const AFTER_REVIEW: readonly (readonly [string, unknown])[] = [
  ['tool/result', { turn: 1, step: 1, callId: 'c2', content: [{ type: 'text', text: 'Approved.' }], isError: false }],
  ['step/end', { turn: 1, step: 1 }],
  ['turn/end', { turn: 1, reason: { kind: 'stop' } }],
];

/**
 * The warm-up's steps: read the sample frames, check the sample events and each known event kind's payload, and build and run every exported
 * envelope, frame, question and method schema once (each on `{}`: what fails is thrown away; building is the point).
 * Nothing is kept but the built schemas; no step throws.
 * @returns the steps, in order, for `runStepsAtIdle`
 */
export function wireWarmUpSteps(): (() => void)[] {
  const steps: (() => void)[] = SAMPLE_FRAMES.map((text) => () => void parseMuxFrame(text));
  steps.push(() => void parseHostFrame(envelope({ type: 'host/session-status', sessionId: WARM_UP_ID, running: false })));
  for (const [type, data] of [...WARM_UP_TURN, ...AFTER_REVIEW]) steps.push(() => void isKnownEventValid(type, data));
  for (const type of KNOWN_EVENT_TYPES) steps.push(() => void isKnownEventValid(type, {}));
  const exported: unknown[] = [...Object.values(envelopes), ...Object.values(frames), ...Object.values(questions)];
  for (const schema of exported) if (isParser(schema)) steps.push(() => void schema.safeParse({}));
  for (const name of Object.keys(methods) as (keyof typeof methods)[])
    steps.push(() => {
      const { payload, value } = methods[name] as { payload: Parser; value: Parser };
      payload.safeParse({});
      value.safeParse({});
    });
  return steps;
}
