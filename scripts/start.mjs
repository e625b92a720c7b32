#!/usr/bin/env node
// `npm start`: builds the app (dist/) and the server (dist-server/) only when their sources changed since the last
// build `npm start` made, then runs `ui-plan serve` with the arguments given (`npm start -- --port 8080`). "Changed" is
// a SHA-256 over the path and bytes of every build input (tests excluded), kept in node_modules/.cache, so a fresh
// clone, a pull or an edit rebuilds and nothing else does. The build prints one line, not Vite's report.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Folders and files whose content decides both builds (`vite.config.ts`, `scripts/build-server.mjs`). */
const INPUTS = [
  'src',
  'server',
  'carrier',
  'harness',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/build-server.mjs',
];
/** What a finished build leaves; missing means not built, whatever the stamp says. */
const OUTPUTS = ['dist/index.html', 'dist-server/cli.mjs'];
const STAMP = path.join(ROOT, 'node_modules', '.cache', 'ui-plan', 'start-build.sha256');
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/** Every input file under `rel`, sorted, relative to the checkout. */
function filesOf(rel) {
  const full = path.join(ROOT, rel);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [rel];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(rel, name))
    .filter((name) => !TEST_FILE.test(name) && statSync(path.join(ROOT, name)).isFile())
    .sort();
}

/** SHA-256 (hex) over the path and content of every build input. */
function sourcesHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesOf)) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(path.join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Whether dist/ and dist-server/ were built by `npm start` from sources with this hash. */
function isCurrent(hash) {
  return OUTPUTS.every((file) => existsSync(path.join(ROOT, file))) && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === hash;
}

async function buildQuietly() {
  const started = Date.now();
  process.stdout.write('Building the app (first start or changed sources; about 15–60 s)… ');
  const { build } = await import('vite');
  await build({ root: ROOT, logLevel: 'error' });
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
  process.stdout.write(`done in ${Math.round((Date.now() - started) / 1000)} s.\n`);
}

const hash = sourcesHash();
if (!isCurrent(hash)) {
  await buildQuietly();
  mkdirSync(path.dirname(STAMP), { recursive: true });
  // The hash taken before building: a file edited while the build ran makes the next start build again.
  writeFileSync(STAMP, `${hash}\n`);
}
const { main } = await import(new URL('../dist-server/cli.mjs', import.meta.url).href);
process.exitCode = await main(['serve', ...process.argv.slice(2)]);
