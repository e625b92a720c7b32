import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readRecordingFixture } from '../../../fixtures/paths.ts';
import { respondWith } from '../../../testing/render.tsx';
import { renderInSession } from '../../../testing/session-render.tsx';
import type { QuestionItem } from '../../core/questions/types.ts';
import { questionDraftKey, useQuestionDraftStore } from './draft-store.ts';
import { answerOf, firstIncompleteOf } from './model/answer.ts';
import { QuestionFlow } from './question-flow.tsx';

const SESSION = 'session-7a1c0de5-0000-4000-8000-000000000001';
const RPC = 'rpc-3f6d1c2a';

/**
 * The question and the answer of the recorded question-composer session (fixtures/dsh-recordings): the
 * `ask_user_question` call arguments (snake_case `multi_select` as the model sent it) and the tool result.
 */
function recordedQuestionComposer(): { question: QuestionItem; answer: unknown } {
  const text = readRecordingFixture('question-composer');
  let question: QuestionItem | undefined;
  let answer: unknown;
  type Line = {
    type: string;
    data: { chunk?: { block?: { type: string; name?: string; arguments?: string } }; content?: Array<{ text: string }> };
  };
  for (const line of text.split('\n').slice(1)) {
    if (line.trim() === '') continue;
    const event = JSON.parse(line) as Line;
    const block = event.data.chunk?.block;
    if (event.type === 'assistant/chunk' && block?.type === 'tool-call' && block.name === 'ask_user_question') {
      const { questions } = JSON.parse(block.arguments ?? '{}') as { questions: Array<QuestionItem & { multi_select?: boolean }> };
      const { multi_select: multiSelect, ...rest } = questions[0] as QuestionItem & { multi_select?: boolean };
      question = { ...rest, multiSelect };
    }
    if (event.type === 'tool/result') answer = JSON.parse(event.data.content?.[0]?.text ?? 'null');
  }
  if (question === undefined) throw new Error('no ask_user_question call in the recording');
  return { question, answer };
}

const BATCH: QuestionItem[] = [
  {
    id: 'lang',
    header: 'Setup',
    question: 'Which language should the CLI use?',
    detail: '# Context\n\nThe CLI is **small**; see `main.go`.\n\n- fast start\n- one binary',
    options: [
      { label: 'Go (Recommended)', description: 'Single static binary.' },
      { label: 'Python', description: 'Quick to write.' },
    ],
  },
  { id: 'name', question: 'What should the flag be called?' },
  {
    id: 'extras',
    question: 'Which extras do you want?',
    multiSelect: true,
    options: [{ label: 'Tests' }, { label: 'Docs' }, { label: 'Changelog' }],
  },
];

const answered = (answers: unknown, rpcId = RPC) => ({
  type: 'client-response',
  rpcId,
  result: { ok: true, value: { sessionId: SESSION, answer: { answers } } },
});
const custom = () => screen.getByRole('textbox', { name: 'Type your answer' });
const card = (name: string) => screen.getByRole('region', { name });
const status = () => screen.getByRole('status');
/** No answer was started: a respond begins its mutation synchronously in the handler, so none means nothing is or will be sent. */
const expectNoRequest = (client: QueryClient) => expect(client.getMutationCache().getAll()).toEqual([]);

beforeEach(() => {
  useQuestionDraftStore.setState({ entries: {} });
});
afterEach(() => vi.restoreAllMocks());

describe('QuestionFlow', () => {
  it('walks a single, custom and multi batch and sends the whole answer', async () => {
    const call = respondWith({ accepted: true }, { hold: true });
    renderInSession(<QuestionFlow sessionId={SESSION} rpcId={RPC} questions={BATCH} />, SESSION);
    const user = userEvent.setup();

    const first = card('Which language should the CLI use?');
    expect(within(first).getByText('Setup')).toBeInTheDocument();
    expect(within(first).getByText('1 / 3')).toBeInTheDocument();
    const body = within(first).getByRole('region', { name: 'Question details' });
    expect(within(body).getByRole('heading', { name: 'Context' })).toBeInTheDocument();
    expect(within(body).queryByRole('button', { name: 'Next' })).toBeNull();
    expect(within(first).getByRole('button', { name: 'Next' })).toBeDisabled();
    const go = screen.getByRole('radio', { name: 'Go' });
    expect(go).toHaveAccessibleDescription('Recommended Single static binary.');
    expect(within(screen.getByRole('radiogroup')).getAllByRole('radio')).toHaveLength(2);

    go.focus();
    await user.keyboard('{Enter}');
    expect(call.bodies).toEqual([]);
    const second = card('What should the flag be called?');
    expect(within(second).getByText('2 / 3')).toBeInTheDocument();

    await user.type(custom(), '--greeting{Enter}');
    const third = card('Which extras do you want?');
    expect(within(third).getByRole('group')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Tests' }));
    await user.type(custom(), 'and a man page');
    await user.click(screen.getByRole('checkbox', { name: 'Changelog' }));
    await user.click(screen.getByRole('checkbox', { name: 'Tests' }));
    await user.click(screen.getByRole('checkbox', { name: 'Docs' }));
    expect(custom()).toHaveValue('and a man page');
    expect(screen.getByRole('checkbox', { name: 'Docs' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Tests' })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const busy = await screen.findByRole('button', { name: 'Submitting…' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Skip this question' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Dismiss all questions' })).toBeDisabled();
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]).toEqual(
      answered([
        { id: 'lang', selected: ['Go (Recommended)'] },
        { id: 'name', selected: [], custom: '--greeting' },
        { id: 'extras', selected: ['Changelog', 'Docs'], custom: 'and a man page' },
      ]),
    );
    call.release();
  });

  it('sends the answer of the recorded question-composer session', async () => {
    const { question, answer } = recordedQuestionComposer();
    const call = respondWith({ accepted: true });
    renderInSession(<QuestionFlow sessionId={SESSION} rpcId={RPC} questions={[question]} />, SESSION);
    const user = userEvent.setup();
    expect(card('Which color do you prefer?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(screen.queryByText('1 / 1')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Blue' }));
    await user.type(custom(), 'Include accessibility notes');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect((call.bodies[0] as { result: { value: { answer: unknown } } }).result.value.answer).toEqual(answer);
  });

  it('renders detail as GFM markdown inside the scroll body', () => {
    const detail = '# Title\n\n**bold** and `code`\n\n- item one\n- item two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n~~gone~~';
    renderInSession(<QuestionFlow sessionId={SESSION} rpcId={RPC} questions={[{ id: 'q', question: 'Q?', detail }]} />, SESSION);
    const body = screen.getByRole('region', { name: 'Question details' });
    expect(within(body).getByRole('heading', { level: 1, name: 'Title' })).toBeInTheDocument();
    expect(within(body).getByText('bold').tagName).toBe('STRONG');
    expect(within(body).getByText('code').tagName).toBe('CODE');
    expect(within(body).getAllByRole('listitem')).toHaveLength(2);
    expect(within(body).getByRole('table')).toBeInTheDocument();
    expect(within(body).getByText('gone').tagName).toBe('DEL');
    expect(within(body).getByRole('textbox', { name: 'Type your answer' })).toBeInTheDocument();
  });

  it('skips questions with selected:[] and keeps earlier answers', async () => {
    const call = respondWith({ accepted: true });
    renderInSession(<QuestionFlow sessionId={SESSION} rpcId={RPC} questions={BATCH} />, SESSION);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Python' }));
    await user.type(custom(), 'ignored then skipped');
    await user.click(screen.getByRole('button', { name: 'Skip this question' }));
    expect(card('Which extras do you want?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip this question' }));
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]).toEqual(
      answered([
        { id: 'lang', selected: ['Python'] },
        { id: 'name', selected: [] },
        { id: 'extras', selected: [] },
      ]),
    );
  });

  it.each([
    ['isComposing', { key: 'Enter', isComposing: true }],
    ['keyCode 229', { key: 'Enter', keyCode: 229 }],
    ['Shift+Enter', { key: 'Enter', shiftKey: true }],
  ])('does not continue on %s in the custom field', async (_case, init) => {
    const call = respondWith({ accepted: true });
    const { client } = renderInSession(
      <QuestionFlow
        sessionId={SESSION}
        rpcId={RPC}
        questions={[
          { id: 'name', question: 'Name?' },
          { id: 'b', question: 'B?' },
        ]}
      />,
      SESSION,
    );
    await userEvent.setup().type(custom(), 'かな');
    fireEvent.keyDown(custom(), init);
    expectNoRequest(client);
    expect(card('Name?')).toBeInTheDocument();
    expect(status()).toHaveTextContent('');
    expect(call.bodies).toEqual([]);
  });

  it('sends multi-line custom answers verbatim from a textarea', async () => {
    const call = respondWith({ accepted: true });
    renderInSession(<QuestionFlow sessionId={SESSION} rpcId={RPC} questions={[{ id: 'name', question: 'Name?' }]} />, SESSION);
    const user = userEvent.setup();
    expect(custom().tagName).toBe('TEXTAREA');
    await user.type(custom(), 'line one{Shift>}{Enter}{/Shift}  line two  {Enter}');
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]).toEqual(answered([{ id: 'name', selected: [], custom: 'line one\n  line two  ' }]));
  });

  it('asks for an answer on Enter in an empty field', async () => {
    renderInSession(<QuestionFlow sessionId={SESSION} rpcId={RPC} questions={BATCH} />, SESSION);
    const user = userEvent.setup();
    await user.click(custom());
    await user.keyboard('{Enter}');
    expect(status()).toHaveTextContent('Select or type an answer');
    expect(card('Which language should the CLI use?')).toBeInTheDocument();
  });

  it('jumps to the first incomplete question on submit and says so', async () => {
    const call = respondWith({ accepted: true });
    renderInSession(<QuestionFlow sessionId={SESSION} rpcId={RPC} questions={BATCH} />, SESSION);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next question' }));
    await user.click(screen.getByRole('button', { name: 'Next question' }));
    expect(screen.getByRole('button', { name: 'Next question' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Docs' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(card('Which language should the CLI use?')).toBeInTheDocument();
    expect(status()).toHaveTextContent('Complete this question first');
    expect(screen.getByRole('button', { name: 'Previous question' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Go' }));
    expect(card('What should the flag be called?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous question' }));
    expect(screen.getByRole('radio', { name: 'Go' })).toBeChecked();
    expect(call.bodies).toEqual([]);
  });

  it('submits on Enter on an option only when every question is complete', async () => {
    const call = respondWith({ accepted: true });
    const { client } = renderInSession(
      <QuestionFlow sessionId={SESSION} rpcId={RPC} questions={[{ id: 'n', question: 'N?' }, { ...(BATCH[2] as QuestionItem) }]} />,
      SESSION,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next question' }));
    screen.getByRole('checkbox', { name: 'Docs' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('checkbox', { name: 'Docs' })).toBeChecked();
    expectNoRequest(client);
    expect(call.bodies).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Previous question' }));
    await user.type(custom(), 'x{Enter}');
    screen.getByRole('checkbox', { name: 'Docs' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]).toEqual(
      answered([
        { id: 'n', selected: [], custom: 'x' },
        { id: 'extras', selected: ['Docs'] },
      ]),
    );
  });

  it('clears the selection when typing on single-select and the text when choosing', async () => {
    renderInSession(<QuestionFlow sessionId={SESSION} rpcId={RPC} questions={[BATCH[0] as QuestionItem]} />, SESSION);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Python' }));
    expect(screen.getByRole('radio', { name: 'Python' })).toBeChecked();
    await user.type(custom(), 'Rust');
    expect(screen.getByRole('radio', { name: 'Python' })).not.toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Go' }));
    expect(custom()).toHaveValue('');
    expect(answerOf([BATCH[0] as QuestionItem], useQuestionDraftStore.getState().entries[questionDraftKey(RPC)]?.items ?? [])).toEqual({
      answers: [{ id: 'lang', selected: ['Go (Recommended)'] }],
    });
  });

  it('names its chrome in English', () => {
    renderInSession(<QuestionFlow sessionId={SESSION} rpcId={RPC} questions={BATCH} />, SESSION);
    for (const name of ['Dismiss all questions', 'Skip this question', 'Collapse the question card', 'Previous question', 'Next question']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(custom()).toBeInTheDocument();
  });

  it('sends the cancelled envelope when dismissing all questions', async () => {
    const call = respondWith({ accepted: true });
    renderInSession(<QuestionFlow sessionId={SESSION} rpcId={RPC} questions={BATCH} />, SESSION);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss all questions' }));
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]).toEqual({
      type: 'client-response',
      rpcId: RPC,
      result: { ok: false, error: { code: 'cancelled', message: expect.any(String), details: {} } },
    });
  });

  it.each([
    ['a rejected answer', 'Submit', { accepted: false, reason: 'bad-response' }, undefined, 'response rejected: bad-response'],
    ['a rejected cancellation', 'Dismiss all questions', { accepted: false, reason: 'not-pending' }, undefined, 'cancellation rejected: not-pending'],
    ['a transport failure', 'Submit', undefined, 502, 'bad gateway'],
    ['a transport failure on dismiss', 'Dismiss all questions', undefined, 502, 'bad gateway'],
  ])('shows %s and re-enables the controls', async (_case, action, receipt, httpStatus, text) => {
    respondWith(receipt, httpStatus === undefined ? {} : { status: httpStatus, body: 'bad gateway' });
    renderInSession(<QuestionFlow sessionId={SESSION} rpcId={RPC} questions={[{ id: 'name', question: 'Name?' }]} />, SESSION);
    const user = userEvent.setup();
    await user.type(custom(), 'flag');
    await user.click(screen.getByRole('button', { name: action }));
    await waitFor(() => expect(status()).toHaveTextContent(text));
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Dismiss all questions' })).toBeEnabled();
    expect(custom()).toHaveValue('flag');
  });

  it('words an unreachable server plainly and keeps the answer', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderInSession(<QuestionFlow sessionId={SESSION} rpcId={RPC} questions={[{ id: 'name', question: 'Name?' }]} />, SESSION);
    const user = userEvent.setup();
    await user.type(custom(), 'flag');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(status()).toHaveTextContent("Can't reach the server; try again when it is back. Your text is kept."));
    expect(custom()).toHaveValue('flag');
  });

  it('shows the not-pending receipt of the mocked host for an unknown question', async () => {
    renderInSession(<QuestionFlow sessionId={SESSION} rpcId={RPC} questions={[{ id: 'name', question: 'Name?' }]} />, SESSION);
    const user = userEvent.setup();
    await user.type(custom(), 'flag{Enter}');
    await waitFor(() => expect(status()).toHaveTextContent('response rejected: not-pending'));
  });

  it('keeps drafts for a same-rpcId replay and starts fresh for a new rpcId', async () => {
    const first = renderInSession(<QuestionFlow sessionId={SESSION} rpcId={RPC} questions={BATCH} />, SESSION);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Python' }));
    await user.type(custom(), 'half typed');
    first.unmount();
    const replay = renderInSession(<QuestionFlow sessionId={SESSION} rpcId={RPC} questions={BATCH} />, SESSION);
    expect(card('What should the flag be called?')).toBeInTheDocument();
    expect(custom()).toHaveValue('half typed');
    expect(useQuestionDraftStore.getState().entries['q:' + RPC]).toBeDefined();
    replay.unmount();
    renderInSession(<QuestionFlow sessionId={SESSION} rpcId="rpc-new" questions={BATCH} />, SESSION);
    expect(card('Which language should the CLI use?')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Python' })).not.toBeChecked();
  });

  it('collapses and expands without losing drafts, position or focus', async () => {
    renderInSession(<QuestionFlow sessionId={SESSION} rpcId={RPC} questions={BATCH} />, SESSION);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Go' }));
    await user.type(custom(), 'draft');
    const toggle = screen.getByRole('button', { name: 'Collapse the question card' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Type your answer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveFocus();
    expect(card('What should the flag be called?')).toBeInTheDocument();
    expect(custom()).toHaveValue('draft');
  });

  it('focuses the custom answer once per question, right after it is painted', async () => {
    renderInSession(<QuestionFlow sessionId={SESSION} rpcId={RPC} questions={BATCH} />, SESSION);
    expect(custom()).not.toHaveFocus();
    await waitFor(() => expect(custom()).toHaveFocus());
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Go' }));
    await waitFor(() => expect(custom()).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Previous question' }));
    expect(custom()).not.toHaveFocus();
  });
});

describe('firstIncompleteOf', () => {
  const empty = { selected: [], custom: '', skipped: false };
  it.each([
    [[empty, empty, empty], 0],
    [[{ ...empty, selected: ['Go (Recommended)'] }, empty, empty], 1],
    [[{ ...empty, skipped: true }, { ...empty, custom: '  ' }, empty], 1],
    [
      [
        { ...empty, skipped: true },
        { ...empty, custom: 'x' },
        { ...empty, selected: ['Docs'] },
      ],
      -1,
    ],
  ])('finds the first incomplete of %j at %i', (drafts, index) => {
    expect(firstIncompleteOf(BATCH, drafts)).toBe(index);
  });
});

describe('QuestionFlow without a plan, with hostile markdown, and while reconnecting', () => {
  const planReview = (detail: string | undefined): QuestionItem => ({
    id: 'plan-review',
    question: 'Approve this plan and leave plan mode?',
    ...(detail === undefined ? {} : { detail }),
    options: [{ label: 'Approve' }, { label: 'Keep planning' }],
    intent: { kind: 'plan-review', approve: 'Approve' },
  });

  it.each([[undefined], [''], ['  \n ']])('never offers Approve for a plan review that fell back without a plan (detail %j)', async (detail) => {
    const call = respondWith({ accepted: true });
    renderInSession(<QuestionFlow sessionId={SESSION} rpcId={RPC} questions={[planReview(detail)]} />, SESSION);
    expect(screen.getByRole('region', { name: 'Question details' })).toHaveTextContent('The agent proposed an empty plan');
    expect(screen.getByRole('radio', { name: 'Approve' })).toBeDisabled();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Keep planning' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]).toMatchObject({ result: { ok: true, value: { answer: { answers: [{ id: 'plan-review', selected: ['Keep planning'] }] } } } });
  });

  it('renders detail through the shared Markdown: tags as text, unsafe links as text, images as placeholders', () => {
    const detail = 'Use Vec<u8> and the <channel> tag. [run](javascript:alert(1)) ![x](https://elsewhere/?q=secret)';
    renderInSession(<QuestionFlow sessionId={SESSION} rpcId={RPC} questions={[{ id: 'q', question: 'Q?', detail }]} />, SESSION);
    const body = screen.getByRole('region', { name: 'Question details' });
    expect(body).toHaveTextContent('Use Vec<u8> and the <channel> tag. run Image: x — elsewhere');
    expect(within(body).getAllByRole('link')).toHaveLength(1);
    expect(within(body).getByRole('link', { name: 'Image: x — elsewhere' })).toHaveAttribute('target', '_blank');
    expect(body.querySelector('img')).toBeNull();
  });

  it('disables answering while reconnecting, with the reason shown, keeps typing possible, and sends once connected', async () => {
    const call = respondWith({ accepted: true });
    const question: QuestionItem = { id: 'name', question: 'What should the flag be called?' };
    const { update } = renderInSession(<QuestionFlow sessionId={SESSION} rpcId={RPC} questions={[question]} />, SESSION, { connection: 'reconnecting' });
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting… your text is kept');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Type your answer' }), '--greeting{Enter}');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveAccessibleDescription('Reconnecting… your text is kept');
    expect(screen.getByRole('button', { name: 'Skip this question' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Dismiss all questions' })).toBeDisabled();
    await update({ connection: 'connected' });
    expect(screen.getByRole('textbox', { name: 'Type your answer' })).toHaveValue('--greeting');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]).toMatchObject({ result: { ok: true, value: { answer: { answers: [{ id: 'name', selected: [], custom: '--greeting' }] } } } });
  });
});
