/** What the mounted collaboration-state plugin contributes, for each variant of the plugin list. */
import { expect, it } from 'vitest';
import type { SessionEvent } from '../../src/core/log/types.ts';
import { foldReviewHistory } from '../../src/core/review/revisions.ts';
import { SessionLog } from '../log.ts';
import { ProjectionRegistry } from '../projections.ts';
import { MemoryStorage } from '../storage/memory.ts';
import { MethodError } from './errors.ts';
import { modesOrThrow, mountPlugins, planModeOrThrow } from './plugins.ts';

const header = { type: 'session' as const, version: 0, id: 's1', createdAt: 0, cwd: '/w' };
const reviews = foldReviewHistory([]);

function mount(entries: Parameters<typeof mountPlugins>[0], events: { type: string; data: unknown }[] = []) {
  const storage = new MemoryStorage();
  storage.create({ header, lines: [] });
  const log = new SessionLog(header, storage, () => 0);
  for (const event of events) log.append(event);
  const warnings: string[] = [];
  const plugins = mountPlugins(entries, {
    logOf: (id) => (id === 's1' ? log : undefined),
    questions: undefined,
    commands: undefined,
    steer: () => {},
    logger: { warn: (message) => void warnings.push(message) },
    newId: () => 'id',
  });
  return { plugins, log, warnings };
}

const names = (tools: readonly { schema: { name: string } }[]): string[] => tools.map((tool) => tool.schema.name);
const modeSet = (mode: string): SessionEvent => ({ type: 'mode/set', seq: 0, data: { mode } });

it('mounts plan-mode by default: its section, an exit tool always listed, plan units and the pre-step boundary', () => {
  const { plugins } = mount(undefined);
  expect(plugins.variant).toBe('plan-mode');
  expect(plugins.sections.map((section) => section.name)).toEqual(['base', 'plan:policy']);
  expect(names(plugins.toolsFor('s1'))).toEqual(['exit_plan_mode', 'ask_user_question', 'list_files', 'read_file', 'write_file', 'todo_write']);
  expect(plugins.unitsFor(undefined, []).state.key).toBe('plan');
  expect(plugins.seams.preStep('s1', new AbortController().signal)).toEqual([]);
  expect(() => modesOrThrow(plugins.modesPlugin)).toThrow(MethodError);
});

it('mounts session modes from the list: the exit tool only in plan, mode units, and plan units for a plan-mode log', () => {
  const entries = [{ id: 'mode', name: '@deepseek-ai/dsh-mode' }];
  expect(names(mount(entries).plugins.toolsFor('s1'))).not.toContain('exit_plan_mode');
  const { plugins } = mount(entries, [{ type: 'mode/set', data: { mode: 'plan' } }]);
  expect(plugins.variant).toBe('mode');
  expect(names(plugins.toolsFor('s1'))).toContain('exit_plan_mode');
  expect(plugins.unitsFor(undefined, []).state.key).toBe('mode');
  expect(plugins.unitsFor('plan-mode', []).state.key).toBe('plan');
  expect(plugins.seams.preStep('s1', new AbortController().signal)).toBeUndefined();
  expect(() => planModeOrThrow(plugins.planModePlugin)).toThrow('the plan-mode plugin is not enabled on this host');
});

it('reads the modes of a session-modes log under a plan-mode harness from the log', () => {
  const events = [modeSet('review'), modeSet('plan')].map((event, seq) => ({ ...event, seq }));
  const units = mount(undefined).plugins.unitsFor('mode', events);
  expect(new ProjectionRegistry(events.slice(0, 1), units).snapshot().values).toMatchObject({ mode: { current: 'review' } });
});

it('keeps a switch the log shows pending after a restart pending in memory', () => {
  const plan = mount(undefined);
  plan.plugins.restorePending('s1', { plan: { active: false, pending: true }, title: null, reviews, todos: null });
  expect(plan.plugins.planModePlugin?.controller.pendingOf('s1')).toEqual({ active: true, narrate: true });

  const modes = mount([{ id: 'mode', name: '@deepseek-ai/dsh-mode' }]);
  modes.plugins.restorePending('s1', { mode: { current: 'default', pending: 'plan' }, title: null, reviews, todos: null });
  expect(modes.plugins.modesPlugin?.service.get('s1')).toEqual({ current: 'default', pending: 'plan' });
  modes.plugins.restorePending('s1', { mode: { current: 'default', pending: 'gone' }, title: null, reviews, todos: null });
  expect(modes.warnings).toEqual(['mode: could not restore the pending mode of s1']);
});

it('seeds an initial mode, and names the field when it cannot', () => {
  const modes = mount([{ id: 'mode', name: '@deepseek-ai/dsh-mode' }]);
  modes.plugins.seedMode('s1', 'plan');
  expect(modes.plugins.modesPlugin?.service.get('s1')).toEqual({ current: 'default', pending: 'plan' });
  expect(() => modes.plugins.seedMode('s1', 'nope')).toThrow(
    expect.objectContaining({ code: 'bad-request', details: { issues: [expect.objectContaining({ path: ['mode'] })] } }),
  );
  expect(() => mount(undefined).plugins.seedMode('s1', 'plan')).toThrow('the session-modes variant is not enabled on this host');
});
