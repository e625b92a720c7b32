/**
 * The repo's own test fixtures (fixtures/paths.ts): paths stay inside fixtures/, every data file is named in
 * its folder's README, no test or script reads ../shared any more, and — when a ../shared checkout sits beside
 * the clone (CI) — every copy holds the same bytes as its source, and every projection-random case is copied.
 * Lives here because the Vitest node project includes harness/**, not fixtures/**.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { FIXTURES_DIR, fixturePath, readFixture, readRecordingFixture, RECORDING_NAMES } from '../fixtures/paths.ts';

const REPO = path.dirname(FIXTURES_DIR);
const SHARED = path.join(REPO, '..', 'shared');
const hasShared = existsSync(path.join(SHARED, 'cases'));

/** Every file below `dir`, as `/`-separated paths relative to it, sorted. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** The data files (not READMEs nor TS helpers), relative to fixtures/. */
const allDataFiles = filesUnder(FIXTURES_DIR).filter((file) => !/\.(md|ts|mts|mjs)$/.test(file));
/**
 * The folders copied from ../shared (real input nobody here wrote): the dsh recordings, the captured frames and the
 * projection-random cases. Every other folder is of this repo's own making (hostile-input reproductions, generated
 * benchmark fixtures, a recorded test report, hand-written logs, the to-do shapes read from the installed host), each
 * with a README saying so — so a new folder of our own never needs a ../shared twin (the check below runs only
 * where ../shared exists, as in CI, which is where a list of our own folders went stale unnoticed).
 */
const COPIED_FOLDERS = ['dsh-recordings/', 'dsh-frames/', 'projection-random/'];
const isCopied = (file: string) => COPIED_FOLDERS.some((folder) => file.startsWith(folder));
/** The data files copied from ../shared. */
const dataFiles = allDataFiles.filter(isCopied);

/** Where a fixture was copied from, relative to ../shared (the folder layout of ../shared differs per kind). */
function sourceOf(file: string): string {
  if (file.startsWith('dsh-frames/')) return `spec/${file}`;
  return `cases/${file}`;
}

it('resolves a fixture path inside fixtures/ of this clone', () => {
  expect(fixturePath('dsh-recordings', 'plan-review', 'session.jsonl')).toBe(path.join(REPO, 'fixtures', 'dsh-recordings', 'plan-review', 'session.jsonl'));
  expect(fixturePath()).toBe(FIXTURES_DIR);
});

it.each([
  [['..']],
  [['..', 'shared', 'cases', 'projection-random']],
  [['dsh-recordings', '..', '..', 'package.json']],
  [['/etc/hostname']],
  [['../fixtures-other/x.jsonl']],
])('refuses the path %j that leaves fixtures/', (parts) => {
  expect(() => fixturePath(...parts)).toThrow(/outside fixtures/);
});

it.each(RECORDING_NAMES.map((name) => [name]))('reads the %s recording header first, with its trailing newline', (name) => {
  const text = readRecordingFixture(name);
  expect(JSON.parse(text.slice(0, text.indexOf('\n')))).toMatchObject({ type: 'session', version: 0 });
  expect(text.endsWith('\n')).toBe(true);
});

it('throws ENOENT for a missing fixture', () => {
  expect(() => readFixture('dsh-frames', 'no-such.jsonl')).toThrow(/ENOENT/);
});

it('holds the three recordings, the captured frames the tests read and the projection-random cases in pairs', () => {
  for (const name of RECORDING_NAMES) expect(dataFiles).toContain(`dsh-recordings/${name}/session.jsonl`);
  expect(dataFiles).toEqual(expect.arrayContaining(['dsh-frames/http-exchanges.jsonl', 'dsh-frames/ws-events.mux.jsonl']));
  const cases = dataFiles.filter((file) => file.startsWith('projection-random/'));
  const logs = cases.filter((file) => file.endsWith('.jsonl'));
  expect(logs.length).toBeGreaterThanOrEqual(40);
  expect(cases.sort()).toEqual(logs.flatMap((log) => [log.replace(/\.jsonl$/, '.expected.json'), log]).sort());
});

it.each(['dsh-recordings', 'dsh-frames', 'projection-random'])('has a README in %s naming its source and every recording or capture', (folder) => {
  const readme = readFixture(folder, 'README.md');
  expect(readme).toMatch(/\.\.\/shared\//);
  if (folder === 'projection-random') return;
  for (const file of dataFiles.filter((f) => f.startsWith(`${folder}/`))) expect(readme).toContain(file.slice(folder.length + 1));
});

it('leaves no test, spec or script reading ../shared', () => {
  const roots = ['src', 'harness', 'server', 'mocks', 'bench', 'e2e', 'scripts', 'bin'].map((dir) => path.join(REPO, dir));
  const offenders: string[] = [];
  for (const root of roots.filter((dir) => existsSync(dir))) {
    for (const file of filesUnder(root).filter((f) => /\.(ts|tsx|mjs|js)$/.test(f) && !f.includes('node_modules'))) {
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const code = line.trim();
          if (code.startsWith('*') || code.startsWith('/*') || code.startsWith('//')) return;
          if (/\.\.\/(?:\.\.\/)*shared\/(?:cases|spec)/.test(code)) offenders.push(`${path.relative(REPO, path.join(root, file))}:${i + 1}`);
        });
    }
  }
  expect(offenders).toEqual([]);
});

it('keeps a README in every folder of its own making', () => {
  const own = [...new Set(allDataFiles.filter((file) => !isCopied(file) && file.includes('/')).map((file) => file.slice(0, file.indexOf('/'))))];
  const missing = own.filter((folder) => folder !== 'perf' && !existsSync(path.join(FIXTURES_DIR, folder, 'README.md')));
  expect(own.length).toBeGreaterThan(3);
  expect(missing).toEqual([]);
});

it.skipIf(!hasShared)('holds the same bytes as ../shared for every copied file', () => {
  const differing = dataFiles.filter((file) => !readFileSync(fixturePath(file)).equals(readFileSync(path.join(SHARED, sourceOf(file)))));
  expect(differing).toEqual([]);
});

it.skipIf(!hasShared)('copies every projection-random case of ../shared', () => {
  const shared = filesUnder(path.join(SHARED, 'cases', 'projection-random')).filter((f) => f.startsWith('case-'));
  const copied = dataFiles.filter((f) => f.startsWith('projection-random/')).map((f) => f.slice('projection-random/'.length));
  expect(copied).toEqual(shared);
});
