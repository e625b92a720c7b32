/**
 * Component tests of features that read a session through the selector hooks of src/session/: render inside a
 * fresh QueryClient (no retries) and a session-stream store seeded with one session's state — projections, running
 * flag, pending questions, its `session.list` row and the host's capabilities — over a downlink double that is
 * `connected` unless the seed says otherwise. `update` changes the seeded state as the stream would (higher seq wins).
 * Calls the features make still go to the MSW server of `mocks/node.ts`.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { SessionEvent } from '../src/core/log/types.ts';
import type { MuxFrame } from '../src/core/protocol/frames.ts';
import type { Capabilities, MethodValue, ModeProjectionValue, PlanProjectionValue, SessionSummary } from '../src/core/protocol/methods.ts';
import type { QuestionItem } from '../src/core/questions/types.ts';
import type { ReviewHistory } from '../src/core/review/history.ts';
import type { ConnectionState, DownlinkHandlers } from '../src/lib/downlink.ts';
import { hostKeys } from '../src/lib/queries.ts';
import { SessionStreamProvider } from '../src/session/provider.tsx';
import { applyHistoryPage, applyMuxFrame, applyMuxOpen, initialStreamState, type StreamState } from '../src/session/reducers.ts';
import { createSessionStreamStore, type SessionStreamStore } from '../src/session/store.ts';

/** What a test says about its session; every field is optional and left out fields are not seeded. */
export interface SessionSeed {
  /** The `plan` projection. */
  plan?: PlanProjectionValue | undefined;
  /** The `mode` projection (session-modes variant). */
  mode?: ModeProjectionValue | undefined;
  /** The `reviews` projection. */
  reviews?: ReviewHistory | undefined;
  /** The `title` projection. */
  title?: string | undefined;
  /** The `modelView` projection (sent as is, so a test may send a value of the wrong shape). */
  modelView?: unknown;
  /** The `progress` projection (sent as is, like `modelView`). */
  progress?: unknown;
  /** `host/session-status`. */
  running?: boolean | undefined;
  /** Pending question batches, in order. */
  questions?: readonly { rpcId: string; questions: QuestionItem[] }[] | undefined;
  /** A tail page of these events (the session then counts as loaded); `hasOlder` leaves older history unloaded. */
  events?: readonly SessionEvent[] | undefined;
  hasOlder?: boolean | undefined;
  /**
   * Fields of the session's `session.list` row (`readOnly`, `readOnlyReason`, `writeStopped`, `customTitle`, …): the
   * list holds this one row (the default: an idle, writable session), never read from the mocked harness. `null`
   * leaves `session.list` to the mocked harness (the session list's own tests).
   */
  summary?: Partial<SessionSummary> | null | undefined;
  /** The downlink state; `connected` when not given. */
  connection?: ConnectionState | undefined;
  /** `host.describe().capabilities`; `null` for a plain dsh host (none); not seeded when undefined (MSW answers). */
  capabilities?: Capabilities | null | undefined;
}

/** A plan-review question batch as `exit_plan_mode` asks it (docs/upstream-spec.md §1.10), for `questions` seeds. */
export function planReviewQuestions(plan = '# Plan\n\n1. Do it.'): QuestionItem[] {
  return [
    {
      id: 'plan-review',
      header: 'Plan review',
      question: 'Approve this plan and leave plan mode?',
      detail: plan,
      options: [{ label: 'Approve' }, { label: 'Keep planning' }],
      intent: { kind: 'plan-review', approve: 'Approve' },
    },
  ];
}

const projectionFrame = (sessionId: string, key: string, value: unknown, seq: number): MuxFrame => ({
  type: 'session/projection',
  sessionId,
  key,
  value,
  seq,
});

/**
 * Render `ui` with the session `sessionId` seeded as `seed` says (`running` as a `host/session-status` frame).
 * @returns Testing Library's render result, the `client` and `store`, and `update(seed)` to change the session (in `act`)
 */
export function renderInSession(ui: ReactElement, sessionId: string, seed: SessionSeed = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  let seq = 0;
  let handlers: DownlinkHandlers | undefined;
  let summary: SessionSummary = { sessionId, updatedAt: 1, running: false, blank: false };

  const seeded = (state: StreamState, next: SessionSeed): StreamState => {
    let out = state;
    if (next.events !== undefined || next.hasOlder !== undefined) {
      const events = next.events ?? [];
      out = applyHistoryPage(out, sessionId, {
        events: events.map((event) => ({ event })),
        hasMore: next.hasOlder === true,
        projections: { asOfSeq: -1, values: {} },
      });
    }
    for (const key of ['plan', 'mode', 'reviews', 'title', 'modelView', 'progress'] as const) {
      if (next[key] !== undefined) out = applyMuxFrame(out, projectionFrame(sessionId, key, next[key], (seq += 1)), '');
    }
    for (const batch of next.questions ?? []) {
      out = applyMuxFrame(out, { type: 'question/requested', sessionId, questions: batch.questions }, batch.rpcId);
    }
    return out;
  };
  const seedQueries = (next: SessionSeed) => {
    if (next.summary !== undefined && next.summary !== null) {
      summary = { ...summary, ...next.summary };
      // A read of the mocked list still on its way must not overwrite the seeded row when it lands.
      void client.cancelQueries({ queryKey: hostKeys.sessions() }, { revert: false });
      client.setQueryDefaults(hostKeys.sessions(), { staleTime: Infinity });
      client.setQueryData<MethodValue<'session.list'>>(hostKeys.sessions(), { items: [summary] });
    }
    if (next.capabilities !== undefined) {
      const describe = {
        version: 'test',
        cwd: '/',
        provider: 'test',
        model: 'test',
        attachedSessions: 0,
        ...(next.capabilities === null ? {} : { capabilities: next.capabilities }),
      };
      client.setQueryData(hostKeys.describe(), describe as MethodValue<'host.describe'>);
    }
  };

  seedQueries(seed.summary === undefined ? { ...seed, summary: {} } : seed);
  const store: SessionStreamStore = createSessionStreamStore({
    initialState: seeded(applyMuxOpen(initialStreamState()), seed),
    connect: (given) => {
      handlers = given;
      given.onConnectionState?.(seed.connection ?? 'connected');
      return { state: seed.connection ?? 'connected', malformedCount: 0, close: () => undefined };
    },
    fetchHistory: async () => ({ events: [], hasMore: false }),
  });
  if (seed.running !== undefined) store.applyHost({ type: 'host/session-status', sessionId, running: seed.running });

  const wrap = (node: ReactElement) => (
    <QueryClientProvider client={client}>
      <SessionStreamProvider store={store}>{node}</SessionStreamProvider>
    </QueryClientProvider>
  );
  const result = render(wrap(ui));

  /**
   * Change the session as the stream would: new projection values win, running and connection follow. Resolves once
   * the query cache has told its observers (TanStack Query notifies on a timer), so await it before asserting.
   */
  const update = (next: SessionSeed) =>
    act(async () => {
      seedQueries(next);
      if (next.running !== undefined) store.applyHost({ type: 'host/session-status', sessionId, running: next.running });
      for (const key of ['plan', 'mode', 'reviews', 'title', 'modelView', 'progress'] as const) {
        if (next[key] !== undefined) store.applyMux(projectionFrame(sessionId, key, next[key], (seq += 1)), '');
      }
      for (const batch of next.questions ?? []) store.applyMux({ type: 'question/requested', sessionId, questions: batch.questions }, batch.rpcId);
      if (next.connection !== undefined) handlers?.onConnectionState?.(next.connection);
      await new Promise((settled) => setTimeout(settled, 0));
    });

  return { ...result, client, store, update, rerender: (node: ReactElement) => result.rerender(wrap(node)) };
}
