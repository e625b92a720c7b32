/**
 * The plan outline on the review card, by keyboard: the "Plan outline" landmark lists the plan's headings (one tab
 * stop, arrows between them); choosing
 * one scrolls the plan to it (also when that part of a long plan is not rendered yet) and makes it current; the
 * Outline menu opens and Escape closes it; on revision 2 the changed sections are marked.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlanRevision } from '../../../core/review/history.ts';
import { renderReviewCard, setUpReviewCards, tabTo } from '../../../../testing/review-card.tsx';

const PLAN = ['# Plan', '', 'Intro.', '', '## One', '', 'First part.', '', '## Two', '', 'Second part.', '', '### Two detail', '', 'More.', ''].join('\n');

/** Elements `scrollIntoView` was called on. */
const scrolled: Element[] = [];

setUpReviewCards();

beforeEach(() => {
  scrolled.length = 0;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
});

afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

function renderCard(plan: string, revisions?: { chain: PlanRevision[]; current: number }) {
  return renderReviewCard(plan, 'q1', revisions);
}

describe('plan outline', () => {
  it('lists the headings and scrolls the plan to the one chosen by keyboard, which becomes current', async () => {
    const user = userEvent.setup();
    renderCard(PLAN);
    const outline = await screen.findByRole('navigation', { name: 'Plan outline' });
    expect(
      within(outline)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Plan', 'One', 'Two', 'Two detail']);
    // The list is one tab stop (the current heading); the arrows, Home and End move between headings.
    expect(
      within(outline)
        .getAllByRole('button')
        .filter((b) => b.tabIndex === 0)
        .map((b) => b.textContent),
    ).toEqual(['☰ Outline', 'Plan']);
    await tabTo(user, within(outline).getByRole('button', { name: 'Plan' }));
    await user.keyboard('{End}{ArrowUp}{ArrowUp}{Home}{ArrowDown}{ArrowDown}');
    const two = within(outline).getByRole('button', { name: 'Two' });
    expect(two).toHaveFocus();
    await user.keyboard('{Enter}');
    const heading = screen.getByRole('heading', { name: 'Two', level: 2 });
    await waitFor(() => expect(scrolled).toContain(heading));
    expect(two).toHaveAttribute('aria-current', 'location');
    // Focus lands on the heading's own Comment control, so Tab goes on through the plan from there.
    expect(heading.nextElementSibling).toContainElement(document.activeElement as HTMLElement);
  });

  it('reads no layout when it mounts, and keeps the current heading in view in its list once it moves', async () => {
    const user = userEvent.setup();
    // The list's geometry, read by the outline only to keep the current heading in view.
    const reads = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get');
    try {
      renderCard(PLAN);
      const outline = await screen.findByRole('navigation', { name: 'Plan outline' });
      expect(within(outline).getByRole('button', { name: 'Plan' })).toHaveAttribute('aria-current', 'location');
      expect(reads).not.toHaveBeenCalled();
      await tabTo(user, within(outline).getByRole('button', { name: 'Plan' }));
      await user.keyboard('{ArrowDown}{Enter}');
      await waitFor(() => expect(within(outline).getByRole('button', { name: 'One' })).toHaveAttribute('aria-current', 'location'));
      expect(reads).toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });

  it('lists headings inside list items and quotes, never those in code, and reaches them by keyboard', async () => {
    const user = userEvent.setup();
    const plan = [
      '# Plan',
      '',
      '1. ## Step one',
      '   Do it.',
      '',
      '   - ### Nested detail',
      '     Sub step',
      '     ---',
      '2. Step two',
      '   ```md',
      '   ## Fenced, not a heading',
      '   ```',
      '',
      '> ## Quoted note',
      '',
      '    # indented code',
      '',
    ].join('\n');
    renderCard(plan);
    const outline = await screen.findByRole('navigation', { name: 'Plan outline' });
    const names = within(outline)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(names).toEqual(['Plan', 'Step one', 'Nested detail', 'Sub step', 'Quoted note']);
    for (const [name, level] of [
      ['Nested detail', 3],
      ['Sub step', 2],
      ['Quoted note', 2],
    ] as const) {
      // The list is one tab stop: Tab to it, Home, then down to the heading.
      const links = within(outline)
        .getAllByRole('button')
        .filter((b) => b.classList.contains('plan-outline__link'));
      await tabTo(
        user,
        links.find((b) => b.tabIndex === 0)!,
      );
      await user.keyboard(`{Home}${'{ArrowDown}'.repeat(names.indexOf(name))}{Enter}`);
      const heading = screen.getByRole('heading', { name, level });
      await waitFor(() => expect(scrolled).toContain(heading));
      // Focus lands on the Comment control that covers the heading: its own, or its list item's.
      const item = heading.closest('li');
      const box = item ? item.querySelector(':scope > .block-comments') : heading.nextElementSibling;
      expect(box).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('waits for a heading of a long plan that is not rendered yet, then scrolls to it', async () => {
    // No delay between key events, so the choice is made before the plan's next slice renders.
    const user = userEvent.setup({ delay: null });
    const sections = Array.from({ length: 40 }, (_, i) => `## Section ${i + 1}\n\n${'Words of the section. '.repeat(20)}\n`);
    renderCard(`# Long plan\n\n${sections.join('\n')}`);
    const outline = screen.getByRole('navigation', { name: 'Plan outline' });
    within(outline).getByRole('button', { name: 'Section 40' }).focus();
    expect(screen.queryByRole('heading', { name: 'Section 40' })).toBeNull();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('heading', { name: 'Section 40' })).toBeNull();
    const heading = await screen.findByRole('heading', { name: 'Section 40' }, { timeout: 10_000 });
    await waitFor(() => expect(scrolled).toContain(heading), { timeout: 10_000 });
  });

  it('opens the Outline menu with Enter and closes it with Escape, focus back on the menu button', async () => {
    const user = userEvent.setup();
    renderCard(PLAN);
    const outline = await screen.findByRole('navigation', { name: 'Plan outline' });
    const menu = within(outline).getByRole('button', { name: 'Outline' });
    await tabTo(user, menu);
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(within(outline).getByRole('button', { name: 'Plan' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('shows no outline for a plan with fewer than three headings', async () => {
    renderCard('# Plan\n\n## Only\n\nText.\n');
    await screen.findByRole('heading', { name: 'Only' });
    expect(screen.queryByRole('navigation', { name: 'Plan outline' })).toBeNull();
  });

  it('marks the sections changed since the previous revision', async () => {
    const revision = (version: number, plan: string, outcome: PlanRevision['outcome']): PlanRevision => ({
      callId: `call-${version}`,
      seq: version,
      chain: 1,
      version,
      plan,
      title: 'Plan',
      outcome,
    });
    const v2 = PLAN.replace('Second part.', 'Second part, revised.');
    renderCard(v2, { chain: [revision(1, PLAN, { kind: 'kept-planning', feedback: 'More on two.' }), revision(2, v2, { kind: 'pending' })], current: 1 });
    const outline = await screen.findByRole('navigation', { name: 'Plan outline' });
    expect(within(outline).getByRole('button', { name: 'Two changed' })).toHaveAttribute('title', 'Lines of this section changed since v1');
    expect(within(outline).getAllByText('changed')).toHaveLength(1);
  });
});
