/**
 * The collaboration-state plugin a harness mounts — plan-mode (the default) or session modes (seed 002), from the
 * validated plugin list — and everything it contributes: the prompt sections, the tool catalog (the modes variant
 * offers `exit_plan_mode` only while the folded mode is plan), the exit tool's cards, the loop's seams, a session's
 * projection units, and a switch a restart finds pending. Nothing else in the harness asks which variant runs.
 */
import type { SessionEvent } from '../../src/core/log/types.ts';
import { createModeProjection } from '../../src/core/modes/projection.ts';
import type { ToolView } from '../../src/core/protocol/methods.ts';
import type { AgentDeps } from '../agent.ts';
import { createModesPlugin, MODES_PLUGIN_ID, resolveModesConfig, type ModesPlugin } from '../plugins/modes.ts';
import { createPlanModePlugin, DEFAULT_PLAN_SECTION, resolvePlanModeConfig, type PlanModePlugin } from '../plugins/plan-mode.ts';
import type { PluginEnv } from '../plugins/plugin-env.ts';
import type { KnownSection } from '../../src/core/model-view/fold.ts';
import { modeUnits, PLAN_UNITS, withModelView, type SessionProjections, type SessionUnits } from '../projections.ts';
import { BASE_SECTION, type PromptSection } from '../prompt.ts';
import { todoWriteTool } from '../todo-tool.ts';
import { askUserQuestionTool, listFilesTool, readFileTool, writeFileTool, type ToolDefinition } from '../tools.ts';
import type { PluginEntry } from '../types.ts';
import { MethodError } from './errors.ts';
import type { PlanVariant } from './read-only.ts';

/** The mounted plugin and what it contributes. */
export interface MountedPlugins {
  planModePlugin: PlanModePlugin | undefined;
  modesPlugin: ModesPlugin | undefined;
  /** The variant this harness runs (`undefined`: neither plugin). */
  variant: PlanVariant | undefined;
  /** The system-prompt sections, base first. */
  sections: readonly PromptSection[];
  /** The tools offered to an agent's next request. */
  toolsFor(agentId: string): readonly ToolDefinition[];
  /** The wire card of an `exit_plan_mode` row, `undefined` for any other. */
  viewOf(event: SessionEvent, events: readonly SessionEvent[]): ToolView | undefined;
  /** A session's projection units: `mode` for a session-modes log (the harness's when `variant` is undefined), else `plan`. */
  unitsFor(variant: PlanVariant | undefined, events: readonly SessionEvent[]): SessionUnits;
  /** The loop's seams: the pre-step boundary (plan-mode commit) and the two session-modes flushes. */
  seams: Pick<AgentDeps, 'preStep' | 'promptSubmit' | 'turnContinuation'>;
  /**
   * Keep pending in memory a switch the log shows pending after a restart (its command ran, nothing committed it), so
   * it commits at the next boundary instead of being lost. A mode that can no longer be set is reported, not thrown.
   */
  restorePending(sessionId: string, values: SessionProjections): void;
  /**
   * Seed an agent's initial mode as a pending intent (seed 002 `AgentOptions.mode`).
   * @throws MethodError bad-request when session modes are not enabled or the mode is not listed
   */
  seedMode(sessionId: string, mode: string): void;
}

/** The enabled plan-mode plugin. @throws MethodError bad-request when it is not enabled */
export function planModeOrThrow(plugin: PlanModePlugin | undefined): PlanModePlugin {
  if (!plugin) throw new MethodError('bad-request', 'the plan-mode plugin is not enabled on this host', { issues: [] });
  return plugin;
}

/** The enabled session-modes plugin. @throws MethodError bad-request when it is not enabled */
export function modesOrThrow(plugin: ModesPlugin | undefined): ModesPlugin {
  if (!plugin) throw new MethodError('bad-request', 'the session-modes variant is not enabled on this host', { issues: [] });
  return plugin;
}

/** Distinct mode names a log's `mode/set` events name, in first-seen order (a session-modes log under a plan-mode harness). */
function loggedModes(events: readonly SessionEvent[]): string[] {
  const names = new Set<string>();
  for (const event of events) {
    const mode = event.type === 'mode/set' ? (event.data as { mode?: unknown } | null)?.mode : undefined;
    if (typeof mode === 'string' && mode !== 'default') names.add(mode);
  }
  return [...names];
}

/**
 * Mount the plugin the list names.
 * @param entries - the validated plugin list (`resolvePlugins`); `undefined`: plan-mode with the built-in section
 * @param env - the engine seams the plugin is mounted with
 */
export function mountPlugins(entries: PluginEntry[] | undefined, env: PluginEnv): MountedPlugins {
  const planEntry = entries === undefined ? { config: { section: DEFAULT_PLAN_SECTION } } : entries.find((p) => p.id === 'plan-mode');
  const modesEntry = entries?.find((p) => p.id === MODES_PLUGIN_ID);
  const planConfig = planEntry ? resolvePlanModeConfig(planEntry.config) : undefined;
  const modesConfig = modesEntry ? resolveModesConfig(modesEntry.config) : undefined;
  const planModePlugin = planConfig ? createPlanModePlugin({ ...env, config: planConfig }) : undefined;
  const modesPlugin = modesConfig ? createModesPlugin({ ...env, config: modesConfig }) : undefined;
  const variant: PlanVariant | undefined = modesPlugin ? 'mode' : planModePlugin ? 'plan-mode' : undefined;
  const sections: PromptSection[] = [BASE_SECTION, ...(planModePlugin ? [planModePlugin.section] : []), ...(modesPlugin ? [modesPlugin.section] : [])];
  const tools: ToolDefinition[] = [
    ...(planModePlugin ? [planModePlugin.tool] : []),
    ...(modesPlugin ? [modesPlugin.tool] : []),
    askUserQuestionTool(env.questions),
    listFilesTool,
    readFileTool,
    writeFileTool,
    todoWriteTool(env.logOf),
  ];
  // The section list the model view cuts system prompts by: every text each section can render.
  const catalog: KnownSection[] = [{ name: BASE_SECTION.name, order: BASE_SECTION.order, texts: [BASE_SECTION.render(undefined)] }];
  if (planModePlugin && planConfig)
    catalog.push({ name: planModePlugin.section.name, order: planModePlugin.section.order, texts: [planConfig.section], policy: true });
  if (modesPlugin && modesConfig)
    catalog.push({
      name: modesPlugin.section.name,
      order: modesPlugin.section.order,
      texts: Object.values(modesConfig.modes).map((m) => m.section),
      policy: true,
    });
  return {
    planModePlugin,
    modesPlugin,
    variant,
    sections,
    toolsFor: (agentId) => (modesPlugin && !modesPlugin.offersExitTool(agentId) ? tools.filter((tool) => tool !== modesPlugin.tool) : tools),
    viewOf: (event, events) => (planModePlugin ? planModePlugin.viewOf(event, events) : modesPlugin?.viewOf(event, events)),
    unitsFor(logVariant, events) {
      if ((logVariant ?? variant) !== 'mode') return withModelView(PLAN_UNITS, catalog);
      return withModelView(modeUnits(modesPlugin?.projection ?? createModeProjection(['default', ...loggedModes(events)])), catalog);
    },
    seams: {
      preStep: (id, signal) => planModePlugin?.controller.boundary(id, signal),
      promptSubmit: (id, signal) => modesPlugin?.service.flush(id, signal),
      turnContinuation: (id, signal) => modesPlugin?.service.flush(id, signal),
    },
    restorePending(sessionId, values) {
      if (modesPlugin && 'mode' in values && values.mode.pending !== undefined) {
        try {
          modesPlugin.service.set(sessionId, values.mode.pending);
        } catch (error) {
          env.logger.warn(`mode: could not restore the pending mode of ${sessionId}`, error);
        }
      }
      if (planModePlugin && 'plan' in values && values.plan.pending) planModePlugin.controller.restore(sessionId, !values.plan.active);
    },
    seedMode(sessionId, mode) {
      const plugin = modesOrThrow(modesPlugin);
      try {
        plugin.service.set(sessionId, mode);
      } catch (error) {
        throw new MethodError('bad-request', error instanceof Error ? error.message : String(error), { issues: [{ path: ['mode'], message: String(error) }] });
      }
    },
  };
}
