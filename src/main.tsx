/**
 * Browser entry: with `VITE_MSW=1` (`vite --mode msw`, `.env.msw`) the MSW worker over the mocked harness starts
 * before the first render; in a production build that branch is dead code and the mock is not bundled.
 */
import './zod-jitless.ts'; // first: before any module builds a zod schema
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';

async function start(): Promise<void> {
  if (import.meta.env.VITE_MSW === '1') {
    const { worker } = await import('../mocks/browser.ts');
    await worker.start({ onUnhandledRequest: 'bypass' });
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
