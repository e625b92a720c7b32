/**
 * The code highlighter of the Markdown component's code blocks, loaded lazily in its own chunk (the
 * first load stays light): `lowlight` (highlight.js core, output as a hast tree of `span`s with `hljs-*` classes —
 * never a `style` attribute, as the Content-Security-Policy has no 'unsafe-inline') with a few common languages
 * registered: TypeScript, JavaScript, JSON, Bash/shell, Python, diff, YAML, Markdown, Go, Rust. Unknown languages
 * are not highlighted (no auto-detection: it would run every grammar). Pure functions of their input.
 */
import { createLowlight } from 'lowlight';
import bash from 'highlight.js/lib/languages/bash';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import typescript from 'highlight.js/lib/languages/typescript';
import yaml from 'highlight.js/lib/languages/yaml';
import type { Root } from 'hast';

const lowlight = createLowlight({ bash, diff, go, javascript, json, markdown, python, rust, shell, typescript, yaml });
// Common fence names the grammars do not alias themselves.
lowlight.registerAlias({ bash: ['sh', 'zsh'], typescript: ['tsx', 'mts', 'cts'], javascript: ['jsx', 'mjs', 'cjs'], json: ['jsonc', 'json5'] });

/** A fence's language name is at most this long, letters, digits and `+#._-` (anything else is not looked up). */
const LANGUAGE_NAME = /^[\w+#.-]{1,32}$/;

/**
 * The registered grammar for a fence's language name (case-insensitive, aliases included: `ts`, `sh`, `yml`, `py`…).
 * @param name the fence's info word (`ts` in ```` ```ts ````)
 * @returns the name to pass to `highlightCode`, or `undefined` when the language is not registered
 */
export function grammarOf(name: string): string | undefined {
  const lower = name.toLowerCase();
  return LANGUAGE_NAME.test(lower) && lowlight.registered(lower) ? lower : undefined;
}

/**
 * Highlight one piece of code (never throws: a grammar failure gives the plain text as one text node).
 * @param code the source text (a run of whole lines)
 * @param grammar a name `grammarOf` returned
 * @returns a hast root of text nodes and `span` elements whose only property is `className` (`hljs-*`)
 */
export function highlightCode(code: string, grammar: string): Root {
  try {
    return lowlight.highlight(grammar, code);
  } catch {
    return { type: 'root', children: [{ type: 'text', value: code }] };
  }
}
