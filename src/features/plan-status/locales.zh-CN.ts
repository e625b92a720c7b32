/** Simplified Chinese copy of `locales.ts` beside it: part of the zh-CN language pack, loaded only for that language. */
import type { PlanStatusCopy } from './locales.ts';

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
  planPendingNote: (active, running) => `计划模式将${running ? '在智能体的下一步' : '随你的下一条消息'}${active ? '开启' : '关闭'}`,
  planCostNote: (tokens) =>
    tokens === undefined
      ? '计划模式给每次请求增加的内容尚不可知：本会话还没有记录计划模式开启和关闭时的请求'
      : `计划模式开启时每次请求约增加 ${tokens} 个 token；切换会使顺序 50 起的缓存失效`,
  planCostShort: (tokens) => (tokens === undefined ? '计划模式开销：尚不可知' : `计划模式：每次请求 +${tokens} token`),
  reviewPendingReason: '请先对待审的计划做出决定',
  readOnlyMarker: '只读',
  unknownCommand: (line) => `未知命令：${line}`,
  commandFailed: '命令执行失败',
  working: '正在切换…',
  modeLabel: modeLabelZh,
  pendingMark: '（待生效）',
  modeBadge: ({ current, pending }) =>
    pending !== undefined && pending !== current ? `${modeNameZh(current)}，正在切换到${modeNameZh(pending)}（待生效）` : modeNameZh(current),
  modeBadgeShort: ({ current, pending }) =>
    pending !== undefined && pending !== current ? `${modeNameZh(current)} → ${modeNameZh(pending)}（待生效）` : modeNameZh(current),
  modePendingNote: (mode, running) => `${modeNameZh(mode)}将${running ? '在智能体的下一步' : '随你的下一条消息'}生效`,
  modesUnavailable: (message) => `无法加载模式列表：${message}`,
};
