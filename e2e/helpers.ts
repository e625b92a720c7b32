/**
 * Shared steps of the end-to-end specs: user-visible actions only, found by role and accessible name.
 */
import { expect, type Page } from '@playwright/test';
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
