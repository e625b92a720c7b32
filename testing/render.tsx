/**
 * Test helpers for component tests over the MSW server of `mocks/node.ts`: a render with a fresh QueryClient
 * (no retries), and one-shot overrides that answer a unary method or `POST /api/respond` while recording the
 * request bodies, optionally held until `release()` so in-flight states can be observed.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { server } from '../mocks/node.ts';

/** Request bodies seen by an override, and the release of a held answer. */
export type Captured = { bodies: Array<Record<string, unknown>>; release: () => void };

function gateOf(hold: boolean | undefined): { gate: Promise<void>; release: () => void } {
  let release = () => {};
  const gate = hold ? new Promise<void>((done) => (release = done)) : Promise.resolve();
  return { gate, release: () => release() };
}

/**
 * Render `ui` inside a fresh `QueryClient` with retries off.
 * @returns Testing Library's render result; `rerender` keeps the same client
 */
export function renderWithClient(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrap = (node: ReactElement) => <QueryClientProvider client={client}>{node}</QueryClientProvider>;
  const result = render(wrap(ui));
  return { ...result, client, rerender: (node: ReactElement) => result.rerender(wrap(node)) };
}

/**
 * Answer `POST /api/<method>` with a server-response carrying `result` (echoing the request's rpcId).
 * @param method - protocol method, e.g. `commands/execute`
 * @param result - the `result` member (`{ok:true, value}` or `{ok:false, error}`)
 * @param hold - delay every answer until `release()`
 */
export function answerCall(method: string, result: unknown, hold = false): Captured {
  const bodies: Array<Record<string, unknown>> = [];
  const { gate, release } = gateOf(hold);
  server.use(
    http.post(`*/api/${method}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      await gate;
      return HttpResponse.json({ type: 'server-response', rpcId: body.rpcId, result });
    }),
  );
  return { bodies, release };
}

/**
 * Answer `POST /api/respond` with `receipt`, or with a carrier error when `status` is set.
 * @param receipt - the bare receipt (`{accepted:true}` …); `undefined` answers `{}` (an unreadable receipt)
 * @param options - `hold` until `release()`; `status` and `body` of a carrier error (body defaults to `HTTP <status>`)
 */
export function respondWith(receipt: Record<string, unknown> | undefined, options: { hold?: boolean; status?: number; body?: string } = {}): Captured {
  const bodies: Array<Record<string, unknown>> = [];
  const { gate, release } = gateOf(options.hold);
  server.use(
    http.post('*/api/respond', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      await gate;
      if (options.status !== undefined) return new HttpResponse(options.body ?? `HTTP ${options.status}`, { status: options.status });
      return HttpResponse.json(receipt ?? {});
    }),
  );
  return { bodies, release };
}
