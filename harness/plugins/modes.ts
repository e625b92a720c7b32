/**
 * The session-modes plugin `mode` (seed 002; docs/upstream-spec.md §2, E0): named, logged, per-agent modes, `plan`
 * the first. The mode lives in the log as whole-value `mode/set {mode}`; in memory only one pending intent per
 * agent, flushed at prompt submit and turn continuation with one coalesced notice when the last request header told
 * another mode. It renders `mode:policy` (order 50) outside the default mode, offers `exit_plan_mode` only in
 * `plan`, and registers `/<name>` per definition plus `/mode <name>`. Guidance only: it never gates another tool.
 */
import type { SessionEvent } from '../../src/core/log/types.ts';
import { DEFAULT_MODE, foldMode, MODE_VALUE, PLAN_MODE } from '../../src/core/modes/fold.ts';
import { createModeProjection, MODE_COMMAND_NAME, MODE_NAME_PATTERN, modeCommandTarget, type ModeFoldState } from '../../src/core/modes/projection.ts';
import type { ProjectionUnit } from '../../src/core/projection.ts';
import type { ModeState, ToolView } from '../../src/core/protocol/methods.ts';
import type { CommandDefinition } from '../commands.ts';
import type { SessionLog } from '../log.ts';
import type { PromptSection } from '../prompt.ts';
import { z } from 'zod';
import { parseConfig, sectionSchema, strictConfigObject } from './config-schema.ts';
import type { PluginEnv } from './plugin-env.ts';
import type { ToolDefinition } from '../tools.ts';
import { createExitPlanTool, EXIT_TEXTS, exitToolViewOf } from './exit-plan-tool.ts';
import { createSelections, narratedSwitch } from './selections.ts';

/** Plugin id and package name in a harness config (seed 002 "Config"). */
export const MODES_PLUGIN_ID = 'mode';
/** Package name of the session-modes plugin in a harness config (seed 002 "Config"). */
export const MODES_PLUGIN_NAME = '@deepseek-ai/dsh-mode';
/** Section name and order (seed 002 "What a mode carries"). */
export const MODE_POLICY_SECTION = 'mode:policy';
/** Prompt order of the `mode:policy` section (seed 002). */
export const MODE_POLICY_ORDER = 50;

/** The built-in `plan` definition's section (seed 002 "Plan-mode policy section"; our wording). */
export const BUILTIN_PLAN_SECTION =
  'You are in plan mode: a planning state. Explore, analyse and design; reading files is fine, but hold off on ' +
  'changes: edits belong in the plan and are carried out after it is approved, not in this mode. When a decision ' +
  'or a missing detail blocks the plan, ask the user with ask_user_question. Deliver the finished plan by calling ' +
  'exit_plan_mode with markdown that starts with a "# " heading naming it; that call puts it in front of the user ' +
  'for review, so prefer it to pasting the plan as a reply. If exit_plan_mode is unavailable or its review fails, ' +
  'ask the user to switch the session out of plan mode instead of pressing on.';

/** The coalesced notice naming the new mode (seed 002 `ctx.modes`; our wording). */
export function modeNoticeText(mode: string): string {
  return mode === DEFAULT_MODE ? 'The user switched this session back to the default mode.' : `The user switched this session to ${mode} mode.`;
}

/** Command result texts of `/<name>` and `/mode` (our wording). */
export const MODE_COMMAND_TEXTS = {
  switching: (mode: string) => `Switching to ${mode} mode; it applies from the agent's next turn or step.`,
  already: (mode: string) => `Already in ${mode} mode.`,
  staying: (mode: string) => `Staying in ${mode} mode; the pending switch is cancelled.`,
  show: (state: ModeState, modes: readonly string[]) =>
    `Mode: ${state.current}${state.pending !== undefined && state.pending !== state.current ? ` (switching to ${state.pending})` : ''}. ` +
    `Modes: ${modes.join(', ')}.`,
} as const;

/** One mode definition: exactly `{section}` (seed 002 "Config": the vocabulary is exactly `{ section }`). */
export interface ModeDefinition {
  section: string;
}

/** Resolved plugin config: the definitions in list order, `plan` first (built-in unless overridden). */
export interface ModesConfig {
  modes: Record<string, ModeDefinition>;
}

/**
 * Validate the plugin config at load (seed 002 "Config", docs/upstream-spec.md §2).
 * @param config - the entry's `config`: `undefined` (the built-in `plan` only) or `{modes: {<name>: {section}}}`
 * @returns a detached config whose `modes` holds the built-in `plan` (unless overridden) and then the others in
 *   config order; `default` is never a key
 * @throws ConfigError naming the field (`modes.review.section: expected a string`) for: a non-object config or
 *   `modes`, an unknown top-level key, `default` or `mode` as a name, a name not matching `^[a-z][a-z0-9_-]*$`, a
 *   definition that is not an object, any definition key other than `section` (a tools list or an access cap
 *   included), a missing, non-string or blank section
 */
export function resolveModesConfig(config: unknown): ModesConfig {
  const parsed = parseConfig(modesConfigSchema, config);
  const modes: Record<string, ModeDefinition> = { [PLAN_MODE]: { section: BUILTIN_PLAN_SECTION } };
  for (const [name, definition] of Object.entries(parsed?.modes ?? {})) modes[name] = { section: definition.section };
  return { modes };
}

/** Why a configured mode name is refused, or `undefined` when it may be defined (seed 002 "Config"). */
function modeNameRefusal(name: string): string | undefined {
  if (name === DEFAULT_MODE) return '"default" is the absence of a mode and cannot be defined';
  if (name === MODE_COMMAND_NAME) return '"mode" is reserved for the /mode command';
  if (!MODE_NAME_PATTERN.test(name)) return `a mode name must match ${MODE_NAME_PATTERN.source}`;
  return undefined;
}

/**
 * The session-modes plugin's config schema (seed 002 "Config"): absent, or exactly `{modes?: {<name>: {section}}}`,
 * where a name matches `^[a-z][a-z0-9_-]*$` and is neither `default` nor `mode`, and a definition is exactly a
 * non-blank `section` (no tools list, no access cap).
 */
export const modesConfigSchema = strictConfigObject(
  {
    modes: z
      .record(z.string(), strictConfigObject({ section: sectionSchema }, 'an object {section} (a mode carries only a section)'), {
        error: 'expected an object of {<name>: {section}}',
      })
      .superRefine((modes, ctx) => {
        for (const name of Object.keys(modes)) {
          const refusal = modeNameRefusal(name);
          if (refusal !== undefined) ctx.addIssue({ code: 'custom', path: [name], message: refusal });
        }
      })
      .optional(),
  },
  'an object {modes: {<name>: {section}}}',
).optional();

/** `ctx.modes` (seed 002 "`ctx.modes`"). Agent ids are session ids. */
export interface ModesService {
  /** The selectable vocabulary: `['default', ...configured]` (plan first unless the config reorders nothing). */
  list(): string[];
  /**
   * `{current, pending?}`: `current` is the folded mode (a name the config no longer defines reads as `default`);
   * `pending` is the target of the recorded intent, present only while one exists.
   * @throws Error for an unknown agent
   */
  get(agentId: string): ModeState;
  /**
   * Record a pending intent (never appends): `noop` when `mode` equals the current target (`pending ?? current`),
   * else `queued` (a switch back to the mode in force stays as a net-zero marker that flushes nothing).
   * @throws Error naming the allowed modes for a name `list()` lacks (`default` is always valid); Error for an unknown agent
   */
  set(agentId: string, mode: string): 'queued' | 'noop';
  /**
   * A seam of the loop (prompt submit, turn continuation): append `mode/set` for the pending intent unless it is
   * net-zero, then, for a user switch, one notice when the last `request/header` described another mode. Does
   * nothing when disposed, aborted, or nothing is pending. A throwing append is contained: one `warn`, the intent stays.
   */
  flush(agentId: string, signal?: AbortSignal): void;
  /** Record an intent without narration (an approved exit back to `default`). */
  queueSilent(agentId: string, mode: string): void;
}

/** What the plugin is mounted with: the engine seams and its resolved config. */
export interface ModesDeps extends PluginEnv {
  config: ModesConfig;
}

/** The mounted plugin. */
export interface ModesPlugin {
  service: ModesService;
  /** `mode:policy` at order 50: the section of the mode in force, empty in `default` or without an agent. */
  section: PromptSection;
  /** `exit_plan_mode`; list it only where {@link ModesPlugin.offersExitTool} says so. */
  tool: ToolDefinition;
  /** Whether the exit tool is offered to an agent's next request: only while its folded mode is `plan`. */
  offersExitTool(agentId: string | undefined): boolean;
  /** The `mode` projection unit over this deployment's vocabulary. */
  projection: ProjectionUnit<ModeFoldState, ModeState, 'mode'>;
  /** The wire card of an `exit_plan_mode` call or result row; `undefined` for any other row. */
  viewOf(event: SessionEvent, events: readonly SessionEvent[]): ToolView | undefined;
  /** Remove the commands, stop flushing; an in-flight review then fails with the reload message. */
  dispose(): void;
}

/**
 * Mount the session-modes plugin.
 * @param deps - engine seams and the resolved config
 */
export function createModesPlugin(deps: ModesDeps): ModesPlugin {
  const names = Object.keys(deps.config.modes);
  const vocabulary = [DEFAULT_MODE, ...names];
  const selections = createSelections(MODE_VALUE);
  let disposed = false;

  const logOrThrow = (agentId: string): SessionLog => {
    const log = deps.logOf(agentId);
    if (!log) throw new Error(`unknown agent "${agentId}"`);
    return log;
  };
  const inForce = (events: readonly SessionEvent[], end?: number): string => {
    const raw = foldMode(events, end);
    return Object.prototype.hasOwnProperty.call(deps.config.modes, raw) ? raw : DEFAULT_MODE;
  };

  const notice = (log: SessionLog): void => {
    const target = narratedSwitch(log.events, inForce);
    if (target === undefined) return;
    const text = modeNoticeText(target);
    log.append({
      type: 'user/message',
      data: {
        content: [{ type: 'text', text }],
        source: { kind: 'plugin', plugin: MODES_PLUGIN_ID, form: 'notice', summary: text },
        role: 'user',
        id: deps.newId(),
      },
      surfaceOp: 'append',
    });
  };

  const service: ModesService = {
    list: () => [...vocabulary],

    get(agentId) {
      const log = logOrThrow(agentId);
      const entry = selections.pendingOf(agentId);
      return entry ? { current: inForce(log.events), pending: entry.target } : { current: inForce(log.events) };
    },

    set(agentId, mode) {
      if (!vocabulary.includes(mode)) throw new Error(`unknown mode "${mode}"; the modes are: ${vocabulary.join(', ')}`);
      const log = logOrThrow(agentId);
      if (mode === selections.targetOf(agentId, inForce(log.events))) return 'noop';
      selections.select(agentId, mode, true);
      return 'queued';
    },

    flush(agentId, signal) {
      if (disposed || signal?.aborted) return;
      const log = deps.logOf(agentId);
      if (!log) return;
      const commit = selections.commit(agentId, log, inForce(log.events));
      if (commit.kind === 'failed') deps.logger.warn(`mode: could not log mode/set for ${agentId}; the intent stays pending`, commit.error);
      if (commit.kind !== 'committed' || !commit.narrate) return;
      try {
        notice(log);
      } catch (error) {
        deps.logger.warn(`mode: could not log the switch notice for ${agentId}`, error);
      }
    },

    queueSilent(agentId, mode) {
      selections.select(agentId, mode, false);
    },
  };

  const section: PromptSection = {
    name: MODE_POLICY_SECTION,
    order: MODE_POLICY_ORDER,
    render(agentId) {
      if (agentId === undefined || disposed) return '';
      const log = deps.logOf(agentId);
      if (!log) return '';
      return deps.config.modes[inForce(log.events)]?.section ?? '';
    },
  };

  const offersExitTool = (agentId: string | undefined): boolean => {
    if (agentId === undefined || disposed) return false;
    const log = deps.logOf(agentId);
    return log !== undefined && inForce(log.events) === PLAN_MODE;
  };

  const tool = createExitPlanTool({
    description:
      'Present your complete plan to the user for review (offered only in plan mode). The user either approves it ' +
      '(plan mode ends and you carry out the plan from your next step) or keeps planning (their feedback comes ' +
      'back in the result).',
    inPlan: (events) => inForce(events) === PLAN_MODE,
    questions: deps.questions,
    noChannelText: EXIT_TEXTS.noChannel.replace('/plan off', '/mode default'),
    isDisposed: () => disposed,
    approve: (agentId) => service.queueSilent(agentId, DEFAULT_MODE),
  });

  const switchText = (agentId: string, mode: string): string => {
    const state = service.get(agentId);
    if (state.current !== mode) return MODE_COMMAND_TEXTS.switching(mode);
    return state.pending === mode ? MODE_COMMAND_TEXTS.staying(mode) : MODE_COMMAND_TEXTS.already(mode);
  };

  const perMode: CommandDefinition[] = names.map((name) => ({
    name,
    description: `Switch to ${name} mode`,
    input: { hint: '[message]' },
    run(context) {
      service.set(context.agentId, name);
      const message = context.rawInput.trim();
      if (message !== '') context.defer(() => deps.steer(context.agentId, [{ type: 'text', text: message }]));
      return { kind: 'success', text: switchText(context.agentId, name) };
    },
  }));
  const modeCommand: CommandDefinition = {
    name: MODE_COMMAND_NAME,
    description: 'Show or switch the collaboration mode',
    input: { hint: `[${vocabulary.join('|')}]` },
    run(context) {
      const word = context.rawInput.trim();
      if (word === '') return { kind: 'success', text: MODE_COMMAND_TEXTS.show(service.get(context.agentId), vocabulary) };
      const target = modeCommandTarget(MODE_COMMAND_NAME, context.rawInput, vocabulary);
      if (target === undefined || word !== target) {
        return { kind: 'error', text: `unknown mode "${word}"; the modes are: ${vocabulary.join(', ')}` };
      }
      service.set(context.agentId, target);
      return { kind: 'success', text: switchText(context.agentId, target) };
    },
  };
  const unregister = deps.commands ? [...perMode, modeCommand].map((command) => deps.commands!.register(command)) : [];

  return {
    service,
    section,
    tool,
    offersExitTool,
    projection: createModeProjection(vocabulary),
    viewOf: exitToolViewOf,
    dispose() {
      if (disposed) return;
      disposed = true;
      for (const remove of unregister) remove();
      selections.clear();
    },
  };
}
