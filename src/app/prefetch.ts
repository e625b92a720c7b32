/**
 * What the page loads after its first paint: the question frame's chunks first (`prefetchQuestionFrame`), then all
 * the rest asked for at once, when the page is first idle or as soon as the dock's own chunks are in
 * (`questionFrameIn`), whichever comes first, and the warm-ups of the wire schemas and then of the data layer
 * (`wireWarmUpSteps`, `sessionWarmUpSteps`, at idle times): the transcript's rows (a session
 * with messages asks for them at once anyway), the markdown pipeline (then warmed once), the review card and question
 * flow (then rendered once, unseen, `warmDockCards`, as soon as their own chunks are in), the Preferences groups of
 * the notifications and pairing slices (seen at the sidebar's foot), the session rows' plan lifecycle badge, the
 * notifications slice's attention runtime and inbox (they mount when something waits), the Reviews and model views,
 * the session-title fold (a host without `title` projections needs it at a session's first events, in the first
 * turn's burst), and what appears only on request (the transcript's find box, a session row's rename form and delete
 * confirmation, "Recently deleted"). None of it is on the first load; all of it is in before a review that comes a moment later, so
 * its card renders in the frame's own commit and nothing else loads or renders between that commit and its paint
 * (docs/style.md "Lazy views render at once"). Waiting for idle alone was too late: a session page loading its
 * history is seldom idle, and the last chunks were still coming 500–600 ms after the composer was usable, when a
 * review of the first message comes (`npm run bench:browser`, "JS fetched between the frame and the first card
 * painted").
 */
import { loadNotificationPreferences, prefetchWaitingChunks } from '../features/notifications/waiting-watch.tsx';
import { loadPairingPanel } from '../features/pairing/pairing-slot.tsx';
import { runStepsAtIdle } from '../lib/idle-steps.ts';
import { whenIdleAfterPaint } from '../lib/lazy-module.ts';
import { wireWarmUpSteps } from '../lib/wire-warm-up.ts';
import { loadSessionTitleFold } from '../session/hooks.ts';
import { sessionWarmUpSteps } from '../session/warm-up.ts';
import { loadRowAdminForms } from '../features/sessions/components/row-admin.tsx';
import { loadRowLifecycle } from '../features/sessions/components/session-link.tsx';
import { loadTrash } from '../features/sessions/sessions-sidebar.tsx';
import { loadFindBox } from '../features/transcript/components/transcript-view.tsx';
import { prefetchQuestionFrame, questionFrameIn } from './dock.tsx';
import { loadSessionViews } from './session-view.tsx';

/**
 * Start the prefetch of the lazy chunks above when the page is first idle after its first paint, or once the dock's
 * chunks are in, whichever is first (once per page; a failed chunk is retried by its first use).
 */
export function prefetchAtIdle(): void {
  let started = false;
  const start = (): void => {
    if (started) return;
    started = true;
    runStepsAtIdle([...wireWarmUpSteps(), ...sessionWarmUpSteps()]);
    void (async () => {
      // Everything is asked for at once, not one group after another: a chain kept loading and rendering chunks (and
      // re-rendering the sidebar's rows with their badges) for about 600 ms after the composer was usable, just when
      // a question of the first message comes, and that work landed between the card's commit and its paint. The
      // dock's cards are rendered once as soon as their own chunks are in (`prefetchQuestionFrame`). Those come first
      // even when the page is idle before the dock asked for them: the rest would otherwise share the connections
      // and the main thread with them, and a question coming then waited for its card's chunks behind the rest.
      await prefetchQuestionFrame();
      await Promise.all([
        loadNotificationPreferences(),
        loadPairingPanel(),
        loadRowLifecycle(),
        prefetchWaitingChunks(),
        loadSessionViews(),
        loadSessionTitleFold(),
        loadFindBox(),
        loadRowAdminForms(),
        loadTrash(),
      ]);
    })();
  };
  whenIdleAfterPaint(start);
  void questionFrameIn.then(start);
}
