/**
 * The architecture rules of eslint.config.js, seen firing: each small bad snippet, linted as if it sat at the path
 * given, must fail on its rule, and the matching good snippet must pass, so a rule cannot silently stop working.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The rule ids of the errors `code` gets at `path` (relative to the repository; the file need not exist). */
async function errorsOf(code: string, path: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? []).filter((message) => message.severity === 2).map((message) => message.ruleId ?? message.message);
}

/** A function of `lines + 4` counted lines (signature, one declaration, `lines` statements, return, closing brace), plus a comment and a blank line. */
function componentOf(lines: number): string {
  const body = Array.from({ length: lines }, (_, i) => `  out.push(${i});`).join('\n');
  return `export function Big() {\n  // a comment line is not counted\n\n  const out: number[] = [];\n${body}\n  return out;\n}\n`;
}

describe('eslint architecture rules', () => {
  it.each([
    ['useMutation', "import { useMutation } from '@tanstack/react-query';\nexport const m = useMutation;\n"],
    ['the API client', "import { callMethod } from '../../../lib/api-client.ts';\nexport const c = callMethod;\n"],
    ['the downlink transport', "import { connectDownlink } from '../../../lib/downlink.ts';\nexport const c = connectDownlink;\n"],
  ])('fails on %s imported under a feature components/ folder', async (_name, code) => {
    expect(await errorsOf(code, 'src/features/composer/components/bad.tsx')).toContain('no-restricted-imports');
  });

  it('fails on the API client imported under src/components/', async () => {
    const code = "import { callMethod } from '../lib/api-client.ts';\nexport const c = callMethod;\n";
    expect(await errorsOf(code, 'src/components/bad.tsx')).toContain('no-restricted-imports');
  });

  it("lets a feature's api/ folder hold its mutations and transport calls, and nothing else in the feature", async () => {
    const code =
      "import { useMutation } from '@tanstack/react-query';\nimport { callMethod } from '../../../lib/api-client.ts';\nexport const m = [useMutation, callMethod];\n";
    expect(await errorsOf(code, 'src/features/composer/api/good.ts')).toEqual([]);
    expect(await errorsOf(code.replaceAll('../../../', '../../'), 'src/features/composer/bad.tsx')).toContain('no-restricted-imports');
  });

  it.each(readdirSync(new URL('../src/features', import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory()))(
    'fences the feature $name off from its siblings (the list is read from the folder)',
    async ({ name }) => {
      const sibling = name === 'composer' ? 'sessions/model/list.ts' : 'composer/draft-store.ts';
      const code = `import * as other from '../${sibling}';\nexport const o = other;\n`;
      expect(await errorsOf(code, `src/features/${name}/bad.ts`)).toContain('import-x/no-restricted-paths');
      const own = `import * as copy from './locales.ts';\nexport const c = copy;\n`;
      expect(await errorsOf(own, `src/features/${name}/good.ts`)).toEqual([]);
    },
  );

  it.each([
    ['react', "import { useState } from 'react';\nexport const s = useState;\n"],
    ['a type from react', "import type { ReactNode } from 'react';\nexport type N = ReactNode;\n"],
    ['react-dom', "import { createPortal } from 'react-dom';\nexport const p = createPortal;\n"],
    ['TanStack Query for React', "import { useQuery } from '@tanstack/react-query';\nexport const q = useQuery;\n"],
  ])('fails on src/core importing %s', async (_name, code) => {
    expect(await errorsOf(code, 'src/core/plan/bad.ts')).toContain('no-restricted-imports');
  });

  it('fails on lib importing a component, and on the session layer importing a feature', async () => {
    const component = "import { ActionButton } from '../components/action-button.tsx';\nexport const b = ActionButton;\n";
    expect(await errorsOf(component, 'src/lib/bad.ts')).toContain('import-x/no-restricted-paths');
    const feature = "import { useComposerDraftStore } from '../features/composer/draft-store.ts';\nexport const d = useComposerDraftStore;\n";
    expect(await errorsOf(feature, 'src/session/bad.ts')).toContain('import-x/no-restricted-paths');
  });

  it('fails on a component function over 150 lines, blank lines and comments not counted', async () => {
    expect(await errorsOf(componentOf(146), 'src/features/composer/components/long.tsx')).toEqual([]);
    expect(await errorsOf(componentOf(147), 'src/features/composer/components/long.tsx')).toContain('max-lines-per-function');
    expect(await errorsOf(componentOf(147), 'src/components/long.tsx')).toContain('max-lines-per-function');
  });

  it('fails on a container (a feature top-level .tsx, or src/app) over 100 lines', async () => {
    expect(await errorsOf(componentOf(96), 'src/features/composer/container.tsx')).toEqual([]);
    expect(await errorsOf(componentOf(97), 'src/features/composer/container.tsx')).toContain('max-lines-per-function');
    expect(await errorsOf(componentOf(97), 'src/app/container.tsx')).toContain('max-lines-per-function');
    expect(await errorsOf(componentOf(97), 'src/features/composer/components/piece.tsx')).toEqual([]);
  });
});
