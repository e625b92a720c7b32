import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { LazyFallback } from './lazy-fallback.tsx';

it('shows the loading line while the chunk is on its way, and the failure with Try again once it failed', async () => {
  const onRetry = vi.fn();
  const props = { loading: 'Loading the reviews…', failure: 'This view could not be loaded.', retry: 'Try again', onRetry };
  const { rerender } = render(<LazyFallback failed={false} {...props} />);
  expect(screen.getByText('Loading the reviews…')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
  rerender(<LazyFallback failed {...props} />);
  expect(screen.getByRole('alert')).toHaveTextContent('This view could not be loaded.');
  expect(screen.queryByText('Loading the reviews…')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(onRetry).toHaveBeenCalledTimes(1);
});
