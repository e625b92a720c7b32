/**
 * Against the real `ui-plan serve`: the language switch (English → 简体中文) survives a reload and a plan is reviewed
 * and approved in Chinese, with the host's own texts (the review question, the plan) shown as the host wrote them; the
 * theme switch (dark) survives a reload, with `<html data-theme>` and the page's colours following it.
 */
import { expect, test } from '@playwright/test';
import { SHOTS, reviewCard } from '../helpers.ts';

test('switches to Chinese, keeps it after a reload, and approves a plan in Chinese', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('status', { name: 'Connected' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '简体中文' });
  await expect(page.getByRole('status', { name: '已连接' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  await page.reload();
  await expect(page.getByRole('status', { name: '已连接' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('combobox', { name: '语言' })).toHaveValue('zh-CN');

  await page.getByRole('button', { name: '新建会话' }).first().click();
  const box = page.getByRole('textbox', { name: '给智能体发消息' });
  await box.fill('/plan Add a --greeting flag to the CLI');
  await box.press('Enter');
  const card = reviewCard(page);
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status', { name: /^计划模式：开/ })).toBeVisible();
  await expect(card.getByRole('button', { name: '继续规划' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/server-review-card-zh-CN.png` });

  await card.getByRole('button', { name: '批准' }).click();
  await expect(card).toBeHidden();
  await expect(page.getByRole('status', { name: /^计划模式：关/ })).toBeVisible({ timeout: 30_000 });
  const transcript = page.getByRole('region', { name: '对话记录' });
  await expect(transcript.getByText('已批准').first()).toBeVisible();
  await expect(transcript.getByText('本轮已完成').last()).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: `${SHOTS}/server-approved-zh-CN.png` });
});

test('switches to the dark theme and keeps it after a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.getByRole('status', { name: 'Connected' })).toBeVisible();
  const html = page.locator('html');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await expect(html).toHaveAttribute('data-theme', 'system');
  expect(await background()).toBe('rgb(255, 255, 255)');

  await page.getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await background()).toBe('rgb(22, 24, 28)');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');

  await page.reload();
  await expect(page.getByRole('status', { name: 'Connected' })).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('dark');
  expect(await background()).toBe('rgb(22, 24, 28)');
  await page.screenshot({ path: `${SHOTS}/server-theme-dark.png` });

  await page.getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Light' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await background()).toBe('rgb(255, 255, 255)');
  await page.screenshot({ path: `${SHOTS}/server-theme-light.png` });
});
