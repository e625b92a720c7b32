import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readRecordingFixture } from '../../../fixtures/paths.ts';
import { renderInSession } from '../../../testing/session-render.tsx';
import { parseSessionLog } from '../../core/log/reader.ts';
import type { SessionEvent } from '../../core/log/types.ts';
import { foldModelView } from '../../core/model-view/fold.ts';
import { BYTES_PER_TOKEN, MEASURE_SLICE } from '../../core/model-view/tokens.ts';
import { useLanguageStore, type LanguagePack } from '../../lib/language.ts';
import { modelViewZhCN } from './locales.zh-CN.ts';
import SessionModelView from './session-model-view.tsx';

const SESSION = 'session-aaaaaaaa-2222-3333-4444-555555555555';
const BASE = 'You are a coding agent. Be brief.';
const POLICY = 'Plan mode is on: research first, then call exit_plan_mode with your plan.';
const TOOLS = JSON.stringify([
  { name: 'exit_plan_mode', description: 'Present your plan for review', parameters: { type: 'object', properties: { plan: { type: 'string' } } } },
  { name: 'read_file', description: 'Read a file', parameters: { type: 'object' } },
]);

function log(rows: [string, unknown][]): SessionEvent[] {
  return rows.map(([type, data], seq) => ({ type, data, seq, time: Date.UTC(2026, 11, 1, 12, 0, seq) }));
}
const header = (system: string, reason: string): [string, unknown] => [
  'request/header',
  { header: { config: { provider: 'p', model: 'm' }, system, tools: TOOLS }, reason },
];
const reply = (turn: number, step: number, usage: Record<string, number>): [string, unknown] => [
  'assistant/message',
  { turn, step, message: { role: 'assistant', content: [{ type: 'text', text: 'ok' }] }, usage },
];

/** A plain dsh session: plan mode off, on for one turn (with its notice), then off again. */
const SWITCHING = log([
  ['turn/start', { turn: 1 }],
  ['step/start', { turn: 1, step: 1 }],
  header(BASE, 'initial'),
  reply(1, 1, { inputTokens: 900, cacheReadTokens: 0, outputTokens: 5 }),
  ['turn/end', { turn: 1, reason: { kind: 'completed' } }],
  ['plan/mode', { active: true }],
  ['turn/start', { turn: 2 }],
  ['step/start', { turn: 2, step: 1 }],
  ['user/message', { content: [{ type: 'text', text: 'Plan mode is now on.' }], source: { kind: 'plugin', plugin: 'plan-mode', form: 'notice' } }],
  header(`${BASE}\n\n${POLICY}`, 'change'),
  reply(2, 1, { inputTokens: 320, cacheReadTokens: 640, outputTokens: 7, reasoningTokens: 3 }),
  ['step/start', { turn: 2, step: 2 }],
  reply(2, 2, { inputTokens: 40, cacheReadTokens: 1024, outputTokens: 2 }),
  ['turn/end', { turn: 2, reason: { kind: 'completed' } }],
  ['plan/mode', { active: false }],
  ['turn/start', { turn: 3 }],
  ['step/start', { turn: 3, step: 1 }],
  header(BASE, 'change'),
  reply(3, 1, { inputTokens: 60, cacheReadTokens: 0, outputTokens: 2 }),
  ['turn/end', { turn: 3, reason: { kind: 'completed' } }],
]);

const region = () => screen.getByRole('region', { name: 'What the model sees' });
const steps = () => within(screen.getByRole('navigation', { name: 'Steps' })).getAllByRole('button');
const renderView = (seed: Parameters<typeof renderInSession>[2]) => renderInSession(<SessionModelView sessionId={SESSION} />, SESSION, seed);

describe('What the model sees', () => {
  it('lists every step with turn, step and the header-changed mark, the latest chosen', () => {
    renderView({ events: SWITCHING });
    expect(steps().map((b) => b.textContent?.replace(/ · \d.*?(?= ·|$)/, ''))).toEqual([
      'Turn 1, step 1 · Header changed (initial)',
      'Turn 2, step 1 · Header changed (change)',
      'Turn 2, step 2',
      'Turn 3, step 1 · Header changed (change)',
    ]);
    expect(steps()[3]).toHaveAttribute('aria-current', 'true');
    expect(within(region()).getByRole('heading', { level: 2 })).toHaveTextContent('Turn 3, step 1');
    // A plain dsh host: the page folds what it has loaded, and says where the figures come from.
    expect(within(region()).queryByText(/model-view projection/)).toBeNull();
  });

  it('shows plan:policy in the plan-on step, the notice, the cache boundary at its start with the measured cache reads, and the usage', async () => {
    renderView({ events: SWITCHING });
    await userEvent.setup().click(steps()[1]!);
    const detail = within(region()).getByRole('article');
    const summaries = within(detail)
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('model-view__section'))
      .map((li) => li.querySelector('summary')!.textContent);
    const about = (text: string) => Math.round(new TextEncoder().encode(text).length / BYTES_PER_TOKEN);
    expect(summaries).toEqual([
      `Before plan:policy · order below 50 · about ${about(`${BASE}\n\n`)} tokens`,
      `plan:policy · order 50 · about ${about(POLICY)} tokens · Added by plan mode`,
    ]);
    expect(within(detail).getByText('Plan mode is now on.')).toBeInTheDocument();
    const changed = within(detail).getByRole('region', { name: 'Changed since the previous header' });
    expect(changed).toHaveTextContent('Header changed (change)');
    const total = new TextEncoder().encode(`${BASE}\n\n${POLICY}${TOOLS}`).length;
    // The first request's prompt was BASE alone: everything up to its end is shared.
    const reused = new TextEncoder().encode(BASE).length;
    expect(changed).toHaveTextContent(
      `About the first ${Math.round(reused / BYTES_PER_TOKEN)} tokens (${Math.round((100 * reused) / total)} %) can be reused; everything from plan:policy onward is new.`,
    );
    expect(changed).toHaveTextContent('Measured cache read: 640 tokens at this step, 1024 tokens at the next.');
    await waitFor(() => expect(within(changed).getByRole('region', { name: 'Changes to the system prompt' })).toHaveTextContent(`+ ${POLICY}`));
    const usage = within(detail).getByRole('heading', { name: 'Usage' }).parentElement!;
    expect(usage).toHaveTextContent('Input320Cache read640Output7Reasoning3');
  });

  it('says plan:policy is gone on the step after leaving, and nothing changed on an unchanged step', async () => {
    const user = userEvent.setup();
    renderView({ events: SWITCHING });
    const detail = () => within(region()).getByRole('article');
    expect(detail()).not.toHaveTextContent('Added by plan mode');
    expect(within(detail()).getByRole('region', { name: 'Changed since the previous header' })).toHaveTextContent(/everything from plan:policy onward is new/);
    const changed = within(detail()).getByRole('region', { name: 'Changed since the previous header' });
    await waitFor(() => expect(within(changed).getByRole('region', { name: 'Changes to the system prompt' })).toHaveTextContent(`− ${POLICY}`));
    await user.click(steps()[2]!);
    expect(detail()).toHaveTextContent('Same request header as turn 2, step 1.');
    expect(within(detail()).queryByRole('region', { name: 'Changed since the previous header' })).toBeNull();
  });

  it('keeps the tool catalog collapsed, exit_plan_mode marked always present', async () => {
    renderView({ events: SWITCHING });
    const tools = within(region())
      .getByText(/^2 tools · about \d+ tokens$/)
      .closest('details')!;
    expect(tools).not.toHaveAttribute('open');
    await userEvent.setup().click(within(tools).getByText(/^2 tools/));
    expect(tools).toHaveAttribute('open');
    const exit = within(tools).getByText('exit_plan_mode').closest('li')!;
    expect(exit).toHaveTextContent('always present');
    expect(within(tools).getByText('read_file').closest('li')).not.toHaveTextContent('always present');
  });

  it('says the recording left the prompt out on a templated header (the plan-review recording)', () => {
    renderView({ events: parseSessionLog(readRecordingFixture('plan-review')).events });
    expect(steps()).toHaveLength(2);
    expect(within(region()).getByRole('note')).toHaveTextContent('The recording left the prompt out');
    expect(region()).not.toHaveTextContent('{{system}}'.replace(/[{}]/g, '') + ' ·');
    expect(within(region()).getByRole('heading', { name: 'Usage' }).parentElement).toHaveTextContent('Input441Cache read4608Output43Reasoning40');
  });

  it('reads the host projection when it sends one, and says it covers the whole log; a malformed one falls back to the fold', () => {
    const view = foldModelView(SWITCHING, [
      { name: 'base', order: 0, texts: [BASE] },
      { name: 'plan:policy', order: 50, texts: [POLICY], policy: true },
    ]);
    const { unmount } = renderView({ modelView: view, events: [] });
    expect(region()).toHaveTextContent("From the host's model-view projection over the whole log.");
    expect(steps()).toHaveLength(4);
    unmount();
    renderView({ modelView: { steps: 'nope' }, events: SWITCHING.slice(0, 5), hasOlder: true });
    expect(steps()).toHaveLength(1);
    expect(within(region()).getByRole('note')).toHaveTextContent('Only the loaded part of the log');
    expect(within(region()).getByRole('button', { name: 'Load all' })).toBeInTheDocument();
  });

  it('cuts by the harness section list when the projection carries one', async () => {
    const view = foldModelView(SWITCHING, [
      { name: 'base', order: 0, texts: [BASE] },
      { name: 'plan:policy', order: 50, texts: [POLICY], policy: true },
    ]);
    renderView({ modelView: view, events: [] });
    await userEvent.setup().click(steps()[1]!);
    expect(region()).toHaveTextContent("Cut by the harness's own section list.");
    expect(region()).toHaveTextContent(/base · order 0 · about \d+ tokens/);
  });

  it('measures a long prompt in slices, saying so until the figures are there', async () => {
    const long = `${BASE}\n\n${'x'.repeat(MEASURE_SLICE * 2)}`;
    renderView({ events: log([['step/start', { turn: 1, step: 1 }], header(long, 'initial')]) });
    expect(within(region()).getByText('Measuring…')).toBeInTheDocument();
    const tokens = Math.round((MEASURE_SLICE * 2 + BASE.length + 2) / BYTES_PER_TOKEN);
    await waitFor(() => expect(region()).toHaveTextContent(`Prompt · order unknown · about ${tokens} tokens`));
  });

  it('folds live events on from what it folded', async () => {
    const { store } = renderView({ events: SWITCHING.slice(0, 5) });
    expect(steps()).toHaveLength(1);
    await act(async () => {
      for (const event of SWITCHING.slice(5))
        store.applyMux({ type: 'session/event', sessionId: SESSION, event: { type: event.type, seq: event.seq, data: event.data, time: event.time! } }, '');
    });
    expect(steps()).toHaveLength(4);
    await userEvent.setup().click(steps()[1]!);
    expect(region()).toHaveTextContent('Added by plan mode');
  });

  it('goes on from the host projection with the live events after its seq (live frames never carry the view)', async () => {
    // The tail page ends inside the plan-on step: its notice is in, its changed header is still to come.
    const cut = 9;
    const catalog = [
      { name: 'base', order: 0, texts: [BASE] },
      { name: 'plan:policy', order: 50, texts: [POLICY], policy: true },
    ];
    const { store } = renderView({ events: SWITCHING.slice(0, cut) });
    await act(async () => {
      const value = JSON.parse(JSON.stringify(foldModelView(SWITCHING.slice(0, cut), catalog))) as unknown;
      store.applyMux({ type: 'session/projection', sessionId: SESSION, key: 'modelView', value, seq: cut - 1 }, '');
    });
    expect(steps()).toHaveLength(2);
    await act(async () => {
      for (const event of SWITCHING.slice(cut))
        store.applyMux({ type: 'session/event', sessionId: SESSION, event: { type: event.type, seq: event.seq, data: event.data, time: event.time! } }, '');
    });
    expect(steps()).toHaveLength(4);
    expect(steps()[1]).toHaveTextContent('Header changed (change)');
    expect(region()).toHaveTextContent("From the host's model-view projection over the whole log.");
    await userEvent.setup().click(steps()[1]!);
    expect(region()).toHaveTextContent("Cut by the harness's own section list.");
    expect(region()).toHaveTextContent('Plan mode is now on.');
    expect(region()).toHaveTextContent('Added by plan mode');
  });

  it('speaks 简体中文 when that language is in force', async () => {
    // Only this view's dictionary: every other text falls back to English.
    useLanguageStore.setState({ chosen: 'zh-CN', packs: { 'zh-CN': { modelView: modelViewZhCN } as LanguagePack } });
    try {
      renderView({ events: SWITCHING });
      expect(screen.getByRole('region', { name: '模型看到的内容' })).toBeInTheDocument();
      await userEvent.setup().click(within(screen.getByRole('navigation', { name: '步骤' })).getAllByRole('button')[1]!);
      const changed = screen.getByRole('region', { name: '与上一个请求头相比的变化' });
      expect(changed).toHaveTextContent(/可以复用；从 plan:policy 起全部是新的。/);
      expect(screen.getByRole('article')).toHaveTextContent(/plan:policy · 顺序 50 · 约 \d+ 个 token · 由计划模式添加/);
    } finally {
      useLanguageStore.setState({ chosen: 'en' });
    }
  });

  it('says when no request was sent yet', () => {
    renderView({ events: [] });
    expect(region()).toHaveTextContent('No request has been sent to the model yet.');
  });
});
