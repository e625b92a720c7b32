/**
 * Against the real `ui-plan serve`: a recorded dsh log keeps the recorder's `{{cwd}}`-style placeholders where it
 * scrubbed values; opened with "Open session log", the transcript shows each as "cwd: left out of the recording" (in
 * a message, a tool's summary, arguments and result, and the model's markdown), never the raw `{{cwd}}` as if it were
 * the text, at 375×667, 900×600 and 1280×800. Screenshots go to e2e/screenshots/recorded-placeholders-*.png.
 */
import { expect, test } from '@playwright/test';
import { SHOTS } from '../helpers.ts';

const SIZES = [
  { width: 375, height: 667 },
  { width: 900, height: 600 },
  { width: 1280, height: 800 },
] as const;

const line = (type: string, data: unknown) => JSON.stringify({ type, data });
const call = 'call_00_placeholders';
const recording = [
  '{"type":"session","version":0,"id":"{{sessionId}}","createdAt":1785406804293,"cwd":"{{cwd}}/workspace"}',
  line('turn/start', { turn: 1, trigger: { kind: 'message', source: { kind: 'user', rpcId: '{{rpcId}}' } } }),
  line('user/message', {
    content: [{ type: 'text', text: 'Read {{cwd}}/workspace/src/cli.ts and say what it does.' }],
    source: { kind: 'user', rpcId: '{{rpcId}}' },
  }),
  line('step/start', { turn: 1, step: 1 }),
  line('request/header', {
    header: { config: { provider: 'deepseek', model: 'deepseek-v4-flash' }, system: '{{system}}', tools: '{{tools}}' },
    reason: 'initial',
  }),
  line('tool/call', { turn: 1, step: 1, callId: call, name: 'read_file', arguments: JSON.stringify({ path: '{{cwd}}/workspace/src/cli.ts' }) }),
  line('tool/result', { turn: 1, step: 1, callId: call, content: [{ type: 'text', text: '{{cwd}}/workspace/src/cli.ts: 5 lines' }], isError: false }),
  line('step/end', { turn: 1, step: 1 }),
  line('step/start', { turn: 1, step: 2 }),
  line('assistant/message', {
    turn: 1,
    step: 2,
    content: [{ type: 'text', text: 'The entry point is `{{cwd}}/workspace/src/cli.ts`: it parses the **flags**.' }],
  }),
  line('step/end', { turn: 1, step: 2 }),
  line('turn/end', { turn: 1, reason: { kind: 'completed' } }),
].join('\n');

test('a recording shows its {{cwd}} placeholders as left out of the recording, at three sizes', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('status', { name: /connected/i }).first()).toBeVisible();
  await page.getByLabel('Open session log').setInputFiles({ name: 'placeholders.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(recording + '\n') });
  await expect(page.getByText(/opened read-only/i)).toBeVisible();
  const transcript = page.getByRole('region', { name: 'Transcript' });
  const you = transcript.getByRole('article', { name: 'You' });
  await expect(you).toHaveText('Read cwd: left out of the recording/workspace/src/cli.ts and say what it does.');
  await expect(you.getByText('cwd: left out of the recording')).toHaveAttribute('title', /left this value out of the recording/);
  const tool = transcript.getByRole('article', { name: /read_file/ });
  await expect(tool).toContainText('cwd: left out of the recording/workspace/src/cli.ts');
  await tool.getByRole('button').first().click();
  await expect(tool.getByText('cwd: left out of the recording')).toHaveCount(3);
  await expect(transcript.getByText('The entry point is')).toContainText('⟨cwd: left out of the recording⟩/workspace/src/cli.ts');
  await expect(transcript.getByText('flags', { exact: true })).toBeVisible();
  expect(await transcript.textContent()).not.toContain('{{');
  // The title the recording gave itself (its first message) says so too, in the header and in the list.
  // Another recording with the same scrubbed header id may have been opened first: this one is then its "(copy)".
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Read ⟨cwd: left out of the recording⟩\/workspace\/src\/cli\.ts and say what it does\./);
  await expect(page.getByRole('navigation', { name: 'Sessions' }).getByRole('link', { name: /^Read ⟨cwd: left out of the recording⟩/ })).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(you).toBeVisible();
    // The marked value wraps with its line and stays inside the transcript.
    const box = (await you.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: `${SHOTS}/recorded-placeholders-${size.width}x${size.height}.png` });
  }
});
