import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { readRecordingFixture, RECORDING_NAMES } from '../../../fixtures/paths.ts';
import { mulberry32 } from '../../../fixtures/seeded-random.mjs';
import { plan2000, planNested500 } from '../../../scripts/make-perf-fixtures.mjs';
import { parseSessionLog } from '../log/reader.ts';
import { sourceLinesOf } from './anchors.ts';
import { changedLinesOf } from './follow-up.ts';
import { changedSectionsOf, headingTextOf, planOutlineOf } from './outline.ts';
import { foldReviewHistory } from './revisions.ts';
import { readFixture } from '../../../fixtures/paths.ts';

type Node = { type: string; depth?: number; children?: Node[]; position?: { start: { line: number } } };
const parser = unified().use(remarkParse).use(remarkGfm);

/** The oracle: every heading remark (the renderer's parser, with GFM) finds, at any depth, as `[line, level]`. */
function remarkHeadings(plan: string): [number, number][] {
  const out: [number, number][] = [];
  const visit = (node: Node) => {
    if (node.type === 'heading') out.push([node.position!.start.line, node.depth!]);
    node.children?.forEach(visit);
  };
  visit(parser.parse(plan) as Node);
  return out;
}

const outlineLines = (plan: string) => planOutlineOf(plan).map((h): [number, number] => [h.line, h.level]);

/** Every plan of the recorded dsh sessions and of the review fixture. */
function recordedPlans(): string[] {
  const logs = [...RECORDING_NAMES.map((name) => readRecordingFixture(name)), readFixture('review', 'revisions.jsonl')];
  return logs.flatMap((log) => foldReviewHistory(parseSessionLog(log).events).revisions.map((r) => r.plan));
}

const EDGES = [
  '# Title\n\nText\n===\n\nMore\n---\n\n---\n\n- item\n# Heading after a list\n\n```\n# not a heading\n```\n\n    # indented code\n\n> # quoted\n\n  ## indented two\n',
  'Intro\n\n- a\n  - b\n\n  ## inside the item\n\n## After\n\n1. one\n2. two\n\n~~~md\n## fenced\n~~~\n### Last ###\n',
  '#no space\n#\n\n####### seven\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\nSetext\nover two lines\n==\n\n<div>\n\n## after html\n',
  '```\nunclosed fence\n# inside\n',
  '* * *\n## Rule above\n- - -\n\n***bold*** title\n---\n',
  // Headings inside list items (nested, setext, after a paragraph of the item) and quotes; none inside code.
  '1. ## Step one\n   text\n\n   ### Detail\n   - ## Nested\n     Sub\n     ---\n2. Step two\n   ===\n- ```\n  # fenced in item\n  ```\n',
  '> # Quoted\n> Setext in quote\n> ===\n> - > ## deep\n>\n>     # indented code in quote\n\n> lazy\ncontinued\n===\n',
  '- a\n---\n- b\n\n  # in b\n-\n\n  # after an empty item\n\t- # tab item\n',
  '<div>\n# in html\n</div>\n\n<!-- # comment\n# still comment -->\n# after\n\nPara\n<span>\n# x\n',
  'Para\n2. not a list\n===\n\nPara\n1. a list\n# h\n',
];

/**
 * Markdown lines a generated plan is made of: containers, fences, rules, setext underlines, HTML and plain text. No
 * indented code: right after a container closes, the parser decides whether a list item may interrupt it from state
 * left by earlier lines, which a plan does not meet (the edge cases above cover indented code).
 */
const PIECES = [
  '# H',
  '## Step `x`',
  '### Done ###',
  'text',
  'more *text*',
  '',
  '',
  '===',
  '---',
  '- - -',
  '***',
  '- item',
  '* item',
  '1. one',
  '2) two',
  '-',
  '  - nested',
  '  ## in item',
  '   text',
  '  ---',
  '> quote',
  '> # q',
  '>',
  '> - q item',
  '```',
  '~~~',
  '  ```',
  '<div>',
  '</div>',
  '<!-- x -->',
  '| a | b |',
  '| --- | --- |',
  '-\t## tab',
  'lazy',
  // Deeper items: a line indented for all the open items continues them at once (the pass's O(1) path).
  '    - deeper',
  '    ## deep h',
  '      text',
  '      - deepest',
];

describe('plan outline against the parser', () => {
  it('finds the same headings on generated plans (nested containers, code, HTML, rules)', () => {
    const random = mulberry32(7);
    for (let run = 0; run < 400; run += 1) {
      const plan = Array.from({ length: 4 + Math.floor(random() * 14) }, () => PIECES[Math.floor(random() * PIECES.length)]!).join('\n');
      expect(outlineLines(plan), JSON.stringify(plan)).toEqual(remarkHeadings(plan));
    }
  });
});

describe('plan outline', () => {
  it('finds the same headings as the parser on edge cases', () => {
    for (const plan of EDGES) expect(outlineLines(plan), plan).toEqual(remarkHeadings(plan));
  });

  it('finds the same headings as the parser on every recorded plan and on the 2,000-line plan', () => {
    const plans = [...recordedPlans(), plan2000()];
    expect(plans.length).toBeGreaterThan(5);
    for (const plan of plans) expect(outlineLines(plan)).toEqual(remarkHeadings(plan));
    expect(planOutlineOf(plan2000()).length).toBeGreaterThan(40);
  });

  it('finds the same headings as the parser in a deeply nested list, with headings, blanks and quotes deep inside', () => {
    // 120 levels: deep enough for the container rules, small enough for the parser (its time grows fast with depth).
    const deep = planNested500().split('\n').slice(0, 122);
    deep.splice(80, 0, `${'  '.repeat(78)}  ## Deep heading`, '', `${'  '.repeat(78)}  > ### Quoted deep`);
    deep.push(`${'  '.repeat(119)}  Deepest title`, `${'  '.repeat(119)}  ---`);
    const plan = deep.join('\n');
    expect(outlineLines(plan)).toEqual(remarkHeadings(plan));
    expect(outlineLines(plan)).toHaveLength(4);
  });

  it('reads the whole 500-level nested list: its title, and headings 400 levels down', () => {
    expect(planOutlineOf(planNested500())).toEqual([{ level: 1, text: 'Deeply nested plan', line: 1 }]);
    const deep = planNested500().split('\n');
    deep.splice(402, 0, `${'  '.repeat(400)}  ## At level 400`, `${'  '.repeat(400)}  Setext at 400`, `${'  '.repeat(400)}  ===`);
    expect(planOutlineOf(deep.join('\n'))).toEqual([
      { level: 1, text: 'Deeply nested plan', line: 1 },
      { level: 2, text: 'At level 400', line: 403 },
      { level: 1, text: 'Setext at 400', line: 404 },
    ]);
  });

  it('gives readable heading text', () => {
    expect(headingTextOf('Add **`--greeting`** to [the CLI](https://x.test) \\*now\\*')).toBe('Add --greeting to the CLI *now*');
    expect(planOutlineOf('## Step _one_ ##\n')).toEqual([{ level: 2, text: 'Step one', line: 1 }]);
    expect(planOutlineOf('')).toEqual([]);
  });
});

const PLAN = ['# Title', '', '## A', 'a1', 'a2', '', '## B', 'b1', '', '## C', 'c1', 'c2'].join('\n');

/** The changed section headings' texts of `after` against `before`. */
function changedOf(before: string, after: string): string[] {
  const headings = planOutlineOf(after);
  const changed = changedSectionsOf(headings, sourceLinesOf(after).length, changedLinesOf(after, before));
  return headings.filter((h) => changed.has(h.line)).map((h) => h.text);
}

describe('changed sections', () => {
  it('marks nothing for the same plan (line ends and the final newline ignored)', () => {
    expect(changedOf(PLAN, PLAN.replace(/\n/g, '\r\n') + '\r\n')).toEqual([]);
  });

  it('marks the section of an edited, inserted or removed line, and a new heading', () => {
    expect(changedOf(PLAN, PLAN.replace('a2', 'a2 edited'))).toEqual(['A']);
    expect(changedOf(PLAN, PLAN.replace('b1', 'b1\nb2'))).toEqual(['B']);
    expect(changedOf(PLAN, PLAN.replace('c2', ''))).toEqual(['C']);
    // Lines removed at the end of A (just before B's heading) belong to A.
    expect(changedOf(PLAN, PLAN.replace('a2\n\n', ''))).toEqual(['A']);
    expect(changedOf(PLAN, PLAN.replace('## C\nc1\nc2', '## C\nc1\nc2\n\n## D\nd1'))).toEqual(['C', 'D']);
    expect(changedOf(PLAN, PLAN.replace('## B', '## B renamed'))).toEqual(['B renamed']);
  });

  it('marks exactly the sections touched by generated edits', () => {
    const random = mulberry32(20);
    const base = Array.from({ length: 30 }, (_, s) => [`## S${s}`, ...Array.from({ length: 5 }, (__, l) => `line ${s}.${l}`), '']).flat();
    for (let run = 0; run < 50; run += 1) {
      const lines = [...base];
      const touched = new Set<string>();
      for (let k = 0; k < 3; k += 1) {
        const s = Math.floor(random() * 30);
        const l = 1 + Math.floor(random() * 5);
        lines[s * 7 + l] = `${lines[s * 7 + l]!} edited`;
        touched.add(`S${s}`);
      }
      expect(changedOf(base.join('\n'), lines.join('\n')).sort()).toEqual([...touched].sort());
    }
  });
});
