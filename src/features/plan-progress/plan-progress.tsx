/**
 * Plan progress: the approved plan's title and steps, each with the status of the to-do matched to it, the to-dos
 * not in the plan, a count, and — once the turn that carried it out ended — the audit. With no plan approved, the
 * agent's to-dos alone ("To-dos"). Collapsible; a phone starts collapsed to one line. A lazy chunk, read through
 * `lazyModule().use()` (docs/style.md "Lazy views render at once"). Rules: docs/plan-progress.md.
 */
import { useEffect, useId, useState } from 'react';
import { auditOf, type RunProgress, type StepProgress, type TodoProgress } from '../../core/plan/progress.ts';
import type { TodoStatus } from '../../core/todos/todos.ts';
import { useCopy } from '../../lib/language.ts';
import { useSessionAudits, useSessionProgress } from '../../session/plan-progress.ts';
import { publishTurnAudits } from '../../session/turn-audits.ts';
import { planProgressLocales, type PlanProgressCopy } from './locales.ts';
import './plan-progress.css';

const MARKS: Record<TodoStatus, string> = { pending: '○', in_progress: '◐', completed: '✓' };
/** Below this width the region starts collapsed (the phone layout, docs/style.md). */
const PHONE = '(max-width: 480px)';

/** A step or to-do text without inline-code ticks and bold marks, for one line of plain text. */
function plain(text: string): string {
  return text.replace(/`/g, '').replace(/\*\*/g, '');
}

/** One step or to-do: its mark, its text (a button to where it last changed, when known) and its status in words. */
function Item({ item, onShow, t }: { item: StepProgress | TodoProgress; onShow: (callId: string) => void; t: PlanProgressCopy }) {
  const text = plain('text' in item ? item.text : item.content);
  const callId = item.change?.callId;
  return (
    <li className={`plan-progress__item is-${item.status}`}>
      <span className="plan-progress__mark" aria-hidden="true">
        {MARKS[item.status]}
      </span>
      {callId !== undefined ? (
        <button type="button" className="link-button plan-progress__show" title={t.showChange(text)} onClick={() => onShow(callId)}>
          {text}
        </button>
      ) : (
        <span className="plan-progress__text">{text}</span>
      )}
      <span className="plan-progress__status">{t.status[item.status]}</span>
    </li>
  );
}

/** The audit line of a run whose turn ended. */
function Audit({ run, t }: { run: RunProgress; t: PlanProgressCopy }) {
  const audit = auditOf(run);
  if (!audit) return null;
  return (
    <p className="plan-progress__audit">
      <strong>{t.audit(audit.done, audit.total, audit.notDone, audit.extra)}</strong> {t.ended(audit.end.kind, audit.end.message)}
    </p>
  );
}

/**
 * @param sessionId the session shown
 * @param onShow show a tool call (a `todo_write` row) in the transcript
 */
export default function PlanProgress({ sessionId, onShow }: { sessionId: string; onShow: (callId: string) => void }) {
  const t = useCopy(planProgressLocales);
  const { view, complete } = useSessionProgress(sessionId);
  const [open, setOpen] = useState(() => typeof matchMedia !== 'function' || !matchMedia(PHONE).matches);
  const bodyId = useId();
  const audits = useSessionAudits(sessionId);
  // The transcript's turn-end rows carry these audits too.
  useEffect(() => {
    publishTurnAudits(sessionId, new Map([...audits.values()].map((audit) => [audit.end.seq, audit])));
  }, [sessionId, audits]);
  if (view.kind === 'none') return null;
  const plan = view.kind === 'plan' ? view.run : undefined;
  const done = view.kind === 'plan' ? view.run.done : view.done;
  const total = view.kind === 'plan' ? view.run.total : view.total;
  const name = plan ? t.region : t.todosRegion;
  const summary = plan ? t.count(done, total) : t.todoCount(done, total);
  const audit = plan ? auditOf(plan) : undefined;
  return (
    <section className="plan-progress" aria-label={name}>
      <button type="button" className="plan-progress__toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
        <span className="plan-progress__chevron" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        {open ? (
          <span className="plan-progress__name">{name}</span>
        ) : (
          <span className="plan-progress__line">{plan ? t.collapsed(done, total) : `${name}: ${summary}`}</span>
        )}
        {open ? <span className="plan-progress__count">{summary}</span> : null}
        {!open && audit ? <span className="plan-progress__count">{t.audit(audit.done, audit.total, audit.notDone, audit.extra)}</span> : null}
        <span className="visually-hidden">{open ? t.collapse : t.expand}</span>
      </button>
      {/* The body scrolls within its cap, so it takes focus to scroll by keyboard (axe scrollable-region-focusable). */}
      <div id={bodyId} className="plan-progress__body" hidden={!open} role="region" aria-label={t.body} tabIndex={0}>
        {plan ? (
          <>
            <p className="plan-progress__plan">{t.approved(plain(plan.revision.title), plan.revision.version)}</p>
            {plan.untracked ? <p className="plan-progress__note">{t.untracked}</p> : null}
            <ol className="plan-progress__list">
              {plan.steps.map((step, i) => (
                <Item key={i} item={step} onShow={onShow} t={t} />
              ))}
            </ol>
            {plan.extras.length > 0 ? (
              <>
                <h3 className="plan-progress__extras">{t.extras}</h3>
                <ul className="plan-progress__list">
                  {plan.extras.map((todo) => (
                    <Item key={todo.content} item={todo} onShow={onShow} t={t} />
                  ))}
                </ul>
              </>
            ) : null}
            <Audit run={plan} t={t} />
          </>
        ) : view.kind === 'todos' ? (
          <ul className="plan-progress__list">
            {view.todos.map((todo) => (
              <Item key={todo.content} item={todo} onShow={onShow} t={t} />
            ))}
          </ul>
        ) : null}
        {complete ? null : <p className="plan-progress__note">{t.partial}</p>}
      </div>
    </section>
  );
}
