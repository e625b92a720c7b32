/**
 * Setup of the DOM test project: jest-dom matchers, cleanup after each test, and the MSW server over the
 * reference harness engine (`mocks/node.ts`) with unhandled requests failing the test, and the lazily loaded markdown
 * pipeline, the transcript's rows, the on-request chunks and the zh-CN language pack loaded up front.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

const { server, resetMockHarness } = await import('./mocks/node.ts');
// The markdown pipeline loads lazily in the app; tests render it at once (its plain-text fallback has its own test).
await (await import('./src/components/markdown-loader.ts')).loadMarkdownRenderer();
// So are the chunks of what appears only on request (the page prefetches them at idle, src/app/prefetch.ts).
await (await import('./src/features/transcript/components/transcript-view.tsx')).loadFindBox();
await (await import('./src/features/transcript/components/transcript-view.tsx')).loadTranscriptBody();
await (await import('./src/features/sessions/components/row-admin.tsx')).loadRowAdminForms();
await (await import('./src/features/sessions/sessions-sidebar.tsx')).loadTrash();

// The zh-CN language pack loads lazily in the app (its loading has its own test in src/lib/language.test.ts); tests
// that switch to Chinese find it in.
const { useLanguageStore } = await import('./src/lib/language.ts');
useLanguageStore.setState({ packs: { 'zh-CN': (await import('./src/app/language-pack.zh-CN.ts')).zhCNPack } });

// `findBy…` and `waitFor` wait on a condition and return as soon as it holds; their bound (1 s by default) is only how
// long a failing test takes to say so, so it is generous: on a busy machine a lazy chunk alone may take seconds.
configure({ asyncUtilTimeout: 30_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Draft writes to sessionStorage are deferred (src/lib/session-persist.ts): each case starts without the last one's.
const { forgetUnwrittenDrafts } = await import('./src/lib/session-persist.ts');
beforeEach(() => forgetUnwrittenDrafts());
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetMockHarness();
});
afterAll(() => server.close());
