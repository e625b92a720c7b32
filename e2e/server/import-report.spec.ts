/**
 * Against the real `ui-plan serve`: what "Open session log" says about lines it could not show, at 375×667, 900×600 and
 * 1280×800. A log whose last line was cut mid-line (a crash while writing) says so; a log with 10,000 unreadable and
 * unknown lines gets one short note with counts and a few examples (not 10,000 messages), and the recording still
 * opens. Screenshots go to e2e/screenshots/import-report-*.png.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { SHOTS } from '../helpers.ts';

const SIZES = [
  { width: 375, height: 667 },
  { width: 900, height: 600 },
  { width: 1280, height: 800 },
] as const;

const recording = readFileSync('fixtures/dsh-recordings/plan-review/session.jsonl', 'utf8').trimEnd().split('\n');

/** Open a log made of `lines` (joined by newlines, no newline at the end) as `name`; resolves once it opened. */
async function openLines(page: Page, name: string, lines: readonly string[]): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('status', { name: /connected/i }).first()).toBeVisible();
  await page.getByLabel('Open session log').setInputFiles({ name, mimeType: 'application/jsonl', buffer: Buffer.from(lines.join('\n')) });
  await expect(page.getByText(/opened read-only/i)).toBeVisible({ timeout: 60_000 });
  await expect(
    page
      .getByRole('region', { name: 'Transcript' })
      .getByText(/Plan a small change: add a --greeting flag/)
      .first(),
  ).toBeVisible();
  // On a phone the sessions list is a drawer: open it to read the note.
  const drawer = page.getByRole('button', { name: 'Sessions', exact: true });
  if (await drawer.isVisible()) await drawer.click();
}

/** The note under the opened log's row, checked to lie inside the sidebar and the viewport. */
async function noteOf(page: Page, size: { width: number; height: number }) {
  const note = page
    .getByRole('navigation', { name: 'Sessions' })
    .getByRole('status')
    .filter({ hasText: /line|event/ });
  await expect(note).toHaveCount(1);
  await expect(note).toBeVisible();
  // On a phone the drawer slides in: the note's box is read once the slide has ended, and must then lie inside.
  await expect
    .poll(async () => {
      const box = (await note.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= size.width;
    })
    .toBe(true);
  return note;
}

for (const size of SIZES) {
  test(`a log whose last line was cut mid-line says so, at ${size.width}×${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    const torn = [...recording, '{"type":"assistant/message","data":{"turn":1,"step":2,"mess'];
    await openLines(page, `torn-${size.width}.jsonl`, torn);
    const note = await noteOf(page, size);
    await expect(note).toHaveText(`Line ${torn.length}, the last, was cut mid-line (the log ends inside it) and is left out.`);
    await page.screenshot({ path: `${SHOTS}/import-report-torn-${size.width}x${size.height}.png` });
  });

  test(`a log with 10,000 unreadable and unknown lines gets one short note with counts and examples, at ${size.width}×${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    const lines = [...recording];
    for (let i = 0; i < 5_000; i += 1) lines.push(`{"type":"${i % 2 === 0 ? 'trace/span' : 'metric/tick'}","data":{"i":${i}}}`);
    for (let i = 0; i < 5_000; i += 1) lines.push(`{not json ${i}`);
    lines.push(''); // whole lines: a newline ends the last one
    await openLines(page, `noisy-${size.width}.jsonl`, lines);
    const note = await noteOf(page, size);
    const first = recording.length + 5_001;
    const examples = Array.from({ length: 10 }, (_, i) => (first + i).toLocaleString('en-US')).join(', ');
    await expect(note).toHaveText(
      `5,000 lines could not be read: ${examples}, … 5,000 events of kinds dsh logs do not have are not shown: trace/span (2,500), metric/tick (2,500)`,
    );
    await page.screenshot({ path: `${SHOTS}/import-report-noisy-${size.width}x${size.height}.png` });
  });
}
