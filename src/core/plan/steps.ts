/**
 * The steps of an approved plan and the one rule that matches them to the agent's to-dos. Pure and line-based (no
 * markdown parser): fenced code is skipped, list items keep their inline markdown. Rules: docs/plan-progress.md.
 */
import type { TodoItem } from '../todos/todos.ts';

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ORDERED = /^ {0,3}\d{1,9}[.)](?:[ \t]+(.*))?$/;
const BULLET = /^ {0,3}[-*+](?:[ \t]+(.*))?$/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const H2 = /^ {0,3}##[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/;

/** A list's kind: ordered with `.` or `)`, or bulleted with `-`, `*` or `+` (a change of marker starts a new list). */
type ListKind = string;

/** The top-level lists of a plan, in order: each its kind and its items' text (first line plus lazy continuation lines). */
function topLevelLists(plan: string): { kind: ListKind; items: string[] }[] {
  const lists: { kind: ListKind; items: string[] }[] = [];
  let current: { kind: ListKind; items: string[]; offset: number } | undefined;
  let fence: string | undefined;
  let lazy = false; // the last line was item text, so an unindented text line continues it
  for (const line of plan.split(/\r?\n/)) {
    const indent = /^ */.exec(line)![0].length;
    const fenceMark = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (fenceMark !== undefined && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = undefined;
      continue;
    }
    if (line.trim() === '') {
      lazy = false;
      continue;
    }
    if (current && indent >= current.offset) {
      // The item's own body (nested lists, paragraphs, code): not a step of its own.
      if (fenceMark !== undefined) fence = fenceMark;
      lazy = false;
      continue;
    }
    if (fenceMark !== undefined) {
      fence = fenceMark;
      current = undefined;
      lazy = false;
      continue;
    }
    const ordered = ORDERED.exec(line);
    const item = ordered ?? BULLET.exec(line);
    if (item) {
      const marker = /^ *(\d+([.)])|[-*+])/.exec(line)!;
      const kind: ListKind = ordered ? `ordered${marker[2]}` : `bullet${marker[1]}`;
      if (!current || current.kind !== kind) {
        current = { kind, items: [], offset: 0 };
        lists.push(current);
      }
      current.offset = indent + marker[1]!.length + 1;
      current.items.push((item[1] ?? '').trim());
      lazy = true;
      continue;
    }
    if (lazy && current && !HEADING.test(line)) {
      const last = current.items.length - 1;
      current.items[last] = `${current.items[last]} ${line.trim()}`.trim();
      continue;
    }
    current = undefined;
    lazy = false;
  }
  return lists;
}

/**
 * The steps of a plan, by one rule (docs/plan-progress.md "Steps"): the items of its first top-level ordered list;
 * else the top-level items of its first list; else its `##` headings; else none. Empty items are left out.
 * @param plan - the plan markdown, as handed to `exit_plan_mode`
 * @returns the step texts in order, inline markdown kept
 */
export function planStepsOf(plan: string): string[] {
  const lists = topLevelLists(plan);
  const list = lists.find((l) => l.kind.startsWith('ordered')) ?? lists[0];
  if (list) {
    const items = list.items.filter((text) => text !== '');
    if (items.length > 0) return items;
  }
  const headings: string[] = [];
  let fence: string | undefined;
  for (const line of plan.split(/\r?\n/)) {
    const fenceMark = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (fenceMark !== undefined && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = undefined;
      continue;
    }
    if (fenceMark !== undefined) fence = fenceMark;
    else {
      const heading = H2.exec(line)?.[1]?.trim();
      if (heading) headings.push(heading);
    }
  }
  return headings;
}

/**
 * The text a step or a to-do is compared by: Unicode NFKC, lower case, inline markdown marks (`` ` * _ ~ ``) and link
 * targets dropped, a leading "Step 3:" / "3." numbering dropped, runs of white space made one space, trailing
 * punctuation dropped.
 * @param text - a step or a to-do's content
 */
export function normaliseStepText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_~]/g, '')
    .replace(/^\s*(?:step\s*\d+\s*[:.)-]?|\d+\s*[.)])\s*/, '')
    .replace(/\s+/g, ' ')
    .replace(/[\s.,;:!?。，；：！？]+$/, '')
    .trim();
}

/** How the steps and the to-dos matched: for each step the index of its to-do (or undefined), and the to-dos left over. */
export interface StepMatch {
  /** `byStep[i]`: the index into the to-do list of step `i`'s to-do, undefined when none matched. */
  byStep: (number | undefined)[];
  /** Indexes of the to-dos that match no step, in list order ("Not in the approved plan"). */
  extras: number[];
}

/**
 * Match a plan's steps to a to-do list, by one rule (docs/plan-progress.md "Matching"):
 * 1. text: each step, in order, takes the first unmatched to-do whose normalised text ({@link normaliseStepText}) is
 *    equal to its own;
 * 2. order: each step still unmatched, in order, takes the first unmatched to-do that lies between the to-dos of the
 *    nearest matched steps before and after it (so matches never cross);
 * 3. the to-dos left are extras.
 * @param steps - the plan's steps ({@link planStepsOf})
 * @param todos - the to-do list (a `todo/write` list)
 * @returns the match; O(steps × todos)
 */
export function matchStepsToTodos(steps: readonly string[], todos: readonly Pick<TodoItem, 'content'>[]): StepMatch {
  const byStep: (number | undefined)[] = steps.map(() => undefined);
  const used = new Array<boolean>(todos.length).fill(false);
  const todoKeys = todos.map((todo) => normaliseStepText(todo.content));
  steps.forEach((step, i) => {
    const key = normaliseStepText(step);
    const j = todoKeys.findIndex((k, index) => !used[index] && k === key);
    if (j >= 0) {
      byStep[i] = j;
      used[j] = true;
    }
  });
  for (let i = 0; i < steps.length; i += 1) {
    if (byStep[i] !== undefined) continue;
    let lo = -1;
    for (let b = i - 1; b >= 0; b -= 1) {
      const j = byStep[b];
      if (j !== undefined) {
        lo = j;
        break;
      }
    }
    let hi = todos.length;
    for (let a = i + 1; a < steps.length; a += 1) {
      const j = byStep[a];
      if (j !== undefined) {
        hi = j;
        break;
      }
    }
    for (let j = lo + 1; j < hi; j += 1) {
      if (!used[j]) {
        byStep[i] = j;
        used[j] = true;
        break;
      }
    }
  }
  const extras: number[] = [];
  used.forEach((u, j) => {
    if (!u) extras.push(j);
  });
  return { byStep, extras };
}
