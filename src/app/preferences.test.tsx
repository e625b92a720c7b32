import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { holdModel } from '../../mocks/node.ts';
import { LANGUAGE_KEY, syncDocumentLanguage, useLanguageStore } from '../lib/language.ts';
import { syncDocumentTheme, THEME_KEY, useThemeStore } from '../lib/theme.ts';
import { App } from './app.tsx';

const fresh = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
const stops: Array<() => void> = [];

beforeEach(() => {
  history.replaceState(null, '', '/');
  localStorage.clear();
  useLanguageStore.setState({ chosen: null, browser: navigator.language });
  useThemeStore.setState({ theme: 'system' });
  // What src/main.tsx does before the first render.
  stops.push(syncDocumentTheme(), syncDocumentLanguage());
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.restoreAllMocks();
  localStorage.clear();
});

it('switches the interface to Chinese, sets <html lang>, and stays Chinese after a remount', async () => {
  const user = userEvent.setup();
  const first = render(<App queryClient={fresh()} />);
  expect(await screen.findByRole('status', { name: 'Connected' })).toBeInTheDocument();
  expect(document.documentElement.lang).toBe('en');

  await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), '简体中文');
  expect(screen.getByRole('heading', { name: '未选择会话' })).toBeInTheDocument();
  expect(screen.getByRole('status', { name: '已连接' })).toBeInTheDocument();
  expect(await screen.findByRole('navigation', { name: '会话' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'No session selected' })).not.toBeInTheDocument();
  expect(document.documentElement.lang).toBe('zh-CN');
  expect(JSON.parse(localStorage.getItem(LANGUAGE_KEY) ?? 'null')).toMatchObject({ state: { chosen: 'zh-CN' } });

  first.unmount();
  render(<App queryClient={fresh()} />);
  expect(await screen.findByRole('heading', { name: '未选择会话' })).toBeInTheDocument();
  expect(await screen.findByRole('combobox', { name: '语言' })).toHaveValue('zh-CN');
  expect(within(screen.getByRole('main')).getByRole('button', { name: '新建会话' })).toBeInTheDocument();
});

it('opens in Chinese when the browser language is Chinese and nothing was picked', async () => {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue('zh-TW');
  window.dispatchEvent(new Event('languagechange'));
  render(<App queryClient={fresh()} />);
  expect(await screen.findByRole('heading', { name: '未选择会话' })).toBeInTheDocument();
  expect(await screen.findByRole('combobox', { name: '语言' })).toHaveValue('zh-CN');
});

it('opens in English when the browser language is not Chinese', async () => {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue('fr-FR');
  window.dispatchEvent(new Event('languagechange'));
  render(<App queryClient={fresh()} />);
  expect(await screen.findByRole('heading', { name: 'No session selected' })).toBeInTheDocument();
  expect(await screen.findByRole('combobox', { name: 'Language' })).toHaveValue('en');
});

it('switches the theme to dark on <html data-theme> and keeps it after a remount', async () => {
  const user = userEvent.setup();
  const first = render(<App queryClient={fresh()} />);
  expect(document.documentElement.dataset.theme).toBe('system');
  const theme = await screen.findByRole('combobox', { name: 'Theme' });
  expect(
    within(theme)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['System', 'Light', 'Dark']);

  await user.selectOptions(theme, 'Dark');
  expect(document.documentElement.dataset.theme).toBe('dark');
  expect(JSON.parse(localStorage.getItem(THEME_KEY) ?? 'null')).toMatchObject({ state: { theme: 'dark' } });

  first.unmount();
  render(<App queryClient={fresh()} />);
  expect(await screen.findByRole('combobox', { name: 'Theme' })).toHaveValue('dark');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Theme' }), 'Light');
  expect(document.documentElement.dataset.theme).toBe('light');
});

it('approves a plan in Chinese while the host’s own texts stay as the host wrote them', async () => {
  const user = userEvent.setup();
  useLanguageStore.getState().setLanguage('zh-CN');
  render(<App queryClient={fresh()} />);
  await user.click(within(await screen.findByRole('main')).getByRole('button', { name: '新建会话' }));
  await user.click(await screen.findByRole('textbox', { name: '给智能体发消息' }));
  await user.paste('/plan Add a --greeting flag to the CLI');
  await user.keyboard('{Enter}');

  // The question is the host's text: shown as written, around Chinese controls.
  const review = await screen.findByRole('region', { name: 'Approve this plan and leave plan mode?' });
  expect(within(await screen.findByRole('navigation', { name: '会话' })).getByText('等待你审阅')).toBeInTheDocument();
  expect(screen.getByRole('status', { name: /^计划模式：开/ })).toBeInTheDocument();
  expect(within(review).getByRole('button', { name: '继续规划' })).toBeInTheDocument();

  holdModel(); // the execution after the approval is not under test
  await user.click(within(review).getByRole('button', { name: '批准' }));
  expect(await screen.findByRole('status', { name: /^计划模式：关/ })).toBeInTheDocument();
  const transcript = screen.getByRole('region', { name: '对话记录' });
  expect(within(transcript).getByText('已批准')).toBeInTheDocument();
  expect(within(transcript).getByRole('article', { name: '你' })).toHaveTextContent('Add a --greeting flag to the CLI');
  expect(within(transcript).getByRole('article', { name: '计划：Add a --greeting flag to the CLI' })).toBeInTheDocument();
});
