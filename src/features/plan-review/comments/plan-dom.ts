/**
 * Reading the rendered plan for the comments: which blocks a text selection touches (each block's controls carry its
 * source lines as `data-lines="start-end"`), and scrolling to a block. The lines come from the parser's positions the
 * controls were rendered with; the DOM only says which blocks the selection covers.
 */

/**
 * The source lines a block's control box carries (`data-lines="start-end"`, 1-based, inclusive).
 * @returns undefined when the element carries none
 */
export function linesOf(element: Element): { start: number; end: number } | undefined {
  const match = /^(\d+)-(\d+)$/.exec(element.getAttribute('data-lines') ?? '');
  return match ? { start: Number(match[1]), end: Number(match[2]) } : undefined;
}

/** Every block's control box in `region`, in document order. */
export function blockBoxesIn(region: ParentNode): Element[] {
  return [...region.querySelectorAll('.block-comments[data-lines]')];
}

/** The index of the first block control at or after `node` in document order (a block's control follows its text). */
function controlAfter(controls: readonly Element[], node: Node): number {
  return controls.findIndex((control) => control.contains(node) || (node.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0);
}

/**
 * The plan lines of the whole blocks the current text selection touches inside `plan`.
 * @param plan the plan's rendered region
 * @param selection the document's selection
 * @returns `{start, end}` (1-based, inclusive), or undefined when nothing of the plan is selected
 */
export function selectedLines(plan: HTMLElement, selection: Selection | null): { start: number; end: number } | undefined {
  if (selection === null || selection.rangeCount === 0 || selection.isCollapsed) return undefined;
  const range = selection.getRangeAt(0);
  if (!plan.contains(range.startContainer) && !plan.contains(range.endContainer)) return undefined;
  const controls = blockBoxesIn(plan);
  const first = controlAfter(controls, plan.contains(range.startContainer) ? range.startContainer : plan);
  let last = controlAfter(controls, range.endContainer);
  if (first < 0) return undefined;
  if (last < 0 || !plan.contains(range.endContainer)) last = controls.length - 1;
  let start: number | undefined;
  let end: number | undefined;
  for (let i = first; i <= Math.max(first, last); i += 1) {
    const lines = linesOf(controls[i]!);
    if (lines === undefined) continue;
    start = start === undefined ? lines.start : Math.min(start, lines.start);
    end = end === undefined ? lines.end : Math.max(end, lines.end);
  }
  return start === undefined || end === undefined ? undefined : { start, end };
}

/**
 * Scroll the plan to the block whose lines end at `end` and focus its Comment button.
 * @returns whether such a block is rendered
 */
export function revealBlock(plan: HTMLElement, end: number): boolean {
  const control = blockBoxesIn(plan).find((el) => linesOf(el)?.end === end);
  if (control === undefined) return false;
  control.scrollIntoView({ block: 'center' });
  control.querySelector('button')?.focus();
  return true;
}
