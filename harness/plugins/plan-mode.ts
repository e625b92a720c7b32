/**
 * The plan-mode plugin (docs/upstream-spec.md §1.3–§1.10, E3 where eras differ; no images, no Code Mode; seed 000).
 * State lives in the log as whole-value `plan/mode {active}`; in memory only the pending selection per agent
 * (committed at the next pre-step boundary, or at once when idle; restored from the log after a restart) and a notice
 * owed by an idle commit. It contributes `plan:policy` (order 50), the always-listed `exit_plan_mode` tool with its
 * review question, the `/plan` command and the tool cards. It never blocks or filters another tool.
 */
import { planCommandArgs } from '../../src/core/commands/grammar.ts';
import type { SessionEvent } from '../../src/core/log/types.ts';
import { foldPlanMode, PLAN_MODE_VALUE } from '../../src/core/plan/fold.ts';
import type { PlanState, SetOutcome, ToolView } from '../../src/core/protocol/methods.ts';
import type { StepMessage } from '../agent.ts';
import type { CommandDefinition } from '../commands.ts';
import { openTurnOf } from '../folds/turns.ts';
import type { SessionLog } from '../log.ts';
import type { PromptSection } from '../prompt.ts';
import { parseConfig, sectionSchema, strictConfigObject } from './config-schema.ts';
import type { PluginEnv } from './plugin-env.ts';
import type { ToolDefinition } from '../tools.ts';
import { createExitPlanTool, EXIT_TEXTS, exitToolViewOf } from './exit-plan-tool.ts';
import { createSelections, narratedSwitch } from './selections.ts';

/** Plugin id and package name in a harness config (seed 000 "Configuration"). */
export const PLAN_MODE_PLUGIN_ID = 'plan-mode';
/** Package name of the plan-mode plugin in a harness config. */
export const PLAN_MODE_PLUGIN_NAME = '@deepseek-ai/dsh-plan-mode';
/** Section name and order (docs/upstream-spec.md §1.3). */
export const PLAN_POLICY_SECTION = 'plan:policy';
/** Prompt order of the `plan:policy` section (docs/upstream-spec.md §1.3). */
export const PLAN_POLICY_ORDER = 50;

/** Built-in section text, used when no config is given (our wording). */
export const DEFAULT_PLAN_SECTION =
  'You are in plan mode. Explore the workspace and design the change before doing it: read what you need, ' +
  'ask the user when a decision is theirs, and do not start the implementation yet. When the plan is complete, ' +
  'present it with exit_plan_mode as markdown starting with a "# " heading that names it. The user either ' +
  'approves it (then carry it out from your next step) or keeps planning with feedback.';

/** Notice texts (docs/upstream-spec.md §1.7: two fixed one-sentence texts; as the real dsh 0.1.0-rc.8 plugin words them). */
export const NOTICE_ON = 'The user switched this session to plan mode.';
/** Notice text for a switch back to the default mode (docs/upstream-spec.md §1.7). */
export const NOTICE_OFF = 'The user switched this session back to the default mode.';

/**
 * `/plan` result texts (docs/upstream-spec.md §1.8 outcome table), word for word as a real dsh 0.1.0-rc.8 host answers
 * `commands/execute` (testing/protocol-scenarios.ts "as a real dsh host words it").
 */
export const PLAN_TEXTS = {
  onCommitted: 'Plan mode on. Use /plan off to leave.',
  onLater: 'Entering plan mode (applies from the next step). Use /plan off to leave.',
  offCommitted: 'Plan mode off.',
  offQueued: 'Leaving plan mode (applies from the next step).',
  offCancelled: 'Plan mode entry cancelled.',
  offAlready: 'Plan mode is already inactive.',
  offImages: 'Image attachments cannot accompany /plan off.',
} as const;

/** Resolved plugin config: exactly `{section}` (docs/upstream-spec.md §1.3). */
export interface PlanModeConfig {
  section: string;
}

/**
 * The plan-mode plugin's config schema (docs/upstream-spec.md §1.3; §6 items 1–3): exactly `{section}`, a non-blank string.
 */
export const planModeConfigSchema = strictConfigObject({ section: sectionSchema }, 'an object {section}');

/**
 * Validate the plugin config at load (docs/upstream-spec.md §1.3; §6 items 1–3) through {@link planModeConfigSchema}.
 * @param config - the `config` value of the plugin entry
 * @returns a detached `{section}` copy
 * @throws ConfigError naming the field: `config: expected an object {section}`, `section: missing`,
 *   `section: expected a string`, `section: must not be blank`, `config: unknown key(s): tools, mode`
 */
export function resolvePlanModeConfig(config: unknown): PlanModeConfig {
  return parseConfig(planModeConfigSchema, config);
}

/** A pending selection: the target, and whether committing it narrates a notice (user switch) or not (approved exit). */
export interface PendingSelection {
  active: boolean;
  narrate: boolean;
}

/** `ctx.planMode` (docs/upstream-spec.md §1.4–§1.6). Agent ids are session ids. */
export interface PlanModeController {
  /** `{active, pending?}`: `active` is the log fold; `pending` (the target) only while a selection exists (§1.4). */
  get(agentId: string): PlanState;
  /**
   * Select a state (§1.5): `noop` when `active` equals the target; in an open turn `queued` or `cancelled`
   * (net-zero marker kept); when idle `cancelled` (leftover entry dropped) or `committed` (appended now; the
   * notice of §1.7 is owed to the next step's messages, as the real host injects it, not appended now).
   * @throws Error for an unknown agent, and whatever the log append throws on an idle commit (the entry stays)
   */
  set(agentId: string, active: boolean): SetOutcome;
  /**
   * The pre-step boundary (§1.6 E3): commit the pending selection (append `plan/mode` unless net-zero), then the
   * notice rule of §1.7 for a narrated switch or an owed idle-commit notice, judged now against the last
   * `request/header` (so an idle on-then-off owes nothing). Does nothing when disposed or aborted. A throwing
   * append is contained: one `warn`, the selection stays pending.
   * @returns the step's messages: the notice `user/message` data, or none (the agent logs it after `step/start`)
   */
  boundary(agentId: string, signal?: AbortSignal): StepMessage[];
  /** Queue a selection without narration (an approved exit, §1.9). */
  queueSilent(agentId: string, active: boolean): void;
  /**
   * Put back a user's selection that the log shows pending after a restart (the `plan` projection, §1.11: its
   * `/plan` ran, no `plan/mode` followed), so it commits, narrated, at the next boundary instead of being lost
   * (seed 000's caveat). Does nothing when `active` already is the fold.
   * @throws Error for an unknown agent
   */
  restore(agentId: string, active: boolean): void;
  /** The pending selection, if any (for tests and diagnostics). */
  pendingOf(agentId: string): PendingSelection | undefined;
}

/** What the plugin is mounted with: the engine seams and its resolved config. */
export interface PlanModeDeps extends PluginEnv {
  config: PlanModeConfig;
}

/** The mounted plugin. */
export interface PlanModePlugin {
  controller: PlanModeController;
  section: PromptSection;
  tool: ToolDefinition;
  /**
   * The wire card of a `tool/call` or `tool/result` row of `exit_plan_mode` (§1.9 "Presentation"), derived
   * from the log; `undefined` for any other row.
   */
  viewOf(event: SessionEvent, events: readonly SessionEvent[]): ToolView | undefined;
  /** Dispose: removes the command, stops flushing; an in-flight review then fails with the reload message (§1.9 check 6). */
  dispose(): void;
}

/**
 * Mount the plan-mode plugin.
 * @param deps - engine seams
 */
export function createPlanModePlugin(deps: PlanModeDeps): PlanModePlugin {
  const selections = createSelections(PLAN_MODE_VALUE);
  let disposed = false;

  const logOrThrow = (agentId: string): SessionLog => {
    const log = deps.logOf(agentId);
    if (!log) throw new Error(`unknown agent "${agentId}"`);
    return log;
  };

  /** Agents whose idle commit owes a notice to their next step (upstream: `agent.inject` of the notice). */
  const owed = new Set<string>();

  /** §1.7: one notice when the last header told another state than the fold; none before any header. */
  const notices = (log: SessionLog): StepMessage[] => {
    const target = narratedSwitch(log.events, foldPlanMode);
    if (target === undefined) return [];
    const text = target ? NOTICE_ON : NOTICE_OFF;
    return [
      {
        content: [{ type: 'text', text }],
        source: { kind: 'plugin', plugin: PLAN_MODE_PLUGIN_ID, form: 'notice', summary: text },
        role: 'user',
        id: deps.newId(),
      },
    ];
  };

  const controller: PlanModeController = {
    get(agentId) {
      const log = logOrThrow(agentId);
      const entry = selections.pendingOf(agentId);
      const state: PlanState = { active: foldPlanMode(log.events) };
      if (entry) state.pending = entry.target;
      return state;
    },

    set(agentId, active) {
      const log = logOrThrow(agentId);
      const fold = foldPlanMode(log.events);
      if (active === selections.targetOf(agentId, fold)) return 'noop';
      if (openTurnOf(log.events) !== undefined) {
        selections.select(agentId, active, true);
        return fold === active ? 'cancelled' : 'queued';
      }
      if (active === fold) {
        selections.drop(agentId);
        return 'cancelled';
      }
      log.append(PLAN_MODE_VALUE.entry(active));
      selections.drop(agentId);
      owed.add(agentId);
      return 'committed';
    },

    boundary(agentId, signal) {
      if (disposed || signal?.aborted) return [];
      const log = deps.logOf(agentId);
      if (!log) return [];
      const commit = selections.commit(agentId, log, foldPlanMode(log.events));
      if (commit.kind === 'failed') {
        deps.logger.warn(`plan-mode: could not log plan/mode for ${agentId}; the selection stays pending`, commit.error);
        return [];
      }
      // An approved exit (narrate:false) is narrated by its tool result, never by a notice (§1.7), owed or not.
      const narrate = commit.kind === 'committed' ? commit.narrate : owed.has(agentId);
      owed.delete(agentId);
      return narrate ? notices(log) : [];
    },

    queueSilent(agentId, active) {
      selections.select(agentId, active, false);
    },

    restore(agentId, active) {
      if (active !== foldPlanMode(logOrThrow(agentId).events)) selections.select(agentId, active, true);
    },

    pendingOf(agentId) {
      const entry = selections.pendingOf(agentId);
      return entry ? { active: entry.target, narrate: entry.narrate } : undefined;
    },
  };

  const section: PromptSection = {
    name: PLAN_POLICY_SECTION,
    order: PLAN_POLICY_ORDER,
    render(agentId) {
      if (agentId === undefined || disposed) return '';
      const log = deps.logOf(agentId);
      if (!log) return '';
      return selections.targetOf(agentId, foldPlanMode(log.events)) ? deps.config.section : '';
    },
  };

  const tool = createExitPlanTool({
    // Worded as the real dsh 0.1.0-rc.8 tool, so both hosts send the same tool catalog in request/header.
    description:
      "Use only in plan mode. Present your plan for the user's review and, on approval, leave plan mode. Send the " +
      'COMPLETE plan as markdown, starting with a # heading that names it. The user may approve (carry out the plan ' +
      'from your next step) or keep planning — their feedback comes back in the tool result; revise and present again.',
    inPlan: (events) => foldPlanMode(events),
    questions: deps.questions,
    noChannelText: EXIT_TEXTS.noChannel,
    isDisposed: () => disposed,
    approve: (agentId) => controller.queueSilent(agentId, false),
  });

  const command: CommandDefinition = {
    name: 'plan',
    description: 'Enter or leave plan mode',
    input: { hint: '[off|message]', images: true },
    run(context) {
      const args = planCommandArgs(context.rawInput);
      if (args.kind === 'off') {
        if (context.images.length > 0) return { kind: 'error', text: PLAN_TEXTS.offImages };
        const foldBefore = foldPlanMode(logOrThrow(context.agentId).events);
        const outcome = controller.set(context.agentId, false);
        const text =
          outcome === 'committed'
            ? PLAN_TEXTS.offCommitted
            : outcome === 'queued'
              ? PLAN_TEXTS.offQueued
              : outcome === 'cancelled'
                ? PLAN_TEXTS.offCancelled
                : foldBefore
                  ? PLAN_TEXTS.offQueued
                  : PLAN_TEXTS.offAlready;
        return { kind: 'success', text };
      }
      const outcome = controller.set(context.agentId, true);
      // Steered inside the handler, so an idle agent's turn/start lands before command/done (real dsh host order).
      if (args.message !== '') deps.steer(context.agentId, [{ type: 'text', text: args.message }]);
      return { kind: 'success', text: outcome === 'committed' ? PLAN_TEXTS.onCommitted : PLAN_TEXTS.onLater };
    },
  };
  const unregister = deps.commands?.register(command);

  return {
    controller,
    section,
    tool,
    viewOf: exitToolViewOf,
    dispose() {
      if (disposed) return;
      disposed = true;
      unregister?.();
      selections.clear();
      owed.clear();
    },
  };
}

/**
 * The `/plan` line that asks for `active` (§1.8): `/plan` to enter, `/plan off` to leave; the picker's
 * `session.setPlanMode` runs it so the switch is logged like a typed one (§1.11: the projection shows pending).
 * @param active - the wanted state
 */
export function planCommandLine(active: boolean): string {
  return active ? '/plan' : '/plan off';
}

/**
 * The `set` outcome (§1.5) that moved the state from `before` to `after` for a request of `active`, read back from
 * `get` around a `/plan` run: `noop` when `active` was already the target, `committed` when the fold changed,
 * `cancelled` when `active` is the fold (a net-zero marker or a dropped leftover), else `queued`.
 * @param before - `get()` before the request
 * @param after - `get()` after it
 * @param active - the requested state
 */
export function setOutcomeOf(before: PlanState, after: PlanState, active: boolean): SetOutcome {
  if (active === (before.pending ?? before.active)) return 'noop';
  if (after.active !== before.active) return 'committed';
  return active === before.active ? 'cancelled' : 'queued';
}
