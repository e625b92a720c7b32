/**
 * User-facing copy shared by several features, one dictionary per interface language (English, Simplified Chinese):
 * the transport layer's failures (features show these through `describeApiError`, never the raw carrier text) and
 * the plan-mode badge labels that the header badge and the session list both show.
 */
import type { PlanBadgeState } from '../core/plan/fold.ts';
import type { Dictionaries } from './language.ts';

/** Every plain-language sentence for a failed call. */
export type ApiErrorCopy = {
  /** The request never reached the host (`network`). */
  network: string;
  /** Added to `network` where the text the user typed stays in its field. */
  textKept: string;
  /** The body was over the path's limit (`http-413`); `limitMb` in MiB, shown as "MB". */
  tooLarge: (limitMb: number) => string;
  /** The host answered something the client could not read (`bad-response`). */
  badResponse: string;
  /** The first connection of the page is not open yet. */
  connecting: string;
  /** The downlink was lost and is being reopened. */
  reconnecting: string;
  /** Added to `connecting`/`reconnecting` beside an action whose typed text stays in its field. */
  offlineTextKept: string;
  /** A failure that carries no reason at all (a rejection with `undefined`, a blank message, …). */
  noReason: string;
};

/** English copy. */
export const apiErrorEn: ApiErrorCopy = {
  network: "Can't reach the server; try again when it is back.",
  textKept: 'Your text is kept.',
  tooLarge: (limitMb) => `That is too large to send (limit ${limitMb} MB).`,
  badResponse: 'The server sent an answer ui-plan could not read.',
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  offlineTextKept: 'your text is kept',
  noReason: 'The request failed without a reason.',
};

/** Simplified Chinese copy. */
export const apiErrorZhCN: ApiErrorCopy = {
  network: '无法连接服务器；请在它恢复后重试。',
  textKept: '你输入的内容已保留。',
  tooLarge: (limitMb) => `内容过大，无法发送（上限 ${limitMb} MB）。`,
  badResponse: '服务器返回了 ui-plan 无法读取的应答。',
  connecting: '正在连接…',
  reconnecting: '正在重新连接…',
  offlineTextKept: '你输入的内容已保留',
  noReason: '请求失败，没有给出原因。',
};

/** Every dictionary of the transport's failures, by language. */
export const apiErrorLocales: Dictionaries<ApiErrorCopy> = { en: apiErrorEn, 'zh-CN': apiErrorZhCN };

/** The plan-mode badge label of each `planBadgeStateOf` state (docs/upstream-spec.md §1.11: effective target, pending told apart). */
export type PlanBadgeCopy = Record<PlanBadgeState, string>;

/** English plan-mode badge labels. */
export const planBadgeEn: PlanBadgeCopy = {
  on: 'Plan mode on',
  off: 'Plan mode off',
  entering: 'Plan mode entering (pending)',
  leaving: 'Plan mode leaving (pending)',
};

/** Simplified Chinese plan-mode badge labels. */
export const planBadgeZhCN: PlanBadgeCopy = {
  on: '计划模式：开',
  off: '计划模式：关',
  entering: '计划模式：正在进入（待生效）',
  leaving: '计划模式：正在离开（待生效）',
};

/** Plan-mode badge labels by language. */
export const planBadgeLocales: Dictionaries<PlanBadgeCopy> = { en: planBadgeEn, 'zh-CN': planBadgeZhCN };
