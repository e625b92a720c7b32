/**
 * Tests of the plan-text rules: the level-1 heading check (docs/upstream-spec.md §1.9 check 3, §6 item 46) and the
 * call-card title (any heading level, else "Plan"; §6 item 61).
 */
import { describe, expect, it } from 'vitest';
import { isValidPlanText, planTitleOf } from './plan-text.ts';

describe('plan text', () => {
  it.each<[string, boolean]>([
    ['# Add a flag\n\n- step', true],
    ['#  Title', true],
    ['#\tTitle', true],
    ['\n\n  # Title after blank lines', true],
    ['# x', true],
    ['## Second level first', false],
    ['#x', false],
    ['#', false],
    ['# ', false],
    ['', false],
    ['   ', false],
    ['Just prose.\n# Heading later', false],
    ['- a list first', false],
    // Upstream quirk kept on purpose: `\s+` also crosses a newline after a bare `#`.
    ['#\nprose', true],
  ])('%j is valid: %s', (plan, expected) => {
    expect(isValidPlanText(plan)).toBe(expected);
  });

  it.each<[string, string]>([
    ['# Add `--greeting` flag to CLI\n\n- step', 'Add `--greeting` flag to CLI'],
    ['## Level two works', 'Level two works'],
    ['###### Six', 'Six'],
    ['####### Seven is not a heading', 'Plan'],
    ['prose\n### Later heading  \n# Another', 'Later heading'],
    ['#NoSpace\n## Real', 'Real'],
    ['line\r\n# CRLF title\r\n', 'CRLF title'],
    ['no heading at all', 'Plan'],
    ['', 'Plan'],
  ])('the card title of %j is %j', (plan, expected) => {
    expect(planTitleOf(plan)).toBe(expected);
  });

  it('reads the plan of the recorded review: valid, titled by its heading', () => {
    const plan = '# Add `--greeting` flag to CLI\n\n- **Locate the CLI entry point**';
    expect(isValidPlanText(plan)).toBe(true);
    expect(planTitleOf(plan)).toBe('Add `--greeting` flag to CLI');
  });
});
