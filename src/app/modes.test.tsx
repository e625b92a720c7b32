/**
 * The app over a mocked host running the session-modes variant (seed 002): the session view shows the mode badge
 * and the three-mode picker, a switch is pending until the next prompt applies it, and `/plan <task>` runs the
 * unchanged plan-review card back to the default mode. The model is held once the checked change has committed,
 * so no test renders a turn it does not look at.
 */
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, expect, it } from 'vitest';
import { holdModel, resetMockHarness } from '../../mocks/node.ts';
import { App } from './app.tsx';

const fresh = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

beforeEach(() => {
  history.replaceState(null, '', '/');
  resetMockHarness({
    plugins: [{ id: 'mode', name: '@deepseek-ai/dsh-mode', config: { modes: { review: { section: 'Review only; change nothing.' } } } }],
  });
});

/** Render the app and open a new session; resolves with the user and the mode picker. */
async function newSession(): Promise<{ user: UserEvent; picker: HTMLElement }> {
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
  return { user, picker };
}

/** Send a message through the composer (pasted: the composer's own tests cover typing it key by key). */
async function send(user: UserEvent, text: string): Promise<void> {
  await user.click(screen.getByRole('textbox', { name: 'Message the agent' }));
  await user.paste(text);
  await user.keyboard('{Enter}');
}

it('switches to Review through the picker and applies it with the next prompt', async () => {
  const { user, picker } = await newSession();
  await user.click(within(picker).getByRole('button', { name: 'Review' }));
  expect(await within(picker).findByRole('button', { name: 'Review (pending)', pressed: true })).toBeInTheDocument();
  expect(screen.getByRole('status', { name: 'Default mode, switching to Review (pending)' })).toBeInTheDocument();
  expect(within(picker.parentElement as HTMLElement).getByRole('status')).toHaveTextContent(/^Review mode starts with your next message$/);

  // The switch flushes at prompt submit, before the model's first step: hold the model there.
  holdModel();
  await send(user, 'Look over the CLI');
  expect(await screen.findByRole('status', { name: 'Review mode' })).toBeInTheDocument();
  expect(within(picker).getByRole('button', { name: 'Review' })).toHaveAttribute('aria-pressed', 'true');
});

it('plans with /plan after a turn in the default mode, with one notice, and approves back to Default', async () => {
  const { user, picker } = await newSession();
  await send(user, 'Look over the CLI');
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message the agent' })).toBeEnabled());
  expect(await screen.findByText(/Turn completed/i)).toBeInTheDocument();
  await send(user, '/plan Add a --greeting flag to the CLI');
  const review = await screen.findByRole('region', { name: 'Approve this plan and leave plan mode?' });
  expect(screen.getByRole('status', { name: 'Plan mode' })).toBeInTheDocument();
  expect(screen.getByText('The user switched this session to plan mode.')).toBeInTheDocument();

  // The approval commits Default at the next step's boundary; the execution after it is not under test.
  holdModel();
  await user.click(within(review).getByRole('button', { name: 'Approve' }));
  expect(await screen.findByRole('status', { name: 'Default mode' })).toBeInTheDocument();
  expect(within(picker).getByRole('button', { name: 'Default' })).toHaveAttribute('aria-pressed', 'true');
});
