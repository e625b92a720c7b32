/**
 * Tests of the scripted model's plan writing: file choice, plan shape, revision and the parse back into
 * executable steps, plus the per-language notes written while carrying a plan out.
 */
import { describe, expect, it } from 'vitest';
import { isValidPlanText, planTitleOf } from '../../src/core/plan/plan-text.ts';
import { WORKSPACE_SEED } from '../tools.ts';
import { appendNote, isConversational, parseListing, parsePlanSteps, primaryFile, writePlan } from './scripted-plan.ts';

const LISTING = Object.keys(WORKSPACE_SEED).sort();

describe('scripted plan writing', () => {
  it.each([
    ['Add a --greeting flag to the CLI', 'src/cli.ts'],
    ['Make greet() configurable', 'src/greet.ts'],
    ['Fix the typo in the README', 'README.md'],
    ['Speed everything up', 'src/cli.ts'],
  ])('picks the file to read for %j', (task, file) => {
    expect(primaryFile(task, LISTING)).toBe(file);
  });

  it.each([
    [['package.json', 'package-lock.json', 'logo.png'], undefined],
    [[], undefined],
    [['docs/guide.md', 'lib/util.py'], 'lib/util.py'],
  ])('never picks an unwritable file from %j', (listing, file) => {
    expect(primaryFile('Improve things', listing)).toBe(file);
  });

  it('parses a listing, dropping blanks and directories', () => {
    expect(parseListing('README.md\n\nsrc/\n./src/cli.ts\r\n')).toEqual(['README.md', 'src/cli.ts']);
  });

  it.each([
    ['What does this project do?', true],
    ['hello there', true],
    ['Explain the build', true],
    ['Add a flag', false],
    ['Refactor greet', false],
  ])('reads %j as conversational: %s', (task, conversational) => {
    expect(isConversational(task)).toBe(conversational);
  });

  it('writes a #-headed plan whose title is the card title and whose steps parse back with their files', () => {
    const plan = writePlan({ task: 'Add a --greeting flag to the CLI', listing: LISTING, feedback: [] });
    expect(isValidPlanText(plan)).toBe(true);
    expect(planTitleOf(plan)).toBe('Add a --greeting flag to the CLI');
    expect(parsePlanSteps(plan).map((s) => s.file)).toEqual(['src/cli.ts', 'src/greet.ts', 'docs/add-greeting-flag-cli.md', 'README.md']);
    expect(plan).not.toContain('Changes after review');
  });

  it('quotes every piece of feedback in a revision and leaves the steps alone when no phrase is understood', () => {
    const feedback = ['Use a default of "Hello".', 'Keep greet.ts untouched\nexcept for the signature'];
    const plan = writePlan({ task: 'Add a --greeting flag to the CLI', listing: LISTING, feedback });
    expect(plan).toContain('> Use a default of "Hello".\n');
    expect(plan).toContain('> Keep greet.ts untouched\n> except for the signature\n');
    const fresh = parsePlanSteps(writePlan({ task: 'Add a --greeting flag to the CLI', listing: LISTING, feedback: [] }));
    expect(parsePlanSteps(plan)).toEqual(fresh);
    expect(plan).toContain('- “Use a default of "Hello"”: not understood, so the plan is unchanged.');
  });

  it('keeps a revision without comments at the same steps', () => {
    const fresh = parsePlanSteps(writePlan({ task: 'Add a greeting flag', listing: LISTING, feedback: [] }));
    const plan = writePlan({ task: 'Add a greeting flag', listing: LISTING, feedback: [''] });
    expect(parsePlanSteps(plan)).toEqual(fresh);
    expect(plan).toContain('without comments; the steps are unchanged');
  });

  it.each([
    ['# T\n\n## Steps\n1. Edit `a/b.ts` now\n2. Then `c.md`\n\n## Changes after review\n- Added `x.ts`', ['a/b.ts', 'c.md']],
    ['# T\n\n- do `src/x.py`\n* and something\n\n## Verification\n- run `make`', ['src/x.py', 'NOTES.md']],
    ['# T\n\nprose only', []],
  ])('parses the steps of %j', (plan, files) => {
    expect(parsePlanSteps(plan).map((s) => s.file)).toEqual(files);
  });

  it.each([
    ['src/a.ts', 'x;\n', 'x;\n// T: do it\n'],
    ['src/a.ts', 'x;', 'x;\n// T: do it\n'],
    ['app.py', '', '# T: do it\n'],
    ['Makefile', 'all:\n', 'all:\n# T: do it\n'],
    ['q.sql', '', '-- T: do it\n'],
    ['s.css', '', '/* T: do it */\n'],
    ['i.html', '<p></p>\n', '<p></p>\n<!-- T: do it -->\n'],
    ['docs/n.md', '', '# T\n\n- do it\n'],
    ['README.md', '# R\n', '# R\n\n- do it\n'],
    ['notes.txt', 'a\n\n', 'a\n\n- do it\n'],
  ])('appends the step note to %j in its own syntax', (path, base, expected) => {
    expect(appendNote(path, base, 'do it', 'T')).toBe(expected);
  });
});
