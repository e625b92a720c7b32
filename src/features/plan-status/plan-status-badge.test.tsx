import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlanProjectionValue } from '../../core/protocol/methods.ts';
import { planBadgeStateOf } from '../../core/plan/fold.ts';
import { PlanStatusBadge } from './plan-status-badge.tsx';

describe('PlanStatusBadge', () => {
  it.each([
    [{ active: false, pending: false }, 'off', 'Plan mode off'],
    [{ active: true, pending: false }, 'on', 'Plan mode on'],
    [{ active: false, pending: true }, 'entering', 'Plan mode entering (pending)'],
    [{ active: true, pending: true }, 'leaving', 'Plan mode leaving (pending)'],
  ] as Array<[PlanProjectionValue, string, string]>)('shows %o as %s', (plan, state, name) => {
    render(<PlanStatusBadge plan={plan} />);
    const badge = screen.getByRole('status', { name });
    expect(badge).toHaveTextContent(name);
    expect(badge).toHaveAttribute('data-state', state);
    expect(planBadgeStateOf(plan)).toBe(state);
  });

  it('renders nothing when the plan projection is absent', () => {
    const { container } = render(<PlanStatusBadge plan={undefined} />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('follows a new projection value without state of its own', () => {
    const { rerender } = render(<PlanStatusBadge plan={{ active: false, pending: true }} />);
    expect(screen.getByRole('status', { name: 'Plan mode entering (pending)' })).toBeInTheDocument();
    rerender(<PlanStatusBadge plan={{ active: true, pending: false }} />);
    expect(screen.getByRole('status', { name: 'Plan mode on' })).toBeInTheDocument();
  });
});
