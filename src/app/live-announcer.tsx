/**
 * The app's one polite live region: a visually hidden `log` named "Announcements" that screen readers read as lines
 * are added — a plan ready for review, a question from the agent, a plan-mode or session-mode change, the connection
 * lost and back. The badges and the connection state stay `status` elements for their names but are not live
 * themselves (`aria-live="off"`), so each change is said once, here. Lines are view state (a small zustand store);
 * what to say is decided by the pure `sessionAnnouncementsOf` / `connectionAnnouncementOf` from successive states.
 */
import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import { planReviewOf } from '../core/questions/plan-review.ts';
import type { ModeProjectionValue, PlanProjectionValue } from '../core/protocol/methods.ts';
import { planBadgeStateOf } from '../core/plan/fold.ts';
import { planStatusLocales } from '../features/plan-status/locales.ts';
import type { ConnectionState } from '../lib/downlink.ts';
import { currentCopy } from '../lib/language.ts';
import { planBadgeLocales } from '../lib/locales.ts';
import type { PendingQuestionView } from '../session/derive.ts';
import { useSessionConnection, useSessionLoad, useSessionMode, useSessionPlan, useSessionQuestions } from '../session/hooks.ts';
import { appLocales } from './locales.ts';

/** How many lines the region keeps (older ones were read already; the region never grows). */
export const KEPT_ANNOUNCEMENTS = 5;

/** One line of the region; `id` tells two equal texts apart so a repeated change is said again. */
type Announcement = { id: number; text: string };

type AnnouncerState = { lines: readonly Announcement[]; next: number; say: (text: string) => void };

const useAnnouncer = create<AnnouncerState>()((set) => ({
  lines: [],
  next: 0,
  say: (text) => set((state) => ({ lines: [...state.lines, { id: state.next, text }].slice(-KEPT_ANNOUNCEMENTS), next: state.next + 1 })),
}));

/**
 * Add a line to the live region (read once by a screen reader, politely).
 * @param text the whole sentence, from a `locales.ts` dictionary
 */
export function announce(text: string): void {
  useAnnouncer.getState().say(text);
}

/** What of a session's state is announced: its plan or mode projection, its pending questions, whether it loaded. */
export interface AnnouncedSession {
  loaded: boolean;
  plan: PlanProjectionValue | undefined;
  mode: ModeProjectionValue | undefined;
  questions: readonly PendingQuestionView[];
}

function badgeTextOf(plan: PlanProjectionValue | undefined, mode: ModeProjectionValue | undefined): string | undefined {
  if (mode !== undefined) return currentCopy(planStatusLocales).modeBadge(mode);
  return plan === undefined ? undefined : currentCopy(planBadgeLocales)[planBadgeStateOf(plan)];
}

/**
 * The lines to announce when a session's state moves from `before` to `after`: the badge's new text when the plan or
 * mode projection changed ("Plan mode entering (pending)", "Review mode"), then "Plan ready for review" or "The agent
 * asks a question" for each question batch that appeared. Nothing while the session has not loaded (opening a
 * session is not a change), and nothing for a projection that was unknown before.
 * @param before the state at the last render, `undefined` on the first
 * @param after the state now
 * @returns the lines, in order; `[]` when nothing is worth saying
 */
export function sessionAnnouncementsOf(before: AnnouncedSession | undefined, after: AnnouncedSession): string[] {
  if (before === undefined || !before.loaded || !after.loaded) return [];
  const lines: string[] = [];
  const was = badgeTextOf(before.plan, before.mode);
  const now = badgeTextOf(after.plan, after.mode);
  if (was !== undefined && now !== undefined && was !== now) lines.push(now);
  const known = new Set(before.questions.map((batch) => batch.rpcId));
  for (const batch of after.questions) {
    if (known.has(batch.rpcId)) continue;
    lines.push(planReviewOf(batch.questions) !== undefined ? currentCopy(appLocales).announce.planReady : currentCopy(appLocales).announce.question);
  }
  return lines;
}

/**
 * The line to announce when the downlink moves from `before` to `after`: lost ("Connection lost; reconnecting…") and
 * back ("Connected again"). The first connection of a page load is not announced.
 * @returns the line, or `undefined` for no change worth saying
 */
export function connectionAnnouncementOf(before: ConnectionState | undefined, after: ConnectionState): string | undefined {
  if (before === undefined || before === after) return undefined;
  if (after === 'reconnecting') return currentCopy(appLocales).announce.connectionLost;
  if (after === 'connected' && before === 'reconnecting') return currentCopy(appLocales).announce.connectionBack;
  return undefined;
}

/**
 * Announce what changes in the selected session (see {@link sessionAnnouncementsOf}); call once per session view.
 * @param sessionId the session shown
 */
export function useSessionAnnouncements(sessionId: string): void {
  const before = useRef<AnnouncedSession | undefined>(undefined);
  const { loaded } = useSessionLoad(sessionId);
  const plan = useSessionPlan(sessionId);
  const mode = useSessionMode(sessionId);
  const questions = useSessionQuestions(sessionId);
  useEffect(() => {
    const after = { loaded, plan, mode, questions };
    for (const line of sessionAnnouncementsOf(before.current, after)) announce(line);
    before.current = after;
  }, [loaded, plan, mode, questions]);
}

/** The live region itself (render once, in the shell), announcing the downlink's connection changes as well. */
export function LiveAnnouncer() {
  const connection = useSessionConnection();
  const lines = useAnnouncer((state) => state.lines);
  const before = useRef<ConnectionState | undefined>(undefined);
  useEffect(() => {
    const line = connectionAnnouncementOf(before.current, connection);
    if (line !== undefined) announce(line);
    before.current = connection;
  }, [connection]);
  return (
    <div role="log" aria-live="polite" aria-label={currentCopy(appLocales).announce.region} className="visually-hidden">
      {lines.map((line) => (
        <p key={line.id}>{line.text}</p>
      ))}
    </div>
  );
}
