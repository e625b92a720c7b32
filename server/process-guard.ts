/**
 * The process-level backstop of `ui-plan serve`: an error that escapes every handler is logged. A
 * socket or stream error (a peer reset mid-write, a file removed while streamed — Node system errors and stream
 * state errors) cannot corrupt the harness, so the server keeps serving; anything else is a bug whose state we do
 * not trust, so the process exits 1 as Node would (the data-dir lock is removed by the exit hook).
 */

/** Error codes of socket and stream failures that leave the harness state intact. */
const SURVIVABLE_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ETIMEDOUT',
  'ENOTCONN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECANCELED',
  'ENOENT',
  'EISDIR',
  'ENOTDIR',
  'ENAMETOOLONG',
  'ELOOP',
  'EACCES',
  'EPERM',
  'EMFILE',
  'ENFILE',
  'ERR_STREAM_DESTROYED',
  'ERR_STREAM_WRITE_AFTER_END',
  'ERR_STREAM_PREMATURE_CLOSE',
  'ERR_STREAM_ALREADY_FINISHED',
  'ERR_HTTP_HEADERS_SENT',
  'ERR_SOCKET_CLOSED',
  'HPE_INVALID_METHOD',
  'HPE_INVALID_URL',
]);

/**
 * Whether an uncaught error is a socket/stream failure the server survives.
 * @param error what reached `uncaughtException` / `unhandledRejection`
 * @returns true for an error whose `code` is in the survivable set
 */
export function isSurvivable(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && SURVIVABLE_CODES.has(code);
}

/**
 * The backstop's decision for one uncaught error: log it; exit 1 unless it is survivable ({@link isSurvivable}).
 * @param log where the line goes (with the stack)
 * @param exit how a fatal error ends the process
 * @returns the handler for `uncaughtException` / `unhandledRejection`
 */
export function uncaughtHandler(log: (line: string) => void, exit: (code: number) => void): (error: unknown) => void {
  return (error) => {
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    if (isSurvivable(error)) {
      log(`ui-plan: an error escaped its handler; still serving: ${detail}\n`);
      return;
    }
    log(`ui-plan: fatal uncaught error, exiting: ${detail}\n`);
    exit(1);
  };
}

/**
 * Install the backstop on `process`.
 * @param log where one line per uncaught error goes (with the stack)
 * @param exit how a fatal error ends the process (default `process.exit(1)`)
 * @returns a function that removes the handlers again
 */
export function installProcessGuard(log: (line: string) => void, exit: (code: number) => void = (code) => process.exit(code)): () => void {
  const onError = uncaughtHandler(log, exit);
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  return () => {
    process.off('uncaughtException', onError);
    process.off('unhandledRejection', onError);
  };
}
