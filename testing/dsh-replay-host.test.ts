/**
 * Tests of the pure parts of the real-host launcher: the log completion the published replay plugin needs
 * (over the recorded plan-review fixture) and the `--patch` overlay; plus where the install cache lives.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { completeDshLog, DISABLED_PLUGINS, dshCacheDir, replayOverlay } from './dsh-replay-host.ts';

const FIXTURE = fs.readFileSync(new URL('../fixtures/dsh-recordings/plan-review/session.jsonl', import.meta.url), 'utf8');
type Row = Record<string, unknown> & { type: string; data: { texts?: unknown[]; args?: unknown[] } };

it('gives every recorded row a consecutive seq (chunk rows one per chunk) and the header time', () => {
  const rows = completeDshLog(FIXTURE)
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Row);
  const header = rows[0] as Row;
  expect(header).toEqual(JSON.parse(FIXTURE.split('\n')[0] as string));
  let next = 0;
  for (const row of rows.slice(1)) {
    if (row.type.endsWith('-chunks')) {
      expect({ type: row.type, seq0: row.seq0, time0: row.time0 }).toEqual({ type: row.type, seq0: next, time0: header.createdAt });
      next += (row.data.texts ?? row.data.args ?? []).length;
    } else {
      expect({ type: row.type, seq: row.seq, time: row.time }).toEqual({ type: row.type, seq: next, time: header.createdAt });
      next += 1;
    }
  }
  // The payloads are untouched.
  const original = FIXTURE.trimEnd()
    .split('\n')
    .slice(1)
    .map((line) => JSON.parse(line) as Row);
  expect(rows.slice(1).map((r) => r.data)).toEqual(original.map((r) => r.data));
  expect(rows).toHaveLength(original.length + 1);
});

it.each<[string, string, string]>([
  [
    'keeps envelopes already present and continues from them',
    '{"type":"session","version":0,"id":"s","createdAt":5}\n{"type":"a","seq":10,"time":7,"data":{}}\n{"type":"b","data":{}}\n',
    '{"type":"session","version":0,"id":"s","createdAt":5}\n{"type":"a","seq":10,"time":7,"data":{}}\n{"type":"b","seq":11,"time":5,"data":{}}\n',
  ],
  [
    'counts tool-call argument chunks and skips blank lines',
    '{"type":"session","version":0,"id":"s"}\n\n{"type":"tool-call-chunks","data":{"args":["{","}"]}}\n{"type":"x","data":{}}\n',
    '{"type":"session","version":0,"id":"s"}\n{"type":"tool-call-chunks","seq0":0,"time0":0,"data":{"args":["{","}"]}}\n{"type":"x","seq":2,"time":0,"data":{}}\n',
  ],
])('%s', (_what, input, output) => {
  expect(completeDshLog(input)).toBe(output);
});

it.each([
  ['no header', '{"type":"a","data":{}}\n'],
  ['empty', ''],
  ['not JSON', '{"type":"session"}\nnope\n'],
])('refuses a log with %s', (_what, input) => {
  expect(() => completeDshLog(input)).toThrow();
});

it('writes an overlay that disables the key-bound plugins and inserts the replay plugin with its files', () => {
  const text = replayOverlay({
    plugin: "/c/it's/index.js",
    file: '/run/session.jsonl',
    childFiles: ['/run/session.1.jsonl'],
    overrideFile: '/f/o.json',
    paceMs: 15,
  });
  const entries = parseYaml(text) as Record<string, unknown>[];
  expect(entries.slice(0, DISABLED_PLUGINS.length)).toEqual(DISABLED_PLUGINS.map((id) => ({ id, disabled: true })));
  expect(entries.at(-1)).toEqual({
    insert: [
      {
        id: 'llm-replay',
        name: "/c/it's/index.js",
        config: {
          file: '/run/session.jsonl',
          overrideFile: '/f/o.json',
          childFiles: ['/run/session.1.jsonl'],
          paceMs: 15,
          providers: [{ id: 'deepseek-official', name: 'DeepSeek', models: [{ id: 'deepseek-v4-flash', name: 'DeepSeek-V4-Flash', contextWindow: 128000 }] }],
        },
      },
    ],
  });
  const bare = parseYaml(replayOverlay({ plugin: '/p.js', file: '/s.jsonl', paceMs: 0 })) as { insert?: { config: Record<string, unknown> }[] }[];
  expect(Object.keys(bare.at(-1)?.insert?.[0]?.config ?? {})).toEqual(['file', 'paceMs', 'providers']);
});

it.each<[string, NodeJS.ProcessEnv, string]>([
  ['UI_PLAN_DSH_CACHE first', { UI_PLAN_DSH_CACHE: '/c/dsh', XDG_CACHE_HOME: '/x' }, '/c/dsh'],
  ['then XDG_CACHE_HOME', { XDG_CACHE_HOME: '/x' }, '/x/ui-plan/dsh-host'],
  ['else ~/.cache', {}, path.join(os.homedir(), '.cache', 'ui-plan', 'dsh-host')],
])('puts the install cache under %s', (_what, env, dir) => {
  expect(dshCacheDir(env)).toBe(dir);
});
