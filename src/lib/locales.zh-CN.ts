/** Simplified Chinese copy of `locales.ts` beside it: part of the zh-CN language pack, loaded only for that language. */
import type { ApiErrorCopy, PlanBadgeCopy } from './locales.ts';

/** Simplified Chinese copy. */
export const apiErrorZhCN: ApiErrorCopy = {
  network: '无法连接服务器；请在它恢复后重试。',
  textKept: '你输入的内容已保留。',
  tooLarge: (limitMb) => `内容过大，无法发送（上限 ${limitMb} MB）。`,
  badResponse: '服务器返回了 ui-plan 无法读取的应答。',
  connecting: '正在连接…',
  reconnecting: '正在重新连接…',
  offlineTextKept: '你输入的内容已保留',
  offlineSendsWhenBack: '连接后即发送你的消息',
  noReason: '请求失败，没有给出原因。',
};

/** Simplified Chinese plan-mode badge labels. */
export const planBadgeZhCN: PlanBadgeCopy = {
  on: '计划模式：开',
  off: '计划模式：关',
  entering: '计划模式：正在进入（待生效）',
  leaving: '计划模式：正在离开（待生效）',
};
