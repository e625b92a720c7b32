/**
 * Validation of a harness plugin list in the seeds' YAML shape (`- id: plan-mode, name: '@deepseek-ai/dsh-plan-mode',
 * config: {section}`; seed 000 "Configuration"; `- id: mode, name: '@deepseek-ai/dsh-mode', config: {modes}`;
 * seed 002 "Config"). Everything fails loudly at load with the offending index and field. `plan-mode` and `mode`
 * are the two variants of one feature, so a list may enable one of them, not both. Shapes are zod schemas (the list
 * here, one per plugin beside it); every error is a ConfigError whose message is `<path>: <rule>`.
 */
import { z } from 'zod';
import { ConfigError, strictConfigObject } from './plugins/config-schema.ts';
import { MODES_PLUGIN_ID, MODES_PLUGIN_NAME, resolveModesConfig } from './plugins/modes.ts';
import { PLAN_MODE_PLUGIN_ID, PLAN_MODE_PLUGIN_NAME, resolvePlanModeConfig } from './plugins/plan-mode.ts';
import type { PluginEntry } from './types.ts';

/** Known plugins: id → package name. */
const KNOWN: Readonly<Record<string, string>> = { [PLAN_MODE_PLUGIN_ID]: PLAN_MODE_PLUGIN_NAME, [MODES_PLUGIN_ID]: MODES_PLUGIN_NAME };
/** Config resolvers by id (each parses its plugin's zod schema). */
const RESOLVE: Readonly<Record<string, (config: unknown) => unknown>> = {
  [PLAN_MODE_PLUGIN_ID]: resolvePlanModeConfig,
  [MODES_PLUGIN_ID]: resolveModesConfig,
};

/** The shape of one plugin entry (seed 000 "Configuration"): exactly `{id, name, config?}`; `config` is the plugin's. */
export const pluginEntrySchema = strictConfigObject(
  {
    id: z.string({ error: (issue) => (issue.input === undefined ? 'missing' : 'expected a string') }).min(1, { error: 'must not be empty' }),
    name: z.string({ error: (issue) => (issue.input === undefined ? 'missing' : 'expected a string') }),
    config: z.unknown().optional(),
  },
  'an object {id, name, config}',
);

/** The plugin list: a YAML list of entries. */
export const pluginListSchema = z.array(pluginEntrySchema, { error: 'expected a list of {id, name, config} entries' });

/**
 * Validate a plugin list: the list and entry shapes ({@link pluginListSchema}), then the rules across entries, then
 * each entry's `config` through its plugin's own schema.
 * @param entries - the parsed `plugins` value (untrusted)
 * @returns detached, validated entries (`config` resolved; plan-mode's to `{section}`, mode's to `{modes}` with the
 *   built-in `plan` merged)
 * @throws ConfigError whose message names the field as a path under `plugins` (`plugins[1].config.modes.review.section:
 *   expected a string`) for a non-list, a non-object entry, a missing/empty/unknown id, a name that does not match
 *   the id, unknown entry keys, a duplicate id, both `plan-mode` and `mode` in one list, or an invalid config
 */
export function resolvePlugins(entries: unknown): PluginEntry[] {
  const list = pluginListSchema.safeParse(entries);
  if (!list.success) throw new ConfigError(list.error.issues, 'plugins');
  const seen = new Set<string>();
  const refuse = (index: number, key: string, message: string): never => {
    throw new ConfigError([{ path: [index, key], message }], 'plugins');
  };
  return list.data.map((entry, index) => {
    const { id, name } = entry;
    // Own keys only: an id such as `constructor` or `__proto__` is an unknown plugin, not an Object.prototype member.
    const expected = Object.hasOwn(KNOWN, id) ? KNOWN[id] : undefined;
    if (expected === undefined) return refuse(index, 'id', `"${id}" is not a known plugin (known: ${Object.keys(KNOWN).join(', ')})`);
    if (name !== expected) return refuse(index, 'name', `must be "${expected}" for id "${id}", got ${JSON.stringify(name)}`);
    if (seen.has(id)) return refuse(index, 'id', `"${id}" appears twice`);
    const other = id === MODES_PLUGIN_ID ? PLAN_MODE_PLUGIN_ID : id === PLAN_MODE_PLUGIN_ID ? MODES_PLUGIN_ID : undefined;
    if (other !== undefined && seen.has(other)) {
      return refuse(index, 'id', `"${other}" is already enabled; plan-mode and mode are two variants of one feature, enable one`);
    }
    seen.add(id);
    const resolve = (Object.hasOwn(RESOLVE, id) ? RESOLVE[id] : undefined) ?? resolvePlanModeConfig;
    let config: unknown;
    try {
      config = resolve(entry.config);
    } catch (error) {
      if (error instanceof ConfigError) throw new ConfigError(error.issues, `plugins[${index}].config`);
      throw error;
    }
    return { id, name: expected, config };
  });
}
