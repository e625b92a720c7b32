/**
 * User-facing copy shared by several features: the transport layer's failures (features show these through
 * `describeApiError`, never the raw carrier text) and the plan-mode badge labels that the header badge and the
 * session list both show. English; a Chinese dictionary follows the same shapes.
 */
import type { PlanBadgeState } from '../core/plan/fold.ts';

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
  /** The first connection of the page is not open yet (issue 8 item 14). */
  connecting: string;
  /** The downlink was lost and is being reopened (issue 8 item 14). */
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

/** Dictionaries by language tag. */
export const apiErrorLocales = { en: apiErrorEn } as const satisfies Record<string, ApiErrorCopy>;

/** The plan-mode badge label of each `planBadgeStateOf` state (upstream spec §1.11: effective target, pending told apart). */
export type PlanBadgeCopy = Record<PlanBadgeState, string>;

/** English plan-mode badge labels. */
export const planBadgeEn: PlanBadgeCopy = {
  on: 'Plan mode on',
  off: 'Plan mode off',
  entering: 'Plan mode entering (pending)',
  leaving: 'Plan mode leaving (pending)',
};

/** Plan-mode badge labels by language tag. */
export const planBadgeLocales = { en: planBadgeEn } as const satisfies Record<string, PlanBadgeCopy>;
