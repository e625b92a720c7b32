/**
 * Text from a log as the transcript shows it: in a recorded log (a read-only session) every `{{name}}` placeholder the
 * recorder left is shown as a marked "name: left out of the recording", never as if it were the text; elsewhere the
 * text is shown as it is (a live model may well write `{{name}}`). See src/core/transcript/placeholders.ts.
 */
import { Fragment } from 'react';
import { placeholderPartsOf, withPlaceholdersWorded } from '../../../core/transcript/placeholders.ts';
import { useCopy } from '../../../lib/language.ts';
import { componentsLocales } from '../../../components/locales.ts';
import { useLogEnded } from './log-ended.ts';

/** @param text plain text (React escapes it); placeholders become marked spans in a recorded log */
export function RecordedText({ text }: { text: string }) {
  const t = useCopy(componentsLocales);
  const recorded = useLogEnded();
  if (!recorded || !text.includes('{{')) return text;
  return placeholderPartsOf(text).map((part, i) =>
    typeof part === 'string' ? (
      <Fragment key={i}>{part}</Fragment>
    ) : (
      <span key={i} className="left-out" title={t.leftOutHint}>
        {t.leftOut(part.placeholder)}
      </span>
    ),
  );
}

/**
 * Markdown source as the transcript renders it: in a recorded log, each placeholder replaced by its words in angle
 * brackets ("⟨cwd: left out of the recording⟩"), since markdown text holds no element.
 * @returns a function of the markdown source; the identity outside a recorded log
 */
export function useRecordedMarkdown(): (text: string) => string {
  const t = useCopy(componentsLocales);
  const recorded = useLogEnded();
  return recorded ? (text) => withPlaceholdersWorded(text, (name) => `⟨${t.leftOut(name)}⟩`) : (text) => text;
}
