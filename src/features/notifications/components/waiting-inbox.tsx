/**
 * The "Waiting for you" inbox at the top of the sessions list: every plan review, question and (on a dsh host)
 * tool-permission prompt waiting across the sessions, oldest first, with the session's title, the plan's title and
 * revision (or the question) and how long it has waited; the shown session's item is marked current. Choosing one
 * opens its session and focuses its card; a
 * tool-permission prompt is answered in the dsh client, so it only opens the session. Collapsible; open by default.
 */
import { distinctTitlePartsOf } from '../../../lib/title-parts.ts';
import { useEffect, useId, useState } from 'react';
import { useCopy } from '../../../lib/language.ts';
import { hashOfSession, useSelectedSessionId } from '../../../lib/route.ts';
import { openWaiting } from '../focus-card.ts';
import { notificationsLocales, type NotificationsCopy } from '../locales.ts';
import { attentionOf, type WaitingItem } from '../model/attention.ts';
import { useWaitingItems } from '../use-waiting.ts';
import './waiting-inbox.css';

const OFF = { desktop: false, sound: false } as const;

/** Now, in ms, again every 30 s (the waits are shown in whole minutes). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function detailOf(item: WaitingItem, t: NotificationsCopy): string {
  if (item.kind === 'review') return t.inboxReview(item.planTitle ?? '');
  if (item.kind === 'question') return t.inboxQuestion(item.question ?? '');
  return item.toolName ? `${t.inboxApproval} · ${t.inboxTool(item.toolName)}` : t.inboxApproval;
}

/** Props of {@link WaitingInboxList}. */
export interface WaitingInboxProps {
  /** Called after an item was chosen (the shell closes its drawer). */
  onOpened?: (sessionId: string) => void;
}

/** Render the inbox; nothing while nothing waits. */
export function WaitingInboxList({ onOpened }: WaitingInboxProps) {
  const t = useCopy(notificationsLocales);
  const shownSessionId = useSelectedSessionId();
  const waiting = useWaitingItems();
  const now = useNow();
  const [open, setOpen] = useState(true);
  const listId = useId();
  if (waiting.length === 0) return null;
  const { inbox } = attentionOf({ waiting, visible: true, shownSessionId: undefined, preferences: OFF, access: 'unsupported' });
  // Session titles that start alike keep the words that tell them apart in view, as in the session list.
  const parts = distinctTitlePartsOf(inbox.map((item) => item.sessionTitle ?? t.untitled));
  return (
    <section className="waiting-inbox" aria-label={t.inbox}>
      <h2 className="waiting-inbox__heading">
        <button type="button" className="waiting-inbox__toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((v) => !v)}>
          <span className="waiting-inbox__marker" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          {t.inboxToggle(inbox.length)}
        </button>
      </h2>
      <ol id={listId} className="waiting-inbox__list" hidden={!open}>
        {inbox.map((item, index) => {
          const session = item.sessionTitle ?? t.untitled;
          const detail = detailOf(item, t);
          const waited = t.waited(Math.max(0, Math.floor((now - item.since) / 60_000)));
          const meta = item.revision === undefined ? waited : `${t.inboxRevision(item.revision)} · ${waited}`;
          return (
            <li key={item.rpcId} className={`waiting-inbox__item waiting-inbox__item--${item.kind}`}>
              <a
                href={hashOfSession(item.sessionId)}
                aria-current={item.sessionId === shownSessionId ? 'page' : undefined}
                title={`${session}\n${detail}`}
                className="waiting-inbox__link"
                onClick={(event) => {
                  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                  event.preventDefault();
                  openWaiting(item.sessionId, item.kind !== 'approval');
                  onOpened?.(item.sessionId);
                }}
              >
                <span className="waiting-inbox__session session-title">
                  <span className="session-title-head">{parts[index]!.head}</span>
                  {parts[index]!.tail ? <span className="session-title-tail">{parts[index]!.tail}</span> : null}
                </span>
                <span className="waiting-inbox__detail">{detail}</span>
                <span className="waiting-inbox__wait">{meta}</span>
              </a>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
