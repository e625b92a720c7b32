/**
 * End to end: the spec runs `ui-plan serve` itself (its own port and data directory), kills it with SIGKILL (or shuts
 * it down with SIGTERM, which must leave the log as a crash does) while a plan review (or a generic question) waits,
 * and starts it again on the same port and data directory.
 * The open page shows the question again with the same plan and the drafts typed before the crash (the Feedback text,
 * a line comment and an unsent edit of the plan, which a reload keeps too); an
 * answer is accepted, the turn completes, and `ui-plan fold` reads the stored log without a skipped line.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { blockControl, commentOnBlock, newSession, reviewCard, send } from '../helpers.ts';
import { serve, type Serve } from '../serve.ts';

const CLI = path.resolve('bin', 'ui-plan.mjs');

/** kill -9 (or another signal), and wait until the process is gone. */
async function crash(running: Serve, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  process.kill(running.child.pid as number, signal);
  await running.exited;
}

/** The one stored session log of `dataDir`, read by `ui-plan fold`. */
function fold(dataDir: string): { events: number; skipped: number[] } {
  const dir = path.join(dataDir, 'sessions');
  const files = fs.readdirSync(dir).filter((name) => name.endsWith('.jsonl'));
  expect(files).toHaveLength(1);
  const run = spawnSync(process.execPath, [CLI, 'fold', path.join(dir, files[0] as string)], { encoding: 'utf8' });
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout.trim()) as { events: number; skipped: number[] };
}

/** Until the page's downlinks are lost, then until they are back. */
async function expectReconnected(page: Page, restart: () => Promise<void>): Promise<void> {
  await expect(page.getByRole('status', { name: /reconnecting|connecting/i }).first()).toBeVisible({ timeout: 30_000 });
  await restart();
  await expect(page.getByRole('status', { name: 'Connected' }).first()).toBeVisible({ timeout: 30_000 });
}

let dataDir = '';
let current: Serve | undefined;

test.beforeEach(() => {
  fs.mkdirSync('e2e/.tmp', { recursive: true });
  dataDir = fs.mkdtempSync(path.resolve('e2e/.tmp', 'restart-'));
});

test.afterEach(async () => {
  if (current && current.child.exitCode === null && current.child.signalCode === null) {
    current.child.kill('SIGTERM');
    await current.exited;
  }
  current = undefined;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The port of this project's baseURL (PORT_BASE scheme of playwright.config.ts). */
function portOf(baseURL: string | undefined): number {
  return Number(new URL(baseURL ?? '').port);
}

for (const [how, signal] of [
  ['a kill -9', 'SIGKILL'],
  ['a shutdown (SIGTERM)', 'SIGTERM'],
] as const) {
  test(`a plan review waiting at ${how} comes back with its plan and feedback, and the turn completes`, async ({ page, baseURL }) => {
    const port = portOf(baseURL);
    current = await serve(port, dataDir);
    await newSession(page);
    await send(page, '/plan add a --greeting flag to the CLI');
    const card = reviewCard(page);
    await expect(card).toBeVisible({ timeout: 30_000 });
    const title = (await card.getByRole('heading', { level: 1 }).textContent()) ?? '';
    expect(title).toMatch(/greeting/i);
    const feedback = card.getByRole('textbox', { name: 'Feedback' });
    await feedback.fill('Also cover the flag with a unit test');
    await commentOnBlock(card, blockControl(card, 'first list item'), 'Which file?');
    const comments = card.getByRole('region', { name: 'Comments' });
    await expect(comments).toContainText('(1 comment)');
    // An unsent edit of the plan is a draft like the comments: typed, then the server dies before anything is sent.
    await card.getByRole('button', { name: 'Edit plan' }).click();
    const editor = card.getByRole('textbox', { name: 'Plan', exact: true });
    const edited = `${await editor.inputValue()}\n\n## Checks\n\n- Run the CLI with --greeting by hand.\n`;
    await editor.fill(edited);

    await crash(current, signal);
    await expectReconnected(page, async () => {
      current = await serve(port, dataDir);
    });
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(feedback).toHaveValue('Also cover the flag with a unit test');
    await expect(comments.getByText('Which file?')).toBeVisible();
    await expect(editor).toHaveValue(edited);
    await page.reload();
    await expect(comments.getByText('Which file?')).toBeVisible({ timeout: 30_000 });
    await expect(editor).toHaveValue(edited);

    await card.getByRole('button', { name: 'Send edits as feedback' }).click();
    await expect(card.getByText('The agent adopted your edits (sent on v1).')).toBeVisible({ timeout: 30_000 });
    await expect(card.getByRole('region', { name: 'Proposed plan' }).getByRole('heading', { name: 'Checks' })).toBeVisible();
    await expect(comments.getByText('Comments sent on v1')).toBeVisible();
    await comments.getByRole('button', { name: 'Resolved' }).click();
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(card).toBeHidden();
    await expect(page.getByText('Turn completed').last()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(/Turn failed/)).toHaveCount(0);

    const folded = fold(dataDir);
    expect(folded.skipped).toEqual([]);
    expect(folded.events).toBeGreaterThan(0);
  });
}

test('a generic question waiting at a kill -9 comes back with its draft answer, and the turn completes', async ({ page, baseURL }) => {
  const port = portOf(baseURL);
  current = await serve(port, dataDir);
  await newSession(page);
  await send(page, 'Add a --greeting flag; ask me how to approach it first');
  const flow = page.getByRole('region', { name: /How should I approach/ });
  await expect(flow).toBeVisible({ timeout: 30_000 });
  const minimal = flow.getByRole('radio', { name: /Keep it minimal/ });
  await minimal.click();
  await expect(minimal).toBeChecked();

  await crash(current);
  await expectReconnected(page, async () => {
    current = await serve(port, dataDir);
  });
  await expect(flow).toBeVisible();
  await expect(minimal).toBeChecked();

  await flow.getByRole('button', { name: 'Submit' }).click();
  await expect(flow).toBeHidden();
  await expect(page.getByText(/you picked/).last()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Turn completed').last()).toBeVisible({ timeout: 30_000 });

  expect(fold(dataDir).skipped).toEqual([]);
});
