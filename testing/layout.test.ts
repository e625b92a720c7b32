/**
 * The layout rule: `server/` holds only what `ui-plan serve` runs. Every non-test module under
 * `server/` must be reachable from the CLI entry (`server/cli.ts`) through its static and dynamic relative imports;
 * test support lives in `testing/`, which product code never imports (also enforced by eslint.config.js zones). The
 * compiled server (dist-server/, built by the node project's global setup) needs only production dependencies.
 */
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { expect, it } from 'vitest';
import { SERVER_OUT_DIR } from '../scripts/build-server.mjs';

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

it('builds a server that imports only Node built-ins and production dependencies', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const files = fs.readdirSync(SERVER_OUT_DIR, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.mjs'));
  expect(files).toContain('cli.mjs');
  const bare = new Set<string>();
  for (const file of files) {
    const text = fs.readFileSync(path.join(SERVER_OUT_DIR, file), 'utf8');
    const statements = /^(?:import|export)\b[^;]*?from\s*["']([^"']+)["']|^import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;
    for (const match of text.matchAll(statements)) {
      const specifier = (match[1] ?? match[2] ?? match[3]) as string;
      if (!specifier.startsWith('.')) bare.add(specifier);
    }
  }
  const packageOf = (specifier: string): string =>
    specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/');
  const outside = [...bare].filter(
    (specifier) => !specifier.startsWith('node:') && !builtinModules.includes(specifier) && !(packageOf(specifier) in pkg.dependencies),
  );
  expect(outside).toEqual([]);
  expect([...bare].map(packageOf)).toEqual(expect.arrayContaining(['ws', 'zod', 'yaml', 'sirv']));
  expect(pkg.dependencies).not.toHaveProperty('tsx');
});
