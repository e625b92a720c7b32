/**
 * The `ask_user_question` card: each question the model asked and the answer it got back (selected labels and
 * any custom text, read from the JSON answer in the tool result, docs/upstream-spec.md §3.1), "Skipped" for a skipped
 * question (`selected: []`, no custom, docs/upstream-spec.md §3.4), or why there is none (dismissed / aborted / failed, with the
 * message without its `Error: ` prefix).
 */
import { memo } from 'react';
import { parseArguments, type TranscriptItem } from '../../../core/transcript/fold.ts';
import { useCopy } from '../../../lib/language.ts';
import { transcriptLocales } from '../locales.ts';
import { toolErrorOf } from '../model/tool-outcome.ts';

interface Asked {
  id: string;
  question: string;
  header: string | undefined;
}
interface Answered {
  id: string;
  selected: string[];
  custom: string | undefined;
}

function askedOf(raw: string): Asked[] {
  const questions = parseArguments(raw)?.questions;
  if (!Array.isArray(questions)) return [];
  return questions.flatMap((q: unknown) => {
    if (typeof q !== 'object' || q === null) return [];
    const r = q as Record<string, unknown>;
    return [
      { id: String(r.id ?? ''), question: typeof r.question === 'string' ? r.question : '', header: typeof r.header === 'string' ? r.header : undefined },
    ];
  });
}

function answersOf(text: string): Answered[] | undefined {
  const answers = parseArguments(text)?.answers;
  if (!Array.isArray(answers)) return undefined;
  return answers.flatMap((a: unknown) => {
    if (typeof a !== 'object' || a === null) return [];
    const r = a as Record<string, unknown>;
    const selected = Array.isArray(r.selected) ? r.selected.filter((s): s is string => typeof s === 'string') : [];
    return [{ id: String(r.id ?? ''), selected, custom: typeof r.custom === 'string' ? r.custom : undefined }];
  });
}

/** @param item a `tool` transcript item whose name is `ask_user_question` */
export const QuestionCard = memo(function QuestionCard({ item }: { item: Extract<TranscriptItem, { kind: 'tool' }> }) {
  const t = useCopy(transcriptLocales);
  const asked = askedOf(item.arguments);
  const answers = item.result && !item.result.isError ? answersOf(item.result.text) : undefined;
  const error = item.result?.isError ? toolErrorOf(item.result.text) : undefined;
  const errorText = error ? (error.message ? `${t.questionOutcome[error.kind]}: ${error.message}` : t.questionOutcome[error.kind]) : '';
  return (
    <article className={`card question-card${item.result?.isError ? ' is-error' : ''}`} aria-label={t.questionCard(asked.length)}>
      <dl className="qa-list">
        {asked.map((q, i) => {
          const answer = answers?.find((a) => a.id === q.id) ?? answers?.[i];
          const shown = answer ? [answer.selected.join(', '), answer.custom].filter((s) => s && s.trim()).join(' — ') || t.skipped : '';
          return (
            <div key={q.id || i} className="qa">
              <dt>
                {q.header ? <span className="eyebrow">{q.header}</span> : null}
                {q.question}
              </dt>
              <dd>
                <span className="visually-hidden">{t.answer}: </span>
                {item.result === undefined ? t.noAnswer : error ? errorText : shown || '—'}
              </dd>
            </div>
          );
        })}
      </dl>
    </article>
  );
});
