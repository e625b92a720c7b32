/**
 * What a request header told the model, read from the `modelView` fold: the system prompt cut into sections, the tool
 * catalog, the cache boundary against the header before it, and what plan mode adds to every request. Pure and linear
 * in the prompt's length; sizes are UTF-8 bytes measured by the caller's `measure` (tokens.ts gives the rule).
 */
import type { HeaderState, KnownSection, LoggedHeader, ModelView } from './fold.ts';

/** Name of the plan-mode section (docs/upstream-spec.md §1.3). */
export const PLAN_POLICY_SECTION = 'plan:policy';
/** Name of the session-modes section (seed 002 "What a mode carries"). */
export const MODE_POLICY_SECTION = 'mode:policy';
/** Prompt order of the policy sections (docs/upstream-spec.md §1.3). */
export const POLICY_ORDER = 50;
/** The tool plan mode always registers (docs/upstream-spec.md §1: tool schemas never change with the state). */
export const EXIT_PLAN_MODE = 'exit_plan_mode';

/**
 * One cut of a system prompt. `name`/`order` are known for the harness's own sections and for the policy span;
 * an unnamed block says on which side of the policy section it lies (`side`) when that is all that is known.
 */
export interface PromptCut {
  name?: string | undefined;
  order?: number | undefined;
  side?: 'before' | 'after' | undefined;
  policy: boolean;
  /** UTF-16 offsets into the header's `system`. */
  start: number;
  end: number;
  text: string;
}

/** Whether a header state has the collaboration section on (plan mode on, or a mode other than `default`); undefined when unknown. */
export function policyOn(state: HeaderState | undefined): boolean | undefined {
  if (state === undefined) return undefined;
  if (state.kind === 'initial') return false;
  return state.kind === 'plan' ? state.active : state.mode !== 'default';
}

/** The policy section's name for a header state (`plan:policy`, or `mode:policy` in a session-modes log). */
export function policyName(state: HeaderState | undefined): string {
  return state?.kind === 'mode' ? MODE_POLICY_SECTION : PLAN_POLICY_SECTION;
}

function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

function commonSuffix(a: string, b: string, limit: number): number {
  let i = 0;
  while (i < limit && a.charCodeAt(a.length - 1 - i) === b.charCodeAt(b.length - 1 - i)) i++;
  return i;
}

/**
 * The policy span of a dsh log: the text that differs between a header logged with the policy on and one logged with
 * it off in the same session (the off prompt is the on prompt with one span taken out). Headers the recording
 * templated are never used.
 * @param headers the session's headers
 * @returns the span's text, leading blank lines left to the section before it; undefined without such a pair
 */
export function policySpanOf(headers: readonly LoggedHeader[]): string | undefined {
  const usable = headers.filter((h) => !h.templated);
  const on = usable.filter((h) => policyOn(h.state) === true);
  const off = usable.filter((h) => policyOn(h.state) === false);
  for (const a of on)
    for (const b of off) {
      if (a.system.length <= b.system.length) continue;
      const prefix = commonPrefix(a.system, b.system);
      const suffix = commonSuffix(a.system, b.system, b.system.length - prefix);
      if (prefix + suffix !== b.system.length) continue;
      const span = a.system.slice(prefix, a.system.length - suffix);
      const trimmed = span.replace(/^\s+/, '');
      if (trimmed !== '') return trimmed.replace(/\s+$/, '');
    }
  return undefined;
}

/** Append a cut; its leading whitespace joins the cut before it (the blank line between sections ends a section). */
function push(cuts: PromptCut[], system: string, start: number, end: number, cut: Omit<PromptCut, 'start' | 'end' | 'text'>): void {
  if (end <= start) return;
  const last = cuts.at(-1);
  let from = start;
  if (last) while (from < end && /\s/.test(system[from]!)) from++;
  if (last && from > start) {
    last.end = from;
    last.text = system.slice(last.start, from);
  }
  if (from < end) cuts.push({ ...cut, start: from, end, text: system.slice(from, end) });
}

/**
 * Cut a header's system prompt into sections: by the harness's own section list when known (`catalog`), else around
 * the policy span (`policySpanOf`), else one block.
 * @param header a header that is not templated
 * @param catalog the harness's sections (may be empty)
 * @param span the session's policy span (may be undefined)
 * @returns cuts covering `system` end to end, in order
 */
export function cutSystemPrompt(header: LoggedHeader, catalog: readonly KnownSection[], span: string | undefined): PromptCut[] {
  const system = header.system;
  const cuts: PromptCut[] = [];
  if (catalog.length > 0) {
    let at = 0;
    for (const section of [...catalog].sort((a, b) => a.order - b.order)) {
      let found = -1;
      let length = 0;
      for (const text of section.texts) {
        if (text === '') continue;
        const index = system.indexOf(text, at);
        if (index >= 0 && (found < 0 || index < found)) [found, length] = [index, text.length];
      }
      if (found < 0) continue;
      push(cuts, system, at, found, { policy: false });
      push(cuts, system, found, found + length, { name: section.name, order: section.order, policy: section.policy === true });
      at = found + length;
    }
    push(cuts, system, at, system.length, { policy: false });
    if (cuts.some((c) => c.name !== undefined)) return cuts;
    cuts.length = 0;
  }
  const index = span === undefined ? -1 : system.indexOf(span);
  if (span !== undefined && index >= 0) {
    push(cuts, system, 0, index, { side: 'before', policy: false });
    push(cuts, system, index, index + span.length, { name: policyName(header.state), order: POLICY_ORDER, policy: true });
    push(cuts, system, index + span.length, system.length, { side: 'after', policy: false });
    return cuts;
  }
  push(cuts, system, 0, system.length, { policy: false });
  return cuts;
}

/** One tool of a header's catalog. */
export interface CatalogTool {
  name: string;
  description: string;
  /** The parameter schema, pretty-printed JSON ('' when none). */
  parameters: string;
  /** `exit_plan_mode`: registered whether plan mode is on or off. */
  alwaysPresent: boolean;
}

/**
 * The tool catalog of a header (`tools` is a JSON array of `{name, description, parameters}` or of
 * `{type:'function', function:{…}}`).
 * @param tools the header's `tools` string
 * @returns the tools in order, or undefined when the string is not such JSON
 */
export function toolCatalogOf(tools: string): CatalogTool[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(tools);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const list: CatalogTool[] = [];
  for (const item of parsed) {
    const raw = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
    const fn = typeof raw.function === 'object' && raw.function !== null ? (raw.function as Record<string, unknown>) : raw;
    const name = typeof fn.name === 'string' ? fn.name : '';
    const schema = fn.parameters ?? fn.input_schema ?? fn.inputSchema;
    list.push({
      name,
      description: typeof fn.description === 'string' ? fn.description : '',
      parameters: schema === undefined ? '' : JSON.stringify(schema, null, 2),
      alwaysPresent: name === EXIT_PLAN_MODE,
    });
  }
  return list;
}

/**
 * The cache boundary of a header against the one before it: the request's prefix is the config, then the system
 * prompt, then the tool catalog; everything up to the first byte that differs can be reused from the provider's
 * KV cache, nothing after it (docs/upstream-spec.md §1.3: a switch changes the prompt from order 50 on).
 */
export type CacheBoundary =
  | { changed: false; totalBytes: number }
  | {
      changed: true;
      /** UTF-8 bytes before the first difference (0 when the config changed). */
      reusableBytes: number;
      /** UTF-8 bytes of this header's system prompt and tools. */
      totalBytes: number;
      /** The section where the new part starts: a cut's name, `tools`, or undefined for an unnamed block. */
      from?: string | undefined;
      /** Whether the cut where the new part starts is the policy section. */
      fromPolicy: boolean;
    };

/**
 * @param previous the header before (undefined: the first header, everything is new)
 * @param header the header
 * @param cuts the header's cuts (`cutSystemPrompt`), and the previous header's, to name where the new part starts
 * @param measure UTF-8 length (tokens.ts `utf8Length`, or a cached figure for long texts)
 */
export function cacheBoundaryOf(
  previous: LoggedHeader | undefined,
  header: LoggedHeader,
  cuts: { current: readonly PromptCut[]; previous: readonly PromptCut[] },
  measure: (text: string) => number,
): CacheBoundary {
  const totalBytes = measure(header.system) + measure(header.tools);
  if (previous === undefined) return { changed: true, reusableBytes: 0, totalBytes, fromPolicy: false };
  const sameConfig = JSON.stringify(previous.config) === JSON.stringify(header.config);
  if (sameConfig && previous.system === header.system && previous.tools === header.tools) return { changed: false, totalBytes };
  if (!sameConfig) return { changed: true, reusableBytes: 0, totalBytes, fromPolicy: false };
  if (previous.system !== header.system) {
    const at = commonPrefix(previous.system, header.system);
    // Name the section where the two first differ (past the blank line a cut keeps at its end): a policy section added
    // or taken out first, else a named section of this header, else of the one before.
    const here = cutAt(cuts.current, header.system, at);
    const there = cutAt(cuts.previous, previous.system, at);
    const cut = [here, there].find((c) => c?.policy) ?? [here, there].find((c) => c?.name !== undefined) ?? here ?? there;
    return { changed: true, reusableBytes: measure(header.system.slice(0, at)), totalBytes, from: cut?.name, fromPolicy: cut?.policy === true };
  }
  const at = commonPrefix(previous.tools, header.tools);
  return { changed: true, reusableBytes: measure(header.system) + measure(header.tools.slice(0, at)), totalBytes, from: 'tools', fromPolicy: false };
}

function cutAt(cuts: readonly PromptCut[], system: string, at: number): PromptCut | undefined {
  let i = at;
  while (i < system.length && /\s/.test(system[i]!)) i++;
  return cuts.find((c) => i >= c.start && i < c.end);
}

/**
 * What the policy section adds to every request while on: its UTF-8 length, from the harness's own section list or
 * the session's policy span.
 * @param view the model view
 * @returns bytes, or undefined when not known yet (no catalog, and no plan-on/plan-off pair of headers)
 */
export function policyBytesOf(view: ModelView, measure: (text: string) => number): number | undefined {
  const known = view.catalog.find((s) => s.policy === true);
  const onHeader = view.headers.find((h) => !h.templated && policyOn(h.state) === true);
  if (known && onHeader) {
    const text = known.texts.find((t) => t !== '' && onHeader.system.includes(t));
    if (text !== undefined) return measure(text);
  }
  if (known && known.texts.length === 1 && known.texts[0] !== '') return measure(known.texts[0]!);
  const span = policySpanOf(view.headers);
  return span === undefined ? undefined : measure(span);
}
