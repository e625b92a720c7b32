/**
 * The commentable blocks of a plan, from the same Markdown parser family the plan renderer uses (remark-parse with
 * GFM): every heading, paragraph, list item (its own lines, up to its first nested list; what else it holds is part of it), table row
 * and code block, with its source lines from the parser's positions. Pure; pulls in the parser, so the app loads it
 * lazily.
 */
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { PlanBlock } from './anchors.ts';

/** The mdast shape walked here. */
type MdNode = { type: string; children?: MdNode[]; position?: { start: { line: number }; end: { line: number } } };

const parser = unified().use(remarkParse).use(remarkGfm);

const KINDS: Readonly<Record<string, PlanBlock['kind']>> = { heading: 'heading', paragraph: 'paragraph', code: 'code', html: 'paragraph' };

/** The lines a list item anchors: from its start up to the line before its first nested list (its own lines). */
function listItemLines(item: MdNode): { start: number; end: number } | undefined {
  const position = item.position;
  if (position === undefined) return undefined;
  const nested = item.children?.find((child) => child.type === 'list' && child.position !== undefined && child.position.start.line > position.start.line);
  const end = nested?.position ? nested.position.start.line - 1 : position.end.line;
  return { start: position.start.line, end };
}

/** Collect the blocks under `node`; inside a list item only nested list items and table rows are blocks of their own. */
function walk(node: MdNode, inItem: boolean, out: PlanBlock[]): void {
  for (const child of node.children ?? []) {
    const position = child.position;
    if (child.type === 'listItem') {
      const lines = listItemLines(child);
      if (lines) out.push({ kind: 'list-item', ...lines });
      walk(child, true, out);
    } else if (child.type === 'table') {
      for (const row of child.children ?? []) if (row.position) out.push({ kind: 'table-row', start: row.position.start.line, end: row.position.end.line });
    } else if (KINDS[child.type] !== undefined && position) {
      if (!inItem) out.push({ kind: KINDS[child.type]!, start: position.start.line, end: position.end.line });
    } else {
      walk(child, inItem, out);
    }
  }
}

/**
 * The commentable blocks of a plan, in source order.
 * @param plan the plan markdown (untrusted; any text parses)
 * @returns its blocks with 1-based inclusive source lines
 */
export function planBlocksOf(plan: string): PlanBlock[] {
  const out: PlanBlock[] = [];
  walk(parser.parse(plan) as MdNode, false, out);
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}
