/**
 * The one-way import zones of eslint.config.js (docs/style.md "One-way imports") fail lint where they must: each case lints a
 * one-line module at a path inside the zone's target (the file need not exist; the imported one does) and expects
 * `import-x/no-restricted-paths` to fire, or, for the allowed arrows beside them, not to.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The `import-x/no-restricted-paths` messages for a module at `filePath` (relative to the repo) holding `code`. */
async function zoneErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const probe = imported;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('the two adapters never import each other', () => {
  it.each([
    ['server/zone-probe.ts', "import { createHandlers as imported } from '../mocks/handlers.ts';"],
    ['server/zone-probe.test.ts', "import { createHandlers as imported } from '../mocks/handlers.ts';"],
    ['mocks/zone-probe.ts', "import { createUiPlanServer as imported } from '../server/http.ts';"],
    ['mocks/zone-probe.test.ts', "import { createUiPlanServer as imported } from '../server/http.ts';"],
  ])('%s importing the other adapter fails lint', async (file, code) => {
    expect(await zoneErrors(file, code)).toEqual([expect.stringContaining('never import each other')]);
  });

  it.each([
    ['server/zone-probe.ts', "import { bodyLimitOf as imported } from '../carrier/limits.ts';"],
    ['mocks/zone-probe.ts', "import { bodyLimitOf as imported } from '../carrier/limits.ts';"],
  ])('%s importing carrier/ passes', async (file, code) => {
    expect(await zoneErrors(file, code)).toEqual([]);
  });
});

describe('the layers below features', () => {
  it('src/lib importing src/components fails lint', async () => {
    expect(await zoneErrors('src/lib/zone-probe.ts', "import { safeLinkUrl as imported } from '../components/safe-url.ts';")).toEqual([
      expect.stringContaining('lib sits below components'),
    ]);
  });

  it('harness/ importing server/ or carrier/ fails lint; carrier/ importing harness/ fails lint', async () => {
    expect(await zoneErrors('harness/zone-probe.ts', "import { createUiPlanServer as imported } from '../server/http.ts';")).toEqual([
      expect.stringMatching(/imports? only src\/core/),
    ]);
    expect(await zoneErrors('harness/zone-probe.ts', "import { bodyLimitOf as imported } from '../carrier/limits.ts';")).toEqual([
      expect.stringMatching(/imports? only src\/core/),
    ]);
    expect(await zoneErrors('carrier/zone-probe.ts', "import { createHarness as imported } from '../harness/harness.ts';")).toEqual([
      expect.stringMatching(/imports? only src\/core/),
    ]);
  });
});
