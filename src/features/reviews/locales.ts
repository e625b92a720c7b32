/**
 * User-facing copy of the Reviews view and the review-history Markdown export, one `ReviewsCopy`
 * dictionary per interface language (English, Simplified Chinese); the export is written in the interface language.
 */
import type { RevisionOutcome } from '../../core/review/history.ts';
import type { Dictionaries } from '../../lib/language.ts';

/** Every string the Reviews view and its Markdown export show. */
export type ReviewsCopy = {
  /** Name of the Reviews region and list. */
  region: string;
  empty: string;
  /** Said while the history is folded from only the loaded part of the log (a plain dsh host). */
  partial: string;
  loadAll: string;
  loadingAll: string;
  /** Heading of one review chain. @param chain 1-based @param count revisions in it */
  chainHeading: (chain: number, count: number) => string;
  /** The button that shows a revision in the transcript. @param version @param title */
  showInTranscript: (version: number, title: string) => string;
  revision: (version: number) => string;
  /** The outcome of a revision's review, in words. */
  outcome: (outcome: RevisionOutcome, ended: boolean) => string;
  proposedAt: (time: string) => string;
  answeredAt: (time: string) => string;
  answeredBy: (who: string) => string;
  feedback: string;
  youAsked: string;
  youSaid: string;
  /** The diff summary against the revision before. */
  changes: (added: number, removed: number, against: number) => string;
  identical: (against: number) => string;
  firstRevision: string;
  exports: string;
  downloadMarkdown: string;
  downloadJson: string;
  downloadLog: string;
  /** The log download failed. @param reason what the transport said */
  downloadFailed: (reason: string) => string;
  /** Markdown export: the document title. @param title the session title */
  mdTitle: (title: string) => string;
  mdSession: (sessionId: string, exportedAt: string) => string;
  mdPartial: string;
  mdChain: (chain: number) => string;
  mdRevision: (version: number, title: string) => string;
  mdOutcome: string;
  mdPlan: string;
  untitled: string;
};

const OUTCOMES = {
  approved: 'Approved',
  dismissed: 'Dismissed (Chat about it)',
};

/** English copy. */
export const reviewsEn: ReviewsCopy = {
  region: 'Reviews',
  empty: 'No plan has been put up for review in this session yet.',
  partial: 'Showing reviews from the loaded part of the log.',
  loadAll: 'Load all',
  loadingAll: 'Loading earlier parts of the log…',
  chainHeading: (chain, count) => `Plan review ${chain} · ${count} ${count === 1 ? 'revision' : 'revisions'}`,
  showInTranscript: (version, title) => `v${version} ${title}`,
  revision: (version) => `v${version}`,
  outcome: (outcome, ended) => {
    switch (outcome.kind) {
      case 'approved':
        return OUTCOMES.approved;
      case 'dismissed':
        return OUTCOMES.dismissed;
      case 'kept-planning':
        return outcome.feedback ? 'Kept planning, with feedback' : 'Kept planning';
      case 'aborted':
        return `Aborted: ${outcome.reason}`;
      case 'pending':
        return ended ? 'Unanswered (the log ends here)' : 'Waiting for your review';
      default: {
        const never: never = outcome;
        return never;
      }
    }
  },
  proposedAt: (time) => `Put up ${time}`,
  answeredAt: (time) => `answered ${time}`,
  answeredBy: (who) => `by ${who}`,
  feedback: 'Feedback:',
  youAsked: 'You asked:',
  youSaid: 'You said:',
  changes: (added, removed, against) => `+${added} −${removed} lines since v${against}`,
  identical: (against) => `identical to v${against}`,
  firstRevision: 'first revision',
  exports: 'Export',
  downloadMarkdown: 'Download Markdown',
  downloadJson: 'Download JSON',
  downloadLog: 'Download log (.jsonl)',
  downloadFailed: (reason) => `Could not download the log: ${reason}`,
  mdTitle: (title) => `Review history: ${title}`,
  mdSession: (sessionId, exportedAt) => `Session \`${sessionId}\`, exported ${exportedAt}.`,
  mdPartial: 'Only the loaded part of the log: earlier reviews may be missing.',
  mdChain: (chain) => `Plan review ${chain}`,
  mdRevision: (version, title) => `v${version}: ${title}`,
  mdOutcome: 'Outcome',
  mdPlan: 'Plan',
  untitled: 'Untitled session',
};

/** Simplified Chinese copy. */
export const reviewsZhCN: ReviewsCopy = {
  region: '审阅',
  empty: '这个会话还没有提交审阅的计划。',
  partial: '仅显示日志已加载部分中的审阅。',
  loadAll: '全部加载',
  loadingAll: '正在加载日志的较早部分…',
  chainHeading: (chain, count) => `计划审阅 ${chain} · ${count} 个版本`,
  showInTranscript: (version, title) => `v${version} ${title}`,
  revision: (version) => `v${version}`,
  outcome: (outcome, ended) => {
    switch (outcome.kind) {
      case 'approved':
        return '已批准';
      case 'dismissed':
        return '已关闭（去聊天里说）';
      case 'kept-planning':
        return outcome.feedback ? '继续规划，附反馈' : '继续规划';
      case 'aborted':
        return `已中止：${outcome.reason}`;
      case 'pending':
        return ended ? '未回答（日志到此结束）' : '等待你审阅';
      default: {
        const never: never = outcome;
        return never;
      }
    }
  },
  proposedAt: (time) => `提交于 ${time}`,
  answeredAt: (time) => `回答于 ${time}`,
  answeredBy: (who) => `由 ${who}`,
  feedback: '反馈：',
  youAsked: '你的要求：',
  youSaid: '你说：',
  changes: (added, removed, against) => `相对 v${against}：+${added} −${removed} 行`,
  identical: (against) => `与 v${against} 相同`,
  firstRevision: '第一版',
  exports: '导出',
  downloadMarkdown: '下载 Markdown',
  downloadJson: '下载 JSON',
  downloadLog: '下载日志（.jsonl）',
  downloadFailed: (reason) => `无法下载日志：${reason}`,
  mdTitle: (title) => `审阅历史：${title}`,
  mdSession: (sessionId, exportedAt) => `会话 \`${sessionId}\`，导出于 ${exportedAt}。`,
  mdPartial: '仅包含日志已加载的部分：较早的审阅可能缺失。',
  mdChain: (chain) => `计划审阅 ${chain}`,
  mdRevision: (version, title) => `v${version}：${title}`,
  mdOutcome: '结果',
  mdPlan: '计划',
  untitled: '未命名会话',
};

/** Every dictionary of the Reviews view and its export, by language. */
export const reviewsLocales: Dictionaries<ReviewsCopy> = { en: reviewsEn, 'zh-CN': reviewsZhCN };
