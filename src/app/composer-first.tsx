/**
 * Composer first: the first commit of a page holds the selected session's frame and its composer, and not what is
 * slower to render and lay out (the sessions list and preferences, the transcript, the header's controls, Plan
 * progress); that rest renders in a transition right after the first commit's paint, so a cold navigation shows a
 * usable composer before everything else. The composer never remounts when the rest comes (it keeps its slot, its
 * text and its focus); from then on everything renders at once for the life of the page's shell.
 */
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import { focusComposer } from '../features/composer/composer.tsx';
import { afterNextPaint, focusStayed } from '../lib/after-paint.ts';
import { useSessionStreamStore } from '../session/provider.tsx';
import { sliceOf } from '../session/reducers.ts';

// Outside a shell (a feature's own tests, a lone SessionView) there is no first paint to wait for: all renders.
const RestShown = createContext(true);

/**
 * The shell's switch: `false` for the first commit, `true` from a transition started right after that commit's paint
 * (`afterNextPaint`, a task after the frame, so the browser paints the composer before any of the rest is rendered).
 * @returns whether the rest of the page may render now
 */
export function useRestAfterFirstPaint(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => (shown ? undefined : afterNextPaint(() => startTransition(() => setShown(true)))), [shown]);
  return shown;
}

/**
 * Provide the shell's switch to what it renders.
 * @param shown from `useRestAfterFirstPaint`
 */
export function RestShownProvider({ shown, children }: { shown: boolean; children: ReactNode }) {
  return <RestShown value={shown}>{children}</RestShown>;
}

/**
 * Render `children` once the rest of the page may render (at once outside a shell); `placeholder` (default nothing)
 * before that, to hold the place of what comes.
 */
export function AfterComposer({ children, placeholder = null }: { children: ReactNode; placeholder?: ReactNode }) {
  return useContext(RestShown) ? children : placeholder;
}

/**
 * A page opened on a session's address puts keyboard focus in its composer right after the composer's first paint, as
 * New session does (focusing inside the commit would force its layout there); not when something else took focus
 * meanwhile (a click, a Tab), and not when a question already waits in the session: a waiting review card (or question
 * flow) is what the user must act on, so it takes the page's focus once it has painted (`useFocusOnMount`), and the
 * composer gets focus when the question leaves (the dock). A question that comes after the composer took focus takes
 * it over the same way: the composer it hides held it, which counts as focus that stayed (`focusStayed`).
 * @param sessionId the session selected when the page opened (later selections are not read)
 */
export function useComposerFocusOnLoad(sessionId: string | undefined): void {
  const store = useSessionStreamStore();
  const [openedOn] = useState(sessionId);
  useEffect(() => {
    if (openedOn === undefined) return undefined;
    const before = document.activeElement;
    return afterNextPaint(() => {
      if (sliceOf(store.getState(), openedOn).questions.length > 0) return;
      if (focusStayed(before)) focusComposer();
    });
  }, [openedOn, store]);
}
