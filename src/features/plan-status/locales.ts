/**
 * User-facing copy of the plan-status feature (badge and collaboration-mode picker, for plan mode and for the
 * session-modes variant), one `PlanStatusCopy` dictionary per interface language (English, Simplified Chinese); the plan-mode
 * badge's four labels are the shared `planBadgeLocales` (src/lib/locales.ts).
 */
import type { ModeState, SetOutcome } from '../../core/protocol/methods.ts';
import type { Dictionaries } from '../../lib/language.ts';

/** Every string the badge and the picker show. Functions take the effective target (`true` = plan mode). */
export type PlanStatusCopy = {
  pickerLabel: string;
  defaultMode: string;
  planMode: string;
  /** Outcome of `session.setPlanMode` for the requested target (upstream spec §1.5). */
  outcome: (outcome: SetOutcome, active: boolean) => string;
  reviewPendingReason: string;
  /** Short marker beside the picker of a read-only session (the full reason is its `title` and the dock's notice). */
  readOnlyMarker: string;
  unknownCommand: (line: string) => string;
  commandFailed: string;
  working: string;
  /** Display name of a session mode (`default` → "Default", `deep-dive` → "Deep-dive"). */
  modeLabel: (mode: string) => string;
  /** Accessible name of a picker radio whose value is the pending target (asked for, not yet in force). */
  pendingRadio: (label: string) => string;
  /** Badge text of the session-modes variant: the mode in force and, while asked for, the pending target. */
  modeBadge: (value: ModeState) => string;
  /** What a `session.setMode` answer means for the requested mode. */
  modeOutcome: (state: ModeState, requested: string) => string;
  /** The list of modes could not be loaded. */
  modesUnavailable: (message: string) => string;
};

const modeLabel = (mode: string): string => mode.charAt(0).toUpperCase() + mode.slice(1);

/** English copy. */
export const planStatusEn: PlanStatusCopy = {
  pickerLabel: 'Collaboration mode',
  defaultMode: 'Default',
  planMode: 'Plan',
  outcome: (outcome, active) => {
    switch (outcome) {
      case 'committed':
        return active ? 'Plan mode on' : 'Plan mode off';
      case 'queued':
        return active ? 'Entering plan mode; applies from the next step' : 'Leaving plan mode; applies from the next step';
      case 'cancelled':
        return 'Pending change cancelled';
      case 'noop':
        return active ? 'Plan mode is already on' : 'Plan mode is already off';
      default: {
        const never: never = outcome;
        return String(never);
      }
    }
  },
  reviewPendingReason: 'Decide on the plan under review first',
  readOnlyMarker: 'Read-only',
  unknownCommand: (line) => `Unknown command: ${line}`,
  commandFailed: 'The command failed',
  working: 'Switching…',
  modeLabel,
  pendingRadio: (label) => `${label} (pending)`,
  modeBadge: ({ current, pending }) =>
    pending !== undefined && pending !== current ? `${modeLabel(current)} mode, switching to ${modeLabel(pending)} (pending)` : `${modeLabel(current)} mode`,
  modeOutcome: (state, requested) => {
    if (state.current !== requested) return `Switching to ${modeLabel(requested)} mode; applies from the next turn or step`;
    return state.pending === requested ? `Staying in ${modeLabel(requested)} mode` : `Already in ${modeLabel(requested)} mode`;
  },
  modesUnavailable: (message) => `Could not load the modes: ${message}`,
};

/**
 * A mode's name in Chinese: the two built-in modes have Chinese names (upstream 默认/计划); any other mode is the
 * deployment's own name, shown as configured.
 */
const modeLabelZh = (mode: string): string => (mode === 'default' ? '默认' : mode === 'plan' ? '计划' : mode);

/** "<mode>模式", with a space after a Latin name ("计划模式", "deep-dive 模式"). */
const modeNameZh = (mode: string): string => {
  const label = modeLabelZh(mode);
  return /[\u3400-\u9fff]$/.test(label) ? `${label}模式` : `${label} 模式`;
};

/** Simplified Chinese copy (upstream terms: 计划模式, 默认/计划, 待生效). */
export const planStatusZhCN: PlanStatusCopy = {
  pickerLabel: '协作模式',
  defaultMode: '默认',
  planMode: '计划',
  outcome: (outcome, active) => {
    switch (outcome) {
      case 'committed':
        return active ? '计划模式：开' : '计划模式：关';
      case 'queued':
        return active ? '正在进入计划模式；从下一步起生效' : '正在离开计划模式；从下一步起生效';
      case 'cancelled':
        return '待生效的切换已取消';
      case 'noop':
        return active ? '计划模式已经开启' : '计划模式已经关闭';
      default: {
        const never: never = outcome;
        return String(never);
      }
    }
  },
  reviewPendingReason: '请先对待审的计划做出决定',
  readOnlyMarker: '只读',
  unknownCommand: (line) => `未知命令：${line}`,
  commandFailed: '命令执行失败',
  working: '正在切换…',
  modeLabel: modeLabelZh,
  pendingRadio: (label) => `${label}（待生效）`,
  modeBadge: ({ current, pending }) =>
    pending !== undefined && pending !== current ? `${modeNameZh(current)}，正在切换到${modeNameZh(pending)}（待生效）` : modeNameZh(current),
  modeOutcome: (state, requested) => {
    if (state.current !== requested) return `正在切换到${modeNameZh(requested)}；从下一轮或下一步起生效`;
    return state.pending === requested ? `保持${modeNameZh(requested)}` : `已经是${modeNameZh(requested)}`;
  },
  modesUnavailable: (message) => `无法加载模式列表：${message}`,
};

/** Every dictionary of the badge and the picker, by language. */
export const planStatusLocales: Dictionaries<PlanStatusCopy> = { en: planStatusEn, 'zh-CN': planStatusZhCN };
