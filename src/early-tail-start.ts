/**
 * Imported first by the browser entry: sends the tail read of the session in the URL (lib/early-tail.ts) before the
 * app's other modules are evaluated. Not with the MSW mock (`VITE_MSW=1`), whose worker starts later in the entry.
 */
import { requestEarlyTail } from './lib/early-tail.ts';
import { sessionIdOfHash } from './lib/route.ts';

if (import.meta.env.VITE_MSW !== '1') {
  const sessionId = sessionIdOfHash(location.hash);
  if (sessionId !== undefined) requestEarlyTail(sessionId);
}
