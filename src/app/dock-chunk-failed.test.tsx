/**
 * A review card or question flow whose chunk fails to load (the app was updated while the page was open, or the
 * network) is said, with Try again, instead of a "Loading…" line that never ends; Try again brings the card.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import type { QuestionItem } from '../core/questions/types.ts';
import { planReviewQuestions } from '../../testing/session-render.tsx';

const choice: QuestionItem[] = [
  { id: 'q1', header: 'Default', question: 'Which default should the flag use?', options: [{ label: 'Hello' }, { label: 'Hi' }] },
];

it.each([
  ['the plan review card', '../features/plan-review/plan-review-card.tsx', planReviewQuestions(), 'Approve this plan and leave plan mode?'],
  ['the question flow', '../features/questions/question-flow.tsx', choice, 'Which default should the flag use?'],
])('says that %s could not be loaded, and shows it after Try again', async (_label, chunk, questions, region) => {
  // A fresh dock (the test setup loaded the real chunks) whose chunk fails once.
  vi.resetModules();
  let fail = true;
  vi.doMock(chunk, async (importOriginal) => {
    if (fail) {
      fail = false;
      throw new Error('chunk gone');
    }
    return importOriginal();
  });
  const { Dock } = await import('./dock.tsx');
  // The provider from the same fresh module graph as the dock.
  const { renderInSession } = await import('../../testing/session-render.tsx');
  renderInSession(<Dock sessionId="s1" />, 's1', { questions: [{ rpcId: 'r1', questions }] });
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('A question is waiting, but the part of the page that shows it could not be loaded.');
  await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('region', { name: region })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
  vi.doUnmock(chunk);
});
