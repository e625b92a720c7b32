/**
 * Payload schemas (zod) of every event kind the product reads, and the one check both the log reader and the
 * client stream store run on each event before anything folds it. Only the fields a reader relies on are
 * required; extra keys are always allowed and unknown kinds are never validated. Schemas are built on first use and
 * read by own keys only, so an event type that is an `Object.prototype` key (`constructor`, `__proto__`, `toString`,
 * …) is simply unknown.
 */
import { lazyEntries, z } from '../zod.ts';

const expected = (what: string) => ({ error: `expected ${what}` });
/** `build()` once, on the first call (the parts shared by several payload schemas). */
const once = <T>(build: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= build());
};
const num = once(() => z.number(expected('a number')));
const str = once(() => z.string(expected('a string')));
const bool = once(() => z.boolean(expected('a boolean')));
const obj = <T extends z.core.$ZodLooseShape>(shape: T) => z.looseObject(shape, expected('an object'));
const arrayOf = <T extends z.ZodMiniType>(item: T) => z.array(item, expected('an array'));

/** A content block: any kind, but `type` is a string and a `text`, when present, is a string. */
const blocks = once(() => arrayOf(obj({ type: str(), text: z.optional(str()) })));
/** A message envelope as dsh nests it (`data.message`); its content, when present, is a block list. */
const message = once(() => obj({ content: z.optional(blocks()), source: z.optional(obj({})) }));
const turnStep = () => ({ turn: num(), step: num() });

/**
 * Payload schema of each known event kind (docs/upstream-spec.md §1.1, §2, §4.5; fixtures/dsh-recordings/README.md for
 * the two recorded `assistant/message` and `tool/result` shapes and the compressed `*-chunks` rows), each built when
 * the first event of its kind is checked. Read by own keys only (`Object.hasOwn`).
 */
const knownPayloads: { readonly [type: string]: z.ZodMiniType } = lazyEntries({
  'plan/mode': () => obj({ active: bool() }),
  'mode/set': () => obj({ mode: str() }),
  'command/run': () => obj({ commandId: str(), name: str(), args: z.optional(str()), source: z.optional(obj({})) }),
  'command/done': () => obj({ commandId: str(), kind: z.enum(['success', 'error'], expected("'success' or 'error'")), text: z.optional(str()) }),
  'turn/start': () => obj({ turn: num(), trigger: z.optional(obj({})) }),
  'turn/end': () => obj({ turn: num(), reason: z.optional(obj({ kind: str(), message: z.optional(str()) })) }),
  'step/start': () => obj(turnStep()),
  'step/end': () => obj(turnStep()),
  'request/header': () => obj({ header: obj({}), reason: z.optional(str()) }),
  'user/message': () => obj({ content: blocks(), source: z.optional(obj({ kind: str() })), id: z.optional(str()) }),
  'assistant/message': () => obj({ ...turnStep(), message: z.optional(message()), content: z.optional(blocks()) }),
  'assistant/chunk': () => obj({ ...turnStep(), chunk: obj({ type: str(), index: z.optional(num()), text: z.optional(str()) }) }),
  'tool/call': () => obj({ ...turnStep(), callId: str(), name: str(), arguments: str() }),
  'tool/result': () =>
    obj({ ...turnStep(), callId: z.optional(str()), message: z.optional(message()), content: z.optional(blocks()), isError: z.optional(bool()) }),
  'todo/write': () =>
    obj({
      todos: arrayOf(obj({ content: str(), status: z.enum(['pending', 'in_progress', 'completed'], expected("'pending', 'in_progress' or 'completed'")) })),
    }),
  'session/title': () => obj({ title: str(), messageSeqs: z.optional(arrayOf(num())) }),
  'text-chunks': () => obj({ ...turnStep(), index: z.optional(num()), texts: arrayOf(str()) }),
  'reasoning-chunks': () => obj({ ...turnStep(), index: z.optional(num()), texts: arrayOf(str()) }),
  'tool-call-chunks': () => obj({ ...turnStep(), index: z.optional(num()) }),
});

/**
 * Whether dsh logs this kind of event (a kind the reader validates); own keys only, so `constructor` is not one.
 * @param type - any string
 */
export function isKnownEventType(type: string): boolean {
  return Object.hasOwn(knownPayloads, type);
}

/** Every event kind whose payload is validated, in a fixed order (tests iterate it). */
export const KNOWN_EVENT_TYPES: readonly string[] = Object.keys(knownPayloads);

function describeIssues(error: z.core.$ZodError, root: string): string {
  return error.issues.map((issue) => `${[root, ...issue.path.map(String)].join('.')}: ${issue.message}`).join('; ');
}

/**
 * Check the payload of a known event kind; extra keys are always allowed, unknown kinds always pass.
 * Source: docs/upstream-spec.md §1.1 and §6 item 73 ("expected a boolean"), §4.5.
 * @param type - the event kind, e.g. `plan/mode` (any string; prototype keys are unknown kinds)
 * @param data - the event's `data` value (any JSON)
 * @returns a reason naming the field, e.g. `data.active: expected a boolean`, or `undefined` when the payload is
 *   valid or the kind is unknown
 */
export function isKnownEventValid(type: string, data: unknown): string | undefined {
  if (!Object.hasOwn(knownPayloads, type)) return undefined;
  const result = knownPayloads[type]!.safeParse(data);
  return result.success ? undefined : describeIssues(result.error, 'data');
}

/**
 * Check a whole event as a client receives it (a `session/event` frame or a `session.history` entry): an object
 * with a non-empty string `type`, a non-negative integer `seq`, and a valid payload for a known kind.
 * Never throws, whatever the value.
 * @param value - the event as received (already JSON-parsed, or anything a caller passes)
 * @returns why it cannot be shown, naming the type and field (`user/message: data: expected an object`), or
 *   `undefined` when it can be folded
 */
export function eventIssue(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'event: expected an object';
  const record = value as Record<string, unknown>;
  const type = record.type;
  if (typeof type !== 'string' || type === '') return 'event.type: expected a non-empty string';
  const seq = record.seq;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) return `${type}: seq: expected a non-negative integer`;
  const reason = isKnownEventValid(type, record.data);
  return reason === undefined ? undefined : `${type}: ${reason}`;
}
