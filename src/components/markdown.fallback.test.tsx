import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// The pipeline has not arrived (first paint, or its chunk failed to load).
vi.mock('./markdown-loader.ts', () => ({ useMarkdownRenderer: () => undefined }));

describe('Markdown before its pipeline loads', () => {
  it('shows the source as inert plain text, nothing parsed', async () => {
    // The test setup already loaded `markdown.tsx` with the real loader (it preloads chunks whose views render
    // Markdown): a fresh copy sees the mock.
    vi.resetModules();
    const { Markdown } = await import('./markdown.tsx');
    const { container } = render(<Markdown text={'# Plan\n\n- [x](javascript:alert(1)) <b>hi</b>'} />);
    expect(container.textContent).toBe('# Plan\n\n- [x](javascript:alert(1)) <b>hi</b>');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(container.querySelectorAll('a, b, ul')).toHaveLength(0);
  });
});
