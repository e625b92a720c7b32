/**
 * The plan outline and the comments' place, against the real `ui-plan serve`: on the 2,000-line perf plan (a replay
 * server this spec starts on its own port), the "Plan outline" landmark sits beside the plan at 1280 px and in the
 * expanded card at 1024 px, and behind an "Outline" menu at 375 px; no Comment button covers its block's text;
 * choosing the last heading scrolls the plan there and marks it current. On the scripted plan, a comment sits beside
 * its block at 1280 px and under it at 375 px, overlapping nothing. Screenshots go to e2e/screenshots/plan-outline-*.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { planOutlineOf } from '../../src/core/review/outline.ts';
import { makePerfFixtures, PERF_DIR, plan2000 } from '../../scripts/make-perf-fixtures.mjs';
import { COMMENT_ON_LINES, SHOTS, commentOnBlock, newSession, reviewCard, send } from '../helpers.ts';
import { serve, stop, type Serve } from '../serve.ts';

const PORT = Number(process.env.UI_PLAN_E2E_PORT_BASE ?? 5190) + 40;
const HEADINGS = planOutlineOf(plan2000());
const LAST = HEADINGS[HEADINGS.length - 1]!;

let server: Serve | undefined;
let dataDir = '';

test.beforeAll(async () => {
  makePerfFixtures();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-outline-'));
  server = await serve(PORT, dataDir, ['--model', `replay:${path.join(PERF_DIR, 'plan-2000.jsonl')}`]);
});

test.afterAll(async () => {
  await stop(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return box;
}

/** A new session on the replay server with the 2,000-line plan under review. */
async function longPlan(page: Page): Promise<Locator> {
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await expect(page.getByRole('status', { name: /connected/i }).first()).toBeVisible();
  await page.getByRole('button', { name: 'New session' }).first().click();
  await send(page, '/plan migrate the session store');
  const card = reviewCard(page);
  await expect(card.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  return card;
}

/** Choose the last heading of the outline and see the plan scrolled there, with that heading marked current. */
async function chooseLast(card: Locator, outline: Locator): Promise<void> {
  await outline.getByRole('button', { name: LAST.text, exact: true }).click();
  const plan = card.getByRole('region', { name: 'Proposed plan' });
  const heading = plan.getByRole('heading', { name: LAST.text, exact: true });
  await expect(heading).toBeInViewport();
  const [h, p] = [await boxOf(heading), await boxOf(plan)];
  expect(h.y).toBeGreaterThanOrEqual(p.y - 1);
  expect(h.y).toBeLessThan(p.y + p.height / 2);
  await expect(outline.getByRole('button', { name: LAST.text, exact: true })).toHaveAttribute('aria-current', 'location');
}

/**
 * The Comment buttons in view that cover text of their own block (its text nodes, its control box left out), as
 * "button x: text right" strings; empty when every button sits in the gutter beside its block.
 */
async function buttonsOverText(card: Locator): Promise<string[]> {
  return card.getByRole('region', { name: 'Proposed plan' }).evaluate((region) => {
    const view = region.getBoundingClientRect();
    const out: string[] = [];
    for (const button of region.querySelectorAll<HTMLElement>('.block-comments__button')) {
      const b = button.getBoundingClientRect();
      if (b.bottom < view.top || b.top > view.bottom || b.width === 0) continue;
      const box = button.parentElement!;
      const block = box.parentElement?.tagName === 'LI' ? box.parentElement : box.previousElementSibling;
      if (block === null) continue;
      const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      let right = 0;
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        if (node.parentElement?.closest('.block-comments, ul, ol') !== block.closest('.block-comments, ul, ol')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.bottom > b.top && rect.top < b.bottom) right = Math.max(right, rect.right);
      }
      if (right > b.left + 0.5) out.push(`${b.left}: ${right} ${block.textContent?.slice(0, 40)}`);
    }
    return out;
  });
}

test('the outline of a 2,000-line plan: beside it at 1280 px, a menu at 375 px; a heading is one choice away', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const card = await longPlan(page);
  const outline = card.getByRole('navigation', { name: 'Plan outline' });
  await expect(outline.getByRole('button', { name: HEADINGS[1]!.text, exact: true })).toBeVisible();
  await expect(outline.getByRole('button', { name: 'Outline' })).toBeHidden();
  const [nav, plan] = [await boxOf(outline), await boxOf(card.getByRole('region', { name: 'Proposed plan' }))];
  expect(nav.x + nav.width).toBeLessThanOrEqual(plan.x + 1);
  // The section being read at the top of the plan is current (the title's own section is two lines long).
  await expect(outline.locator('[aria-current="location"]')).toHaveCount(1);
  expect(await buttonsOverText(card)).toEqual([]);
  await chooseLast(card, outline);
  await page.screenshot({ path: `${SHOTS}/plan-outline-1280.png` });
  expect(await buttonsOverText(card)).toEqual([]);

  // A narrower window: a menu in the docked card, the list beside the plan once the card is expanded.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(outline.getByRole('button', { name: 'Outline' })).toBeVisible();
  await card.getByRole('button', { name: 'Expand' }).click();
  await expect(outline.getByRole('button', { name: 'Outline' })).toBeHidden();
  await expect(outline.getByRole('button', { name: LAST.text, exact: true })).toBeVisible();
  const [wideNav, widePlan] = [await boxOf(outline), await boxOf(card.getByRole('region', { name: 'Proposed plan' }))];
  expect(wideNav.x + wideNav.width).toBeLessThanOrEqual(widePlan.x + 1);
  expect(await buttonsOverText(card)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/plan-outline-1024-expanded.png` });
  await card.getByRole('button', { name: 'Collapse' }).click();

  await page.setViewportSize({ width: 375, height: 740 });
  const menu = outline.getByRole('button', { name: 'Outline' });
  await expect(menu).toBeVisible();
  await expect(outline.getByRole('button', { name: LAST.text, exact: true })).toBeHidden();
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await page.screenshot({ path: `${SHOTS}/plan-outline-375-menu.png` });
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  await menu.click();
  await outline.getByRole('button', { name: HEADINGS[2]!.text, exact: true }).click();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(card.getByRole('heading', { name: HEADINGS[2]!.text, exact: true })).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/plan-outline-375.png` });
});

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('comments sit beside their block at 1280 px and under it at 375 px, overlapping nothing', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await newSession(page);
  await send(page, '/plan add a --greeting flag to the CLI');
  const card = reviewCard(page);
  const plan = card.getByRole('region', { name: 'Proposed plan' });
  await expect(plan.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  const title = plan.getByRole('heading', { level: 1 });
  const step = plan.locator('li').first();
  const first = await commentOnBlock(card, plan.locator('h1 + .block-comments'), 'Name it after the flag.');
  const second = await commentOnBlock(card, step.locator('.block-comments').first(), 'Which file is this?');
  const [t, s, c1, c2] = await Promise.all([boxOf(title), boxOf(step), boxOf(first), boxOf(second)]);
  // Beside: right of the block's text, level with it; one under the other.
  expect(c1.x).toBeGreaterThanOrEqual(t.x + t.width);
  expect(c2.x).toBeGreaterThanOrEqual(s.x + s.width);
  expect(c1.y).toBeLessThan(t.y + t.height + 16);
  expect(overlap(c1, c2)).toBe(false);
  for (const button of await plan.getByRole('button', { name: COMMENT_ON_LINES }).all()) {
    const b = await boxOf(button);
    expect(overlap(b, c1) || overlap(b, c2)).toBe(false);
  }
  // Keyboard order: the block's Comment button, then its comment's own buttons.
  await plan.locator('h1 + .block-comments').getByRole('button', { name: COMMENT_ON_LINES }).focus();
  await page.keyboard.press('Tab');
  await expect(first.getByRole('button', { name: /^Edit/ })).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/plan-outline-comments-1280.png` });

  await page.setViewportSize({ width: 375, height: 740 });
  const [t375, c375] = [await boxOf(title), await boxOf(first)];
  expect(c375.y).toBeGreaterThanOrEqual(t375.y + t375.height);
  expect(c375.x).toBeLessThan(t375.x + 24);
  await page.screenshot({ path: `${SHOTS}/plan-outline-comments-375.png` });
});
