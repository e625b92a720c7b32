/**
 * The layout rule: `server/` holds only what `ui-plan serve` runs. Every non-test module under
 * `server/` must be reachable from the CLI entry (`server/cli.ts`) through its static and dynamic relative imports;
 * test support lives in `testing/`, which product code never imports (also enforced by eslint.config.js zones).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const IMPORT = /(?:from\s+|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every module reachable from `entry` through relative imports (type-only imports included: they are source deps too). */
function closureOf(entry: string): Set<string> {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) stack.push(path.resolve(path.dirname(file), match[1] as string));
  }
  return seen;
}

/** Non-test source files of a folder, recursively, as absolute paths. */
function sourcesOf(folder: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => path.join(ROOT, folder, name));
}

it('keeps in server/ only modules that ui-plan serve loads', () => {
  const reachable = closureOf(path.join(ROOT, 'server/cli.ts'));
  const unreachable = sourcesOf('server').filter((file) => !reachable.has(file));
  expect(unreachable.map((file) => path.relative(ROOT, file))).toEqual([]);
});

it('lets no product module import test support', () => {
  const product = ['server', 'carrier', 'harness', 'mocks', 'src'].flatMap(sourcesOf);
  const offenders = product.filter((file) => [...closureOf(file)].some((dep) => dep.startsWith(path.join(ROOT, 'testing') + path.sep)));
  expect(offenders.map((file) => path.relative(ROOT, file))).toEqual([]);
});
