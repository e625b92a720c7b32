/**
 * Axe on every main screen of the plan-mode app (`ui-plan serve`, scripted model), in light and dark at 1280 and
 * 375 px, with a screenshot of each. One row per screen: add a row to cover a new one.
 */
import { expect, type Page } from '@playwright/test';
import { PHONE, checkScreens, type Screen } from '../a11y.ts';
import { COMMENT_ON_LINES, blockControl, commentOnBlock, newSession, openPlanReview, reviewCard, send } from '../helpers.ts';

const connected = (page: Page) => page.getByRole('status', { name: 'Connected' }).first();
const dock = (page: Page) => page.getByRole('region', { name: 'Message dock' });

/**
 * Keep the page in its running state while it is checked (the scripted model would finish the turn in a second):
 * once a turn has started and the user's message is in, hold every later session frame, and the host frame that
 * says the session stopped running. The liveness probe's history read is held too, so it cannot notice the frames
 * held back and resync.
 */
async function holdAfterTurnStart(page: Page): Promise<void> {
  let started = false;
  let messaged = false;
  let holding = false;
  await page.routeWebSocket(/\/api\/events\.mux/, (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) => {
      if (holding) return;
      socket.send(message);
      if (typeof message !== 'string') return;
      started ||= message.includes('"turn/start"');
      messaged ||= message.includes('"user/message"');
      holding = started && messaged;
    });
  });
  await page.routeWebSocket(/\/api\/events\.host/, (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) => {
      if (holding && typeof message === 'string' && /"running":\s*false/.test(message)) return;
      socket.send(message);
    });
  });
  await page.route(/\/api\/session\.history$/, async (route) => {
    if (holding) return; // never answered: the probe waits
    await route.continue();
  });
}

const screens: Screen[] = [
  {
    name: 'empty',
    setup: async (page) => {
      await page.goto('/');
      await expect(connected(page)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'No session selected' })).toBeVisible();
    },
  },
  {
    name: 'session',
    setup: async (page) => {
      await newSession(page);
      await send(page, 'What does the CLI do?');
      await expect(page.getByText('Turn completed')).toBeVisible();
    },
  },
  {
    name: 'running',
    setup: async (page) => {
      await holdAfterTurnStart(page);
      await newSession(page);
      await send(page, 'What does the CLI do?');
      await expect(page.getByText('Running…')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Transcript' }).getByText('What does the CLI do?')).toBeVisible();
    },
  },
  {
    name: 'review-card',
    setup: async (page) => {
      await newSession(page);
      await send(page, '/plan add a --greeting flag to the CLI');
      await expect(reviewCard(page).getByRole('button', { name: 'Approve' })).toBeVisible();
    },
  },
  {
    // Line comments: revision 2 lists the comment sent on v1 (carried forward) and a comment box is open.
    name: 'review-comments',
    setup: async (page) => {
      await newSession(page);
      await send(page, '/plan add a --greeting flag to the CLI');
      const card = reviewCard(page);
      await expect(card.getByRole('button', { name: 'Approve' })).toBeVisible();
      await commentOnBlock(card, blockControl(card, 'first list item'), 'Which file?');
      await card.getByRole('button', { name: 'Keep planning' }).click();
      await expect(card.getByText('Comments sent on v1')).toBeVisible({ timeout: 30_000 });
      await card.getByRole('button', { name: 'Carry forward' }).click();
      await blockControl(card, 'title').getByRole('button', { name: COMMENT_ON_LINES }).click();
      await expect(card.getByRole('textbox', { name: 'Comment', exact: true })).toBeFocused();
    },
  },
  {
    // Editing the plan: edits sent and adopted on revision 2 (the "adopted" line), then the editor open again with an
    // edit typed and the Discard confirm showing.
    name: 'plan-edit',
    setup: async (page) => {
      await newSession(page);
      await send(page, '/plan add a --greeting flag to the CLI');
      const card = reviewCard(page);
      await expect(card.getByRole('button', { name: 'Approve' })).toBeVisible();
      await card.getByRole('button', { name: 'Edit plan' }).click();
      const box = card.getByRole('textbox', { name: 'Plan', exact: true });
      await box.press('Control+End');
      await box.pressSequentially('\n- Also print the greeting in `--help`.');
      await card.getByRole('button', { name: 'Send edits as feedback' }).click();
      await expect(card.getByText('The agent adopted your edits (sent on v1).')).toBeVisible({ timeout: 30_000 });
      await card.getByRole('button', { name: 'Edit plan' }).click();
      await box.press('Control+End');
      await box.pressSequentially('\n## More');
      await card.getByRole('button', { name: 'Discard edits' }).click();
      await expect(card.getByRole('alertdialog', { name: 'Discard edits?' })).toBeVisible();
    },
  },
  {
    // The plan outline on revision 2 (changed sections marked; the Outline menu open where it is a menu) and a comment
    // beside its block on a wide screen, under it at 375 px.
    name: 'plan-outline',
    setup: async (page) => {
      await newSession(page);
      await send(page, '/plan add a --greeting flag to the CLI');
      const card = reviewCard(page);
      await card.getByRole('textbox', { name: 'Feedback' }).fill('Say which file.');
      await card.getByRole('button', { name: 'Keep planning' }).click();
      const outline = card.getByRole('navigation', { name: 'Plan outline' });
      await expect(outline.getByText('changed').first()).toBeAttached({ timeout: 30_000 });
      await commentOnBlock(card, blockControl(card, 'title'), 'Shorter title.');
      const menu = outline.getByRole('button', { name: 'Outline' });
      if (await menu.isVisible()) await menu.click();
      await expect(outline.getByText('changed').first()).toBeVisible();
    },
  },
  {
    // What the model sees, on the plan-on step: its sections, the changed header with its diff, the usage.
    name: 'model-view',
    setup: async (page) => {
      await newSession(page);
      await send(page, 'What does the CLI do?');
      await expect(page.getByText('Turn completed')).toBeVisible();
      await send(page, '/plan add a --greeting flag to the CLI');
      await expect(reviewCard(page).getByRole('button', { name: 'Approve' })).toBeVisible();
      await page.getByRole('tab', { name: 'What the model sees' }).click();
      await page
        .getByRole('navigation', { name: 'Steps' })
        .getByRole('button', { name: /^Turn 2, step 1/ })
        .click();
      await expect(
        page.getByRole('region', { name: 'Changed since the previous header' }).getByRole('region', { name: 'Changes to the system prompt' }),
      ).toBeVisible();
    },
  },
  {
    name: 'question-card',
    setup: async (page) => {
      await newSession(page);
      await send(page, 'Ask me which greeting to use');
      await expect(dock(page).getByRole('radio').first()).toBeVisible();
    },
  },
  {
    // Plan progress with its audit, after an approved plan was carried out.
    name: 'plan-progress',
    setup: async (page) => {
      const card = await openPlanReview(page);
      await card.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByRole('region', { name: 'Plan progress' }).getByText(/^Plan carried out:/)).toBeVisible({ timeout: 60_000 });
    },
  },
  {
    name: 'imported-log',
    setup: async (page) => {
      await page.goto('/');
      await page.getByLabel('Open session log').setInputFiles('fixtures/dsh-recordings/plan-review/session.jsonl');
      await expect(page.getByText(/opened read-only/i)).toBeVisible();
      await expect(page.getByText('DONE', { exact: true })).toBeVisible();
    },
  },
  {
    name: 'sessions-drawer',
    viewports: [PHONE],
    setup: async (page) => {
      await newSession(page);
      await page.getByRole('button', { name: 'Sessions', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Close sessions' })).toBeFocused();
      await expect(page.getByRole('navigation', { name: 'Sessions' }).getByRole('link').first()).toBeVisible();
    },
  },
  {
    // The Waiting for you inbox over the session rows (two reviews waiting), and Preferences → Notifications turned on.
    name: 'waiting-inbox',
    setup: async (page) => {
      await page.context().grantPermissions(['notifications']);
      for (const flag of ['--axe-inbox-one', '--axe-inbox-two']) {
        await newSession(page);
        await send(page, `/plan add a ${flag} flag to the CLI`);
        await expect(reviewCard(page).getByRole('button', { name: 'Approve' })).toBeVisible();
      }
      await page.getByRole('checkbox', { name: 'Desktop notifications' }).check();
      const inbox = page.getByRole('region', { name: 'Waiting for you' });
      await expect(inbox.getByRole('link', { name: /--axe-inbox-two/ })).toBeVisible();
      await inbox.getByRole('link', { name: /--axe-inbox-one/ }).click();
      await expect(reviewCard(page)).toBeFocused();
    },
  },
  {
    name: 'waiting-inbox-drawer',
    viewports: [PHONE],
    setup: async (page) => {
      await newSession(page);
      await send(page, '/plan add a --axe-drawer flag to the CLI');
      await expect(reviewCard(page).getByRole('button', { name: 'Approve' })).toBeVisible();
      await page.getByRole('button', { name: 'Sessions', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Waiting for you' }).getByRole('link', { name: /--axe-drawer/ })).toBeVisible();
    },
  },
  {
    // Back onto a deleted session, with Recently deleted open in the list.
    name: 'deleted-session',
    setup: async (page) => {
      const title = `axe deleted ${Date.now()}`;
      await newSession(page);
      await send(page, title);
      const sessions = page.getByRole('navigation', { name: 'Sessions' });
      await sessions.getByRole('link', { name: new RegExp(title) }).focus();
      await page.keyboard.press('Delete');
      await page.getByRole('alertdialog', { name: 'Delete this session?' }).getByRole('button', { name: 'Delete session' }).click();
      await sessions.getByText(/^Recently deleted/).click();
      await expect(sessions.getByRole('button', { name: `Restore “${title}”` })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: 'This session was deleted' })).toBeVisible();
    },
  },
];

checkScreens('server', screens);
