import { describe, expect, it } from 'vitest';
import { resolvePlugins } from './config.ts';

const plan = { id: 'plan-mode', name: '@deepseek-ai/dsh-plan-mode', config: { section: 'Plan first.' } };

describe('resolvePlugins', () => {
  it('accepts the seed plugin entry and returns a detached copy', () => {
    const entries = [plan];
    const resolved = resolvePlugins(entries);
    expect(resolved).toEqual([plan]);
    expect(resolved[0]).not.toBe(plan);
    expect(resolved[0]!.config).not.toBe(plan.config);
  });

  it('accepts the session-modes entry and merges the built-in plan definition', () => {
    const [entry] = resolvePlugins([{ id: 'mode', name: '@deepseek-ai/dsh-mode', config: { modes: { review: { section: 'Review only.' } } } }]);
    expect(entry?.id).toBe('mode');
    expect(Object.keys((entry?.config as { modes: Record<string, unknown> }).modes)).toEqual(['plan', 'review']);
  });

  it('accepts an empty list (no plugins)', () => {
    expect(resolvePlugins([])).toEqual([]);
  });

  it.each([
    { entries: { id: 'plan-mode' }, error: /plugins must be a list/ },
    { entries: ['plan-mode'], error: /plugins\[0\] must be an object/ },
    { entries: [{ ...plan, id: 'todo' }], error: /plugins\[0\]\.id "todo" is not a known plugin/ },
    { entries: [{ ...plan, id: '' }], error: /plugins\[0\]\.id must be a non-empty string/ },
    { entries: [{ ...plan, name: '@deepseek-ai/dsh-mode' }], error: /plugins\[0\]\.name must be "@deepseek-ai\/dsh-plan-mode"/ },
    { entries: [plan, plan], error: /plugins\[1\]\.id "plan-mode" appears twice/ },
    { entries: [{ ...plan, enabled: true }], error: /plugins\[0\] has unknown key\(s\): enabled/ },
    { entries: [{ ...plan, config: { section: ' ' } }], error: /plugins\[0\]\.config: .*must not be blank/ },
    { entries: [{ ...plan, config: { section: 'x', extra: 1 } }], error: /plugins\[0\]\.config: .*unknown key\(s\): extra/ },
    { entries: [plan, { id: 'mode', name: '@deepseek-ai/dsh-mode' }], error: /plugins\[1\]\.id "mode": "plan-mode" is already enabled/ },
    {
      entries: [{ id: 'mode', name: '@deepseek-ai/dsh-mode', config: { modes: { default: { section: 'x' } } } }],
      error: /plugins\[0\]\.config: modes\.default/,
    },
  ])('fails loudly for $entries', ({ entries, error }) => {
    expect(() => resolvePlugins(entries)).toThrow(error);
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])('names the id %s as an unknown plugin', (id) => {
    expect(() => resolvePlugins([{ ...plan, id }])).toThrow(new RegExp(`plugins\\[0\\]\\.id "${id}" is not a known plugin`));
  });
});
