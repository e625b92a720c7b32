/**
 * ui-plan in front of a REAL DeepSeek Harness host: the recorded plan-review session replayed by
 * `dsh web`, driven through ui-plan's own UI. The host has no ui-plan capabilities, so `/plan <task>` goes
 * through `commands/execute`; the review card shows the recorded plan and the Waiting for you inbox lists it; Approve
 * leaves plan mode (and empties the inbox); the model says DONE; "What the model sees" folds the host's two request
 * headers and names the span between them plan:policy. Keep planning with two line comments and general feedback: the
 * host's own `tool/result` (read through `session.history`) carries the feedback text verbatim, and ui-plan parses it
 * back into the two comments (a replayed host cannot produce revision 2).
 */
import { readFileSync } from 'node:fs';
import { parseSessionLog } from '../../src/core/log/reader.ts';
import { anchorOf } from '../../src/core/review/anchors.ts';
import { formatReviewFeedback, parseReviewFeedback } from '../../src/core/review/feedback-format.ts';
import { planBlocksOf } from '../../src/core/review/plan-blocks.ts';
import { foldReviewHistory } from '../../src/core/review/revisions.ts';
import { SHOTS, blockControl, commentOnBlock, newSession, planBadge, reviewCard, send } from '../helpers.ts';
import { PLAN_REVIEW_FIXTURE, expect, recordedPlanLine, test } from './real-host.ts';

/** The first plan of a recording, as the host will put it up. */
function recordedPlanOf(fixture: string): string {
  const plan = foldReviewHistory(parseSessionLog(readFileSync(fixture, 'utf8')).events).revisions[0]?.plan;
  if (plan === undefined) throw new Error(`${fixture} has no plan review`);
  return plan;
}

test('the recorded /plan task on a real dsh host: review card, Approve, plan mode off, DONE', async ({ page }) => {
  await newSession(page);
  await expect(planBadge(page)).toHaveAccessibleName(/plan mode off/i);
  // A plain dsh host has no ui-plan capabilities: no "Open session log" (import is an extension).
  await expect(page.getByLabel('Open session log')).toHaveCount(0);

  await send(page, recordedPlanLine(PLAN_REVIEW_FIXTURE));
  await expect(planBadge(page)).toHaveAccessibleName(/plan mode on/i);
  const card = reviewCard(page);
  await expect(card).toBeVisible({ timeout: 60_000 });
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('Add --greeting flag to CLI');
  await expect(card.getByRole('listitem')).toHaveCount(5);
  await expect(card.getByRole('listitem').first()).toContainText('Locate the CLI entry point');
  await page.screenshot({ path: `${SHOTS}/interop-review-card.png` });
  // The inbox from the host's own question/requested frame; a plain host has no `reviews` projection, so the revision
  // comes from the client's fold of the history.
  const waiting = page.getByRole('region', { name: 'Waiting for you' }).getByRole('link');
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText('Plan: Add --greeting flag to CLI');
  await expect(waiting).toContainText('revision 1 · waiting');

  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toBeHidden();
  await expect(page.getByRole('region', { name: 'Waiting for you' })).toHaveCount(0);
  await expect(planBadge(page)).toHaveAccessibleName(/plan mode off/i, { timeout: 30_000 });
  await expect(page.getByText('DONE', { exact: true }).last()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/interop-done.png` });

  // What the model sees, folded by the page from the host's log: two headers, the second logged with reason change
  // once plan mode was off, and the span that differs between them is plan:policy.
  await page.getByRole('tab', { name: 'What the model sees' }).click();
  const steps = page.getByRole('navigation', { name: 'Steps' }).getByRole('button');
  await expect(steps).toHaveCount(2);
  await expect(steps.nth(0)).toContainText('Header changed (initial)');
  await expect(steps.nth(1)).toContainText('Header changed (change)');
  const detail = page.getByRole('tabpanel').getByRole('article');
  await steps.nth(0).click();
  await expect(detail.getByText(/^plan:policy · order 50 · about \d+ tokens · Added by plan mode$/)).toBeVisible();
  await expect(detail.getByText(/differs between a request with plan mode on and one with it off/)).toBeVisible();
  await steps.nth(1).click();
  await expect(detail.getByText(/Added by plan mode/)).toHaveCount(0);
  const changed = detail.getByRole('region', { name: 'Changed since the previous header' });
  await expect(changed).toContainText('Header changed (change)');
  await expect(changed).toContainText(/can be reused; everything from plan:policy onward is new/);
  await expect(changed).toContainText('Measured cache read: 4608 tokens at this step');
  await expect(page.getByRole('status').filter({ hasText: /^Plan mode: \+\d+ tokens\/request$/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/interop-model-view.png`, fullPage: true });
  // This host logs the catalog as a list (the captured 0.1.1 frames carry a JSON string): both read as the catalog.
  await detail.getByText(/^\d+ tools · about \d+ tokens$/).click();
  await expect(detail.getByRole('listitem').filter({ hasText: /^exit_plan_mode · always present/ })).toBeVisible();
});

test("the picker falls back to /plan and /plan off on a real dsh host, with the host's own result texts", async ({ page }) => {
  await newSession(page);
  const picker = page.getByRole('group', { name: 'Collaboration mode' });
  await picker.getByRole('button', { name: 'Plan' }).click();
  await expect(planBadge(page)).toHaveAccessibleName(/plan mode on/i);
  await expect(page.getByText('Plan mode on. Use /plan off to leave.').first()).toBeVisible();
  await picker.getByRole('button', { name: 'Default' }).click();
  await expect(planBadge(page)).toHaveAccessibleName(/plan mode off/i);
  await expect(page.getByText('Plan mode off.').first()).toBeVisible();
  await expect(picker.getByRole('button', { name: 'Default' })).toHaveAttribute('aria-pressed', 'true');
});

test('Keep planning with two line comments and feedback on a real dsh host: the tool/result carries the text verbatim', async ({ page }) => {
  const plan = recordedPlanOf(PLAN_REVIEW_FIXTURE);
  const [title, firstStep] = planBlocksOf(plan).filter((block) => block.kind === 'heading' || block.kind === 'list-item');
  const expected = formatReviewFeedback({
    comments: [
      { ...anchorOf(plan, title!.start, title!.end), text: 'Name the flag in the title.' },
      { ...anchorOf(plan, firstStep!.start, firstStep!.end), text: 'Which file is the entry point?' },
    ],
    general: 'Also cover the flag with a test.',
  });
  await newSession(page);
  await send(page, recordedPlanLine(PLAN_REVIEW_FIXTURE));
  const card = reviewCard(page);
  await expect(card.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
  await commentOnBlock(card, blockControl(card, 'title'), 'Name the flag in the title.');
  await commentOnBlock(card, blockControl(card, 'first list item'), 'Which file is the entry point?');
  await card.getByRole('textbox', { name: 'Feedback' }).fill('Also cover the flag with a test.');
  await card.getByRole('button', { name: 'Keep planning' }).click();
  await expect(card).toBeHidden({ timeout: 30_000 });

  // The host's own log, read through session.history: the exit_plan_mode call's tool/result holds the text verbatim.
  const sessionId = decodeURIComponent(/#\/s\/([^/?]+)/.exec(page.url())?.[1] ?? '');
  expect(sessionId).not.toBe('');
  const resultText = async () =>
    page.evaluate(async (id) => {
      const response = await fetch('/api/session.history', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'client-request', rpcId: 'interop-history', method: 'session.history', payload: { sessionId: id } }),
      });
      const answer = (await response.json()) as { result: { ok: boolean; value: { events: { event: { type: string; data: unknown } }[] } } };
      const events = answer.result.value.events.map((e) => e.event);
      const review = events.find((e) => e.type === 'tool/call' && (e.data as { name?: string }).name === 'exit_plan_mode');
      const callId = (review?.data as { callId?: string } | undefined)?.callId;
      // dsh logs a result as a tool message (`message.source.callId`, `content[].content[].text`): every text in it.
      const result = events.find((e) => e.type === 'tool/result' && callId !== undefined && JSON.stringify(e.data).includes(JSON.stringify(callId)));
      const texts: string[] = [];
      const collect = (value: unknown): void => {
        if (Array.isArray(value)) value.forEach(collect);
        else if (value !== null && typeof value === 'object') {
          const record = value as Record<string, unknown>;
          if (record.type === 'text' && typeof record.text === 'string') texts.push(record.text);
          Object.values(record).forEach(collect);
        }
      };
      collect(result?.data);
      return texts.join('\n');
    }, sessionId);
  await expect.poll(resultText, { timeout: 30_000 }).toContain(expected);
  const text = await resultText();
  const feedback = text.slice(text.indexOf(expected), text.indexOf(expected) + expected.length);
  const parsed = parseReviewFeedback(feedback);
  expect(parsed.comments.map((c) => c.text)).toEqual(['Name the flag in the title.', 'Which file is the entry point?']);
  expect(parsed.general).toBe('Also cover the flag with a test.');

  // The Reviews view reads the host's result back into the two comments.
  await page.getByRole('tab', { name: /^Reviews/ }).click();
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText(/^Comment on lines? \d+(–\d+)?:$/)).toHaveCount(2);
  await expect(reviews.getByText('Which file is the entry point?')).toBeVisible();
  await expect(reviews.getByText('Name the flag in the title.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/interop-review-comments.png`, fullPage: true });
});

test("Plan progress on a real dsh host reads the host's todos projection (null here) without error", async ({ page }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // Every `todos` value the host sent: on tail pages of session.history and as session/projection frames.
  const todos: unknown[] = [];
  const progress: unknown[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { payload?: { type?: string; key?: string; value?: unknown } };
      if (frame.payload?.type !== 'session/projection') return;
      if (frame.payload.key === 'todos') todos.push(frame.payload.value);
      if (frame.payload.key === 'progress') progress.push(frame.payload.value);
    }),
  );
  page.on('response', (response) => {
    if (!response.url().endsWith('/api/session.history')) return;
    void response
      .json()
      .then((body: { result?: { value?: { projections?: { values?: Record<string, unknown> } } } }) => {
        const values = body.result?.value?.projections?.values;
        if (values && 'todos' in values) todos.push(values.todos);
        if (values && 'progress' in values) progress.push(values.progress);
      })
      .catch(() => undefined);
  });

  await newSession(page);
  await send(page, recordedPlanLine(PLAN_REVIEW_FIXTURE));
  const card = reviewCard(page);
  await expect(card.getByRole('button', { name: 'Approve' })).toBeVisible({ timeout: 60_000 });
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('DONE', { exact: true }).last()).toBeVisible({ timeout: 30_000 });

  // The page folds the approved plan from the events it holds: its 5 steps, none tracked, and the audit at the turn's end.
  const region = page.getByRole('region', { name: 'Plan progress' });
  await expect(region).toBeVisible();
  await expect(region.getByText('Add --greeting flag to CLI · revision 1, approved')).toBeVisible();
  await expect(region.getByText('0 of 5 steps done')).toBeVisible();
  await expect(region.getByText('The agent has not written a to-do list for this plan yet.')).toBeVisible();
  await expect(region.getByRole('listitem')).toHaveCount(5);
  await expect(region.getByText('Plan carried out: 0 of 5 steps; 5 not done; 0 extra')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/interop-plan-progress.png` });

  // The host served its own `todos` projection, null for a session that never wrote one, and no ui-plan `progress`.
  expect(todos.length).toBeGreaterThan(0);
  expect(todos.every((value) => value === null)).toBe(true);
  expect(progress).toEqual([]);
  // The session's row reads only `plan` and `todos` there: nothing to say about a plan with no list.
  const row = page.getByRole('navigation', { name: 'Sessions' }).locator('a[aria-current="page"]');
  await expect(row).not.toContainText(/Plan (approved|in progress|done|stopped|abandoned)|Drafting/);
  expect(pageErrors).toEqual([]);
});
