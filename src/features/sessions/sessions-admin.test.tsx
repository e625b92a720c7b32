import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fixturePath } from '../../../fixtures/paths.ts';
import { renderSidebar as renderWith, type SidebarSeed } from '../../../testing/sidebar-render.tsx';
import { callMethod } from '../../lib/api-client.ts';
import { matchesFilter } from './model/list.ts';
import { UNDO_MS } from './model/undo.ts';

const withSessions = { setPlanMode: true, import: true, modes: false, sessions: true };

const renderSidebar = (seed: Partial<SidebarSeed> = {}) => renderWith({ capabilities: withSessions, ...seed });

async function named(title: string): Promise<string> {
  const { sessionId } = await callMethod('session.create', {});
  await callMethod('session.rename', { sessionId, title });
  return sessionId;
}

beforeEach(() => history.replaceState(null, '', '/'));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

it.each([
  ['Greeting flag', 'greet', true],
  ['Greeting flag', '  FLAG ', true],
  ['问候参数', '问候', true],
  ['ＦＵＬＬ width', 'full', true],
  ['Greeting flag', 'docs', false],
  ['anything', '', true],
])('matches %j against the filter %j: %s', (title, query, expected) => {
  expect(matchesFilter(title, query)).toBe(expected);
});

it('filters the list by title, case-insensitive, Chinese included', async () => {
  const user = userEvent.setup();
  await named('Greeting flag');
  await named('问候参数的文档');
  await named('Docs');
  renderSidebar();
  const nav = screen.getByRole('navigation', { name: 'Sessions' });
  expect(await within(nav).findAllByRole('link')).toHaveLength(3);
  const filter = within(nav).getByRole('searchbox', { name: 'Filter sessions' });
  await user.type(filter, 'GREET');
  expect(
    within(nav)
      .getAllByRole('link')
      .map((l) => l.querySelector('.session-title')?.textContent),
  ).toEqual(['Greeting flag']);
  await user.clear(filter);
  await user.type(filter, '问候');
  expect(
    within(nav)
      .getAllByRole('link')
      .map((l) => l.querySelector('.session-title')?.textContent),
  ).toEqual(['问候参数的文档']);
  await user.clear(filter);
  await user.type(filter, 'zzz');
  expect(within(nav).queryAllByRole('link')).toEqual([]);
  expect(within(nav).getByText('No session title matches “zzz”.')).toBeInTheDocument();
});

it('renames a session with Enter, cancels with Escape, and an empty title goes back to the derived one', async () => {
  const user = userEvent.setup();
  await callMethod('session.import', { jsonl: readFileSync(fixturePath('sessions', 'recorded-no-title.jsonl'), 'utf8') });
  renderSidebar();
  const derived = 'Rename the --verbose flag to --loud across the CLI and its…';
  await user.click(await screen.findByRole('button', { name: `Rename “${derived}”` }));
  const field = screen.getByRole('textbox', { name: 'Session title' });
  expect(field).toHaveFocus();
  await user.clear(field);
  await user.type(field, 'Loud flag{Enter}');
  expect(await screen.findByRole('link', { name: /Loud flag/ })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Rename “Loud flag”' }));
  await user.type(screen.getByRole('textbox', { name: 'Session title' }), ' ignored{Escape}');
  expect(screen.queryByRole('textbox', { name: 'Session title' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Loud flag/ })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Rename “Loud flag”' }));
  await user.clear(screen.getByRole('textbox', { name: 'Session title' }));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('link', { name: new RegExp(derived.slice(0, 30)) })).toBeInTheDocument();
});

it('deletes a session after a confirmation reachable by keyboard, and Undo brings it back', async () => {
  const user = userEvent.setup();
  const sessionId = await named('Throwaway');
  renderSidebar({ selectedId: sessionId });
  location.hash = `#/s/${sessionId}`;
  await user.click(await screen.findByRole('button', { name: 'Delete “Throwaway”' }));
  const dialog = screen.getByRole('alertdialog', { name: 'Delete this session?' });
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Throwaway/ })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Delete “Throwaway”' }));
  await user.tab();
  expect(screen.getByRole('button', { name: 'Delete session' })).toHaveFocus();
  await user.keyboard('{Enter}');
  await waitFor(() => expect(screen.queryByRole('link', { name: /Throwaway/ })).not.toBeInTheDocument());
  expect((await callMethod('session.list', {})).items).toEqual([]);
  expect(location.hash).toBe('');
  const note = screen.getByRole('status');
  expect(note).toHaveTextContent('Deleted “Throwaway”.');
  const undo = within(note).getByRole('button', { name: 'Undo' });
  expect(undo).toHaveFocus();
  await user.click(undo);
  expect(await screen.findByRole('link', { name: /Throwaway/ })).toBeInTheDocument();
  await waitFor(() => expect(location.hash).toBe(`#/s/${sessionId}`));
  expect((await callMethod('session.list', {})).items.map((i) => i.sessionId)).toEqual([sessionId]);
});

it.each([
  ['a plan under review', { reviewPending: true }, 'The plan waiting for your review is cancelled and stays cancelled after Undo.'],
  ['a question', { questionPending: true }, 'The question waiting for your answer is cancelled and stays cancelled after Undo.'],
  ['a running turn', { running: true }, 'Its running turn stops and stays stopped after Undo.'],
])('says before deleting a session with %s what deleting stops', async (_name, busy, sentence) => {
  const user = userEvent.setup();
  const sessionId = await named('Busy');
  renderSidebar({ selectedId: sessionId, sessionId, badges: busy });
  await user.click(await screen.findByRole('button', { name: 'Delete “Busy”' }));
  const dialog = screen.getByRole('alertdialog', { name: 'Delete this session?' });
  expect(dialog).toHaveAccessibleDescription(`“Busy” and its log leave the list. You can undo this for a few seconds. ${sentence}`);
});

it('stops offering Undo after a few seconds, the session staying deleted', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await named('Gone');
  renderSidebar();
  await user.click(await screen.findByRole('button', { name: 'Delete “Gone”' }));
  await user.click(screen.getByRole('button', { name: 'Delete session' }));
  expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();
  act(() => void vi.advanceTimersByTime(UNDO_MS));
  expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  expect((await callMethod('session.list', {})).items).toEqual([]);
});

it('hides rename and delete on a host without the sessions capability (a plain dsh host)', async () => {
  await named('Listed');
  renderSidebar({ capabilities: null });
  expect(await screen.findByRole('link', { name: /Listed/ })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Rename|Delete/ })).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Open session log')).not.toBeInTheDocument();
});

it('makes New session a draft the list shows only after its first message', async () => {
  const user = userEvent.setup();
  renderSidebar();
  await screen.findByText('No sessions yet.');
  await user.click(screen.getByRole('button', { name: 'New session' }));
  await waitFor(() => expect(location.hash).toMatch(/^#\/s\/session-/));
  const sessionId = decodeURIComponent(location.hash.slice('#/s/'.length));
  expect((await callMethod('session.list', {})).items).toEqual([]);
  await callMethod('session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'first words' }] });
  await waitFor(async () => expect((await callMethod('session.list', {})).items.map((i) => i.sessionId)).toEqual([sessionId]));
});
