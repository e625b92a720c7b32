/**
 * MSW adapter over the reference harness engine (docs/protocol.md): every request to `/api/*` goes through the carrier
 * checks the Node server runs, decided once in carrier/rules.ts (426 a downlink path without an upgrade, 404 an
 * unknown method, 405 a verb other than POST, 415 wrong content type, 413 body over 1 MiB or 32 MiB for
 * `session.import`, 400 body nested too deeply or not JSON; same texts and headers), then straight into the `Harness`;
 * the streamed import and the log download are answered by their carrier/ route modules as on the Node server;
 * the two downlink WebSockets are `ws.link`s that attach the harness's streams and detach on close. No business rule
 * lives here (docs/style.md "Thin adapters"). There is no trust fence: the mock harness lives inside the page.
 */
import { http, HttpResponse, passthrough, ws, type RequestHandler, type WebSocketHandler } from 'msw';
import { IMPORT_STREAM_BODY_LIMIT, ImportBodyTooLargeError, importStreamRefusal, limitedChunks, statusOfImportStream } from '../carrier/import-stream-route.ts';
import {
  CARRIER_TEXTS,
  checkJsonBody,
  isApiPath,
  JSON_HEADERS,
  refusalHeaders,
  routeApiRequest,
  statusOfAnswer,
  statusOfReceipt,
  tooLargeRefusal,
  type CarrierRefusal,
} from '../carrier/rules.ts';
import { sessionLogAnswer } from '../carrier/session-log-route.ts';
import type { Harness } from '../harness/types.ts';

/** WebSocket close code the harness uses when a client sends on a downlink (docs/protocol.md "Downlink"). */
const POLICY_VIOLATION = 1008;

function refusalResponse(refusal: CarrierRefusal): Response {
  return new HttpResponse(refusal.text, { status: refusal.status, headers: refusalHeaders(refusal) });
}

/** Whether a request is the harness's (carrier `isApiPath`): the wildcard patterns below also match other paths. */
function isHarnessPath(url: string): boolean {
  return isApiPath(new URL(url).pathname);
}

function jsonResponse(value: unknown, status: number): Response {
  return new HttpResponse(JSON.stringify(value), { status, headers: JSON_HEADERS });
}

/**
 * The handlers of the mocked harness.
 * @param getHarness returns the current harness (read per request, so `resetMockHarness` can swap it)
 * @returns HTTP handlers for `/api/respond` and `/api/*`, and WebSocket links for `/api/events.mux` and
 *   `/api/events.host` on any origin
 */
export function createHandlers(getHarness: () => Harness): Array<RequestHandler | WebSocketHandler> {
  const mux = ws.link('*/api/events.mux');
  const hostLink = ws.link('*/api/events.host');
  return [
    // The stored log: every verb, so a wrong one is the same 405 as on the Node server.
    http.all('*/api/sessions/:id/log.jsonl', ({ request }) => {
      if (!isHarnessPath(request.url)) return passthrough();
      const harness = getHarness();
      const answer = sessionLogAnswer((id) => harness.sessionLog?.(id), request.method, new URL(request.url).pathname);
      return new HttpResponse(answer.body, { status: answer.status, headers: answer.headers });
    }),
    // The streamed import: the file's bytes go to the engine as they arrive (carrier/import-stream-route.ts).
    http.all('*/api/sessions/import.jsonl', async ({ request }) => {
      if (!isHarnessPath(request.url)) return passthrough();
      const harness = getHarness();
      if (!harness.importStream) return refusalResponse({ status: 404, text: CARRIER_TEXTS.notFound });
      const head = { verb: request.method, contentType: request.headers.get('content-type'), contentLength: request.headers.get('content-length') };
      const refusal = importStreamRefusal(head);
      if (refusal) return refusalResponse(refusal);
      try {
        const answer = await harness.importStream(limitedChunks(request.body));
        return jsonResponse(answer, statusOfImportStream(answer));
      } catch (error) {
        if (error instanceof ImportBodyTooLargeError) return refusalResponse(tooLargeRefusal(IMPORT_STREAM_BODY_LIMIT));
        throw error;
      }
    }),
    http.all('*/api/*', async ({ request }) => {
      if (!isHarnessPath(request.url)) return passthrough();
      const harness = getHarness();
      const head = { verb: request.method, pathname: new URL(request.url).pathname, contentType: request.headers.get('content-type') };
      const routed = routeApiRequest(head, (name) => harness.hasMethod(name));
      if (!routed.ok) return refusalResponse(routed.refusal);
      const carrier = checkJsonBody(await request.text(), routed.route.limit);
      if (!carrier.ok) return refusalResponse(carrier.refusal);
      if (routed.route.kind === 'respond') {
        const receipt = await harness.handleRespond(carrier.body);
        return jsonResponse(receipt, statusOfReceipt(receipt));
      }
      const answer = await harness.handleRequest(routed.route.method, carrier.body, request.signal);
      return jsonResponse(answer, statusOfAnswer(answer));
    }),
    mux.addEventListener('connection', ({ client }) => {
      const detach = getHarness().openMux((_frame, text) => client.send(text));
      client.addEventListener('close', () => detach());
      client.addEventListener('message', () => {
        detach();
        client.close(POLICY_VIOLATION, 'downlink sockets are receive-only');
      });
    }),
    hostLink.addEventListener('connection', ({ client }) => {
      const detach = getHarness().openHostStream((_frame, text) => client.send(text));
      client.addEventListener('close', () => detach());
      client.addEventListener('message', () => {
        detach();
        client.close(POLICY_VIOLATION, 'downlink sockets are receive-only');
      });
    }),
  ];
}
