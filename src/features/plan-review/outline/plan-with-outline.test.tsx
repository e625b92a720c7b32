/**
 * The plan outline is not part of the commit that brings the plan: that commit shows the plan region, and the outline
 * follows in a deferred render (a long plan's first task does not pay for its line pass and its list).
 */
import { waitFor, within } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { reviewComments } from '../components/use-review-comments.tsx';
import { PlanWithOutline } from './plan-with-outline.tsx';

const PLAN = ['# Plan', '', 'Intro.', '', '## One', '', 'First part.', '', '## Two', '', 'Second part.', ''].join('\n');

let root: Root | undefined;
const acting = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const wasActing = acting.IS_REACT_ACT_ENVIRONMENT;

beforeAll(async () => {
  await reviewComments.load();
});

afterEach(() => {
  flushSync(() => root?.unmount());
  root = undefined;
  acting.IS_REACT_ACT_ENVIRONMENT = wasActing;
  document.body.replaceChildren();
});

it('commits the plan first and the outline after it', async () => {
  // A real commit, as the browser gets it: no act() that would flush the deferred render with it.
  acting.IS_REACT_ACT_ENVIRONMENT = false;
  const host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  flushSync(() =>
    root!.render(
      <PlanWithOutline plan={PLAN} previous={undefined} planId="plan-1" onShowPlan={() => undefined}>
        <section id="plan-1" aria-label="Plan" />
      </PlanWithOutline>,
    ),
  );
  expect(within(host).getByRole('region', { name: 'Plan' })).toBeInTheDocument();
  expect(within(host).queryByRole('navigation', { name: 'Plan outline' })).toBeNull();
  const outline = await waitFor(() => within(host).getByRole('navigation', { name: 'Plan outline' }));
  expect(
    within(outline)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Plan', 'One', 'Two']);
});
