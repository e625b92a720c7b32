/**
 * Component tests of the session list: render `SessionsSidebar` over the mocked harness's `session.list`, with the
 * host's capabilities, the selection in the URL hash, and one session's badges seeded into the session stream as the
 * frames that produce them (a `plan`/`mode`/`title` projection, `host/session-status`, a pending question).
 */
import type { Capabilities } from '../src/core/protocol/methods.ts';
import { SessionsSidebar } from '../src/features/sessions/sessions-sidebar.tsx';
import { hashOfSession } from '../src/lib/route.ts';
import type { SessionBadges } from '../src/session/derive.ts';
import { planReviewQuestions, renderInSession, type SessionSeed } from './session-render.tsx';

/** What a sidebar test says: the capabilities (`null` for a plain dsh host), the selection and one session's badges. */
export interface SidebarSeed {
  capabilities: Capabilities | null;
  /** The session selected in the URL hash; none when undefined. */
  selectedId?: string | undefined;
  /** The session whose badges are seeded. */
  sessionId?: string | undefined;
  badges?: Partial<SessionBadges> | undefined;
  onOpened?: (sessionId: string, how: 'created' | 'imported') => void;
}

/** The stream frames that give a session these badges (`badgesOf` reads them back). */
function seedOfBadges(badges: Partial<SessionBadges>): SessionSeed {
  const question = badges.reviewPending
    ? [{ rpcId: 'rpc-review', questions: planReviewQuestions() }]
    : badges.questionPending
      ? [{ rpcId: 'rpc-question', questions: [{ id: 'q', question: 'Which one?' }] }]
      : undefined;
  return { running: badges.running, plan: badges.plan, mode: badges.mode, title: badges.title, questions: question };
}

/** Render the sidebar as `seed` says. */
export function renderSidebar(seed: SidebarSeed) {
  if (seed.selectedId !== undefined) history.replaceState(null, '', hashOfSession(seed.selectedId));
  const sessionId = seed.sessionId ?? 'session-unseeded';
  return renderInSession(<SessionsSidebar onOpened={seed.onOpened} />, sessionId, {
    capabilities: seed.capabilities,
    summary: null,
    ...seedOfBadges(seed.badges ?? {}),
  });
}
