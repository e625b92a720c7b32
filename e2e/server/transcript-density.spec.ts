/**
 * Against the real `ui-plan serve`: a session whose scripted model calls tools shows one line
 * per tool call that expands to its arguments and result, without the rows below overlapping it; the plan review
 * card expands to the whole content area and collapses back (button, Escape) at 1280×800 and 375×667, where the
 * transcript keeps real room while the card is collapsed; the plan's title is its largest heading; an opened log
 * shows a highlighted code block with a Copy button and a "Stopped" marker after a cut answer; no CSP violation
 * anywhere. Screenshots go to e2e/screenshots/transcript-density-*.png.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SHOTS, newSession, reviewCard, send } from '../helpers.ts';

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/** Record CSP violations from the start of every document of the page. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations?.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return async () => [...((await page.evaluate(() => window.cspViolations)) ?? []), ...fromConsole];
}

/** The rendered rows of the transcript never overlap: each starts at or below the end of the one before. */
async function expectRowsApart(transcript: Locator): Promise<void> {
  const boxes = (await transcript.getByRole('listitem').evaluateAll((items) => items.map((li) => li.getBoundingClientRect().toJSON()))) as DOMRect[];
  for (let i = 1; i < boxes.length; i += 1) expect(boxes[i]!.top).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom - 1);
}

test('tool calls are one line each and expand in place; the review card expands and collapses at 1280 and 375 px', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await newSession(page);
  await send(page, '/plan add a --greeting flag to the CLI');
  const card = reviewCard(page);
  await expect(card).toBeVisible({ timeout: 30_000 });
  const transcript = page.getByRole('region', { name: 'Transcript' });

  // One line per tool call: one button (name, summary, status), collapsed.
  const read = transcript.getByRole('article', { name: 'Tool call read_file' });
  await expect(read.getByRole('button')).toHaveCount(1);
  const line = read.getByRole('button');
  await expect(line).toHaveAccessibleName(/^read_file path: .+ done$/);
  await expect(line).toHaveAttribute('aria-expanded', 'false');
  const lineBox = (await read.boundingBox())!;
  expect(lineBox.height).toBeLessThan(40);
  await expect(transcript.getByRole('button', { name: 'Reasoning' }).first()).toBeVisible();
  await line.click();
  await expect(line).toHaveAttribute('aria-expanded', 'true');
  await expect(read.getByText('Arguments')).toBeVisible();
  await expect(read.getByText('Result')).toBeVisible();
  await expect.poll(async () => (await read.boundingBox())!.height).toBeGreaterThan(lineBox.height + 40);
  await expect.poll(async () => transcript.getByRole('listitem').evaluateAll((items) => items.length)).toBeGreaterThan(3);
  await expectRowsApart(transcript);
  await page.screenshot({ path: `${SHOTS}/transcript-density-tool-expanded-1280x800.png` });

  // The plan's own title is the largest heading of the card.
  const plan = card.getByRole('region', { name: 'Proposed plan' });
  const sizes = await plan.getByRole('heading').evaluateAll((headings) => headings.map((h) => parseFloat(getComputedStyle(h).fontSize)));
  expect(sizes.length).toBeGreaterThan(1);
  for (const size of sizes.slice(1)) expect(sizes[0]!).toBeGreaterThan(size);

  // Expand to the whole content area, collapse with Escape.
  const collapsedHeight = (await card.boundingBox())!.height;
  await card.getByRole('button', { name: 'Expand the plan review' }).click();
  const collapse = card.getByRole('button', { name: 'Collapse the plan review' });
  await expect(collapse).toHaveAttribute('aria-expanded', 'true');
  await expect(transcript).toBeHidden();
  await expect.poll(async () => (await card.boundingBox())!.height).toBeGreaterThan(Math.max(collapsedHeight, 800 * 0.75));
  await expect.poll(async () => ((b) => b.y + b.height)((await card.boundingBox())!)).toBeGreaterThan(800 - 16);
  await expect(card.getByRole('button', { name: 'Approve' })).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/transcript-density-review-expanded-1280x800.png` });
  await page.keyboard.press('Escape');
  await expect(card.getByRole('button', { name: 'Expand the plan review' })).toBeFocused();
  await expect(transcript).toBeVisible();

  // A phone: collapsed, the card keeps the room while the review waits (docs/style.md "The plan keeps the room": the
  // plan area at least 40 % of the height and 200 px, Approve on screen; the transcript yields); expanded it takes it all.
  await page.setViewportSize({ width: 375, height: 667 });
  await expect(card.getByRole('button', { name: 'Approve' })).toBeInViewport();
  await expect.poll(async () => (await plan.boundingBox())!.height).toBeGreaterThanOrEqual(Math.max(200, 667 * 0.4) - 1);
  const planCollapsed = (await plan.boundingBox())!.height;
  console.log(`375x667: plan ${planCollapsed} px collapsed`);
  await page.screenshot({ path: `${SHOTS}/transcript-density-review-375x667.png` });
  await card.getByRole('button', { name: 'Expand the plan review' }).click();
  await expect(transcript).toBeHidden();
  await expect.poll(async () => (await plan.boundingBox())!.height).toBeGreaterThan(planCollapsed + 40);
  console.log(`375x667: plan ${(await plan.boundingBox())!.height} px expanded`);
  // Down to the bottom of the window (less the dock's padding).
  await expect.poll(async () => ((b) => b.y + b.height)((await card.boundingBox())!)).toBeGreaterThan(667 - 16);
  await expect(card.getByRole('button', { name: 'Approve' })).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/transcript-density-review-expanded-375x667.png` });
  await card.getByRole('button', { name: 'Collapse the plan review' }).click();
  await expect(transcript).toBeVisible();

  expect(await violations()).toEqual([]);
});

test('an opened log shows a highlighted code block with Copy, and a Stopped marker after a cut answer', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const violations = await watchCsp(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('status', { name: /connected/i }).first()).toBeVisible();
  await page.getByLabel('Open session log').setInputFiles('fixtures/transcript/code-and-tools.jsonl');
  await expect(page.getByText(/opened read-only/i)).toBeVisible();
  const transcript = page.getByRole('region', { name: 'Transcript' });

  await expect(transcript.getByRole('article', { name: /^Tool call/ })).toHaveCount(2);
  const answer = transcript.getByRole('article', { name: 'Assistant' }).filter({ hasText: 'The CLI reads the flag here' });
  const code = answer.getByRole('code').filter({ hasText: 'parseArgs' }).last();
  const keyword = code.getByText('export', { exact: true });
  await expect(keyword).toBeVisible();
  // Highlighted: the keyword has a colour of its own, different from the code's text.
  await expect
    .poll(async () => keyword.evaluate((el) => (el.parentElement === null ? '' : getComputedStyle(el).color !== getComputedStyle(el.closest('code')!).color)))
    .toBe(true);
  // Token colours exist for the dark theme too.
  const colourOf = () => keyword.evaluate((el) => getComputedStyle(el).color);
  const light = await colourOf();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(colourOf).not.toBe(light);
  await page.screenshot({ path: `${SHOTS}/transcript-density-log-dark-1280x800.png` });
  await page.emulateMedia({ colorScheme: 'light' });
  await answer.getByRole('button', { name: 'Copy code' }).click();
  await expect(answer.getByRole('status')).toHaveText('Code copied to the clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('export function greetingOf(argv: string[]): string {');

  const cut = transcript.getByRole('article', { name: 'Assistant' }).filter({ hasText: 'takes the arguments' });
  await expect(cut.getByText('Stopped', { exact: true })).toBeVisible();
  await transcript.getByRole('article', { name: 'Tool call read_file' }).getByRole('button').click();
  await expect(transcript.getByRole('article', { name: 'Tool call read_file' }).getByText('short: ')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/transcript-density-log-1280x800.png` });
  expect(await violations()).toEqual([]);
});
