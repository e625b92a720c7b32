import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary.tsx';

it('reports a render error and recovers on "Try again"', async () => {
  const user = userEvent.setup();
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  let broken = true;
  function Fragile() {
    if (broken) throw new Error('projection exploded');
    return <p>All good</p>;
  }
  render(
    <ErrorBoundary>
      <Fragile />
    </ErrorBoundary>,
  );
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('Something went wrong');
  expect(alert).toHaveTextContent('projection exploded');
  broken = false;
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(screen.getByText('All good')).toBeInTheDocument();
  quiet.mockRestore();
});
