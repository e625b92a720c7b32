/**
 * The session transcript: a labelled region listing user messages, assistant messages (streaming), tool cards
 * (plan, question and generic), command cards and quiet system lines, in log order, from an incremental fold, and a
 * quiet note counting the events that arrived with a payload of the wrong shape and are not shown.
 * Receives server state as props from the app; holds none of its own.
 */
import type { SessionEvent } from '../../core/log/types.ts';
import type { ToolView } from '../../core/protocol/methods.ts';
import { AssistantMessage } from './assistant-message.tsx';
import { CommandCard } from './command-card.tsx';
import type { TranscriptItem } from './fold.ts';
import { t } from './locales.ts';
import { PlanCard } from './plan-card.tsx';
import { QuestionCard } from './question-card.tsx';
import { QuietLine } from './quiet-line.tsx';
import { ToolCard } from './tool-card.tsx';
import { useTranscript } from './use-transcript.ts';
import { UserMessage } from './user-message.tsx';
import './transcript.css';

/** Props of `Transcript`: the session's events and tool views, and its load state. */
export interface TranscriptProps {
  events: readonly SessionEvent[];
  views: Readonly<Record<number, ToolView>>;
  loaded: boolean;
  error: string | undefined;
  /** Offered as "Try again" next to a load error (pulls the baseline again). */
  onRetry?: () => void;
  /**
   * A question waits for the user (`review`: a plan review; `answer`: any other question): the turn's marker says
   * "Waiting for your review" / "Waiting for your answer" instead of "Running…" (issue 8 item 21).
   */
  waiting?: 'review' | 'answer' | undefined;
  /** How many events could not be shown (payload of the wrong shape); 0 or undefined shows no note. */
  unreadable?: number;
}

function Row({ item }: { item: TranscriptItem }) {
  switch (item.kind) {
    case 'user':
      return <UserMessage item={item} />;
    case 'assistant':
      return <AssistantMessage item={item} />;
    case 'tool':
      if (item.name === 'exit_plan_mode') return <PlanCard item={item} />;
      if (item.name === 'ask_user_question') return <QuestionCard item={item} />;
      return <ToolCard item={item} />;
    case 'command':
      return <CommandCard item={item} />;
    case 'notice':
    case 'plan-mode':
    case 'mode':
    case 'turn-end':
      return <QuietLine item={item} />;
    default: {
      const never: never = item;
      return never;
    }
  }
}

/** The last row is an assistant message still streaming: its own "Writing…" already says the turn is running. */
function streamingLast(items: readonly TranscriptItem[]): boolean {
  const last = items[items.length - 1];
  return last !== undefined && last.kind === 'assistant' && last.streaming;
}

/** Render a session's transcript (see `TranscriptProps`). */
export function Transcript({ events, views, loaded, error, onRetry, waiting, unreadable = 0 }: TranscriptProps) {
  const { items, openTurn } = useTranscript(events, views);
  return (
    <section className="transcript" aria-label={t.region}>
      {error ? (
        <div role="alert" className="transcript-error">
          <p>{t.loadError(error)}</p>
          {onRetry ? <button type="button" className="button" onClick={onRetry}>{t.retry}</button> : null}
        </div>
      ) : null}
      {!loaded && items.length === 0 && !error ? <p className="quiet">{t.loading}</p> : null}
      {loaded && items.length === 0 ? <p className="quiet">{t.empty}</p> : null}
      {unreadable > 0 ? <p className="quiet transcript-unreadable">{t.unreadable(unreadable)}</p> : null}
      <ol className="transcript-list">
        {items.map((item) => (
          <li key={item.key} className={`row row-${item.kind}`}>
            <Row item={item} />
          </li>
        ))}
      </ol>
      {waiting !== undefined ? (
        <p className="quiet waiting" aria-live="polite">{waiting === 'review' ? t.waitingReview : t.waitingAnswer}</p>
      ) : openTurn !== undefined && !streamingLast(items) ? (
        <p className="quiet running" aria-live="polite">{t.running}</p>
      ) : null}
    </section>
  );
}
