/**
 * Against the real `ui-plan serve`: the transcript's Find button covers nothing and is covered by nothing — no tab, no
 * heading, no row of the transcript or its status — at 375×667, 900×600 and 1280×800, with a long title, in English
 * and in 简体中文, on a fresh session and scrolled. Screenshots go to e2e/screenshots/find-*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { SHOTS } from '../helpers.ts';

const SIZES = [
  { width: 375, height: 667 },
  { width: 900, height: 600 },
  { width: 1280, height: 800 },
] as const;

const CASES = [
  {
    locale: 'en-US',
    newSession: 'New session',
    composer: 'Message the agent',
    find: 'Find',
    message: 'Please explain what the greeting module of this repository does, where it is used, and whether the README mentions it at all',
  },
  {
    locale: 'zh-CN',
    newSession: '新建会话',
    composer: '给智能体发消息',
    find: '查找',
    message: '请解释这个仓库中问候模块的作用、它在哪里被使用，以及说明文档里是否在任何地方提到过它，尽量详细一些',
  },
] as const;

/**
 * Every visible element whose visible box (clipped by its scrolling ancestors) overlaps the button's by more than a
 * pixel, neither its ancestor nor its descendant; described as `tag "text"`.
 */
async function overlapsOf(page: Page, name: string): Promise<string[]> {
  return page.getByRole('button', { name, exact: true }).evaluate((button) => {
    const visibleRect = (el: Element) => {
      let { left, top, right, bottom } = el.getBoundingClientRect();
      for (let p = el.parentElement; p; p = p.parentElement) {
        if (getComputedStyle(p).overflow === 'visible') continue;
        const r = p.getBoundingClientRect();
        left = Math.max(left, r.left);
        top = Math.max(top, r.top);
        right = Math.min(right, r.right);
        bottom = Math.min(bottom, r.bottom);
      }
      return { left, top, right, bottom };
    };
    const own = visibleRect(button);
    const hits: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (el === button || el.contains(button) || button.contains(el)) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'contents' || (el as HTMLElement).offsetParent === null) continue;
      // Only what a person reads or presses: elements with their own text or controls.
      const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      if (!ownText && !el.matches('button, input, select, textarea, a, [role]')) continue;
      const r = visibleRect(el);
      const width = Math.min(r.right, own.right) - Math.max(r.left, own.left);
      const height = Math.min(r.bottom, own.bottom) - Math.max(r.top, own.top);
      if (width > 1 && height > 1) hits.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return hits;
  });
}

for (const c of CASES) {
  test.describe(() => {
    test.use({ locale: c.locale });
    test(`the Find button overlaps nothing at three sizes with a long title (${c.locale})`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/');
      await page.getByRole('button', { name: c.newSession }).first().click();
      await expect(page.getByRole('textbox', { name: c.composer })).toBeVisible();
      const composer = page.getByRole('textbox', { name: c.composer });
      await composer.fill(c.message);
      await composer.press('Enter');
      await expect(page.getByRole('heading', { level: 1 })).toContainText(c.message.slice(0, 12));
      // The answer is in: the transcript holds the message and the model's reply.
      await expect(page.getByRole('article')).not.toHaveCount(0);
      await expect(page.getByRole('button', { name: c.find, exact: true })).toBeVisible();
      await expect(page.getByRole('textbox', { name: c.composer })).toBeEnabled();
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await expect(page.getByRole('button', { name: c.find, exact: true })).toBeInViewport();
        await page.screenshot({ path: `${SHOTS}/find-${c.locale}-${size.width}x${size.height}.png` });
        expect(await overlapsOf(page, c.find), `at ${size.width}×${size.height}, top`).toEqual([]);
        // Scrolled: rows pass under the tools row, never under the button.
        await page.getByRole('region', { name: /Transcript|对话记录/ }).hover();
        await page.mouse.wheel(0, 400);
        expect(await overlapsOf(page, c.find), `at ${size.width}×${size.height}, scrolled`).toEqual([]);
      }
      // The check sees an overlap when there is one: moved down onto the rows, the button covers the user's message.
      const find = page.getByRole('button', { name: c.find, exact: true });
      await page.getByRole('region', { name: /Transcript|对话记录/ }).hover();
      await page.mouse.wheel(0, -4000);
      const message = (await page.getByRole('article').first().boundingBox())!;
      await find.evaluate((el, y) => (el.style.transform = `translateY(${y - el.getBoundingClientRect().top + 4}px)`), message.y);
      expect(await overlapsOf(page, c.find)).not.toEqual([]);
      await find.evaluate((el) => (el.style.transform = ''));
    });
  });
}
