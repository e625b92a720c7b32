/**
 * A line comment's box as a PR-review tool user expects it: each block's Comment button is named with its lines
 * ("Comment on line 3", in zh-CN too); closing the box (Escape, Cancel, Add comment) puts focus back on the button that
 * opened it; what was typed and not added is kept as the block's unsent comment (reopening shows it, a reload keeps
 * it), Keep planning sends it and Approve asks first; the box opens in view (scrolled `nearest`).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseReviewFeedback } from '../../core/review/feedback-format.ts';
import { respondToQuestion } from '../../lib/api-client.ts';
import { useLanguageStore, type LanguagePack } from '../../lib/language.ts';
import { REVIEW_COMMENTS_KEY, useReviewCommentsStore } from './comments-store.ts';
import { reviewCommentsZhCN } from './comments/locales.zh-CN.ts';
import { useComposerTarget } from './comments/composer-target.ts';
import { renderReviewCard, setUpReviewCards, tabTo } from '../../../testing/review-card.tsx';

vi.mock('../../lib/api-client.ts', () => ({ respondToQuestion: vi.fn() }));

const PLAN = ['# Plan', '', 'Intro text.', '', '- one step', '- two step', ''].join('\n');

/** Elements `scrollIntoView` was called on, with its options (jsdom has none). */
const scrolled: { element: Element; options: unknown }[] = [];

setUpReviewCards();

beforeEach(() => {
  vi.mocked(respondToQuestion).mockReset();
  vi.mocked(respondToQuestion).mockResolvedValue({ accepted: true });
  useComposerTarget.setState({ target: undefined, selection: undefined });
  scrolled.length = 0;
  Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
    scrolled.push({ element: this, options });
  };
});

afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

async function openBox(user: UserEvent, name: string): Promise<{ button: HTMLElement; box: HTMLElement }> {
  const button = screen.getByRole('button', { name });
  await tabTo(user, button);
  await user.keyboard('{Enter}');
  const box = screen.getByRole('textbox', { name: 'Comment' });
  expect(box).toHaveFocus();
  return { button, box };
}

/** The sent feedback of the first answer. */
function sentFeedback(): string {
  const custom = vi.mocked(respondToQuestion).mock.calls[0]![2] as { answers: { custom: string }[] };
  return custom.answers[0]!.custom;
}

describe('a line comment’s button', () => {
  it('is named with its lines, its visible text staying "Comment"', async () => {
    renderReviewCard(PLAN);
    await screen.findByRole('heading', { name: 'Plan' });
    const button = screen.getByRole('button', { name: 'Comment on line 3' });
    expect(button).toHaveTextContent(/^Comment$/);
    expect(screen.getByRole('button', { name: 'Comment on line 6' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Comment' })).toBeNull();
  });

  it('is named with its lines in 简体中文 too', async () => {
    useLanguageStore.setState({ chosen: 'zh-CN', packs: { 'zh-CN': { reviewComments: reviewCommentsZhCN } as LanguagePack } });
    try {
      renderReviewCard(PLAN);
      await screen.findByRole('heading', { name: 'Plan' });
      expect(screen.getByRole('button', { name: '评论第 3 行' })).toHaveTextContent(/^评论$/);
    } finally {
      act(() => useLanguageStore.setState({ chosen: 'en' }));
    }
  });
});

describe('the comment box', () => {
  it('gives focus back to the Comment button on Escape and keeps the text for the next open', async () => {
    const user = userEvent.setup();
    renderReviewCard(PLAN);
    await screen.findByRole('heading', { name: 'Plan' });
    const { button, box } = await openBox(user, 'Comment on line 3');
    await user.type(box, 'abc');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();
    expect(button).toHaveFocus();
    expect(button).toHaveAccessibleName('Comment on line 3 (not added yet)');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('abc');
  });

  it('gives focus back on Cancel and on Add comment, and the added comment leaves no unsent text behind', async () => {
    const user = userEvent.setup();
    renderReviewCard(PLAN);
    await screen.findByRole('heading', { name: 'Plan' });
    const { button, box } = await openBox(user, 'Comment on line 5');
    await user.type(box, 'Why?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('Why?');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(button).toHaveFocus();
    expect(button).toHaveAccessibleName('Comment on line 5');
    expect(useReviewCommentsStore.getState().entries.q1?.unsent).toEqual([]);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('');
  });

  it('gives focus back to Edit when editing a comment ends', async () => {
    const user = userEvent.setup();
    renderReviewCard(PLAN);
    await screen.findByRole('heading', { name: 'Plan' });
    const { box } = await openBox(user, 'Comment on line 3');
    await user.type(box, 'Too vague.{Control>}{Enter}{/Control}');
    const region = screen.getByRole('region', { name: 'Comments' });
    const edit = within(region).getByRole('button', { name: 'Edit the comment on line 3' });
    await user.click(edit);
    await user.keyboard('{Escape}');
    expect(within(region).getByRole('button', { name: 'Edit the comment on line 3' })).toHaveFocus();
  });

  it('brings the whole box into view when it opens', async () => {
    const user = userEvent.setup();
    renderReviewCard(PLAN);
    await screen.findByRole('heading', { name: 'Plan' });
    const { box } = await openBox(user, 'Comment on line 6');
    const editor = box.closest('.review-comment__editor');
    expect(editor).not.toBeNull();
    expect(scrolled).toContainEqual({ element: editor, options: { block: 'nearest' } });
  });
});

describe('an unsent comment', () => {
  it('is sent with Keep planning, in plan order with the added ones', async () => {
    const user = userEvent.setup();
    renderReviewCard(PLAN);
    await screen.findByRole('heading', { name: 'Plan' });
    const { box } = await openBox(user, 'Comment on line 6');
    await user.type(box, 'Split this.');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Keep planning' }));
    await waitFor(() => expect(respondToQuestion).toHaveBeenCalled());
    expect(parseReviewFeedback(sentFeedback()).comments).toEqual([{ start: 6, end: 6, quote: '- two step', text: 'Split this.' }]);
  });

  it('is sent with Keep planning while its box is still open', async () => {
    const user = userEvent.setup();
    renderReviewCard(PLAN);
    await screen.findByRole('heading', { name: 'Plan' });
    const { box } = await openBox(user, 'Comment on line 3');
    await user.type(box, 'Typed only.');
    await user.click(screen.getByRole('button', { name: 'Keep planning' }));
    await waitFor(() => expect(respondToQuestion).toHaveBeenCalled());
    expect(parseReviewFeedback(sentFeedback()).comments).toEqual([{ start: 3, end: 3, quote: 'Intro text.', text: 'Typed only.' }]);
  });

  it('makes Approve ask first, and Send as feedback sends it', async () => {
    const user = userEvent.setup();
    renderReviewCard(PLAN);
    await screen.findByRole('heading', { name: 'Plan' });
    const { box } = await openBox(user, 'Comment on line 3');
    await user.type(box, 'Not yet.');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('1 comment is not sent or not resolved.');
    expect(respondToQuestion).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Send as feedback' }));
    await waitFor(() => expect(respondToQuestion).toHaveBeenCalled());
    expect(parseReviewFeedback(sentFeedback()).comments).toEqual([{ start: 3, end: 3, quote: 'Intro text.', text: 'Not yet.' }]);
  });

  it('survives a reload like the Feedback text, and reopening its block shows it', async () => {
    const user = userEvent.setup();
    const { unmount } = renderReviewCard(PLAN, 'q2');
    await screen.findByRole('heading', { name: 'Plan' });
    const { box } = await openBox(user, 'Comment on line 5');
    await user.type(box, 'Keep me.');
    window.dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.getItem(REVIEW_COMMENTS_KEY)).toContain('Keep me.');
    unmount();
    useComposerTarget.setState({ target: undefined, selection: undefined });
    renderReviewCard(PLAN, 'q2');
    await screen.findByRole('heading', { name: 'Plan' });
    // Its block's button says so while closed.
    await openBox(user, 'Comment on line 5 (not added yet)');
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('Keep me.');
  });
});
