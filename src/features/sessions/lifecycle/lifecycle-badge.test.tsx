import { act, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readFixture } from '../../../../fixtures/paths.ts';
import { renderInSession } from '../../../../testing/session-render.tsx';
import { renderSidebar } from '../../../../testing/sidebar-render.tsx';
import { callMethod } from '../../../lib/api-client.ts';
import { useLanguageStore, type LanguagePack } from '../../../lib/language.ts';
import { planBadgeZhCN } from '../../../lib/locales.zh-CN.ts';
import { loadRowLifecycle } from '../components/session-link.tsx';
import { SessionsSidebar } from '../sessions-sidebar.tsx';

const capabilities = { setPlanMode: true, import: true, modes: false };
const log = readFixture('todos', 'plan-progress.jsonl');

beforeAll(async () => {
  await loadRowLifecycle();
});
beforeEach(() => history.replaceState(null, '', '/'));

describe('the plan lifecycle on a session row', () => {
  it('says where each listed session’s plan is, from session.list alone', async () => {
    const lines = log.trimEnd().split('\n');
    // The same log cut after its second to-do list: the plan is half carried out.
    const second = lines.findIndex((line, i) => line.includes('"todo/write"') && lines.slice(0, i).some((l) => l.includes('"todo/write"')));
    await callMethod('session.import', { jsonl: `${lines.join('\n')}\n` });
    await callMethod('session.import', {
      jsonl: `${lines
        .slice(0, second + 1)
        .join('\n')
        .replace(/"id":"[^"]+"/, '"id":"session-half"')}\n`,
    });
    renderSidebar({ capabilities });
    const nav = screen.getByRole('navigation', { name: 'Sessions' });
    expect(await within(nav).findByText('Plan done')).toBeVisible();
    expect(await within(nav).findByText('Plan in progress (1 of 4)')).toBeVisible();
  });

  it('reads only plan and todos on a plain dsh host (no progress projection)', async () => {
    const todos = [
      { content: 'Parse the flag', status: 'completed' },
      { content: 'Document it', status: 'pending' },
    ];
    renderInSession(<SessionsSidebar />, 'session-dsh', {
      capabilities: null,
      summary: { title: 'Add a flag', projections: { asOfSeq: 9, values: { plan: { active: false }, todos } } },
    });
    expect(await screen.findByText('Plan stopped (1 of 2)')).toBeVisible();
  });

  it('says plan mode, not drafting, for a session in plan mode with no turn at work (no plan yet)', async () => {
    const { update } = renderInSession(<SessionsSidebar />, 'session-plan-on', {
      capabilities,
      running: false,
      summary: { title: 'A plan', projections: { asOfSeq: 1, values: { plan: { active: true, pending: false } } } },
    });
    const link = await screen.findByRole('link', { name: /A plan/ });
    expect(await within(link).findByText('Plan mode on')).toBeVisible();
    expect(link).not.toHaveTextContent(/Drafting/);
    act(() => useLanguageStore.setState({ chosen: 'zh-CN', packs: { 'zh-CN': { planBadge: planBadgeZhCN } as LanguagePack } }));
    try {
      expect(link).toHaveTextContent(planBadgeZhCN.on);
    } finally {
      act(() => useLanguageStore.setState({ chosen: 'en' }));
    }
    // Once a turn runs in plan mode, the agent is drafting a plan.
    await update({ running: true });
    expect(await within(link).findByText('Drafting a plan')).toBeVisible();
  });

  it('keeps the plan-mode badge while plan mode is entering', async () => {
    renderInSession(<SessionsSidebar />, 'session-entering', {
      capabilities: null,
      summary: { title: 'A plan', projections: { asOfSeq: 1, values: { plan: { active: false, pending: true } } } },
    });
    const link = await screen.findByRole('link', { name: /A plan/ });
    expect(link).toHaveTextContent('Plan mode entering (pending)');
    expect(link).not.toHaveTextContent(/Drafting/);
  });
});
