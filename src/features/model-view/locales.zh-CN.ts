/** Simplified Chinese copy of `locales.ts` beside it: part of the zh-CN language pack, loaded only for that language. */
import type { ModelViewCopy } from './locales.ts';

/** Simplified Chinese copy. */
export const modelViewZhCN: ModelViewCopy = {
  region: '模型看到的内容',
  fromProjection: '来自宿主对整个日志的模型视图投影。',
  partial: '仅显示日志已加载部分：较早的步骤可能缺失。',
  loadAll: '全部加载',
  loadingAll: '正在加载日志的较早部分…',
  empty: '还没有向模型发送过请求。',
  steps: '步骤',
  earlierSteps: (count) => `显示较早的 ${count} 个步骤`,
  stepLabel: (turn, step) => `第 ${turn} 轮，第 ${step} 步`,
  headerChanged: (reason) => `请求头已变化（${reason}）`,
  stepHeading: (turn, step) => `第 ${turn} 轮，第 ${step} 步`,
  headerFrom: (turn, step) => `请求头与第 ${turn} 轮第 ${step} 步相同。`,
  noHeader: '日志中没有这一步的请求头。',
  templated: '录制时省略了提示词：请求头中是占位符（{{system}}、{{tools}}），而不是模型收到的文本。',
  systemPrompt: '系统提示词',
  sectionSummary: (name, order, tokens) => `${name} · 顺序 ${order} · 约 ${tokens} 个 token`,
  unnamed: (side, policy) => (side === 'before' ? `${policy} 之前` : side === 'after' ? `${policy} 之后` : '提示词'),
  orderUnknown: '未知',
  orderSide: (side) => (side === 'before' ? '小于 50' : '大于 50'),
  policyMark: '由计划模式添加',
  cutBy: (how) =>
    how === 'catalog'
      ? '按参考宿主自己的分段列表切分。'
      : how === 'span'
        ? '策略段是本会话中计划模式开启与关闭时两次请求之间不同的文本。'
        : how === 'absent'
          ? '没有策略段：这次请求发出时它是关闭的。'
          : '整体一段：日志中没有计划模式开启和关闭的两次请求可用来区分各段。',
  tools: '工具',
  toolsSummary: (count, tokens) => `${count} 个工具 · 约 ${tokens} 个 token`,
  toolsUnreadable: '工具目录不是 JSON 列表；按日志原样显示。',
  alwaysPresent: '始终存在',
  parameters: '参数',
  notice: '计划模式通知',
  changed: '与上一个请求头相比的变化',
  boundary: (tokens, percent, from) => `约前 ${tokens} 个 token（${percent} %）可以复用；从 ${from ?? '该处'} 起全部是新的。`,
  boundaryFirst: '第一次请求：之前没有可复用的内容。',
  nothingChanged: '没有变化。',
  measuredCache: (here, next) =>
    `实测缓存读取：本步 ${here === undefined ? '未记录' : `${here} 个 token`}，下一步 ${next === undefined ? '未记录' : `${next} 个 token`}。`,
  systemDiff: '系统提示词的变化',
  toolsDiff: '工具的变化',
  diffing: '正在比较…',
  diffTooLong: '变化太多，无法逐行显示。',
  usage: '用量',
  noUsage: '日志中没有这一步的用量。',
  inputTokens: '输入',
  cacheReadTokens: '缓存读取',
  outputTokens: '输出',
  reasoningTokens: '推理',
  measuring: '正在计算…',
  estimateNote: (k) => `“约”是根据文本的估算：UTF-8 字节数 ÷ ${k}。用量数字来自宿主，按日志原样显示。`,
};
