import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithClient } from '../../../testing/render.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { CollaborationPicker, type CollaborationOption } from './collaboration-picker.tsx';

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

const group = () => screen.getByRole('group', { name: 'Collaboration mode' });
const button = (name: string) => screen.getByRole('button', { name });

/**
 * A ResizeObserver that reports only when the test says (happy-dom lays nothing out): `report()` calls the callback of
 * every observer still observing. Undone by `vi.unstubAllGlobals()`.
 */
function stubResizeObserver(): { report: () => void; observed: () => number } {
  const live = new Set<{ callback: () => void }>();
  let observed = 0;
  class FakeResizeObserver {
    private readonly entry: { callback: () => void };
    constructor(callback: () => void) {
      this.entry = { callback };
    }
    observe() {
      observed += 1;
      live.add(this.entry);
    }
    unobserve() {
      live.delete(this.entry);
    }
    disconnect() {
      live.delete(this.entry);
    }
  }
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  return { report: () => act(() => [...live].forEach((entry) => entry.callback())), observed: () => observed };
}

describe('CollaborationPicker', () => {
  it('is a group named "Collaboration mode" of toggle buttons, pressed at the checked value', () => {
    renderWithClient(picker({ checked: 'plan' }));
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(group()).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((element) => [element.textContent, element.getAttribute('aria-pressed')])).toEqual([
      ['Default', 'false'],
      ['Plan', 'true'],
      ['Deep-dive', 'false'],
    ]);
    expect(screen.getByRole('button', { pressed: true })).toBe(button('Plan'));
  });

  it('leaves every button unpressed while the state is unknown', () => {
    renderWithClient(picker({ checked: undefined }));
    expect(screen.queryByRole('button', { pressed: true })).toBeNull();
  });

  it('reaches every button with Tab, the pressed one included', async () => {
    renderWithClient(picker({ checked: 'plan' }));
    const user = userEvent.setup();
    await user.tab();
    expect(button('Default')).toHaveFocus();
    await user.tab();
    expect(button('Plan')).toHaveFocus();
    await user.tab();
    expect(button('Deep-dive')).toHaveFocus();
  });

  it.each([
    ['Enter', '{Enter}'],
    ['Space', ' '],
  ])('chooses the focused button with %s', async (_name, keys) => {
    const choose = vi.fn(async () => 'ok');
    renderWithClient(picker({ choose }));
    button('Deep-dive').focus();
    await userEvent.setup().keyboard(keys);
    expect(choose.mock.calls).toEqual([['deep-dive']]);
  });

  it.each(['ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown', 'Home', 'End'])('sends nothing and keeps focus on %s', async (key) => {
    const choose = vi.fn(async () => 'ok');
    renderWithClient(picker({ choose }));
    button('Plan').focus();
    await userEvent.setup().keyboard(`{${key}}`);
    expect(choose).not.toHaveBeenCalled();
    expect(button('Plan')).toHaveFocus();
    expect(button('Default')).toHaveAttribute('aria-pressed', 'true');
  });

  it('names and marks the pending value, and sends nothing for the pressed one', async () => {
    const choose = vi.fn(async () => 'never');
    renderWithClient(picker({ checked: 'plan', pending: 'plan', choose }));
    const plan = screen.getByRole('button', { name: 'Plan (pending)', pressed: true });
    expect(plan).toHaveAttribute('data-pending', 'true');
    // "(pending)" is said, not shown (its dashed outline shows it), so the button keeps its width (e2e/modes/header.spec.ts).
    expect(plan.querySelector('.visually-hidden')).toHaveTextContent('(pending)');
    expect(plan.firstChild).toEqual(document.createTextNode('Plan'));
    expect(button('Default')).not.toHaveAttribute('data-pending');
    await userEvent.setup().click(plan);
    expect(choose).not.toHaveBeenCalled();
  });

  it("shows the caller's note, not what choose resolved to", async () => {
    const { rerender } = renderWithClient(picker({ choose: async () => 'Plan mode starts at the next step' }));
    await userEvent.setup().click(button('Plan'));
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
    rerender(picker({ checked: 'plan', pending: 'plan', note: 'Plan mode starts with your next message' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^Plan mode starts with your next message$/);
    rerender(picker({ checked: 'plan', pending: undefined, note: undefined }));
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
  });

  it('clears a choice error when the session changes', async () => {
    const { rerender } = renderWithClient(picker({ choose: async () => Promise.reject(new Error('host refused')) }));
    await userEvent.setup().click(button('Plan'));
    expect(await screen.findByRole('alert')).toHaveTextContent('host refused');
    rerender(picker({ sessionId: 'session-b' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each<[string, { checked: string | undefined; pending: string | undefined }]>([
    ['the pressed value moves', { checked: 'deep-dive', pending: undefined }],
    ['a pending value appears', { checked: 'plan', pending: 'plan' }],
    ['the state becomes unknown', { checked: undefined, pending: undefined }],
  ])('clears a choice error when %s', async (_name, next) => {
    const fail = async () => Promise.reject(new Error('unknown mode "plan"'));
    const { rerender } = renderWithClient(picker({ choose: fail }));
    await userEvent.setup().click(button('Plan'));
    expect(await screen.findByRole('alert')).toHaveTextContent('unknown mode "plan"');
    rerender(picker({ choose: fail, ...next }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('words a transport failure of a choice plainly', async () => {
    renderWithClient(picker({ choose: async () => Promise.reject(new ApiError({ code: 'bad-response', message: 'unreadable answer to session.setMode' })) }));
    await userEvent.setup().click(button('Plan'));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^The server sent an answer ui-plan could not read\.$/);
  });

  it('keeps reason, note and alert on one line whose title holds their full text', async () => {
    renderWithClient(
      picker({
        reason: 'Read-only',
        reasonDetail: 'Recorded with session modes; this server runs plan mode, so it opens read-only.',
        alert: 'Could not load',
      }),
    );
    const note = screen.getByRole('alert').parentElement as HTMLElement;
    expect(note).toHaveClass('plan-picker__note');
    expect(note).toContainElement(screen.getByRole('status'));
    expect(note).toHaveAttribute('title', 'Read-only · Could not load');
    expect(screen.getByText('Read-only')).toHaveAttribute('title', 'Recorded with session modes; this server runs plan mode, so it opens read-only.');
    expect(group()).toHaveAccessibleDescription('Read-only Recorded with session modes; this server runs plan mode, so it opens read-only.');
  });

  it("describes a button by its option's description, a tooltip beside it", () => {
    const options = [OPTIONS[0]!, { ...OPTIONS[1]!, description: 'Plan mode adds about 97 tokens to every request while on' }];
    renderWithClient(picker({ options }));
    expect(button('Plan')).toHaveAccessibleDescription('Plan mode adds about 97 tokens to every request while on');
    expect(button('Default')).not.toHaveAttribute('aria-describedby');
    expect(screen.getByRole('tooltip')).toHaveClass('plan-picker__tip');
    expect(screen.getByRole('tooltip').previousElementSibling).toBe(button('Plan'));
  });

  it('makes a note cut by its box reachable by Tab, its full text in a tooltip, and not one that fits', async () => {
    const note = 'Decide on the plan under review first';
    const fits = renderWithClient(picker({ disabled: true, reason: note }));
    const line = () => document.querySelector('.plan-picker__note') as HTMLElement;
    expect(line()).not.toHaveAttribute('tabindex');
    expect(document.querySelector('.plan-picker__tip--note')).toBeNull();
    fits.unmount();
    // jsdom lays nothing out: the note's text is made wider than its box.
    const scrollWidth = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('plan-picker__note') ? 300 : 0;
    });
    const clientWidth = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => 128);
    const observers = stubResizeObserver();
    try {
      renderWithClient(picker({ disabled: true, reason: note }));
      observers.report();
      expect(line()).toHaveAttribute('tabindex', '0');
      expect(line()).toHaveAttribute('data-cut', 'true');
      expect(document.querySelector('.plan-picker__tip--note')).toHaveTextContent(note);
      const user = userEvent.setup();
      await user.tab();
      await user.tab();
      await user.tab();
      await user.tab();
      expect(line()).toHaveFocus();
    } finally {
      scrollWidth.mockRestore();
      clientWidth.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('measures whether its note is cut when its ResizeObserver reports, never in the commit (no forced layout)', () => {
    // A review card's commit changes the note; reading scrollWidth in that commit made the browser lay out the page
    // with the new card there and then (5 ms of the first card's commit in a CPU profile).
    const observers = stubResizeObserver();
    let reads = 0;
    const scrollWidth = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      if (this.classList.contains('plan-picker__note')) reads += 1;
      return this.classList.contains('plan-picker__note') ? 300 : 0;
    });
    const clientWidth = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => 128);
    try {
      renderWithClient(picker({ disabled: true, reason: 'Decide on the plan under review first' }));
      const line = document.querySelector('.plan-picker__note') as HTMLElement;
      expect(reads).toBe(0);
      expect(line).not.toHaveAttribute('data-cut');
      expect(observers.observed()).toBeGreaterThan(0);
      observers.report();
      expect(reads).toBeGreaterThan(0);
      expect(line).toHaveAttribute('data-cut', 'true');
      expect(line).toHaveAttribute('tabindex', '0');
    } finally {
      scrollWidth.mockRestore();
      clientWidth.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('leaves announcing to the app: its status line is not a live region of its own', () => {
    renderWithClient(picker({ checked: 'plan', pending: 'plan', note: 'Plan mode starts with your next message' }));
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'off');
  });

  it('shows a given alert until a choice fails, then the choice error', async () => {
    renderWithClient(picker({ alert: 'Could not load', choose: async () => Promise.reject(new Error('host refused')) }));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load');
    await userEvent.setup().click(button('Plan'));
    expect(await screen.findByRole('alert')).toHaveTextContent('host refused');
  });

  it('is disabled with the reason as its description, keeps its buttons focusable, and sends nothing', async () => {
    const choose = vi.fn(async () => 'never');
    renderWithClient(picker({ disabled: true, reason: 'Decide first', choose }));
    expect(group()).toHaveAttribute('aria-disabled', 'true');
    expect(group()).toHaveAccessibleDescription('Decide first');
    const user = userEvent.setup();
    await user.tab();
    expect(button('Default')).toHaveFocus();
    await user.click(button('Plan'));
    await user.keyboard('{Enter}');
    expect(choose).not.toHaveBeenCalled();
  });
});
