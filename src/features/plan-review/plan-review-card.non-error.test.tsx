import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '../../lib/api-client.ts';
import { respondToQuestion } from '../../lib/api-client.ts';
import { PlanReviewCard } from './plan-review-card.tsx';
import { reviewOfPlan } from '../../../testing/review-fixture.ts';
import { renderInSession } from '../../../testing/session-render.tsx';

// A transport that rejects with plain values rather than Errors (docs/upstream-spec.md §6 item 83).
vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  respondToQuestion: vi.fn(),
}));

const REVIEW = reviewOfPlan('# Plan\n\n- one step');

describe('PlanReviewCard with a non-Error rejection', () => {
  it.each([
    ['review aborted', 'review aborted'],
    [{ code: 'weird' }, '{"code":"weird"}'],
    [42, '42'],
  ])('shows the rejected value %j stringified and re-arms', async (rejection, text) => {
    vi.mocked(respondToQuestion).mockRejectedValueOnce(rejection);
    renderInSession(<PlanReviewCard sessionId="session-1" rpcId="rpc-1" review={REVIEW} />, 'session-1');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text));
    expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it.each([undefined, null, '', '  ', {}, [], new Error(''), () => 'secret source', Symbol('x')])(
    'says the request failed without a reason for the rejection %s, never "undefined", and re-arms',
    async (rejection) => {
      vi.mocked(respondToQuestion).mockRejectedValueOnce(rejection);
      renderInSession(<PlanReviewCard sessionId="session-1" rpcId="rpc-1" review={REVIEW} />, 'session-1');
      await userEvent.setup().click(screen.getByRole('button', { name: 'Approve' }));
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The request failed without a reason. Your text is kept.'));
      expect(screen.getByRole('status')).not.toHaveTextContent(/undefined|null|secret|Symbol|\{\}|\[\]/);
      expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
    },
  );
});
