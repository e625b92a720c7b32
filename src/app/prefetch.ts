/**
 * What the page loads when it is idle after its first paint, in order of need: first, together, the transcript's rows
 * (a session with messages asks for them at once anyway), the markdown pipeline (then warmed once) and the review
 * card and question flow (then rendered once, unseen, `warmDockCards`); then one after another the Preferences
 * groups of the notifications and pairing slices (seen at the sidebar's foot) and the session rows' plan lifecycle badge, the notifications slice's attention runtime and
 * inbox (they mount when something waits), then the Reviews and model views, then what appears only on request (the
 * transcript's find box, a session row's rename form and delete confirmation, "Recently deleted"). None of it is on the first load; all of
 * it is in before a review that comes a moment later, so its card renders in the frame's own commit (docs/style.md
 * "Lazy views render at once").
 */
import { loadNotificationPreferences, prefetchWaitingChunks } from '../features/notifications/waiting-watch.tsx';
import { loadPairingPanel } from '../features/pairing/pairing-slot.tsx';
import { whenIdleAfterPaint } from '../lib/lazy-module.ts';
import { loadRowAdminForms } from '../features/sessions/components/row-admin.tsx';
import { loadRowLifecycle } from '../features/sessions/components/session-link.tsx';
import { loadTrash } from '../features/sessions/sessions-sidebar.tsx';
import { loadFindBox } from '../features/transcript/components/transcript-view.tsx';
import { prefetchQuestionFrame } from './dock.tsx';
import { loadSessionViews } from './session-view.tsx';

/** Start the idle prefetch of the lazy chunks above (once per page; a failed chunk is retried by its first use). */
export function prefetchAtIdle(): void {
  whenIdleAfterPaint(() => {
    void (async () => {
      // What a question's first frame needs comes in together (one wait, not three in a row), and the dock's cards
      // are rendered once as soon as they are in: a question can come moments after the page loaded.
      await prefetchQuestionFrame();
      await Promise.all([loadNotificationPreferences(), loadPairingPanel(), loadRowLifecycle()]);
      await prefetchWaitingChunks();
      await loadSessionViews();
      await Promise.all([loadFindBox(), loadRowAdminForms(), loadTrash()]);
    })();
  });
}
