import { describe, expect, it } from 'vitest';
import type { MuxFrame } from '../../../core/protocol/frames.ts';
import { applyMuxFrame, applyMuxOpen, initialStreamState } from '../../../session/reducers.ts';
import { plainTitleOf, streamWaitingOf } from './waiting.ts';

describe('plainTitleOf', () => {
  it.each([
    ['Add `--greeting` flag to CLI', 'Add --greeting flag to CLI'],
    ['Use ``a `tick` inside`` code', 'Use a `tick` inside code'],
    ['**Bold** and __strong__ and *em* and _em_', 'Bold and strong and em and em'],
    ['Keep snake_case_names and 2 * 3 * 4', 'Keep snake_case_names and 2 * 3 * 4'],
    ['See [the docs](https://example.com) and ![a chart](c.png)', 'See the docs and a chart'],
    ['Escaped \\*stars\\* stay', 'Escaped *stars* stay'],
    ['Plain title', 'Plain title'],
    ['添加 `--问候` 参数', '添加 --问候 参数'],
  ])('%j → %j', (heading, plain) => {
    expect(plainTitleOf(heading)).toBe(plain);
  });
});

describe('streamWaitingOf', () => {
  const frames: [MuxFrame, string][] = [
    [
      {
        type: 'question/requested',
        sessionId: 's1',
        questions: [
          {
            id: 'plan-review',
            question: 'Approve?',
            detail: '# Add `--x` flag\n\n1. Do it.',
            options: [{ label: 'Approve' }, { label: 'Keep planning' }],
            intent: { kind: 'plan-review', approve: 'Approve' },
          },
        ],
      },
      'r1',
    ],
    [
      {
        type: 'question/requested',
        sessionId: 's2',
        questions: [
          { id: 'q', question: 'Which file?' },
          { id: 'q2', question: 'And then?' },
        ],
      },
      'q1',
    ],
    [{ type: 'approval/requested', sessionId: 's2', approvalId: 'ap', toolName: 'shell', reason: 'writes outside the workspace' }, 'a1'],
  ];
  const state = frames.reduce((s, [frame, rpcId]) => applyMuxFrame(s, frame, rpcId), applyMuxOpen(initialStreamState()));

  it('reads reviews, other questions and tool-permission prompts of every session', () => {
    expect(streamWaitingOf(state)).toEqual([
      { rpcId: 'r1', sessionId: 's1', kind: 'review', plan: '# Add `--x` flag\n\n1. Do it.', planTitle: 'Add --x flag' },
      { rpcId: 'q1', sessionId: 's2', kind: 'question', question: 'Which file?' },
      { rpcId: 'a1', sessionId: 's2', kind: 'approval', toolName: 'shell', reason: 'writes outside the workspace' },
    ]);
  });

  it('is empty when nothing waits', () => {
    expect(streamWaitingOf(initialStreamState())).toEqual([]);
    const answered = applyMuxFrame(state, { type: 'question/resolved', sessionId: 's1', questionRpcId: 'r1', outcome: 'answered' }, 'x');
    expect(streamWaitingOf(answered).map((item) => item.rpcId)).toEqual(['q1', 'a1']);
  });
});
