/**
 * The Reviews view's one transport call: download the session log `.jsonl` as the host stored it
 * (`GET /api/sessions/<id>/log.jsonl`, docs/protocol.md), saved byte for byte, with a worded failure kept until the
 * next try.
 */
import { useState } from 'react';
import { saveFile } from '../../../components/download.ts';
import { describeApiError } from '../../../lib/describe-api-error.ts';
import { useCopy } from '../../../lib/language.ts';
import { fetchSessionLog } from '../../../lib/session-log.ts';
import { reviewsLocales } from '../locales.ts';

/**
 * @param sessionId the session whose log is saved
 * @param fileName the name it is offered under (the caller makes it from the session title, `fileNameOf`)
 * @returns `download` (clears the last failure first) and `failure`, the sentence for the status line or undefined
 */
export function useLogDownload(sessionId: string, fileName: string): { download: () => void; failure: string | undefined } {
  const copy = useCopy(reviewsLocales);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const download = async () => {
    setFailure(undefined);
    try {
      saveFile(fileName, await fetchSessionLog(sessionId), 'application/jsonl');
    } catch (error) {
      setFailure(copy.downloadFailed(error instanceof Error ? describeApiError(error) : String(error)));
    }
  };
  return { download: () => void download(), failure };
}
