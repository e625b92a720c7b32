/**
 * No source file, comment, test name or doc cites this project's issue tracker ("issue 8 item 13", "(item 19)"): a
 * reader of the repository cannot open it, and history belongs in git (docs/README.md "How to cite"). Citations of
 * the docs pages stay allowed: `§6 item 46`, `§8 items 10–12` (docs/upstream-spec.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const SELF = path.relative(ROOT, import.meta.filename);
/** Folders never scanned: dependencies, build and test output, generated fixtures (see .gitignore). */
const SKIPPED_DIRS = new Set(['.git', 'node_modules', 'dist', 'dist-server', 'coverage', 'test-results', 'playwright-report', '.data', '.vite']);
const SKIPPED_PATHS = ['fixtures/perf', 'e2e/.tmp', 'e2e/screenshots'];
/** What is scanned: code, styles and prose. Recorded logs and lock files are data, not ours to word. */
const SCANNED = /\.(ts|tsx|mts|mjs|js|css|md|html|ya?ml)$/;

/** An issue citation: "issue 8", "Issues 10–11", "issue #5". */
const ISSUE = /\bissues? #?\d/i;
/** An item of an issue: "item 13", "(items 14, 16)" — unless it is a docs section's item ("§6 item 46", "§8 items 10–12"). */
const ITEM = /(?<!§[\d.]+,? )\bitems? \d/i;

/**
 * The lines of `text` that cite an issue or an issue's item.
 * @param text any source text
 * @returns each offending line as `N: text` (1-based), in order; empty when the text cites none
 */
function citationsIn(text: string): string[] {
  return text.split('\n').flatMap((line, index) => (ISSUE.test(line) || ITEM.test(line) ? [`${index + 1}: ${line.trim()}`] : []));
}

/** Every scanned file under `dir`, relative to the repository root. */
function scannedFiles(dir = ''): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) || SKIPPED_PATHS.includes(rel) ? [] : scannedFiles(rel);
    return entry.isFile() && SCANNED.test(entry.name) && rel !== SELF ? [rel] : [];
  });
}

it.each([
  ['an issue with its item', 'Restart (issue 8 item 13): a question is asked again', ['1: Restart (issue 8 item 13): a question is asked again']],
  ['an issue at the start of a header', ' * Issue 10: revisions', ['1: * Issue 10: revisions']],
  ['a range of issues', 'the logs of issues 10–11', ['1: the logs of issues 10–11']],
  ['a bare item', 'cannot be approved (item 19);', ['1: cannot be approved (item 19);']],
  ['an item on a second line', 'first line\n// item 2, part T): today', ['2: // item 2, part T): today']],
  ['a docs section item', 'names the plan (docs/upstream-spec.md §6 item 46)', []],
  ['docs section items in a list', '(§6 items 35–37, 40, §8 items 10–12)', []],
  ['a zod issue variable', "error: (issue) => (issue.input === undefined ? 'missing' : 'bad')", []],
  ['the word issues', 'the issues hang under this path', []],
])('finds %s', (_name, text, found) => {
  expect(citationsIn(text)).toEqual(found);
});

it('finds no issue citation in the repository', () => {
  const files = scannedFiles();
  expect(files.length).toBeGreaterThan(100);
  const offending = files.flatMap((file) => citationsIn(fs.readFileSync(path.join(ROOT, file), 'utf8')).map((line) => `${file}:${line}`));
  expect(offending).toEqual([]);
});
