/**
 * Open session log (`capabilities.import`): stream a chosen `.jsonl` file to the host's streamed import route
 * (`capabilities.importStream`), or read it and send it to `session.import` on a host without that route, refusing a
 * file over the 16 MB import limit before reading or sending it; the session list is refreshed when it opened. A
 * failure is worded by `importErrorOf`: one plain sentence, with the host's own wording as detail.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importRefusalSchema, MAX_IMPORT_JSONL_CHARS } from '../../../core/protocol/methods.ts';
import { ApiError, callMethod, importLogStreamed } from '../../../lib/api-client.ts';
import { describeApiError } from '../../../lib/describe-api-error.ts';
import { currentCopy } from '../../../lib/language.ts';
import { hostKeys } from '../../../lib/queries.ts';
import { sessionsLocales } from '../locales.ts';

/** A file refused before upload: over the import limit (`bytes`, its size). */
class ImportTooLargeError extends Error {
  readonly bytes: number;
  constructor(bytes: number) {
    super(currentCopy(sessionsLocales).importTooLarge(bytes, MAX_IMPORT_JSONL_CHARS));
    this.name = 'ImportTooLargeError';
    this.bytes = bytes;
  }
}

/**
 * Import a chosen log, refusing a file over the limit without reading or sending it. With `streamed` the file's bytes
 * go to the host as they are read (the page never holds its text); without, its text goes in one `session.import`.
 * Both answer the same for the same file (docs/protocol.md "The streamed import").
 * @param file the chosen file; its size in bytes is compared with `MAX_IMPORT_JSONL_CHARS` (a UTF-8 file is never
 *   fewer bytes than UTF-16 code units, so a file within it always fits the payload)
 * @param streamed the host has the streamed import route (`capabilities.importStream`)
 * @returns the host's `session.import` value
 * @throws Error (too large, before upload) or ApiError from the host or the transport
 */
export async function importLogFile(file: Blob, streamed = false) {
  if (file.size > MAX_IMPORT_JSONL_CHARS) throw new ImportTooLargeError(file.size);
  if (streamed) return importLogStreamed(file);
  return callMethod('session.import', { jsonl: await file.text() });
}

/**
 * What the sidebar says about a failed import: a headline (one plain sentence) and the host's own wording as
 * `detail` (shown in the headline's `title`), when there is more to say.
 * @param error what `importLogFile` rejected with
 * @returns `headline`: "This log is too large to open (…)", "This file is not a dsh session log: …", or "Could not
 *   open the log: <describeApiError>"; `detail`: the host's message for a refusal it explained, else `undefined`
 */
export function importErrorOf(error: unknown): { headline: string; detail: string | undefined } {
  const t = currentCopy(sessionsLocales);
  // Worded now, not when thrown: the language may have changed since.
  if (error instanceof ImportTooLargeError) return { headline: t.importTooLarge(error.bytes, MAX_IMPORT_JSONL_CHARS), detail: undefined };
  if (error instanceof ApiError) {
    const refusal = importRefusalSchema.safeParse(error.details?.refusal);
    if (refusal.success) return { headline: t.importRefused(refusal.data), detail: error.message };
  }
  return { headline: t.importError(describeApiError(error)), detail: undefined };
}

/**
 * Import a chosen log file (`importLogFile`), streamed where the host has the route.
 * @param streamed whether the host has `capabilities.importStream`, asked when a file is chosen (`capabilityNow`: the
 *   host's capabilities may not have answered yet, and guessing "no" then sent the whole text in one request)
 * @param onImported called with the opened session's id once the list was refreshed
 * @returns the mutation; its `data` holds the host's value (`skipped` lines), its `error` what `importErrorOf` words
 */
export function useImportLog(streamed: () => Promise<boolean>, onImported: (sessionId: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: Blob) => importLogFile(file, await streamed()),
    onSuccess: async ({ sessionId }) => {
      await queryClient.invalidateQueries({ queryKey: hostKeys.sessions() });
      onImported(sessionId);
    },
  });
}
