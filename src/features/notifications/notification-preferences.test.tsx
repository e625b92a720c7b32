import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { NotificationPreferences } from './notification-preferences.tsx';
import { NOTIFICATIONS_KEY, useNotificationPreferences } from './preferences-store.ts';
import { primeSound } from './sound.ts';

vi.mock('./sound.ts', () => ({ primeSound: vi.fn(), chime: vi.fn() }));

/** A stand-in for the browser's `Notification`: its permission and what `requestPermission` answers. */
function fakeNotification(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const api = { permission, requestPermission: vi.fn(async () => ((api.permission = answer), answer)) };
  vi.stubGlobal('Notification', api);
  return api;
}

const stored = () => JSON.parse(localStorage.getItem(NOTIFICATIONS_KEY) ?? 'null') as { state: { desktop: boolean; sound: boolean } } | null;

beforeEach(() => {
  vi.mocked(primeSound).mockClear();
  localStorage.clear();
  useNotificationPreferences.setState({ desktop: false, sound: false, access: 'default' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

it('offers both switches, off by default, and never asks for the permission on its own', async () => {
  const api = fakeNotification('default');
  render(<NotificationPreferences />);
  const group = screen.getByRole('group', { name: 'Notifications' });
  expect(group).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'Desktop notifications' })).not.toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Sound' })).not.toBeChecked();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(api.requestPermission).not.toHaveBeenCalled();
});

it('asks the browser once the person turns desktop notifications on, and keeps the choice', async () => {
  const api = fakeNotification('default', 'granted');
  const user = userEvent.setup();
  render(<NotificationPreferences />);
  await user.click(screen.getByRole('checkbox', { name: 'Desktop notifications' }));
  expect(api.requestPermission).toHaveBeenCalledTimes(1);
  expect(await screen.findByRole('checkbox', { name: 'Desktop notifications', checked: true })).toBeInTheDocument();
  expect(stored()?.state).toEqual({ desktop: true, sound: false });

  await user.click(screen.getByRole('checkbox', { name: 'Desktop notifications' }));
  expect(screen.getByRole('checkbox', { name: 'Desktop notifications' })).not.toBeChecked();
  expect(stored()?.state.desktop).toBe(false);
  expect(api.requestPermission).toHaveBeenCalledTimes(1);
});

it('turns on at once, without a prompt, when the permission was granted before', async () => {
  const api = fakeNotification('granted');
  const user = userEvent.setup();
  render(<NotificationPreferences />);
  await user.click(screen.getByRole('checkbox', { name: 'Desktop notifications' }));
  expect(screen.getByRole('checkbox', { name: 'Desktop notifications' })).toBeChecked();
  expect(api.requestPermission).not.toHaveBeenCalled();
});

it.each([
  ['refused at the prompt', 'default' as const, 'denied' as const],
  ['blocked in the site settings', 'denied' as const, 'denied' as const],
  ['the prompt dismissed', 'default' as const, 'default' as const],
])('stays off and says why when the permission is %s', async (_name, before, answer) => {
  fakeNotification(before, answer);
  const user = userEvent.setup();
  render(<NotificationPreferences />);
  await user.click(screen.getByRole('checkbox', { name: 'Desktop notifications' }));
  expect(screen.getByRole('checkbox', { name: 'Desktop notifications' })).not.toBeChecked();
  if (answer === 'denied') expect(await screen.findByRole('status')).toHaveTextContent('This browser blocks notifications for this site');
  expect(screen.getByRole('checkbox', { name: 'Desktop notifications' })).toBeEnabled();
  expect(stored()?.state.desktop ?? false).toBe(false);
});

it('is unavailable, with the reason, in a browser without notifications', () => {
  vi.stubGlobal('Notification', undefined);
  render(<NotificationPreferences />);
  expect(screen.getByRole('checkbox', { name: 'Desktop notifications' })).toBeDisabled();
  expect(screen.getByRole('status')).toHaveTextContent('This browser cannot show notifications.');
  expect(screen.getByRole('group', { name: 'Notifications' })).toHaveAccessibleDescription('This browser cannot show notifications.');
});

it('keeps the sound choice, which needs no permission', async () => {
  const api = fakeNotification('default');
  const user = userEvent.setup();
  render(<NotificationPreferences />);
  await user.click(screen.getByRole('checkbox', { name: 'Sound' }));
  expect(screen.getByRole('checkbox', { name: 'Sound' })).toBeChecked();
  expect(primeSound).toHaveBeenCalled();
  expect(stored()?.state).toEqual({ desktop: false, sound: true });
  expect(api.requestPermission).not.toHaveBeenCalled();
});

it('with the sound on after a reload, primes the audio at the first key press on the page, once', async () => {
  useNotificationPreferences.setState({ sound: true });
  const user = userEvent.setup();
  render(<NotificationPreferences />);
  expect(primeSound).not.toHaveBeenCalled();
  await user.keyboard('a');
  await user.keyboard('b');
  expect(primeSound).toHaveBeenCalledTimes(1);
});
