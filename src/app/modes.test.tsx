/**
 * The app over a mocked host running the session-modes variant (seed 002): the session view shows the mode badge
 * and the three-mode picker, a switch is pending until the next prompt applies it, and `/plan <task>` runs the
 * unchanged plan-review card back to the default mode.
 */
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it } from 'vitest';
import { resetMockHarness } from '../../mocks/node.ts';
import { App } from './app.tsx';

const fresh = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

beforeEach(() => {
  history.replaceState(null, '', '/');
  resetMockHarness({
    plugins: [{ id: 'mode', name: '@deepseek-ai/dsh-mode', config: { modes: { review: { section: 'Review only; change nothing.' } } } }],
  });
});

it('switches to Review through the picker, applies it with the next prompt, then plans and approves back to Default', async () => {
  const user = userEvent.setup();
  render(<App queryClient={fresh()} />);
  expect(await screen.findByRole('status', { name: 'Connected' })).toBeInTheDocument();
  await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'New session' }));
  expect(await screen.findByRole('status', { name: 'Default mode' })).toBeInTheDocument();
  const picker = screen.getByRole('group', { name: 'Collaboration mode' });
  await waitFor(() =>
    expect(
      within(picker)
        .getAllByRole('button')
        .map((r) => r.textContent),
    ).toEqual(['Default', 'Plan', 'Review']),
  );

  await user.click(within(picker).getByRole('button', { name: 'Review' }));
  expect(await within(picker).findByRole('button', { name: 'Review (pending)', pressed: true })).toBeInTheDocument();
  expect(screen.getByRole('status', { name: 'Default mode, switching to Review (pending)' })).toBeInTheDocument();
  expect(within(picker.parentElement as HTMLElement).getByRole('status')).toHaveTextContent(/^Review mode starts with your next message$/);

  await user.type(screen.getByRole('textbox', { name: 'Message the agent' }), 'Look over the CLI{Enter}');
  expect(await screen.findByRole('status', { name: 'Review mode' }, { timeout: 5000 })).toBeInTheDocument();

  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message the agent' })).toBeEnabled());
  await user.type(screen.getByRole('textbox', { name: 'Message the agent' }), '/plan Add a --greeting flag to the CLI{Enter}');
  const review = await screen.findByRole('region', { name: 'Approve this plan and leave plan mode?' }, { timeout: 5000 });
  expect(screen.getByRole('status', { name: 'Plan mode' })).toBeInTheDocument();
  expect(screen.getByText('The user switched this session to plan mode.')).toBeInTheDocument();
  await user.click(within(review).getByRole('button', { name: 'Approve' }));
  expect(await screen.findByRole('status', { name: 'Default mode' }, { timeout: 5000 })).toBeInTheDocument();
  expect(within(picker).getByRole('button', { name: 'Default' })).toHaveAttribute('aria-pressed', 'true');
}, 20_000);
