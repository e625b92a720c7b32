import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient } from '../../../mocks/test-utils.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { CollaborationPicker, OUTCOME_VISIBLE_MS, type CollaborationOption } from './collaboration-picker.tsx';

const OPTIONS: CollaborationOption[] = [
  { value: 'default', label: 'Default' },
  { value: 'plan', label: 'Plan' },
  { value: 'deep-dive', label: 'Deep-dive' },
];

function picker(props: Partial<Parameters<typeof CollaborationPicker>[0]> = {}) {
  return (
    <CollaborationPicker
      sessionId="session-a"
      options={OPTIONS}
      checked="default"
      pending={undefined}
      disabled={false}
      reason={undefined}
      choose={async (value) => `chose ${value}`}
      {...props}
    />
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('CollaborationPicker', () => {
  it.each([
    ['End', 'Plan', 'Deep-dive'],
    ['Home', 'Plan', 'Default'],
    ['ArrowLeft', 'Plan', 'Default'],
    ['ArrowUp', 'Default', 'Deep-dive'],
    ['ArrowDown', 'Plan', 'Deep-dive'],
    ['ArrowRight', 'Deep-dive', 'Default'],
  ])('moves focus with %s from the checked %s to %s and chooses it', async (key, from, to) => {
    const value = (label: string) => OPTIONS.find((option) => option.label === label)?.value;
    const choose = vi.fn(async (chosen: string) => `chose ${chosen}`);
    renderWithClient(picker({ checked: value(from), choose }));
    const checked = screen.getByRole('radio', { name: from, checked: true });
    expect(checked).toHaveAttribute('tabindex', '0');
    checked.focus();
    await userEvent.setup().keyboard(`{${key}}`);
    expect(screen.getByRole('radio', { name: to })).toHaveFocus();
    expect(choose.mock.calls).toEqual([[value(to)]]);
  });

  it('names and marks the pending value, and sends nothing for the checked one', async () => {
    const choose = vi.fn(async () => 'never');
    renderWithClient(picker({ checked: 'plan', pending: 'plan', choose }));
    const plan = screen.getByRole('radio', { name: 'Plan (pending)', checked: true });
    expect(plan).toHaveAttribute('data-pending', 'true');
    expect(screen.getByRole('radio', { name: 'Default' })).not.toHaveAttribute('data-pending');
    await userEvent.setup().click(plan);
    expect(choose).not.toHaveBeenCalled();
  });

  it('shows the outcome for OUTCOME_VISIBLE_MS and then clears it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithClient(picker());
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('radio', { name: 'Plan' }));
    expect(await screen.findByRole('status')).toHaveTextContent('chose plan');
    act(() => vi.advanceTimersByTime(OUTCOME_VISIBLE_MS - 100));
    expect(screen.getByRole('status')).toHaveTextContent('chose plan');
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('clears a notice when the session changes', async () => {
    const { rerender } = renderWithClient(picker({ choose: async () => Promise.reject(new Error('host refused')) }));
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('host refused');
    rerender(picker({ sessionId: 'session-b' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the outcome while the projection catches up with the choice, and clears it when the value moves on', async () => {
    const { rerender } = renderWithClient(picker());
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Plan' }));
    expect(await screen.findByRole('status')).toHaveTextContent('chose plan');
    rerender(picker({ checked: 'plan', pending: 'plan' }));
    expect(screen.getByRole('status')).toHaveTextContent('chose plan');
    rerender(picker({ checked: 'deep-dive', pending: 'deep-dive' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
  });

  it.each<[string, { checked: string | undefined; pending: string | undefined }]>([
    ['a typed command checks another value', { checked: 'deep-dive', pending: 'deep-dive' }],
    ['the pending value goes away', { checked: 'default', pending: undefined }],
    ['the state becomes unknown', { checked: undefined, pending: undefined }],
  ])('clears an outcome about the checked value when %s', async (_name, next) => {
    const { rerender } = renderWithClient(picker({ checked: 'plan', pending: 'plan', choose: async (value) => `Staying in ${value}` }));
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Default' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Staying in default');
    rerender(picker({ checked: 'default', pending: 'default' }));
    expect(screen.getByRole('status')).toHaveTextContent('Staying in default');
    rerender(picker(next));
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
  });

  it('clears a choice error when the checked value changes', async () => {
    const { rerender } = renderWithClient(picker({ choose: async () => Promise.reject(new Error('unknown mode "plan"')) }));
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('unknown mode "plan"');
    rerender(picker({ checked: 'deep-dive', choose: async () => Promise.reject(new Error('unknown mode "plan"')) }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('words a transport failure of a choice plainly', async () => {
    renderWithClient(picker({ choose: async () => Promise.reject(new ApiError({ code: 'bad-response', message: 'unreadable answer to session.setMode' })) }));
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^The server sent an answer ui-plan could not read\.$/);
  });

  it('keeps reason, outcome and alert on one line whose title holds their full text', async () => {
    renderWithClient(
      picker({ reason: 'Read-only', reasonDetail: 'Recorded with session modes; this server runs plan mode, so it opens read-only.', alert: 'Could not load' }),
    );
    const note = screen.getByRole('alert').parentElement as HTMLElement;
    expect(note).toHaveClass('plan-picker__note');
    expect(note).toContainElement(screen.getByRole('status'));
    expect(note).toHaveAttribute('title', 'Read-only · Could not load');
    expect(screen.getByText('Read-only')).toHaveAttribute('title', 'Recorded with session modes; this server runs plan mode, so it opens read-only.');
    expect(screen.getByRole('radiogroup')).toHaveAccessibleDescription(
      'Read-only Recorded with session modes; this server runs plan mode, so it opens read-only.',
    );
  });

  it('shows a given alert until a choice fails, then the choice error', async () => {
    renderWithClient(picker({ alert: 'Could not load', choose: async () => Promise.reject(new Error('host refused')) }));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load');
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('host refused');
  });

  it('is disabled with the reason as its description and sends nothing', async () => {
    const choose = vi.fn(async () => 'never');
    renderWithClient(picker({ disabled: true, reason: 'Decide first', choose }));
    const group = screen.getByRole('radiogroup', { name: 'Collaboration mode' });
    expect(group).toHaveAttribute('aria-disabled', 'true');
    expect(group).toHaveAccessibleDescription('Decide first');
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Plan' }));
    expect(choose).not.toHaveBeenCalled();
  });
});
