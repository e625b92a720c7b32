/**
 * The engine seams a collaboration-state plugin (plan-mode, session modes) is mounted with. The harness builds one
 * `PluginEnv` and hands it to whichever variant its config selects.
 */
import type { ContentBlock } from '../../src/core/log/types.ts';
import type { CommandRegistry } from '../commands.ts';
import type { SessionLog } from '../log.ts';
import type { UserQuestionService } from '../questions.ts';

/** What a plugin needs from the engine, besides its own config. */
export interface PluginEnv {
  /** The log of an agent (= session), or `undefined` for an unknown agent. */
  logOf(agentId: string): SessionLog | undefined;
  /** The questions service, when composed (the `exit_plan_mode` review; docs/upstream-spec.md §1.9 check 4). */
  questions: UserQuestionService | undefined;
  /** The command registry, when composed (the plugin's commands are registered only then; §1.8). */
  commands: CommandRegistry | undefined;
  /** `agent.steer`: add a user message to the agent's next step (starts a turn when idle). */
  steer(agentId: string, content: ContentBlock[]): void;
  /** Where contained failures (a throwing append at a boundary) are reported. */
  logger: { warn(message: string, ...details: unknown[]): void };
  /** A fresh unique id. */
  newId(): string;
}
