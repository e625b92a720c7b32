/**
 * The app layout: the session list in a sidebar (a toggled drawer below 720 px) and the selected session — or the
 * empty state — beside it. The selection is the URL hash; the drawer's open state is view state.
 */
import { useEffect, useState } from 'react';
import { SessionsSidebar } from '../features/sessions/sessions-sidebar.tsx';
import { useHostInfo, useSessionBadges } from '../features/session-stream/session-stream.tsx';
import { useSelectedSessionId } from '../lib/route.ts';
import { EmptyState } from './empty-state.tsx';
import { t } from './locales.ts';
import { SessionView } from './session-view.tsx';
import './shell.css';

/** The sidebar with badges from the stream; its own component so stream changes re-render only the list. */
function Sidebar({ selectedId, onOpened }: { selectedId: string | undefined; onOpened: () => void }) {
  const { capabilities } = useHostInfo();
  const badgesOf = useSessionBadges();
  return <SessionsSidebar selectedId={selectedId} capabilities={capabilities} badgesOf={badgesOf} onOpened={onOpened} />;
}

/** Render the shell (needs the app providers). */
export function Shell() {
  const selectedId = useSelectedSessionId();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Choosing a session (a link in the drawer, or the back button) closes the drawer on narrow screens.
  useEffect(() => setDrawerOpen(false), [selectedId]);
  const toggle = (
    <button type="button" className="button drawer-toggle" aria-expanded={drawerOpen} aria-controls="sessions-drawer" onClick={() => setDrawerOpen((v) => !v)}>
      {t.showSessions}
    </button>
  );
  return (
    <div className="app">
      <aside
        id="sessions-drawer"
        className={`app-sidebar${drawerOpen ? ' open' : ''}`}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && drawerOpen) setDrawerOpen(false);
        }}
      >
        <Sidebar selectedId={selectedId} onOpened={() => setDrawerOpen(false)} />
      </aside>
      <div className="app-workspace" onClick={drawerOpen ? () => setDrawerOpen(false) : undefined}>
        {selectedId ? <SessionView key={selectedId} sessionId={selectedId} leading={toggle} /> : <EmptyState leading={toggle} />}
      </div>
    </div>
  );
}
