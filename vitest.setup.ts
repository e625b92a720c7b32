/**
 * Setup of the DOM test project: jest-dom matchers, cleanup after each test, and the MSW server over the
 * reference harness engine (`mocks/node.ts`) with unhandled requests failing the test.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';

const { server, resetMockHarness } = await import('./mocks/node.ts');

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetMockHarness();
});
afterAll(() => server.close());
