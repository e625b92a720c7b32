/**
 * Shared steps of the end-to-end specs: user-visible actions only, found by role and accessible name.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';

/** Folder for screenshots the specs save so a person can look at them (`e2e/screenshots/`, git-ignored). */
export const SHOTS = 'e2e/screenshots';
mkdirSync(SHOTS, { recursive: true });

/** Open the app and start a new session; resolves when the composer is ready. */
export async function newSession(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('status', { name: /connected/i }).first()).toBeVisible();
  await page.getByRole('button', { name: 'New session' }).first().click();
  await expect(page.getByRole('textbox', { name: 'Message the agent' })).toBeVisible();
}

/** Type a line into the composer and send it with Enter. */
export async function send(page: Page, line: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message the agent' });
  await box.fill(line);
  await box.press('Enter');
}

/** The plan review card (a region named by the review question). */
export function reviewCard(page: Page) {
  return page.getByRole('region', { name: 'Approve this plan and leave plan mode?' });
}

/** The plan-mode status badge. */
export function planBadge(page: Page) {
  return page.getByRole('status', { name: /^Plan mode/ });
}

/** In a new session at the page's size, turn plan mode on and send a task; resolves when its review card can be answered. */
export async function openPlanReview(page: Page, task = 'Add a --greeting flag to the CLI') {
  await newSession(page);
  await page.getByRole('group', { name: 'Collaboration mode' }).getByRole('button', { name: 'Plan' }).click();
  await expect(planBadge(page)).toHaveAccessibleName(/plan mode on/i);
  await send(page, task);
  const card = reviewCard(page);
  await expect(card.getByRole('button', { name: 'Approve' })).toBeVisible({ timeout: 30_000 });
  return card;
}

/** The name of a plan block's comment button: "Comment on line 3", "Comment on lines 3–5". */
export const COMMENT_ON_LINES = /^Comment on lines? \d/;

/**
 * A block's comment control (its `.block-comments` wrapper) in a review card's plan.
 * @param block the plan's title (its `h1`) or its first list item
 */
export function blockControl(card: Locator, block: 'title' | 'first list item'): Locator {
  const plan = card.getByRole('region', { name: 'Proposed plan' });
  return block === 'title' ? plan.locator('h1 + .block-comments') : plan.locator('li').first().locator('.block-comments').first();
}

/**
 * Comment on the block whose control is `control` (a `.block-comments` wrapper, see {@link blockControl}): its comment
 * button, the comment box focused, `text` typed, Add comment.
 * @returns the comment as shown beside its block (visible when this resolves)
 */
export async function commentOnBlock(card: Locator, control: Locator, text: string): Promise<Locator> {
  await control.getByRole('button', { name: COMMENT_ON_LINES }).click();
  const box = card.getByRole('textbox', { name: 'Comment', exact: true });
  await expect(box).toBeFocused();
  await box.fill(text);
  await card.getByRole('button', { name: 'Add comment' }).click();
  const added = control.locator('.review-comment').filter({ hasText: text });
  await expect(added).toBeVisible();
  return added;
}

/**
 * Record what went wrong in a page from now on — requests that failed, answers of 400 or more, console errors and
 * uncaught errors — so an assertion that times out can say why (a chunk that did not load, a call refused).
 * @returns `report()`: the records, one per line ("none" when there are none)
 */
export function watchPageTrouble(page: Page): { report(): string } {
  const lines: string[] = [];
  const at = () => new Date().toISOString().slice(11, 23);
  page.on('requestfailed', (request) => lines.push(`${at()} request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? '?'})`));
  page.on('response', (response) => {
    if (response.status() >= 400) lines.push(`${at()} answer ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') lines.push(`${at()} console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => lines.push(`${at()} page error: ${error.message}`));
  return { report: () => (lines.length > 0 ? lines.join('\n') : 'none') };
}
