/**
 * The zh-CN language pack: the Simplified Chinese dictionary of every locale file (each `locales.zh-CN.ts` beside its
 * `locales.ts`), one chunk that loads only when zh-CN is the language in force (`followLanguagePacks`,
 * src/lib/language.ts). Typed as a whole `LanguagePack`, so a locale file left out is a compile error.
 */
import type { LanguagePack } from '../lib/language.ts';
import { componentsZhCN } from '../components/locales.zh-CN.ts';
import { composerZhCN } from '../features/composer/locales.zh-CN.ts';
import { modelViewZhCN } from '../features/model-view/locales.zh-CN.ts';
import { notificationsZhCN } from '../features/notifications/locales.zh-CN.ts';
import { pairingZhCN } from '../features/pairing/locales.zh-CN.ts';
import { reviewCommentsZhCN } from '../features/plan-review/comments/locales.zh-CN.ts';
import { planEditZhCN } from '../features/plan-review/edit/locales.zh-CN.ts';
import { planOutlineZhCN } from '../features/plan-review/outline/locales.zh-CN.ts';
import { planProgressZhCN } from '../features/plan-progress/locales.zh-CN.ts';
import { planReviewZhCN } from '../features/plan-review/locales.zh-CN.ts';
import { planStatusZhCN } from '../features/plan-status/locales.zh-CN.ts';
import { questionsZhCN } from '../features/questions/locales.zh-CN.ts';
import { reviewsZhCN } from '../features/reviews/locales.zh-CN.ts';
import { zhCN as sessions } from '../features/sessions/locales.zh-CN.ts';
import { rowLifecycleZhCN } from '../features/sessions/lifecycle/locales.zh-CN.ts';
import { zhCN as transcript } from '../features/transcript/locales.zh-CN.ts';
import { apiErrorZhCN, planBadgeZhCN } from '../lib/locales.zh-CN.ts';
import { zhCN as readOnly } from '../session/locales.zh-CN.ts';
import { zhCN as app } from './locales.zh-CN.ts';

/** Every locale file's zh-CN dictionary, by the file's id. */
export const zhCNPack: LanguagePack = {
  app,
  components: componentsZhCN,
  composer: composerZhCN,
  modelView: modelViewZhCN,
  notifications: notificationsZhCN,
  pairing: pairingZhCN,
  planProgress: planProgressZhCN,
  planReview: planReviewZhCN,
  reviewComments: reviewCommentsZhCN,
  planEdit: planEditZhCN,
  planOutline: planOutlineZhCN,
  planStatus: planStatusZhCN,
  questions: questionsZhCN,
  reviews: reviewsZhCN,
  sessions,
  rowLifecycle: rowLifecycleZhCN,
  transcript,
  apiError: apiErrorZhCN,
  planBadge: planBadgeZhCN,
  readOnly,
};
