import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchStepsToTodos, normaliseStepText, planStepsOf } from './steps.ts';

describe('planStepsOf', () => {
  it('takes the items of the first top-level ordered list, even after a bullet list', () => {
    const plan =
      '# Add a flag\n\n## Context\n- the CLI is small\n- no tests yet\n\n## Steps\n1. Parse `--greeting`.\n2. Pass it to\n   `greet()`.\n   - nested detail\n3. Document it\n\n## Verification\n1. run it\n';
    expect(planStepsOf(plan)).toEqual(['Parse `--greeting`.', 'Pass it to', 'Document it']);
  });

  it('joins a lazy continuation line to its item and leaves fenced code out', () => {
    const plan = '# P\n\n```\n1. not a step\n```\n1) First\ncontinues here\n2) Second\n';
    expect(planStepsOf(plan)).toEqual(['First continues here', 'Second']);
  });

  it('falls back to the first list’s top-level items, then to ## headings, then to nothing', () => {
    expect(planStepsOf('# P\n\n* one\n* two\n  * nested\n\n- other list\n')).toEqual(['one', 'two']);
    expect(planStepsOf('# P\n\n## Parse the flag\ntext\n### detail\n## Document it ##\n')).toEqual(['Parse the flag', 'Document it']);
    expect(planStepsOf('# P\n\nJust prose.')).toEqual([]);
    expect(planStepsOf('')).toEqual([]);
  });

  it('ends a list at an unindented paragraph after a blank line, so a later ordered list is not merged', () => {
    expect(planStepsOf('# P\n1. a\n\nprose\n\n1. b\n')).toEqual(['a']);
  });

  it('reads Chinese plans and CRLF line ends', () => {
    expect(planStepsOf('# 计划\r\n\r\n1. 解析参数\r\n2. 更新文档\r\n')).toEqual(['解析参数', '更新文档']);
  });
});

describe('matchStepsToTodos', () => {
  it('matches by normalised text first, whatever the order, and leaves extras', () => {
    const steps = ['Parse `--greeting`.', 'Document it', 'Add a test'];
    const todos = [{ content: 'document it' }, { content: 'Step 1: parse --greeting' }, { content: 'Run the linter' }, { content: 'add a TEST!' }];
    expect(matchStepsToTodos(steps, todos)).toEqual({ byStep: [1, 0, 3], extras: [2] });
  });

  it('pairs reworded to-dos by order between text matches, never crossing them', () => {
    const steps = ['A', 'B', 'C', 'D'];
    const todos = [{ content: 'first thing' }, { content: 'b' }, { content: 'third thing' }, { content: 'fourth' }, { content: 'extra' }];
    expect(matchStepsToTodos(steps, todos)).toEqual({ byStep: [0, 1, 2, 3], extras: [4] });
    // A step before a text match cannot take a to-do after it.
    expect(matchStepsToTodos(['x', 'y'], [{ content: 'y' }, { content: 'z' }])).toEqual({ byStep: [undefined, 0], extras: [1] });
  });

  it('keeps its invariants on generated lists: each to-do used once, matches in order, extras the rest', () => {
    const text = fc.constantFrom('Parse the flag', 'parse the flag.', 'Document it', 'Add a test', 'Run it', '`greet()`', '更新文档');
    fc.assert(
      fc.property(fc.array(text, { maxLength: 8 }), fc.uniqueArray(text, { maxLength: 8 }), (steps, contents) => {
        const todos = contents.map((content) => ({ content }));
        const { byStep, extras } = matchStepsToTodos(steps, todos);
        const used = byStep.filter((j): j is number => j !== undefined);
        expect(new Set([...used, ...extras]).size).toBe(todos.length);
        expect(used.length + extras.length).toBe(todos.length);
        byStep.forEach((j, i) => {
          if (j === undefined || normaliseStepText(todos[j]!.content) === normaliseStepText(steps[i]!)) return;
          // An order match lies after the to-do of the nearest matched step before it.
          const before = byStep.slice(0, i).filter((k): k is number => k !== undefined);
          if (before.length > 0) expect(before.at(-1)!).toBeLessThan(j);
        });
        // Equal counts with no text matches pair everything by order.
        if (steps.length === todos.length && steps.every((s) => !contents.some((c) => normaliseStepText(c) === normaliseStepText(s)))) {
          expect(byStep).toEqual(steps.map((_, i) => i));
        }
      }),
      { numRuns: 300, seed: 21 },
    );
  });
});
