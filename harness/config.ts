/**
 * Validation of a harness plugin list in the seeds' YAML shape (`- id: plan-mode, name: '@deepseek-ai/dsh-plan-mode',
 * config: {section}`; seed 000 "Configuration"; `- id: mode, name: '@deepseek-ai/dsh-mode', config: {modes}`;
 * seed 002 "Config"). Everything fails loudly at load with the offending index and field. `plan-mode` and `mode`
 * are the two variants of one feature, so a list may enable one of them, not both.
 */
import { MODES_PLUGIN_ID, MODES_PLUGIN_NAME, resolveModesConfig } from './plugins/modes.ts';
import { PLAN_MODE_PLUGIN_ID, PLAN_MODE_PLUGIN_NAME, resolvePlanModeConfig } from './plugins/plan-mode.ts';
import type { PluginEntry } from './types.ts';

/** Known plugins: id → package name. */
const KNOWN: Readonly<Record<string, string>> = { [PLAN_MODE_PLUGIN_ID]: PLAN_MODE_PLUGIN_NAME, [MODES_PLUGIN_ID]: MODES_PLUGIN_NAME };
/** Config resolvers by id. */
const RESOLVE: Readonly<Record<string, (config: unknown) => unknown>> = {
  [PLAN_MODE_PLUGIN_ID]: resolvePlanModeConfig,
  [MODES_PLUGIN_ID]: resolveModesConfig,
};

/**
 * Validate a plugin list.
 * @param entries - the parsed `plugins` value (untrusted)
 * @returns detached, validated entries (`config` resolved; plan-mode's to `{section}`, mode's to `{modes}` with the
 *   built-in `plan` merged)
 * @throws Error naming `plugins[i].field` for a non-array list, a non-object entry, a missing/unknown id,
 *   a name that does not match the id, unknown entry keys, a duplicate id, an invalid config, or both `plan-mode`
 *   and `mode` in one list
 */
export function resolvePlugins(entries: unknown): PluginEntry[] {
  if (!Array.isArray(entries)) throw new Error('plugins must be a list of {id, name, config} entries');
  const seen = new Set<string>();
  return entries.map((entry: unknown, index) => {
    const at = `plugins[${index}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw new Error(`${at} must be an object`);
    const record = entry as Record<string, unknown>;
    const extra = Object.keys(record).filter((key) => key !== 'id' && key !== 'name' && key !== 'config');
    if (extra.length > 0) throw new Error(`${at} has unknown key(s): ${extra.join(', ')}`);
    const { id, name } = record;
    if (typeof id !== 'string' || id === '') throw new Error(`${at}.id must be a non-empty string`);
    // Own keys only: an id such as `constructor` or `__proto__` is an unknown plugin, not an Object.prototype member.
    const expected = Object.hasOwn(KNOWN, id) ? KNOWN[id] : undefined;
    if (expected === undefined) throw new Error(`${at}.id "${id}" is not a known plugin (known: ${Object.keys(KNOWN).join(', ')})`);
    if (name !== expected) throw new Error(`${at}.name must be "${expected}" for id "${id}", got ${JSON.stringify(name)}`);
    if (seen.has(id)) throw new Error(`${at}.id "${id}" appears twice`);
    const other = id === MODES_PLUGIN_ID ? PLAN_MODE_PLUGIN_ID : id === PLAN_MODE_PLUGIN_ID ? MODES_PLUGIN_ID : undefined;
    if (other !== undefined && seen.has(other)) {
      throw new Error(`${at}.id "${id}": "${other}" is already enabled; plan-mode and mode are two variants of one feature, enable one`);
    }
    seen.add(id);
    let config: unknown;
    try {
      config = ((Object.hasOwn(RESOLVE, id) ? RESOLVE[id] : undefined) ?? resolvePlanModeConfig)(record.config);
    } catch (error) {
      throw new Error(`${at}.config: ${error instanceof Error ? error.message : String(error)}`);
    }
    return { id, name: expected, config };
  });
}
