/**
 * Copy plan never moves a button: "Copied" shows in the Copy button's own label box, which holds every label from the
 * start (so it is as wide as the widest, in any language), and the status line that says it to screen readers
 * is not a label of the row. The e2e `review-comment-box.spec.ts` measures the real layout.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLanguageStore, type LanguagePack } from '../lib/language.ts';
import { componentsZhCN } from './locales.zh-CN.ts';
import { PlanActions } from './plan-actions.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Copy plan', () => {
  it('holds "Copied" in its label box before and after a copy, and keeps its name', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    render(<PlanActions plan="# Plan" title="Plan" />);
    const button = screen.getByRole('button', { name: 'Copy plan' });
    const before = button.textContent;
    expect(before).toContain('Copied');
    await user.click(button);
    expect(screen.getByRole('button', { name: 'Copy plan' })).toBe(button);
    expect(button.textContent).toBe(before);
    // The row's live status says it too, outside the buttons.
    const status = screen.getByRole('group', { name: /Plan/ }).querySelector('[aria-live="polite"]');
    expect(status).toHaveTextContent('Copied');
    expect(button).not.toContainElement(status as HTMLElement);
  });

  it('holds the 简体中文 labels the same way', () => {
    useLanguageStore.setState({ chosen: 'zh-CN', packs: { 'zh-CN': { components: componentsZhCN } as LanguagePack } });
    try {
      render(<PlanActions plan="# Plan" title="Plan" />);
      const button = screen.getByRole('button', { name: '复制计划' });
      expect(button.textContent).toContain('复制计划');
      expect(button.textContent).toContain('已复制');
    } finally {
      act(() => useLanguageStore.setState({ chosen: 'en' }));
    }
  });
});
