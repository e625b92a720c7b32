/**
 * Fetching a session's stored log for download (`GET /api/sessions/<id>/log.jsonl`, a ui-plan extension,
 * docs/protocol.md). Returns the bytes untouched (never decoded), or throws `ApiError` (`http-<status>`, `network`); it shows
 * no UI.
 */
import { ApiError } from './api-client.ts';

/**
 * The path of a session's log download.
 * @param sessionId the session id (escaped into the path)
 */
export function sessionLogPath(sessionId: string): string {
  return `/api/sessions/${encodeURIComponent(sessionId)}/log.jsonl`;
}

/**
 * Fetch a session's log as the host stored it.
 * @param sessionId the session id
 * @returns the file's bytes
 * @throws ApiError `network` when the request fails, `http-<status>` for a non-2xx answer (404: unknown session)
 */
export async function fetchSessionLog(sessionId: string): Promise<ArrayBuffer> {
  let response: Response;
  try {
    response = await fetch(sessionLogPath(sessionId), { credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError({ code: 'network', message: error instanceof Error ? error.message : String(error), details: {} });
  }
  if (!response.ok) throw new ApiError({ code: `http-${response.status}`, message: (await response.text()).slice(0, 200), details: {} });
  return response.arrayBuffer();
}
