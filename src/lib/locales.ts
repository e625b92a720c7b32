/**
 * User-facing copy shared by several features, one dictionary per interface language (English, Simplified Chinese):
 * the transport layer's failures (features show these through `describeApiError`, never the raw carrier text) and
 * the plan-mode badge labels that the header badge and the session list both show.
 */
import type { PlanBadgeState } from '../core/plan/fold.ts';
import { dictionaries } from './language.ts';

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
  /** Added to `connecting`/`reconnecting` when a send was pressed meanwhile: it goes out once the downlink is open. */
  offlineSendsWhenBack: string;
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
  offlineSendsWhenBack: 'your message is sent once connected',
  noReason: 'The request failed without a reason.',
};
/** Every dictionary of the transport's failures, by language. */
export const apiErrorLocales = dictionaries('apiError', apiErrorEn);

/** The plan-mode badge label of each `planBadgeStateOf` state (docs/upstream-spec.md §1.11: effective target, pending told apart). */
export type PlanBadgeCopy = Record<PlanBadgeState, string>;

/** English plan-mode badge labels. */
export const planBadgeEn: PlanBadgeCopy = {
  on: 'Plan mode on',
  off: 'Plan mode off',
  entering: 'Plan mode entering (pending)',
  leaving: 'Plan mode leaving (pending)',
};
/** Plan-mode badge labels by language. */
export const planBadgeLocales = dictionaries('planBadge', planBadgeEn);

declare module './language.ts' {
  interface LocaleCopies {
    apiError: ApiErrorCopy;
    planBadge: PlanBadgeCopy;
  }
}
