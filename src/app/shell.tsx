/**
 * The app layout: the session list in a sidebar (a toggled drawer below 720 px) and the selected session — or the
 * empty state — beside it. The selection is the URL hash; the drawer's open state is view state. An open drawer
 * closes on its "Close sessions" button, a tap on the backdrop, Escape, or choosing a session; focus moves into it
 * when it opens and back to the toggle when it closes. A session created here takes focus in its composer, as does the
 * session of the address the page opened on (unless focus moved before its composer painted, or a question waits there:
 * its card takes focus), and the
 * app's one polite live region sits beside the workspace, and the notifications slice's watcher (title, favicon,
 * desktop notifications) beside it; its "Waiting for you" inbox tops the session list. The first commit holds the
 * selected session's composer and not the sidebar's contents nor the watcher, which come right after its paint
 * (`composer-first.tsx`).
 */
import { useEffect, useRef, useState } from 'react';
import { useDeletedSelection } from '../features/sessions/api/deleted-sessions.ts';
import { useTrash } from '../features/sessions/sessions-sidebar.tsx';
import { SessionsSidebar } from '../features/sessions/sessions-sidebar.tsx';
import { WaitingInbox, WaitingWatch } from '../features/notifications/waiting-watch.tsx';
import { InsecureWarningSlot } from '../features/pairing/pairing-slot.tsx';
import { focusComposer } from '../features/composer/composer.tsx';
import { useSelectedSessionId } from '../lib/route.ts';
import { EmptyState } from './empty-state.tsx';
import { Preferences } from './preferences.tsx';
import { useCopy } from '../lib/language.ts';
import { LiveAnnouncer } from './live-announcer.tsx';
import { appLocales } from './locales.ts';
import { AfterComposer, RestShownProvider, useComposerFocusOnLoad, useRestAfterFirstPaint } from './composer-first.tsx';
import { SessionView } from './session-view.tsx';
import './shell.css';

/** Render the shell (needs the app providers). */
export function Shell() {
  const t = useCopy(appLocales);
  const restShown = useRestAfterFirstPaint();
  const selectedId = useSelectedSessionId();
  // The deleted sessions are not asked for, nor the trash's chunk loaded, before the composer painted: until that list
  // is in, the selected session shows as a live one anyway.
  const deleted = useDeletedSelection(selectedId, restShown);
  const DeletedSessionPage = useTrash(restShown)?.DeletedSessionPage;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  const toggleButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // A session created from the list takes keyboard focus in its composer once it is the one shown:
  // asking earlier would focus the composer of the session being left.
  const focusWhenShown = useRef<string | undefined>(undefined);
  useComposerFocusOnLoad(selectedId);
  useEffect(() => {
    if (selectedId === undefined || focusWhenShown.current !== selectedId) return;
    focusWhenShown.current = undefined;
    focusComposer();
  }, [selectedId]);
  // Choosing a session (a link in the drawer, or the back button) closes the drawer on narrow screens; adjusted while
  // rendering (react.dev "You might not need an effect"), so the drawer never shows open over the new session.
  const [drawerFor, setDrawerFor] = useState(selectedId);
  if (drawerFor !== selectedId) {
    setDrawerFor(selectedId);
    // Clearing the selection (the shown session was deleted) keeps the drawer open: its Undo offer is in it.
    if (selectedId !== undefined) setDrawerOpen(false);
  }
  // Escape closes the drawer wherever focus is (the composer handles its own Escape only while it has focus).
  useEffect(() => {
    if (!drawerOpen) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) setDrawerOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen]);
  useEffect(() => {
    if (drawerOpen) closeButton.current?.focus();
    else if (wasOpen.current && toggleButton.current?.isConnected && document.activeElement?.closest('#sessions-drawer')) toggleButton.current.focus();
    wasOpen.current = drawerOpen;
  }, [drawerOpen]);
  const toggle = (
    <button
      ref={toggleButton}
      type="button"
      className="button drawer-toggle"
      aria-expanded={drawerOpen}
      aria-controls="sessions-drawer"
      onClick={() => setDrawerOpen((v) => !v)}
    >
      {t.showSessions}
    </button>
  );
  return (
    <RestShownProvider shown={restShown}>
      <div className="app">
        <InsecureWarningSlot />
        <aside id="sessions-drawer" className={`app-sidebar${drawerOpen ? ' open' : ''}`}>
          <button ref={closeButton} type="button" className="button drawer-close" onClick={() => setDrawerOpen(false)}>
            {t.closeSessions}
          </button>
          <AfterComposer>
            <SessionsSidebar
              inbox={<WaitingInbox onOpened={() => setDrawerOpen(false)} />}
              onOpened={(sessionId, how) => {
                if (how === 'created') focusWhenShown.current = sessionId;
                setDrawerOpen(false);
              }}
            />
            <Preferences />
          </AfterComposer>
        </aside>
        {drawerOpen ? <div className="drawer-backdrop" aria-hidden="true" onClick={() => setDrawerOpen(false)} /> : null}
        <div className="app-workspace">
          {deleted ? (
            DeletedSessionPage ? (
              <DeletedSessionPage key={deleted.sessionId} deleted={deleted} leading={toggle} />
            ) : null
          ) : selectedId ? (
            <SessionView key={selectedId} sessionId={selectedId} leading={toggle} />
          ) : (
            <EmptyState leading={toggle} />
          )}
        </div>
        <LiveAnnouncer />
        <AfterComposer>
          <WaitingWatch />
        </AfterComposer>
      </div>
    </RestShownProvider>
  );
}
