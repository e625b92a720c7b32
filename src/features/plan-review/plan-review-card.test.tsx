import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFixture } from '../../../fixtures/paths.ts';
import { respondWith } from '../../../testing/render.tsx';
import { renderInSession } from '../../../testing/session-render.tsx';
import { planReviewOf, type PlanReview } from '../../core/questions/plan-review.ts';
import type { QuestionItem } from '../../core/questions/types.ts';
import { validateAnswer } from '../../core/questions/validate.ts';
import { useReviewFeedbackStore } from './feedback-store.ts';
import { reviewAnswerOf } from './model/review-answer.ts';
import { PlanReviewCard } from './plan-review-card.tsx';

/**
 * The plan review a real dsh host asked (captured `question/requested` frame, fixtures/dsh-frames).
 */
function recordedReview(): { sessionId: string; rpcId: string; questions: QuestionItem[] } {
  const text = readFixture('dsh-frames', 'ws-events.mux.jsonl');
  for (const line of text.split('\n')) {
    if (!line.includes('"question/requested"')) continue;
    const { frame } = JSON.parse(line) as { frame: { rpcId: string; payload: { sessionId: string; questions: QuestionItem[] } } };
    return { sessionId: frame.payload.sessionId, rpcId: frame.rpcId, questions: frame.payload.questions };
  }
  throw new Error('no recorded question/requested frame');
}

const recorded = recordedReview();
const REVIEW = planReviewOf(recorded.questions) as PlanReview;
const { sessionId: SESSION, rpcId: RPC } = recorded;

const answered = (answers: unknown) => ({
  type: 'client-response',
  rpcId: RPC,
  result: { ok: true, value: { sessionId: SESSION, answer: { answers } } },
});
const button = (name: string) => screen.getByRole('button', { name });
const actions = () => ['Chat about it', 'Keep planning', 'Approve'].map(button);

beforeEach(() => {
  useReviewFeedbackStore.setState({ entries: {} });
});
afterEach(() => vi.restoreAllMocks());

describe('PlanReviewCard', () => {
  it.each(['constructor', '__proto__', 'toString'])('starts with an empty Feedback box for a question with rpcId %s', (rpcId) => {
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={rpcId} review={REVIEW} />, SESSION);
    expect(screen.getByRole('textbox', { name: 'Feedback' })).toHaveValue('');
  });

  it('shows the strip, the plan as markdown and the question as the region name, with no quiz chrome', () => {
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={REVIEW} />, SESSION);
    const card = screen.getByRole('region', { name: 'Approve this plan and leave plan mode?' });
    expect(within(card).getByText('Plan review')).toBeInTheDocument();
    const plan = within(card).getByRole('region', { name: 'Proposed plan' });
    expect(plan).toHaveAttribute('tabindex', '0');
    expect(within(plan).getByRole('heading', { level: 1, name: 'Add --greeting flag to CLI' })).toBeInTheDocument();
    expect(within(plan).getAllByRole('listitem')).toHaveLength(5);
    expect(within(plan).getByText('Locate the CLI entry point').tagName).toBe('STRONG');
    expect(screen.queryByText('1 / 1')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: /skip/i })).toBeNull();
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Feedback' })).toBeInTheDocument();
  });

  it('uses the English labels Plan review, Approve, Keep planning, Chat about it and Feedback', () => {
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={REVIEW} />, SESSION);
    expect(screen.getByText('Plan review')).toBeInTheDocument();
    expect(actions().map((action) => action.textContent)).toEqual(['Chat about it', 'Keep planning', 'Approve']);
    expect(screen.getByRole('textbox', { name: 'Feedback' })).toBeInTheDocument();
  });

  it('moves focus to the card right after it is painted, not in its commit', async () => {
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={REVIEW} />, SESSION);
    const card = screen.getByRole('region', { name: 'Approve this plan and leave plan mode?' });
    expect(card).not.toHaveFocus();
    await waitFor(() => expect(card).toHaveFocus());
  });

  it('leaves focus where it moved before the card was painted', async () => {
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={REVIEW} />, SESSION);
    const feedback = screen.getByRole('textbox', { name: 'Feedback' });
    feedback.focus();
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(feedback).toHaveFocus();
  });

  it('sends exactly the Approve envelope, shows the option description as tooltip, and latches', async () => {
    const call = respondWith({ accepted: true });
    const { client } = renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={REVIEW} />, SESSION);
    expect(button('Approve')).toHaveAttribute('title', 'Leave plan mode; the plan is carried out from the next step.');
    const user = userEvent.setup();
    await user.click(button('Approve'));
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]).toEqual(answered([{ id: 'plan-review', selected: ['Approve'] }]));
    for (const action of actions()) expect(action).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Feedback' })).toHaveAttribute('readonly');
    await user.click(button('Approve'));
    await user.click(button('Keep planning'));
    expect(client.getMutationCache().getAll()).toHaveLength(1);
    expect(call.bodies).toHaveLength(1);
    for (const action of actions()) expect(action).toBeDisabled();
  });

  it('sends Keep planning with the decline label when there is no feedback', async () => {
    const call = respondWith({ accepted: true });
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={REVIEW} />, SESSION);
    expect(button('Keep planning')).toHaveAttribute('title', 'Stay in plan mode; feedback goes back to the model.');
    await userEvent.setup().click(button('Keep planning'));
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]).toEqual(answered([{ id: 'plan-review', selected: ['Keep planning'] }]));
  });

  it('sends the Feedback text verbatim as custom with Keep planning (custom replaces the selection)', async () => {
    const call = respondWith({ accepted: true });
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={REVIEW} />, SESSION);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Feedback' }), '  Also add a test.{Shift>}{Enter}{/Shift}Keep -g.');
    await user.click(button('Keep planning'));
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]).toEqual(answered([{ id: 'plan-review', selected: [], custom: '  Also add a test.\nKeep -g.' }]));
  });

  it('treats blank Feedback as none', async () => {
    const call = respondWith({ accepted: true });
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={REVIEW} />, SESSION);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Feedback' }), '   ');
    await user.click(button('Keep planning'));
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]).toEqual(answered([{ id: 'plan-review', selected: ['Keep planning'] }]));
  });

  it.each([
    ['Control', '{Control>}{Enter}{/Control}'],
    ['Meta', '{Meta>}{Enter}{/Meta}'],
  ])('sends Keep planning on %s+Enter in Feedback, and plain Enter is a newline', async (_key, chord) => {
    const call = respondWith({ accepted: true });
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={REVIEW} />, SESSION);
    const user = userEvent.setup();
    const feedback = screen.getByRole('textbox', { name: 'Feedback' });
    await user.type(feedback, 'first{Enter}second');
    expect(feedback).toHaveValue('first\nsecond');
    expect(call.bodies).toEqual([]);
    await user.keyboard(chord);
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]).toEqual(answered([{ id: 'plan-review', selected: [], custom: 'first\nsecond' }]));
  });

  it('never sends on Ctrl+Enter during IME composition', async () => {
    const call = respondWith({ accepted: true });
    const { client } = renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={REVIEW} />, SESSION);
    const feedback = screen.getByRole('textbox', { name: 'Feedback' });
    fireEvent.keyDown(feedback, { key: 'Enter', ctrlKey: true, isComposing: true });
    fireEvent.keyDown(feedback, { key: 'Enter', ctrlKey: true, keyCode: 229 });
    // A send starts its mutation synchronously in the key handler: none started means nothing is or will be sent.
    expect(client.getMutationCache().getAll()).toEqual([]);
    expect(call.bodies).toEqual([]);
    expect(button('Approve')).toBeEnabled();
  });

  it('sends the cancelled envelope on Chat about it', async () => {
    const call = respondWith({ accepted: true });
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={REVIEW} />, SESSION);
    await userEvent.setup().click(button('Chat about it'));
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]).toEqual({
      type: 'client-response',
      rpcId: RPC,
      result: { ok: false, error: { code: 'cancelled', message: expect.any(String), details: {} } },
    });
    for (const action of actions()) expect(action).toBeDisabled();
  });

  it('omits title attributes when options have no description', () => {
    const bare: PlanReview = { ...REVIEW, approve: { label: 'Approve' }, decline: { label: 'Keep planning' } };
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={bare} />, SESSION);
    expect(button('Approve')).not.toHaveAttribute('title');
    expect(button('Keep planning')).not.toHaveAttribute('title');
  });

  it('renders no Keep planning and no Feedback when only Approve is offered', () => {
    const questions: QuestionItem[] = [{ ...(recorded.questions[0] as QuestionItem), options: [{ label: 'Approve' }] }];
    const review = planReviewOf(questions) as PlanReview;
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={review} />, SESSION);
    expect(screen.queryByRole('button', { name: 'Keep planning' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Feedback' })).toBeNull();
    expect(button('Approve')).toBeEnabled();
    expect(button('Chat about it')).toBeEnabled();
  });

  it('sends the asker’s own labels', async () => {
    const call = respondWith({ accepted: true });
    const own: PlanReview = { ...REVIEW, approve: { label: 'Ship it' }, decline: { label: 'Not yet' } };
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={own} />, SESSION);
    await userEvent.setup().click(button('Keep planning'));
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]).toEqual(answered([{ id: 'plan-review', selected: ['Not yet'] }]));
  });

  it('shows a rejected receipt from the host in the status line and re-arms', async () => {
    // No override: the mocked harness has no such question pending and answers not-pending.
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={REVIEW} />, SESSION);
    const user = userEvent.setup();
    await user.click(button('Approve'));
    expect(await screen.findByRole('status')).toHaveTextContent('question response rejected: not-pending');
    for (const action of actions()) expect(action).toBeEnabled();
  });

  it.each([
    ['a bad-response answer', 'Keep planning', { accepted: false, reason: 'bad-response' }, 'question response rejected: bad-response'],
    ['a rejected cancellation', 'Chat about it', { accepted: false, reason: 'not-pending' }, 'cancellation rejected: not-pending'],
  ])('shows %s and re-arms', async (_case, action, receipt, text) => {
    respondWith(receipt);
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={REVIEW} />, SESSION);
    await userEvent.setup().click(button(action));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text));
    for (const each of actions()) expect(each).toBeEnabled();
  });

  it('shows a transport error, re-arms, and a retry succeeds', async () => {
    respondWith(undefined, { status: 500, body: 'internal error' });
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={REVIEW} />, SESSION);
    const user = userEvent.setup();
    await user.click(button('Approve'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('internal error'));
    expect(button('Approve')).toBeEnabled();
    const call = respondWith({ accepted: true });
    await user.click(button('Approve'));
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent('Approving…');
    expect(button('Approve')).toBeDisabled();
  });

  it.each<[string, () => void, string]>([
    [
      'an unreachable server',
      () => void vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch')),
      "Can't reach the server; try again when it is back. Your text is kept.",
    ],
    ['an unreadable receipt', () => void respondWith(undefined), 'The server sent an answer ui-plan could not read.'],
  ])('words %s plainly and re-arms', async (_case, arrange, text) => {
    arrange();
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={REVIEW} />, SESSION);
    await userEvent.setup().click(button('Approve'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text));
    expect(button('Approve')).toBeEnabled();
  });

  it('keeps the Feedback draft across remounts of the same question and starts empty for a new one', async () => {
    const first = renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={REVIEW} />, SESSION);
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Feedback' }), 'smaller steps');
    first.unmount();
    const second = renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={REVIEW} />, SESSION);
    expect(screen.getByRole('textbox', { name: 'Feedback' })).toHaveValue('smaller steps');
    second.unmount();
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId="another-rpc" review={REVIEW} />, SESSION);
    expect(screen.getByRole('textbox', { name: 'Feedback' })).toHaveValue('');
  });
});

describe('reviewAnswerOf', () => {
  it.each([
    ['approve', '', [{ id: 'plan-review', selected: ['Approve'] }]],
    ['approve', 'ignored', [{ id: 'plan-review', selected: ['Approve'] }]],
    ['decline', '', [{ id: 'plan-review', selected: ['Keep planning'] }]],
    ['decline', ' \n ', [{ id: 'plan-review', selected: ['Keep planning'] }]],
    ['decline', ' more tests ', [{ id: 'plan-review', selected: [], custom: ' more tests ' }]],
  ] as const)('encodes %s with feedback %j', (decision, feedback, answers) => {
    expect(reviewAnswerOf(REVIEW, decision, feedback)).toEqual({ answers });
  });

  it.each([
    ['approve', ''],
    ['decline', ''],
    ['decline', 'more tests'],
  ] as const)('builds a %s answer (feedback %j) that the host validator accepts for the recorded question', (decision, feedback) => {
    expect(validateAnswer(recorded.questions, reviewAnswerOf(REVIEW, decision, feedback))).toMatchObject({ ok: true });
  });

  it('never pairs the decline label with custom text, which the host rejects on a single-select question', () => {
    const paired = { answers: [{ id: 'plan-review', selected: ['Keep planning'], custom: 'more tests' }] };
    expect(validateAnswer(recorded.questions, paired)).toMatchObject({ ok: false });
  });

  it('has nothing to send for decline when no declining option exists', () => {
    const { decline: _decline, ...onlyApprove } = REVIEW;
    expect(reviewAnswerOf(onlyApprove, 'decline', 'x')).toBeUndefined();
  });
});

describe('PlanReviewCard keeps what was typed and says what it is doing', () => {
  const typeFeedback = async (user: ReturnType<typeof userEvent.setup>, text: string) => {
    await user.type(screen.getByRole('textbox', { name: 'Feedback' }), text);
  };

  it('asks before approving while Feedback holds text, and "Send as feedback" sends it with Keep planning', async () => {
    const call = respondWith({ accepted: true });
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={REVIEW} />, SESSION);
    const user = userEvent.setup();
    await typeFeedback(user, 'Add a test first.');
    await user.click(button('Approve'));
    const confirm = screen.getByRole('alertdialog', { name: 'Approve without your feedback?' });
    expect(within(confirm).getByRole('button', { name: 'Send as feedback' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Send as feedback' }));
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]).toEqual(answered([{ id: 'plan-review', selected: [], custom: 'Add a test first.' }]));
    expect(screen.getByRole('status')).toHaveTextContent('Sending…');
  });

  it('sends a bare Approve on "Approve and discard feedback"', async () => {
    const call = respondWith({ accepted: true });
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={REVIEW} />, SESSION);
    const user = userEvent.setup();
    await typeFeedback(user, 'never mind');
    await user.click(button('Approve'));
    await user.click(button('Approve and discard feedback'));
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]).toEqual(answered([{ id: 'plan-review', selected: ['Approve'] }]));
  });

  it.each([
    ['Escape', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    ['Cancel', async (user: ReturnType<typeof userEvent.setup>) => user.click(button('Cancel'))],
  ])('closes the confirm on %s with the text kept and nothing sent', async (_how, close) => {
    const call = respondWith({ accepted: true });
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={REVIEW} />, SESSION);
    const user = userEvent.setup();
    await typeFeedback(user, 'Keep -g.');
    await user.click(button('Approve'));
    await close(user);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(button('Approve')).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Feedback' })).toHaveValue('Keep -g.');
    // The first answer that reaches the host is the one chosen now: nothing was sent by the confirm.
    await user.click(button('Keep planning'));
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]).toEqual(answered([{ id: 'plan-review', selected: [], custom: 'Keep -g.' }]));
  });

  it('hands the typed feedback to onChatAbout once Chat about it was accepted', async () => {
    const call = respondWith({ accepted: true });
    const onChatAbout = vi.fn();
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={REVIEW} onChatAbout={onChatAbout} />, SESSION);
    const user = userEvent.setup();
    await typeFeedback(user, 'Why two flags?');
    await user.click(button('Chat about it'));
    await waitFor(() => expect(onChatAbout).toHaveBeenCalledWith('Why two flags?'));
    expect(call.bodies[0]).toMatchObject({ result: { ok: false, error: { code: 'cancelled' } } });
    expect(onChatAbout).toHaveBeenCalledTimes(1);
  });

  it('keeps the feedback in the card when Chat about it is rejected', async () => {
    respondWith({ accepted: false, reason: 'not-pending' });
    const onChatAbout = vi.fn();
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={REVIEW} onChatAbout={onChatAbout} />, SESSION);
    const user = userEvent.setup();
    await typeFeedback(user, 'Why two flags?');
    await user.click(button('Chat about it'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('cancellation rejected: not-pending'));
    expect(onChatAbout).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Feedback' })).toHaveValue('Why two flags?');
  });

  it.each([[''], ['   '], [' \n\t ']])('shows "The agent proposed an empty plan" for the plan %j and disables Approve only', (plan) => {
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={{ ...REVIEW, plan }} />, SESSION);
    const region = screen.getByRole('region', { name: 'Proposed plan' });
    expect(region).toHaveTextContent('The agent proposed an empty plan');
    expect(button('Approve')).toBeDisabled();
    expect(button('Approve')).toHaveAccessibleDescription('The agent proposed an empty plan');
    expect(button('Keep planning')).toBeEnabled();
    expect(button('Chat about it')).toBeEnabled();
  });

  it.each([
    ['Approve', 'Approving…'],
    ['Keep planning', 'Sending…'],
    ['Chat about it', 'Sending…'],
  ])('says what it is doing while %s is on its way: %s', async (action, text) => {
    const call = respondWith({ accepted: true }, { hold: true });
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={REVIEW} />, SESSION);
    await userEvent.setup().click(button(action));
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent(text);
    call.release();
  });

  it('disables every action while reconnecting, with the reason beside them, keeps Feedback editable, and re-arms when connected', async () => {
    const call = respondWith({ accepted: true });
    const { update } = renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={REVIEW} />, SESSION, { connection: 'reconnecting' });
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting… your text is kept');
    for (const action of actions()) {
      expect(action).toBeDisabled();
      expect(action).toHaveAccessibleDescription('Reconnecting… your text is kept');
    }
    const user = userEvent.setup();
    await typeFeedback(user, 'typed offline');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await update({ connection: 'connected' });
    for (const action of actions()) expect(action).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Feedback' })).toHaveValue('typed offline');
    await user.click(button('Keep planning'));
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]).toEqual(answered([{ id: 'plan-review', selected: [], custom: 'typed offline' }]));
  });

  it('shows the plan through the shared Markdown: tags as text, unsafe links as text, remote images as placeholders', () => {
    const plan =
      '# Use <channel>\n\nUse Vec<u8> and <details>x</details>. [run](javascript:alert(1)) [docs](https://example.com/d)\n\n![x](https://elsewhere/?q=secret)';
    renderInSession(<PlanReviewCard sessionId={SESSION} rpcId={RPC} review={{ ...REVIEW, plan }} />, SESSION);
    const region = screen.getByRole('region', { name: 'Proposed plan' });
    expect(within(region).getByRole('heading', { name: 'Use <channel>' })).toBeInTheDocument();
    expect(region).toHaveTextContent('Use Vec<u8> and <details>x</details>. run docs');
    expect(
      within(region)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['https://example.com/d', 'https://elsewhere/?q=secret']);
    expect(within(region).getByRole('link', { name: 'Image: x — elsewhere' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(region.querySelector('img, details')).toBeNull();
  });
});
