import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readRecordingFixture, type RecordingName } from '../../../fixtures/paths.ts';
import type { SessionEvent } from '../../core/log/types.ts';
import type { ToolView } from '../../core/protocol/methods.ts';
import { transcriptViewOf } from '../../core/transcript/fold.ts';
import { callMethod } from '../../lib/api-client.ts';
import { TranscriptView } from './components/transcript-view.tsx';

const jsonlOf = readRecordingFixture;

/** Import a recording through the mocked harness and read its whole history back, as the client would. */
async function imported(name: RecordingName): Promise<{ events: SessionEvent[]; views: Record<number, ToolView> }> {
  const { sessionId } = await callMethod('session.import', { jsonl: jsonlOf(name) });
  const events: SessionEvent[] = [];
  const views: Record<number, ToolView> = {};
  let beforeSeq: number | undefined;
  for (;;) {
    const page = await callMethod('session.history', beforeSeq === undefined ? { sessionId } : { sessionId, beforeSeq });
    for (const entry of page.events) {
      events.push(entry.event as SessionEvent);
      if (entry.view) views[entry.event.seq] = entry.view;
    }
    if (!page.hasMore || page.events.length === 0) break;
    beforeSeq = page.events[0]!.event.seq;
  }
  events.sort((a, b) => a.seq - b.seq);
  return { events, views };
}

async function renderRecording(name: RecordingName) {
  const { events, views } = await imported(name);
  render(<TranscriptView transcript={transcriptViewOf(events, views)} loaded error={undefined} />);
  return screen.getByRole('region', { name: 'Transcript' });
}

describe('Transcript', () => {
  it('says where a read-only log stops instead of showing its unfinished turn and review as live', async () => {
    const { events, views } = await imported('plan-review');
    const cut = events.findIndex((e) => e.type === 'tool/result' && JSON.stringify(e.data).includes('plan'));
    const until = events.slice(0, cut);
    const { rerender } = render(<TranscriptView transcript={transcriptViewOf(until, views)} loaded error={undefined} readOnly />);
    const region = screen.getByRole('region', { name: 'Transcript' });
    expect(within(region).getByText('The log ends during this turn.')).toBeInTheDocument();
    expect(within(region).getAllByText('Not answered in this log').length).toBeGreaterThan(0);
    expect(within(region).queryByText('Running…')).toBeNull();
    expect(within(region).queryByText('Awaiting review')).toBeNull();
    rerender(<TranscriptView transcript={transcriptViewOf(until, views)} loaded error={undefined} />);
    expect(within(region).getByText('Running…')).toBeInTheDocument();
    expect(within(region).getAllByText('Awaiting review').length).toBeGreaterThan(0);
  });

  it('renders the plan-review recording: the /plan command, the plan card with its five steps, approval and DONE', async () => {
    const user = userEvent.setup();
    const transcript = await renderRecording('plan-review');
    expect(within(transcript).getByRole('article', { name: /^\/plan Plan a small change/ })).toHaveTextContent('Plan mode on. Use /plan off to leave.');
    const card = within(transcript).getByRole('article', { name: 'Plan: Add --greeting flag to CLI' });
    const title = within(card).getByRole('heading', { name: 'Add --greeting flag to CLI' });
    expect(within(title).getByText('--greeting').tagName).toBe('CODE');
    expect(within(card).queryAllByRole('listitem')).toHaveLength(0);
    await user.click(within(card).getByRole('button', { name: 'Show the plan' }));
    const steps = within(card).getAllByRole('listitem');
    expect(steps).toHaveLength(5);
    expect(steps[0]).toHaveTextContent('Locate the CLI entry point');
    expect(within(card).getByText('Approved')).toBeInTheDocument();
    expect(within(transcript).getByText('Plan mode on')).toBeInTheDocument();
    expect(within(transcript).getByText('Plan mode off')).toBeInTheDocument();
    expect(within(transcript).getByText('DONE')).toBeInTheDocument();
    expect(within(transcript).getByText('Turn completed')).toBeInTheDocument();
  });

  it('shows the plan card as one line: its title, the review outcome and Show the plan side by side', async () => {
    const transcript = await renderRecording('plan-review');
    const card = within(transcript).getByRole('article', { name: 'Plan: Add --greeting flag to CLI' });
    const line = within(card).getByRole('heading', { name: 'Add --greeting flag to CLI' }).parentElement!;
    expect(within(line).getByText('Approved')).toBeInTheDocument();
    expect(within(line).getByRole('button', { name: 'Show the plan' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(card).getAllByRole('button')).toHaveLength(1);
  });

  it('renders the question-composer recording: the question and its answer', async () => {
    const transcript = await renderRecording('question-composer');
    const card = within(transcript).getByRole('article', { name: 'Question' });
    expect(within(card).getByText('Which color do you prefer?')).toBeInTheDocument();
    expect(within(card).getByText('Pick one')).toBeInTheDocument();
    expect(card).toHaveTextContent('Blue — Include accessibility notes');
    expect(within(transcript).getByText('DONE')).toBeInTheDocument();
  });

  it('renders the lifecycle-chrome recording: the prompt, reasoning collapsed, and LIGHTHOUSE', async () => {
    const user = userEvent.setup();
    const transcript = await renderRecording('lifecycle-chrome');
    expect(within(transcript).getByRole('article', { name: 'You' })).toHaveTextContent('Reply with the single word LIGHTHOUSE and stop.');
    const answer = within(transcript).getByRole('article', { name: 'Assistant' });
    expect(within(answer).getByText('LIGHTHOUSE')).toBeInTheDocument();
    const reasoning = within(answer).getByRole('button', { name: 'Reasoning' });
    expect(reasoning).toHaveAttribute('aria-expanded', 'false');
    expect(within(answer).queryByText('The user wants me to reply with a single word. Let me comply.', { selector: 'p' })).toBeNull();
    await user.click(reasoning);
    expect(reasoning).toHaveAttribute('aria-expanded', 'true');
    expect(within(answer).getByText('The user wants me to reply with a single word. Let me comply.', { selector: 'p' })).toBeVisible();
  });

  it.each([
    {
      name: 'a failed command in error style',
      events: [
        { type: 'command/run', seq: 0, data: { commandId: 'c1', name: 'plan', args: 'off', source: { kind: 'user' } } },
        { type: 'command/done', seq: 1, data: { commandId: 'c1', kind: 'error', text: 'images are not allowed with off' } },
      ],
      role: 'article',
      label: '/plan off',
      text: 'Command failed: images are not allowed with off',
    },
    {
      name: 'a plugin notice as a quiet line',
      events: [
        {
          type: 'user/message',
          seq: 0,
          data: {
            content: [{ type: 'text', text: 'The user switched to plan mode.' }],
            source: { kind: 'plugin', plugin: 'plan-mode', form: 'notice', summary: 'Switched to plan mode.' },
          },
        },
      ],
      role: undefined,
      label: undefined,
      text: 'Switched to plan mode.',
    },
    {
      name: 'a failed turn with its message',
      events: [
        { type: 'turn/start', seq: 0, data: { turn: 1 } },
        { type: 'turn/end', seq: 1, data: { turn: 1, reason: { kind: 'error', message: 'model unavailable' } } },
      ],
      role: undefined,
      label: undefined,
      text: 'Turn failed: model unavailable',
    },
    {
      name: 'a generic tool card with its error',
      events: [
        { type: 'tool/call', seq: 0, data: { turn: 1, step: 1, callId: 't1', name: 'read_file', arguments: '{"path":"src/cli.ts"}' } },
        { type: 'tool/result', seq: 1, data: { turn: 1, step: 1, callId: 't1', content: [{ type: 'text', text: 'Error: no such file' }], isError: true } },
      ],
      role: 'article',
      label: 'Tool call read_file',
      text: 'path: src/cli.ts',
    },
  ])('renders $name', ({ events, role, label, text }) => {
    render(<TranscriptView transcript={transcriptViewOf(events, {})} loaded error={undefined} />);
    const scope = role && label ? screen.getByRole(role, { name: label }) : screen.getByRole('region', { name: 'Transcript' });
    expect(scope).toHaveTextContent(text);
  });

  it('offers "Try again" next to a load error', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<TranscriptView transcript={transcriptViewOf([], {})} loaded={false} error="session-x not found" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the session: session-x not found');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows streaming text as it grows with one running marker: Writing… while text streams, else Running…', () => {
    const chunk = (seq: number, text: string): SessionEvent => ({
      type: 'assistant/chunk',
      seq,
      data: { turn: 1, step: 1, chunk: { type: 'text-delta', index: 0, text } },
    });
    const start: SessionEvent = { type: 'turn/start', seq: 0, data: { turn: 1 } };
    const { rerender } = render(<TranscriptView transcript={transcriptViewOf([start], {})} loaded error={undefined} />);
    expect(screen.getByText('Running…')).toBeInTheDocument();
    rerender(<TranscriptView transcript={transcriptViewOf([start, chunk(1, 'Hello')], {})} loaded error={undefined} />);
    expect(screen.getByRole('article', { name: 'Assistant' })).toHaveTextContent('Hello');
    expect(screen.getByText('Writing…')).toBeInTheDocument();
    expect(screen.queryByText('Running…')).toBeNull();
    rerender(<TranscriptView transcript={transcriptViewOf([start, chunk(1, 'Hello'), chunk(2, ' world')], {})} loaded error={undefined} />);
    expect(screen.getByRole('article', { name: 'Assistant' })).toHaveTextContent('Hello world');
    expect(screen.getAllByText(/^(Writing|Running)…$/)).toHaveLength(1);
  });

  it.each([
    ['review', 'Waiting for your review'],
    ['answer', 'Waiting for your answer'],
  ] as const)('says what it waits for (a pending %s) instead of Running…', (waiting, text) => {
    const events: SessionEvent[] = [
      { type: 'turn/start', seq: 0, data: { turn: 1 } },
      { type: 'tool/call', seq: 1, data: { turn: 1, step: 1, callId: 'p1', name: 'exit_plan_mode', arguments: '{"plan":"# P"}' } },
    ];
    const { rerender } = render(<TranscriptView transcript={transcriptViewOf(events, {})} loaded error={undefined} waiting={waiting} />);
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByText('Running…')).toBeNull();
    rerender(<TranscriptView transcript={transcriptViewOf(events, {})} loaded error={undefined} />);
    expect(screen.getByText('Running…')).toBeInTheDocument();
    expect(screen.queryByText(text)).toBeNull();
  });

  it('ends Writing… when the turn is cancelled mid-stream and keeps the partial text', () => {
    const events: SessionEvent[] = [
      { type: 'turn/start', seq: 0, data: { turn: 1 } },
      { type: 'assistant/chunk', seq: 1, data: { turn: 1, step: 1, chunk: { type: 'text-delta', index: 0, text: 'Writing src/cli' } } },
      { type: 'turn/end', seq: 2, data: { turn: 1, reason: { kind: 'cancelled' } } },
    ];
    render(<TranscriptView transcript={transcriptViewOf(events, {})} loaded error={undefined} />);
    expect(screen.getByRole('article', { name: 'Assistant' })).toHaveTextContent('Writing src/cli');
    expect(screen.queryByText(/^(Writing|Running)…$/)).toBeNull();
    expect(screen.getByText('Turn cancelled')).toBeInTheDocument();
  });

  it('shows text in angle brackets as text in an assistant message and in an approved plan card', async () => {
    const user = userEvent.setup();
    const said = 'Use Vec<u8> and the <channel> tag.';
    const plan = '# Keep <channel>\n\n<details>\n<summary>Why</summary>\n</details>\n\n1. Use Vec<u8>';
    const events: SessionEvent[] = [
      { type: 'assistant/message', seq: 0, data: { turn: 1, step: 1, message: { role: 'assistant', content: [{ type: 'text', text: said }] } } },
      { type: 'tool/call', seq: 1, data: { turn: 1, step: 2, callId: 'p1', name: 'exit_plan_mode', arguments: JSON.stringify({ plan }) } },
      {
        type: 'tool/result',
        seq: 2,
        data: { turn: 1, step: 2, callId: 'p1', content: [{ type: 'text', text: 'User has approved your plan.' }], isError: false },
      },
    ];
    render(<TranscriptView transcript={transcriptViewOf(events, {})} loaded error={undefined} />);
    expect(screen.getByRole('article', { name: 'Assistant' })).toHaveTextContent(/^Use Vec<u8> and the <channel> tag\.$/);
    const card = screen.getByRole('article', { name: /^Plan: / });
    await user.click(within(card).getByRole('button', { name: 'Show the plan' }));
    expect(within(card).getByRole('heading', { level: 1, name: 'Keep <channel>' })).toBeInTheDocument();
    expect(card).toHaveTextContent('<summary>Why</summary>');
    expect(card).toHaveTextContent('Use Vec<u8>');
    expect(card.querySelector('details, summary')).toBeNull();
  });

  it('shows what the user typed as plain text, markup and line breaks included', () => {
    const typed = '<b>html</b> and **stars**\nsecond line';
    const events: SessionEvent[] = [{ type: 'user/message', seq: 0, data: { content: [{ type: 'text', text: typed }], source: { kind: 'user' } } }];
    render(<TranscriptView transcript={transcriptViewOf(events, {})} loaded error={undefined} />);
    const message = screen.getByRole('article', { name: 'You' });
    expect(message.textContent).toBe(typed);
    expect(message.querySelector('b, strong')).toBeNull();
  });

  const ask = (result: string, isError: boolean): SessionEvent[] => [
    {
      type: 'tool/call',
      seq: 0,
      data: {
        turn: 1,
        step: 1,
        callId: 'q1',
        name: 'ask_user_question',
        arguments: JSON.stringify({
          questions: [
            { id: 'scope', question: 'Which scope?', options: [{ label: 'CLI' }, { label: 'Docs' }] },
            { id: 'tests', question: 'Add tests?', options: [{ label: 'Yes' }, { label: 'No' }] },
          ],
        }),
      },
    },
    { type: 'tool/result', seq: 1, data: { turn: 1, step: 1, callId: 'q1', content: [{ type: 'text', text: result }], isError } },
  ];

  it.each([
    {
      name: 'an answer and a skipped question',
      events: ask(
        JSON.stringify({
          answers: [
            { id: 'scope', selected: ['CLI'] },
            { id: 'tests', selected: [] },
          ],
        }),
        false,
      ),
      answers: ['CLI', 'Skipped'],
    },
    {
      name: 'a dismissed batch',
      events: ask('Error: the user dismissed the question', true),
      answers: ['Dismissed: the user dismissed the question', 'Dismissed: the user dismissed the question'],
    },
    {
      name: 'an aborted batch',
      events: ask('Error: the question was aborted before the user answered', true),
      answers: ['Aborted: the question was aborted before the user answered', 'Aborted: the question was aborted before the user answered'],
    },
  ])('labels the question card outcome of $name', ({ events, answers }) => {
    render(<TranscriptView transcript={transcriptViewOf(events, {})} loaded error={undefined} />);
    const card = screen.getByRole('article', { name: '2 questions' });
    expect([...card.querySelectorAll('dd')].map((dd) => dd.textContent?.replace(/^Answer: /, ''))).toEqual(answers);
    expect(card).not.toHaveTextContent('Error:');
  });

  it.each([
    ['Error: the turn was cancelled before this tool ran', 'aborted', 'the turn was cancelled before this tool ran'],
    ['Error: the user dismissed the question', 'dismissed', 'the user dismissed the question'],
    ['Error: no such file', 'failed', 'no such file'],
  ])('labels a failed tool result %j as %s and drops the prefix', async (text, label, message) => {
    const events: SessionEvent[] = [
      { type: 'tool/call', seq: 0, data: { turn: 1, step: 1, callId: 't1', name: 'read_file', arguments: '{"path":"src/cli.ts"}' } },
      { type: 'tool/result', seq: 1, data: { turn: 1, step: 1, callId: 't1', content: [{ type: 'text', text }], isError: true } },
    ];
    render(<TranscriptView transcript={transcriptViewOf(events, {})} loaded error={undefined} />);
    const card = screen.getByRole('article', { name: 'Tool call read_file' });
    const line = within(card).getByRole('button', { name: new RegExp(`read_file.*${label}$`) });
    await userEvent.setup().click(line);
    expect(within(card).getByText(message)).toBeVisible();
    expect(card).not.toHaveTextContent('Error:');
  });

  it('shows a tool call as one line with its name, an argument summary and its status, expandable to arguments and result', async () => {
    const user = userEvent.setup();
    const events: SessionEvent[] = [
      { type: 'turn/start', seq: 0, data: { turn: 1 } },
      { type: 'tool/call', seq: 1, data: { turn: 1, step: 1, callId: 't1', name: 'read_file', arguments: '{"path":"src/cli.ts","limit":40}' } },
      { type: 'tool/call', seq: 2, data: { turn: 1, step: 1, callId: 't2', name: 'list_files', arguments: '{}' } },
      { type: 'tool/result', seq: 3, data: { turn: 1, step: 1, callId: 't1', content: [{ type: 'text', text: 'export function main() {}' }], isError: false } },
    ];
    render(<TranscriptView transcript={transcriptViewOf(events, {})} loaded error={undefined} />);
    const card = screen.getByRole('article', { name: 'Tool call read_file' });
    const [line, ...others] = within(card).getAllByRole('button');
    expect(others).toHaveLength(0);
    expect(line).toHaveAccessibleName('read_file path: src/cli.ts, limit: 40 done');
    expect(line).toHaveAttribute('aria-expanded', 'false');
    expect(within(card).queryByText('export function main() {}')).toBeNull();
    expect(within(screen.getByRole('article', { name: 'Tool call list_files' })).getByRole('button')).toHaveAccessibleName(/^list_files\s.*running$/);
    await user.click(line!);
    expect(line).toHaveAttribute('aria-expanded', 'true');
    expect(within(card).getByText('export function main() {}')).toBeVisible();
    expect(within(card).getByText(/"limit": 40/)).toBeVisible();
    await user.click(line!);
    expect(within(card).queryByText('export function main() {}')).toBeNull();
  });

  it('shows each todo_write call of a written log as one quiet line counting the list it wrote, never its JSON', async () => {
    const { parseSessionLog } = await import('../../core/log/reader.ts');
    const { readFixture } = await import('../../../fixtures/paths.ts');
    const events = parseSessionLog(readFixture('todos', 'plan-progress.jsonl')).events;
    render(<TranscriptView transcript={transcriptViewOf(events, {})} loaded error={undefined} />);
    const lines = screen.getAllByText(/^Updated the plan’s progress: \d of 4$/).map((line) => line.textContent);
    expect(lines).toEqual([0, 1, 2, 3, 4].map((n) => `Updated the plan’s progress: ${n} of 4`));
    expect(screen.queryByText(/"status"/)).toBeNull();
    expect(screen.queryByRole('article', { name: 'Tool call todo_write' })).toBeNull();
  });

  it('says when a todo_write call is running or was refused, with the host’s error', () => {
    const events: SessionEvent[] = [
      { type: 'turn/start', seq: 0, data: { turn: 1 } },
      { type: 'tool/call', seq: 1, data: { turn: 1, step: 1, callId: 'a', name: 'todo_write', arguments: '{"todos":[]}' } },
      { type: 'tool/call', seq: 2, data: { turn: 1, step: 1, callId: 'b', name: 'todo_write', arguments: '{"todos":"x"}' } },
      {
        type: 'tool/result',
        seq: 3,
        data: { turn: 1, step: 1, callId: 'b', content: [{ type: 'text', text: 'Error: invalid arguments: "todos" must be an array' }], isError: true },
      },
    ];
    render(<TranscriptView transcript={transcriptViewOf(events, {})} loaded error={undefined} />);
    expect(screen.getByText('Updating the plan’s progress…')).toBeVisible();
    expect(screen.getByText('The progress update was refused: invalid arguments: "todos" must be an array')).toBeVisible();
  });

  it('shows the reasoning of a message as one line with a preview of its text', () => {
    const events: SessionEvent[] = [
      {
        type: 'assistant/message',
        seq: 0,
        data: {
          turn: 1,
          step: 1,
          message: {
            role: 'assistant',
            content: [
              { type: 'reasoning', text: 'First I look at the CLI.' },
              { type: 'reasoning', text: 'Then I plan.' },
              { type: 'text', text: 'Here is the answer.' },
            ],
          },
        },
      },
    ];
    render(<TranscriptView transcript={transcriptViewOf(events, {})} loaded error={undefined} />);
    const answer = screen.getByRole('article', { name: 'Assistant' });
    const buttons = within(answer).getAllByRole('button');
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toHaveAccessibleName('Reasoning');
    expect(buttons[0]).toHaveTextContent('First I look at the CLI. Then I plan.');
  });

  it.each([
    {
      name: 'a half sentence',
      chunks: [
        { type: 'block-start', index: 0, blockType: 'reasoning' },
        { type: 'reasoning-delta', index: 0, text: 'The user wants a flag.' },
        { type: 'text-delta', index: 1, text: 'I will add the flag to src/cl' },
      ],
      text: 'I will add the flag to src/cl',
    },
    { name: 'reasoning only', chunks: [{ type: 'reasoning-delta', index: 0, text: 'The user wants' }], text: 'The user wants' },
  ])('ends an assistant message cut by Stop ($name) with a Stopped marker', ({ chunks, text }) => {
    const events: SessionEvent[] = [
      { type: 'turn/start', seq: 0, data: { turn: 1 } },
      ...chunks.map((chunk, i): SessionEvent => ({ type: 'assistant/chunk', seq: i + 1, data: { turn: 1, step: 1, chunk } })),
      { type: 'turn/end', seq: 9, data: { turn: 1, reason: { kind: 'cancelled' } } },
    ];
    render(<TranscriptView transcript={transcriptViewOf(events, {})} loaded error={undefined} />);
    const answer = screen.getByRole('article', { name: 'Assistant' });
    expect(answer).toHaveTextContent(text);
    expect(within(answer).getByText('Stopped')).toBeVisible();
    expect(answer.lastElementChild).toHaveTextContent('Stopped');
  });

  it('leaves out a step stopped before its first word: no empty row, only the turn end', () => {
    const events: SessionEvent[] = [
      { type: 'turn/start', seq: 0, data: { turn: 1 } },
      { type: 'assistant/chunk', seq: 1, data: { turn: 1, step: 1, chunk: { type: 'block-start', index: 0, blockType: 'reasoning' } } },
      { type: 'assistant/chunk', seq: 2, data: { turn: 1, step: 1, chunk: { type: 'reasoning-delta', index: 0, text: '  ' } } },
      { type: 'turn/end', seq: 3, data: { turn: 1, reason: { kind: 'cancelled' } } },
    ];
    render(<TranscriptView transcript={transcriptViewOf(events, {})} loaded error={undefined} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Turn cancelled']);
    expect(screen.queryByRole('button', { name: /Reasoning/ })).toBeNull();
  });

  it('ends a message a read-only log stops inside with a marker instead of Writing…', () => {
    const events: SessionEvent[] = [
      { type: 'turn/start', seq: 0, data: { turn: 1 } },
      { type: 'assistant/chunk', seq: 1, data: { turn: 1, step: 1, chunk: { type: 'reasoning-delta', index: 0, text: 'Thinking about it' } } },
      { type: 'assistant/chunk', seq: 2, data: { turn: 1, step: 1, chunk: { type: 'text-delta', index: 1, text: 'I will change src/cl' } } },
    ];
    render(<TranscriptView transcript={transcriptViewOf(events, {})} loaded error={undefined} readOnly />);
    const answer = screen.getByRole('article', { name: 'Assistant' });
    expect(answer.lastElementChild).toHaveTextContent('The log ends here');
    expect(within(answer).getByRole('button', { name: 'Reasoning' })).toBeInTheDocument();
    expect(screen.queryByText(/^(Writing|Running)…$/)).toBeNull();
  });

  it('never marks a finished message as stopped', () => {
    const events: SessionEvent[] = [
      { type: 'turn/start', seq: 0, data: { turn: 1 } },
      { type: 'assistant/message', seq: 1, data: { turn: 1, step: 1, message: { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] } } },
      { type: 'turn/end', seq: 2, data: { turn: 1, reason: { kind: 'cancelled' } } },
    ];
    render(<TranscriptView transcript={transcriptViewOf(events, {})} loaded error={undefined} />);
    expect(screen.getByRole('article', { name: 'Assistant' })).not.toHaveTextContent('Stopped');
  });
});
