/**
 * MSW adapter over the reference harness engine (PROTOCOL.md): `POST /api/respond` and `POST /api/<method>` with
 * the server's carrier checks, decided once in harness/carrier.ts (415 wrong content type, 413 body over 1 MiB or 32 MiB
 * for `session.import`, 400 body nested too deeply or not JSON) and 404 for an unknown method, then straight into the
 * `Host`; `GET /api/sessions/<id>/log.jsonl` answers the stored log (harness/session-log-route.ts); the two downlink WebSockets are `ws.link`s that attach the host's streams and detach on close. No business rule lives here (STYLE.md "Thin adapters").
 */
import { http, HttpResponse, ws, type RequestHandler, type WebSocketHandler } from 'msw';
import { checkJsonBody, statusOfAnswer, statusOfReceipt } from '../harness/carrier.ts';
import { bodyLimitOf, MAX_BODY_BYTES } from '../harness/limits.ts';
import { sessionLogAnswer } from '../harness/session-log-route.ts';
import type { Host } from '../harness/types.ts';

/** Largest accepted request body in bytes (PROTOCOL.md "Unary calls": 413 over 1 MiB; `session.import` takes more, harness/limits.ts). */
export { MAX_BODY_BYTES };

/** WebSocket close code the host uses when a client sends on a downlink (PROTOCOL.md "Downlink"). */
const POLICY_VIOLATION = 1008;

type Carrier = { ok: true; body: unknown } | { ok: false; response: Response };

async function readJsonBody(request: Request, limit: number): Promise<Carrier> {
  const checked = checkJsonBody(request.headers.get('content-type'), await request.text(), limit);
  if (checked.ok) return checked;
  const { status, text } = checked.refusal;
  return { ok: false, response: new HttpResponse(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } }) };
}

/** The method named by an `/api/<method>` path, or `undefined` when its escapes are not valid. */
function methodOfPath(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname.replace(/^\/api\//, ''));
  } catch {
    return undefined;
  }
}

/**
 * The handlers of the mocked host.
 * @param getHost returns the current host (read per request, so `resetMockHarness` can swap it)
 * @returns HTTP handlers for `/api/respond` and `/api/*`, and WebSocket links for `/api/events.mux` and
 *   `/api/events.host` on any origin
 */
export function createHandlers(getHost: () => Host): Array<RequestHandler | WebSocketHandler> {
  const mux = ws.link('*/api/events.mux');
  const hostLink = ws.link('*/api/events.host');
  return [
    http.get('*/api/sessions/:id/log.jsonl', ({ request }) => {
      const answer = sessionLogAnswer(getHost(), request.method, new URL(request.url).pathname);
      return new HttpResponse(answer.body, { status: answer.status, headers: answer.headers });
    }),
    http.post('*/api/respond', async ({ request }) => {
      const carrier = await readJsonBody(request, bodyLimitOf('respond'));
      if (!carrier.ok) return carrier.response;
      const receipt = getHost().handleRespond(carrier.body);
      return HttpResponse.json(receipt, { status: statusOfReceipt(receipt) });
    }),
    http.post('*/api/*', async ({ request }) => {
      const method = methodOfPath(new URL(request.url).pathname);
      const host = getHost();
      if (method === undefined || !host.hasMethod(method)) return new HttpResponse('not found', { status: 404 });
      const carrier = await readJsonBody(request, bodyLimitOf(method));
      if (!carrier.ok) return carrier.response;
      const answer = await host.handleRequest(method, carrier.body, request.signal);
      return HttpResponse.json(answer, { status: statusOfAnswer(answer) });
    }),
    mux.addEventListener('connection', ({ client }) => {
      const detach = getHost().openMux((_frame, text) => client.send(text));
      client.addEventListener('close', () => detach());
      client.addEventListener('message', () => {
        detach();
        client.close(POLICY_VIOLATION, 'downlink sockets are receive-only');
      });
    }),
    hostLink.addEventListener('connection', ({ client }) => {
      const detach = getHost().openHostStream((_frame, text) => client.send(text));
      client.addEventListener('close', () => detach());
      client.addEventListener('message', () => {
        detach();
        client.close(POLICY_VIOLATION, 'downlink sockets are receive-only');
      });
    }),
  ];
}
