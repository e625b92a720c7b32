/**
 * Axe on the main screens of the session-modes variant (`ui-plan serve --config examples/modes.yaml`), in light and
 * dark at 1280 and 375 px, with a screenshot of each. One row per screen.
 */
import { expect } from '@playwright/test';
import { checkScreens, type Screen } from '../a11y.ts';
import { newSession, reviewCard, send } from '../helpers.ts';

const screens: Screen[] = [
  {
    name: 'modes-pending-switch',
    setup: async (page) => {
      await newSession(page);
      await page.getByRole('group', { name: 'Collaboration mode' }).getByRole('button', { name: 'Review' }).click();
      await expect(page.getByRole('status', { name: 'Default mode, switching to Review (pending)' })).toBeVisible();
    },
  },
  {
    name: 'modes-review-card',
    setup: async (page) => {
      await newSession(page);
      await send(page, '/plan add a --greeting flag to the CLI');
      await expect(reviewCard(page).getByRole('button', { name: 'Approve' })).toBeVisible();
    },
  },
];

checkScreens('modes', screens);
