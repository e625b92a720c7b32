/**
 * Plan writing of the scripted model: the title of a task, the files of a `list_files` listing that
 * matter for it, the `#`-headed markdown plan (3–5 steps, each naming one file), its revision after a
 * review (through the one feedback interpreter, `scripted-feedback.ts`), and the parse of an approved plan back into executable steps. Pure and deterministic.
 * Plans always satisfy the exit_plan_mode heading rule (`plan.trim()` matches `^#\s+\S`, docs/upstream-spec.md §1.9).
 */
import { applyFeedback, outcomeLine, type ClauseOutcome } from './scripted-feedback.ts';
import { keywordsOf, type PlanStep } from './scripted-words.ts';

/** What a plan is built from. */
export interface PlanInput {
  /** The user's task, verbatim (the message that started planning). */
  task: string;
  /** Paths of the latest `list_files` result; empty when the workspace was not listed or is empty. */
  listing: string[];
  /** The file read while exploring, with its text, if any. */
  read?: { path: string; text: string };
  /** Review feedback to incorporate, oldest first; `''` stands for "keep planning" without comments. */
  feedback: string[];
  /** The steps to start from instead of the fresh plan's (those of a reviewer's edited plan the model adopted). */
  base?: PlanStep[] | undefined;
}

const SKIPPED_PATH = /(^|\/)(node_modules|\.git|dist|build|coverage)\//;
const UNWRITABLE =
  /(\.(json|lock|png|jpe?g|gif|ico|webp|pdf|zip|gz|tgz|woff2?|ttf|eot|mp[34]|wasm|bin|exe)|(^|\/)(package-lock\.json|yarn\.lock|pnpm-lock\.yaml))$/i;
const TEST_FILE = /(^|\/)(tests?|__tests__|spec)\/|[._-](test|spec)\.[a-z0-9]+$/i;
const README = /(^|\/)readme(\.[a-z]+)?$/i;
const DOC_FILE = /\.(md|mdx|txt|rst|adoc)$/i;
const ENTRY_POINT = /(^|\/)(index|main|app|cli|server|lib)\.[a-z0-9]+$/i;
const QUESTION_START = /^(what|why|how|who|whom|whose|when|where|which|is|are|was|were|can|could|should|would|do|does|did|explain|tell me|describe|compare)\b/i;

/**
 * Turns a task into a plan title: first sentence, polite and "plan …:" prefixes dropped, first letter
 * capitalised, trailing full stop removed, at most 72 characters (cut at a word, with "…").
 * @param task - the user's message; any text.
 * @returns a non-empty single-line title (`'Plan'` when nothing usable is left).
 */
export function titleFromTask(task: string): string {
  let t = task
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\/plan\b\s*/i, '');
  t = t.split(/(?<=[.!?])\s+(?=[A-Z0-9"'“`])/)[0] ?? t;
  t = t
    .replace(/^(please|pls|kindly|hey|hi|ok|okay|so)[,!]?\s+/i, '')
    .replace(/^(can|could|would|will) you( please)?\s+/i, '')
    .replace(/^i('d| would)? (want|need|like) (you )?to\s+/i, '')
    .replace(/^(let'?s|help me)\s+/i, '');
  const colon = /^(plan|design|propose|draft|outline|sketch|come up with)\b[^:]{0,48}:\s*(.+)$/i.exec(t);
  if (colon?.[2]) t = colon[2];
  else t = t.replace(/^(plan|design|propose|outline|sketch)( out)?( how to| to| for)?\s+(?=\S)/i, '');
  t = t.replace(/[\s.!;:,]+$/, '');
  if (t.length > 72) {
    const cut = t.slice(0, 72);
    const space = cut.lastIndexOf(' ');
    t = `${(space > 40 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`;
  }
  return t === '' ? 'Plan' : t.charAt(0).toUpperCase() + t.slice(1);
}

/** Whether a task reads as a question or conversation rather than a change to make. */
export function isConversational(task: string): boolean {
  const t = titleFromTask(task);
  return t.endsWith('?') || QUESTION_START.test(t) || /^(hi|hello|hey|thanks|thank you)\b/i.test(task.trim());
}

/**
 * Paths of a `list_files` result: one per line, trimmed, blank lines and directories (`…/`) dropped.
 * @param text - the tool result text.
 */
export function parseListing(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim().replace(/^\.\//, ''))
    .filter((line) => line !== '' && !line.endsWith('/') && !/\s{2,}|^\(.*\)$/.test(line));
}

function pathTokens(path: string): string[] {
  return path
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((token) => token !== '');
}

/**
 * Relevance of a path to a set of keywords: one point per keyword matching a path token (equal, or a
 * prefix of at least 4 letters either way). 0 means unrelated.
 */
export function relevance(path: string, keywords: readonly string[]): number {
  const tokens = pathTokens(path);
  let score = 0;
  for (const keyword of keywords) {
    const hit = tokens.some(
      (token) => token === keyword || (keyword.length >= 4 && token.startsWith(keyword)) || (token.length >= 4 && keyword.startsWith(token)),
    );
    if (hit) score += 1;
  }
  return score;
}

function writable(listing: readonly string[]): string[] {
  return listing.filter((path) => !SKIPPED_PATH.test(path) && !UNWRITABLE.test(path));
}

/**
 * The file most worth reading for a task: the best-scoring writable, non-test path; else an entry point;
 * else the first code file; else the README; else the first writable path. `undefined` when nothing is writable.
 * @param task - the user's task.
 * @param listing - paths of the workspace.
 */
export function primaryFile(task: string, listing: readonly string[]): string | undefined {
  const candidates = writable(listing);
  const keywords = keywordsOf(task);
  let best: string | undefined;
  let bestScore = 0;
  for (const path of candidates) {
    if (TEST_FILE.test(path)) continue;
    const score = relevance(path, keywords);
    if (score > bestScore) {
      best = path;
      bestScore = score;
    }
  }
  return (
    best ??
    candidates.find((path) => ENTRY_POINT.test(path) && !TEST_FILE.test(path)) ??
    candidates.find((path) => !TEST_FILE.test(path) && !DOC_FILE.test(path)) ??
    candidates.find((path) => README.test(path)) ??
    candidates[0]
  );
}

function slugOf(title: string): string {
  return keywordsOf(title).slice(0, 4).join('-') || 'plan';
}

function stem(path: string): string {
  const base = path.split('/').pop() ?? path;
  return base.replace(/([._-](test|spec))?\.[a-z0-9]+$/i, '').toLowerCase();
}

/** The steps of a fresh plan (3–5), each naming one file. */
function baseSteps(input: PlanInput, title: string): PlanStep[] {
  const candidates = writable(input.listing);
  const keywords = keywordsOf(input.task);
  const readme = candidates.find((path) => README.test(path));
  const notes = `docs/${slugOf(title)}.md`;
  const quoted = `“${title}”`;

  if (isConversational(input.task)) {
    const source = input.read?.path ?? readme ?? candidates[0];
    const steps: PlanStep[] = [];
    steps.push(
      source === undefined
        ? { file: notes, text: `Start \`${notes}\` with the question and the assumptions behind it.` }
        : { file: notes, text: `Note what \`${source}\` already says about the question in \`${notes}\`.` },
    );
    steps.push({ file: notes, text: `Write a short answer to ${quoted} in \`${notes}\`, with one concrete example.` });
    steps.push(
      readme === undefined
        ? { file: notes, text: `Close \`${notes}\` with open questions and what to check next.` }
        : { file: readme, text: `Link the answer from \`${readme}\` so it is easy to find.` },
    );
    return steps;
  }

  const primary = primaryFile(input.task, input.listing) ?? `src/${slugOf(title)}.ts`;
  const summary = title.charAt(0).toLowerCase() + title.slice(1);
  const steps: PlanStep[] = [{ file: primary, text: `Make the change in \`${primary}\`: ${summary}.` }];

  const secondary = candidates
    .filter((path) => path !== primary && !TEST_FILE.test(path) && !README.test(path))
    .map((path) => ({ path, score: relevance(path, keywords) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score)[0]?.path;
  if (secondary !== undefined) {
    steps.push({ file: secondary, text: `Adjust \`${secondary}\` so its callers and types stay consistent with the change.` });
  }

  const tests = candidates.filter((path) => TEST_FILE.test(path));
  const test = tests.find((path) => stem(path) === stem(primary)) ?? tests.find((path) => relevance(path, keywords) > 0) ?? tests[0];
  steps.push(
    test === undefined
      ? { file: notes, text: `Write down how to verify the change by hand in \`${notes}\`.` }
      : { file: test, text: `Extend \`${test}\` with a case that covers the new behaviour.` },
  );
  steps.push(
    readme === undefined || readme === primary
      ? { file: notes, text: `Summarise the change and its usage at the top of \`${notes}\`.` }
      : { file: readme, text: `Document the change in \`${readme}\`.` },
  );
  return steps;
}

/**
 * The file an added step writes: a listed path or basename its text mentions, else the file of the step its
 * words match best, else the first step's file (`NOTES.md` for a plan without steps).
 */
function addedStepTarget(text: string, listing: readonly string[], steps: readonly PlanStep[]): string {
  const lower = text.toLowerCase();
  const named = writable(listing).find((path) => lower.includes(path.toLowerCase()) || lower.includes((path.split('/').pop() ?? path).toLowerCase()));
  if (named !== undefined) return named;
  const keywords = keywordsOf(text);
  const best = steps
    .map((step) => ({ step, score: relevance(step.file, keywords) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score)[0]?.step;
  return best?.file ?? steps[0]?.file ?? 'NOTES.md';
}

function quoteBlock(text: string): string {
  return text
    .trim()
    .split('\n')
    .map((line) => `> ${line}`.trimEnd())
    .join('\n');
}

/** A written plan and what each clause of its feedback did (`FeedbackResult.outcomes`). */
export interface WrittenPlan {
  plan: string;
  outcomes: ClauseOutcome[][];
}

/**
 * Writes the plan for `input`: `# <title>`, a Context section, numbered Steps (3–5 before review, each naming
 * one file), a Verification section and, when `input.feedback` is non-empty, the steps changed by the documented
 * feedback phrases (`applyFeedback`) and a "Changes after review" section that quotes each piece of feedback
 * verbatim and says what each clause did, or that it was not understood and changed nothing.
 * @param input - the task, listing, read file and feedback.
 * @returns the markdown, whose trimmed text starts with a level-1 heading (docs/upstream-spec.md §1.9 check 3),
 *   and the per-clause outcomes of the feedback.
 */
export function writePlanWithOutcomes(input: PlanInput): WrittenPlan {
  const title = titleFromTask(input.task);
  const revised = input.feedback.length > 0;
  const comments = input.feedback.map((text) => text.trim()).filter((text) => text !== '');
  const { steps, outcomes } = applyFeedback(input.base?.length ? input.base : baseSteps(input, title), comments, (text, current) =>
    addedStepTarget(text, input.listing, current),
  );

  const lines: string[] = [`# ${title}${revised ? ' (revised)' : ''}`, '', '## Context'];
  const touched = [...new Set(steps.map((s) => s.file))];
  const added = touched.filter((file) => !input.listing.includes(file));
  const addedText = added.length === 0 ? '' : ` and adds ${added.map((file) => `\`${file}\``).join(', ')}`;
  lines.push(
    input.listing.length === 0
      ? `- The workspace listing was empty, so this plan creates ${added.map((file) => `\`${file}\``).join(', ')}.`
      : `- The workspace has ${input.listing.length} file${input.listing.length === 1 ? '' : 's'}; this plan changes ${touched.length - added.length} of them${addedText}.`,
  );
  if (input.read !== undefined) {
    const count = input.read.text === '' ? 0 : input.read.text.split('\n').length;
    lines.push(`- I read \`${input.read.path}\` (${count} line${count === 1 ? '' : 's'}) to ground the plan.`);
  }
  lines.push('- Plan mode is on: nothing has been changed yet.', '', '## Steps');
  steps.forEach((step, i) => lines.push(`${i + 1}. ${step.text}`));
  lines.push('', '## Verification', '- Re-read every touched file and run the project’s checks before calling it done.');

  if (revised) {
    lines.push('', '## Changes after review');
    if (comments.length === 0) {
      lines.push('- The review asked for another pass without comments; the steps are unchanged.');
    } else {
      for (const comment of comments) lines.push(quoteBlock(comment), '');
      lines.push(...outcomes.flat().map(outcomeLine));
    }
  }
  return { plan: `${lines.join('\n')}\n`, outcomes };
}

/**
 * The markdown of `writePlanWithOutcomes(input)`.
 * @param input - the task, listing, read file and feedback.
 */
export function writePlan(input: PlanInput): string {
  return writePlanWithOutcomes(input).plan;
}

/**
 * Reads an approved plan back into steps: the numbered or bulleted items of its `## Steps` section (of the
 * whole plan when it has none, minus any "Changes after review" section), each with the first backticked
 * path it names (`NOTES.md` when it names none).
 * @param plan - the plan markdown as approved.
 * @returns the steps in order; empty when the plan has no list items.
 */
export function parsePlanSteps(plan: string): PlanStep[] {
  const lines = plan.split('\n');
  const sections: { heading: string; body: string[] }[] = [{ heading: '', body: [] }];
  for (const line of lines) {
    const heading = /^#{2,6}\s+(.*)$/.exec(line);
    if (heading) sections.push({ heading: heading[1] ?? '', body: [] });
    else sections[sections.length - 1]?.body.push(line);
  }
  const stepsSection = sections.find((section) => /^steps\b/i.test(section.heading.trim()));
  const body = stepsSection
    ? stepsSection.body
    : sections.filter((section) => !/changes after review|verification/i.test(section.heading)).flatMap((s) => s.body);
  const steps: PlanStep[] = [];
  for (const line of body) {
    const item = /^\s*(?:\d+[.)]|[-*+])\s+(.+)$/.exec(line);
    if (!item?.[1]) continue;
    const path = /`([^`\s]+\.[A-Za-z0-9]+|[^`\s]+\/[^`\s]+)`/.exec(item[1])?.[1];
    steps.push({ file: path ?? 'NOTES.md', text: item[1].trim() });
  }
  return steps;
}

/**
 * Appends a one-line note about a plan step to a file's text: a `<title>: <step>` comment in the file's
 * language (`//`, `#`, `--`, `<!-- -->`, `/* *\/`), or a `- <step>` list item for markdown, text and
 * unknown kinds (a new markdown file starts with `# <title>`).
 * @param path - the file path (its extension picks the syntax).
 * @param base - current file text (`''` for a new file).
 * @param step - the step sentence, one line, without markdown code ticks.
 * @param title - the plan title.
 * @returns the new file text, ending with a newline.
 */
export function appendNote(path: string, base: string, step: string, title: string): string {
  const note = `${title}: ${step}`;
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  const name = (path.split('/').pop() ?? path).toLowerCase();
  let line: string;
  if (['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'go', 'rs', 'java', 'c', 'h', 'cc', 'cpp', 'hpp', 'cs', 'swift', 'kt', 'scala', 'dart', 'php'].includes(ext)) {
    line = `// ${note}`;
  } else if (
    ['py', 'sh', 'bash', 'zsh', 'rb', 'yaml', 'yml', 'toml', 'ini', 'cfg', 'conf', 'r', 'pl', 'ex', 'exs', 'env'].includes(ext) ||
    ['makefile', 'dockerfile'].includes(name)
  ) {
    line = `# ${note}`;
  } else if (['sql', 'lua', 'hs'].includes(ext)) {
    line = `-- ${note}`;
  } else if (['css', 'scss', 'less'].includes(ext)) {
    line = `/* ${note} */`;
  } else if (['html', 'xml', 'svg', 'vue'].includes(ext)) {
    line = `<!-- ${note} -->`;
  } else {
    const head = base === '' && (ext === 'md' || ext === 'mdx' || ext === '') ? `# ${title}\n\n` : '';
    return `${head}${base}${base === '' || base.endsWith('\n\n') ? '' : base.endsWith('\n') ? '\n' : '\n\n'}- ${step}\n`;
  }
  return `${base}${base === '' || base.endsWith('\n') ? '' : '\n'}${line}\n`;
}
