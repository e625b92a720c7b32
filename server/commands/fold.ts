/**
 * `ui-plan fold FILE...`: one JSON line per session log with its event count, the 1-based numbers of the lines the
 * reader skipped, `foldPlanMode` (docs/upstream-spec.md §1.2), the `plan` projection (§1.11) and `foldMode` (§2). An
 * unreadable file is reported on stderr and the others are still folded (exit 1).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseSessionLog } from '../../src/core/log/reader.ts';
import { foldMode } from '../../src/core/modes/fold.ts';
import { foldPlanMode, foldPlanProjection } from '../../src/core/plan/fold.ts';
import type { CliIo } from '../cli/io.ts';

/** One line of `ui-plan fold` (docs/protocol.md "Session log on disk"). */
export interface FoldLine {
  events: number;
  skipped: number[];
  planMode: boolean;
  plan: { active: boolean; pending: boolean };
  mode: string;
}

/**
 * Fold one session log's text: event count, skipped 1-based line numbers (as `parseSessionLog` reports them),
 * `foldPlanMode` (docs/upstream-spec.md §1.2), the `plan` projection (§1.11) and `foldMode` (§2).
 * @param text the whole JSONL file
 * @returns the fold line
 */
export function foldLogText(text: string): FoldLine {
  const parsed = parseSessionLog(text);
  const projection = foldPlanProjection(parsed.events);
  return {
    events: parsed.events.length,
    skipped: parsed.skipped.map((s) => s.line),
    planMode: foldPlanMode(parsed.events),
    plan: { active: projection.active, pending: projection.pending },
    mode: foldMode(parsed.events),
  };
}

/**
 * Run `fold` over `files`, relative to `io.cwd`.
 * @param files at least one path
 * @param io output
 * @returns 0, or 1 when a file could not be read
 */
export function runFold(files: readonly string[], io: CliIo): number {
  let status = 0;
  for (const file of files) {
    let text: string;
    try {
      text = fs.readFileSync(path.resolve(io.cwd, file), 'utf8');
    } catch (error) {
      io.err(`ui-plan fold: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}\n`);
      status = 1;
      continue;
    }
    io.out(`${JSON.stringify(foldLogText(text))}\n`);
  }
  return status;
}
