/**
 * Browser entry: with `VITE_MSW=1` (`vite --mode msw`, `.env.msw`) the MSW worker over the mocked harness starts
 * before the first render; in a production build that branch is dead code and the mock is not bundled. The
 * markdown pipeline and the lazy views are not on the critical path: they are prefetched at idle time after the first
 * paint (app/prefetch.ts); the tail page of the session in the URL is asked for before anything else
 * (lib/early-tail.ts), and when it holds events the transcript rows' chunk loads as soon as it is in. The
 * stored theme and language are written to `<html>` (`data-theme`, `lang`) before anything renders, without an inline
 * script (the Content-Security-Policy forbids them); a language other than English renders once its pack is in.
 */
import './early-tail-start.ts'; // first: the URL's session's tail page is asked for before the rest is evaluated
import './zod-jitless.ts'; // before any module builds a zod schema
import { followLanguagePacks, syncDocumentLanguage } from './lib/language.ts';
import { syncDocumentTheme } from './lib/theme.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { prefetchAtIdle } from './app/prefetch.ts';
import { earlyTailHasEvents } from './lib/early-tail.ts';
import { loadTranscriptBody } from './features/transcript/components/transcript-view.tsx';

syncDocumentTheme();
syncDocumentLanguage();
// English is bundled; another language's pack loads only when it is in force, and a page that opens in it waits for
// its pack before the first render (one small chunk) rather than flash English.
const languageReady = followLanguagePacks({ 'zh-CN': () => import('./app/language-pack.zh-CN.ts').then((m) => m.zhCNPack) });

// A session whose early tail page holds events shows rows at once: their chunk loads as soon as that page is in,
// beside the first render, not after the store has applied the page and the transcript asked for it.
void earlyTailHasEvents().then((rows) => (rows ? loadTranscriptBody() : undefined));

async function start(): Promise<void> {
  if (import.meta.env.VITE_MSW === '1') {
    const { worker } = await import('../mocks/browser.ts');
    await worker.start({ onUnhandledRequest: 'bypass' });
  }
  await languageReady;
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  prefetchAtIdle();
}

void start();
