/**
 * The scripted model's feedback phrases: "skip …" / "drop …" remove the step whose text matches (or "step N"),
 * "also …" / "add a step …" add one, anything else changes nothing and says it was not understood.
 */
import { describe, expect, it } from 'vitest';
import { WORKSPACE_SEED } from '../tools.ts';
import { formatReviewFeedback } from '../../src/core/review/feedback-format.ts';
import { applyFeedback, clausesOf, outcomeLine } from './scripted-feedback.ts';
import { parsePlanSteps, writePlan, writePlanWithOutcomes } from './scripted-plan.ts';
import type { PlanStep } from './scripted-words.ts';

const LISTING = Object.keys(WORKSPACE_SEED).sort();
const TASK = 'Add a --greeting flag to the CLI';
const BASE = parsePlanSteps(writePlan({ task: TASK, listing: LISTING, feedback: [] }));
const target = (): string => 'src/cli.ts';
const files = (steps: readonly PlanStep[]): string[] => steps.map((s) => s.file);

describe('scripted feedback phrases', () => {
  it('starts from a plan with a README step (the reproduction needs one)', () => {
    expect(files(BASE)).toEqual(['src/cli.ts', 'src/greet.ts', 'docs/add-greeting-flag-cli.md', 'README.md']);
  });

  it.each([
    ['skip the README change', 'README.md'],
    ['Skip the README change.', 'README.md'],
    ['drop the README step', 'README.md'],
    ['please drop the docs notes', 'docs/add-greeting-flag-cli.md'],
    ['Skip step 2', 'src/greet.ts'],
    ['drop the step 1', 'src/cli.ts'],
    ['skip adjusting greet callers', 'src/greet.ts'],
  ])('%j removes the step naming %s, and the approved plan no longer has it', (feedback, removed) => {
    const { steps, outcomes } = applyFeedback(BASE, [feedback], target);
    expect(files(steps)).toEqual(files(BASE).filter((f) => f !== removed));
    expect(outcomes).toEqual([[expect.objectContaining({ kind: 'removed', step: BASE.find((s) => s.file === removed) })]]);
    const plan = writePlan({ task: TASK, listing: LISTING, feedback: [feedback] });
    expect(files(parsePlanSteps(plan))).not.toContain(removed);
  });

  it.each([
    ['also add a test for the flag in `src/greet.test.ts`', { file: 'src/greet.test.ts', text: 'Add a test for the flag in `src/greet.test.ts`.' }],
    ['Also, print the usage text', { file: 'src/cli.ts', text: 'Print the usage text in `src/cli.ts`.' }],
    ['add a step to log the greeting', { file: 'src/cli.ts', text: 'Log the greeting in `src/cli.ts`.' }],
    ['Add another step: mention the flag in src/cli.ts', { file: 'src/cli.ts', text: 'Mention the flag in `src/cli.ts`.' }],
  ])('%j adds the step %j before the closing documentation step', (feedback, step) => {
    const { steps, outcomes } = applyFeedback(BASE, [feedback], target);
    expect(steps).toHaveLength(BASE.length + 1);
    expect(steps[steps.length - 2]).toEqual(step);
    expect(steps[steps.length - 1]).toEqual(BASE[BASE.length - 1]);
    expect(outcomes[0]?.[0]?.kind).toBe('added');
  });

  it.each([
    'Mention the flag in the README',
    'Why two flags?',
    'the README change is not needed',
    'skipping is fine',
    'I would also like tests',
    '也请跳过 README',
  ])('leaves the steps as they are for %j and says it was not understood', (feedback) => {
    const { steps, outcomes } = applyFeedback(BASE, [feedback], target);
    expect(steps).toEqual(BASE);
    expect(outcomes.flat().every((o) => o.kind === 'not-understood')).toBe(true);
    expect(outcomes.flat().map(outcomeLine).join('\n')).toMatch(
      /not understood, so the plan is unchanged\. I follow “skip …”, “drop …”, “also …”, “add a step …”\./,
    );
  });

  it.each([
    ['skip the banana', 'no-match', /no step matches it/],
    ['skip step 9', 'no-match', /no step matches it/],
    ['drop the greeting flag step', 'ambiguous', /matches more than one step/],
    ['also the', 'no-phrase', /not understood/],
  ])('refuses %j (%s) and keeps every step', (feedback, reason, line) => {
    const { steps, outcomes } = applyFeedback(BASE, [feedback], target);
    expect(steps).toEqual(BASE);
    expect(outcomes[0]?.[0]).toMatchObject({ kind: 'not-understood', reason });
    expect(outcomeLine(outcomes[0]![0]!)).toMatch(line);
  });

  it('never removes the last step', () => {
    const one = [{ file: 'a.ts', text: 'Edit `a.ts`.' }];
    const { steps, outcomes } = applyFeedback(one, ['skip step 1'], target);
    expect(steps).toEqual(one);
    expect(outcomes[0]?.[0]).toMatchObject({ reason: 'last-step' });
  });

  it('reads clauses one by one, across lines, sentences and semicolons, and applies pieces oldest first', () => {
    expect(clausesOf('Skip the README change. Also log it;  then drop step 1\n- and add a step to x')).toEqual([
      'Skip the README change',
      'Also log it',
      'drop step 1',
      'add a step to x',
    ]);
    const { steps, outcomes } = applyFeedback(BASE, ['skip the README change. Make it nice', 'also log the greeting', 'drop step 1'], target);
    expect(files(steps)).toEqual(['src/greet.ts', 'src/cli.ts', 'docs/add-greeting-flag-cli.md']);
    expect(outcomes.map((piece) => piece.map((o) => o.kind))).toEqual([['removed', 'not-understood'], ['added'], ['removed']]);
  });

  it('reads line comments by their texts and the general text, never their headers or quoted plan lines', () => {
    const feedback = formatReviewFeedback({
      comments: [
        { start: 1, end: 1, quote: '# Add a --greeting flag to the CLI\n> skip step 1', text: 'skip the README change' },
        { start: 9, end: 10, quote: '## Steps\n```\nalso not this\n```', text: 'Why this order?' },
      ],
      general: 'also log the greeting',
    });
    const { steps, outcomes } = applyFeedback(BASE, [feedback], target);
    expect(outcomes[0]!.map((o) => [o.kind, o.clause])).toEqual([
      ['removed', 'skip the README change'],
      ['not-understood', 'Why this order'],
      ['added', 'also log the greeting'],
    ]);
    expect(files(steps)).toEqual(['src/cli.ts', 'src/greet.ts', 'src/cli.ts', 'docs/add-greeting-flag-cli.md']);
  });

  it('writes what each clause did into "Changes after review" and returns the outcomes', () => {
    const { plan, outcomes } = writePlanWithOutcomes({ task: TASK, listing: LISTING, feedback: ['skip the README change; be nicer'] });
    expect(plan).toContain('> skip the README change; be nicer\n');
    expect(plan).toContain('- “skip the README change”: removed the step “Document the change in `README.md`.”.');
    expect(plan).toContain('- “be nicer”: not understood, so the plan is unchanged.');
    expect(outcomes[0]?.map((o) => o.kind)).toEqual(['removed', 'not-understood']);
  });
});
