import { describe, expect, it } from 'vitest';
import { resolvePlugins } from './config.ts';
import { ConfigError } from './plugins/config-schema.ts';

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
    { entries: { id: 'plan-mode' }, error: 'plugins: expected a list of {id, name, config} entries' },
    { entries: ['plan-mode'], error: 'plugins[0]: expected an object {id, name, config}' },
    { entries: [{ ...plan, id: 'todo' }], error: 'plugins[0].id: "todo" is not a known plugin (known: plan-mode, mode)' },
    { entries: [{ ...plan, id: '' }], error: 'plugins[0].id: must not be empty' },
    { entries: [{ ...plan, id: 7 }], error: 'plugins[0].id: expected a string' },
    { entries: [plan, { name: '@deepseek-ai/dsh-mode' }], error: 'plugins[1].id: missing' },
    {
      entries: [{ ...plan, name: '@deepseek-ai/dsh-mode' }],
      error: 'plugins[0].name: must be "@deepseek-ai/dsh-plan-mode" for id "plan-mode", got "@deepseek-ai/dsh-mode"',
    },
    { entries: [plan, plan], error: 'plugins[1].id: "plan-mode" appears twice' },
    { entries: [{ ...plan, enabled: true }], error: 'plugins[0]: unknown key(s): enabled' },
    { entries: [{ ...plan, config: { section: ' ' } }], error: 'plugins[0].config.section: must not be blank' },
    { entries: [{ ...plan, config: { section: 'x', extra: 1 } }], error: 'plugins[0].config: unknown key(s): extra' },
    {
      entries: [plan, { id: 'mode', name: '@deepseek-ai/dsh-mode' }],
      error: 'plugins[1].id: "plan-mode" is already enabled; plan-mode and mode are two variants of one feature, enable one',
    },
    {
      entries: [{ id: 'mode', name: '@deepseek-ai/dsh-mode', config: { modes: { default: { section: 'x' } } } }],
      error: 'plugins[0].config.modes.default: "default" is the absence of a mode and cannot be defined',
    },
  ])('fails loudly for $entries, naming the field: $error', ({ entries, error }) => {
    expect(() => resolvePlugins(entries)).toThrow(error);
    expect(() => resolvePlugins(entries)).toThrow(ConfigError);
  });

  it.each([
    { name: 'a section that is not a string', config: { section: 42 }, error: 'plugins[0].config.section: expected a string' },
    { name: 'a missing section', config: {}, error: 'plugins[0].config.section: missing' },
    { name: 'no config at all', config: undefined, error: 'plugins[0].config: expected an object {section}' },
    { name: 'a list as config', config: ['Plan first.'], error: 'plugins[0].config: expected an object {section}' },
  ])('names the plan-mode config field of $name', ({ config, error }) => {
    expect(() => resolvePlugins([{ ...plan, config }])).toThrow(error);
  });

  it.each([
    { name: 'a list of modes', config: { modes: [] }, error: 'plugins[0].config.modes: expected an object of {<name>: {section}}' },
    { name: 'a string as config', config: 'plan', error: 'plugins[0].config: expected an object {modes: {<name>: {section}}}' },
    {
      name: 'a third mode whose section is a number',
      config: { modes: { a: { section: 'A' }, b: { section: 'B' }, c: { section: 3 } } },
      error: 'plugins[0].config.modes.c.section: expected a string',
    },
    {
      name: 'a mode with a tools list',
      config: { modes: { review: { section: 'R', tools: ['read_file'] } } },
      error: 'plugins[0].config.modes.review: unknown key(s): tools',
    },
    {
      name: 'a mode named with a capital',
      config: { modes: { Review: { section: 'R' } } },
      error: 'plugins[0].config.modes.Review: a mode name must match ^[a-z][a-z0-9_-]*$',
    },
    { name: 'a mode without a section', config: { modes: { review: {} } }, error: 'plugins[0].config.modes.review.section: missing' },
  ])('names the session-modes config field of $name', ({ config, error }) => {
    expect(() => resolvePlugins([{ id: 'mode', name: '@deepseek-ai/dsh-mode', config }])).toThrow(error);
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])('names the id %s as an unknown plugin', (id) => {
    expect(() => resolvePlugins([{ ...plan, id }])).toThrow(`plugins[0].id: "${id}" is not a known plugin`);
  });
});
