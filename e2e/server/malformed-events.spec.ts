/**
 * Against the real `ui-plan serve`: an event whose payload has the wrong shape never replaces the
 * app with the error screen, whether it arrives in an opened session log or over the mux socket. The two-line
 * reproduction and a larger log mixing good and bad events (fixtures/trust/) are opened with "Open session log";
 * a bad `session/event` frame is injected into a live session's mux socket.
 */
import { expect, test, type Page } from '@playwright/test';
import { SHOTS, newSession, planBadge } from '../helpers.ts';

async function openLog(page: Page, file: string): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('status', { name: /connected/i }).first()).toBeVisible();
  await page.getByLabel('Open session log').setInputFiles(file);
}

async function expectNoErrorScreen(page: Page): Promise<void> {
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New session' }).first()).toBeVisible();
}

test('the two-line reproduction opens: its one event is skipped and reported, and the app keeps working', async ({ page }) => {
  await openLog(page, 'fixtures/trust/user-message-null.jsonl');
  await expect(page.getByText(/opened read-only/i)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '1 line could not be read: 2' })).toBeVisible();
  await expectNoErrorScreen(page);
  await page.reload();
  await expect(page.getByText(/opened read-only/i)).toBeVisible();
  await expectNoErrorScreen(page);
});

test('a file that is not a dsh log is refused with a reason, and the app keeps working', async ({ page }) => {
  await openLog(page, 'fixtures/trust/not-a-log.jsonl');
  const refusal = page.getByRole('navigation', { name: 'Sessions' }).getByRole('alert');
  await expect(refusal).toContainText('This file is not a dsh session log');
  await expectNoErrorScreen(page);
});

test('a log mixing good and bad events opens: every good event shows and the skipped lines are reported', async ({ page }) => {
  await openLog(page, 'fixtures/trust/mixed-events.jsonl');
  await expect(page.getByText(/opened read-only/i)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '9 lines could not be read: 7, 10, 13, 16, 17, 18, 20, 26, 28' })).toBeVisible();
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await expect(transcript.getByText('Add a greeting flag to the CLI')).toBeVisible();
  await expect(transcript.getByText('I read the CLI entry point first.')).toBeVisible();
  await expect(transcript.getByText('The greeting flag is planned: parse it, then print it.')).toBeVisible();
  await expect(transcript.getByText('Turn completed')).toBeVisible();
  await expect(transcript.getByText('never shown')).toHaveCount(0);
  await expect(planBadge(page)).toHaveAccessibleName(/plan mode on/i);
  await expectNoErrorScreen(page);
  await page.screenshot({ path: `${SHOTS}/malformed-mixed.png`, fullPage: true });
  await page.reload();
  await expect(page.getByRole('region', { name: 'Transcript' }).getByText('Add a greeting flag to the CLI')).toBeVisible();
  await expectNoErrorScreen(page);
});

test('a wrong-shaped event over the mux socket is skipped and counted, and the session keeps working', async ({ page }) => {
  const sockets: { send(message: string): void }[] = [];
  await page.routeWebSocket(/\/api\/events\.mux$/, (ws) => {
    ws.connectToServer();
    sockets.push(ws);
  });
  await newSession(page);
  const sessionId = decodeURIComponent(new URL(page.url()).hash.replace('#/s/', ''));
  const frame = (event: unknown) =>
    JSON.stringify({ type: 'server-request', rpcId: `inject-${Math.random()}`, method: 'session/event', payload: { type: 'session/event', sessionId, event } });
  for (const data of [null, [], 's', 1]) sockets.at(-1)!.send(frame({ type: 'user/message', seq: 900, data }));
  sockets.at(-1)!.send(frame({ type: 'turn/end', seq: 901, data: { turn: 'x', reason: 5 } }));
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await expect(transcript.getByText('2 events could not be shown')).toBeVisible();
  await expectNoErrorScreen(page);
  await page.getByRole('group', { name: 'Collaboration mode' }).getByRole('button', { name: 'Plan' }).click();
  await expect(planBadge(page)).toHaveAccessibleName(/plan mode on/i);
  await expect(transcript.getByText('Plan mode on', { exact: true })).toBeVisible();
});
