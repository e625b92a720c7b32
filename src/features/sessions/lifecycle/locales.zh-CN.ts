/** Simplified Chinese copy of `locales.ts` beside it: part of the zh-CN language pack, loaded only for that language. */
import type { RowLifecycleCopy } from './locales.ts';

/** Simplified Chinese copy. */
export const rowLifecycleZhCN: RowLifecycleCopy = {
  stage: (stage) => {
    switch (stage.kind) {
      case 'drafting':
        return '正在起草计划';
      case 'review':
        return '计划等待审阅';
      case 'approved':
        return '计划已批准';
      case 'in-progress':
        return `计划执行中（${stage.done} / ${stage.total}）`;
      case 'done':
        return '计划已完成';
      case 'stopped':
        return `计划已停止（${stage.done} / ${stage.total}）`;
      case 'abandoned':
        return '计划已放弃';
    }
  },
};
