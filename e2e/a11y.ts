/**
 * The accessibility and visual check of the main screens: a table of screens, each a setup
 * that brings the page to it by role and name, checked with axe (`@axe-core/playwright`, WCAG 2.x A/AA and best
 * practices) in light and dark (`page.emulateMedia({ colorScheme })`) at 1280×800 and 375×667, asserting no
 * violation, and photographed in each combination (`e2e/screenshots/a11y/`, git-ignored, and attached to the
 * report). To cover a new screen, add a row to a table in `e2e/server/axe.spec.ts` or `e2e/modes/axe.spec.ts`.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { SHOTS } from './helpers.ts';

/** One main screen: `setup` brings a fresh page to it; `viewports` defaults to both sizes. */
export type Screen = {
  /** Short kebab-case name, used in the test title and the screenshot file names. */
  name: string;
  /** Bring the page to the screen; leave it there, settled (everything it waits for visible). */
  setup: (page: Page) => Promise<void>;
  /** The sizes it is checked at (the sessions drawer exists below 720 px only). */
  viewports?: readonly Viewport[];
};

/** A window size in CSS pixels. */
export type Viewport = { width: number; height: number };

/** The two sizes of the visual check: a laptop and a small phone. */
export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const PHONE: Viewport = { width: 375, height: 667 };

/** The colour schemes every screen is checked in ('system' follows them; a manual theme sets `data-theme`). */
export const SCHEMES = ['light', 'dark'] as const;

/**
 * Rules left out, each with its reason. Keep it empty unless a rule cannot apply to this app; never to hide a finding.
 */
const DISABLED_RULES: readonly string[] = [];

const SHOT_DIR = `${SHOTS}/a11y`;
mkdirSync(SHOT_DIR, { recursive: true });

/** One violation, short enough to read in a failure message. */
type Finding = { rule: string; impact: string | null | undefined; help: string; targets: string[] };

/**
 * Check the page as it is with axe; the findings, one line each.
 * @returns `[]` when axe finds no violation
 */
export async function axeFindings(page: Page): Promise<Finding[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .disableRules([...DISABLED_RULES])
    .analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1, 2).join(' ').trim() ?? ''}`),
  }));
}

/**
 * Wait until the page has painted after a change of scheme or size (two animation frames), so axe and the
 * screenshot see the new colours and layout.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/**
 * Define one Playwright test per screen: set it up once at the first size, then for every size and scheme check it
 * with axe and photograph it; fail with every finding listed.
 * @param project the Playwright project's name, for the screenshot file names (`server`, `modes`)
 * @param screens the table of screens
 */
export function checkScreens(project: string, screens: readonly Screen[]): void {
  for (const screen of screens) {
    test(`the ${screen.name} screen has no axe violations in light and dark, and is photographed`, async ({ page }, testInfo) => {
      const viewports = screen.viewports ?? [DESKTOP, PHONE];
      await page.setViewportSize(viewports[0] ?? DESKTOP);
      await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
      await screen.setup(page);
      const failures: string[] = [];
      for (const viewport of viewports) {
        await page.setViewportSize(viewport);
        for (const scheme of SCHEMES) {
          await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
          await settled(page);
          await photograph(page, testInfo, `${project}-${screen.name}-${scheme}-${viewport.width}`);
          for (const finding of await axeFindings(page)) {
            failures.push(`${scheme} ${viewport.width} px: ${finding.rule} (${finding.impact}) ${finding.help}\n    ${finding.targets.join('\n    ')}`);
          }
        }
      }
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
}

async function photograph(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = `${SHOT_DIR}/${name}.png`;
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
