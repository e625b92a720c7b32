import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { server } from '../../../mocks/node.ts';
import { retryLostRead } from '../../lib/retry-lost.ts';
import { PairingCallError, remoteInfoQuery, type Device } from './api/pairing.ts';
import { InsecureWarning, PairingPanel } from './pairing-panel.tsx';

const REMOTE = { url: 'https://10.213.7.1:5173', fingerprint: `AB${':CD'.repeat(31)}`, insecureHttp: false };

/** Answer the pairing methods from `state`, recording every decide and revoke body. */
function pairingServer(state: { remote: typeof REMOTE | null; devices: Device[] } | 404) {
  const calls: { method: string; body: unknown }[] = [];
  server.use(
    http.post('*/api/pairing.:method', async ({ request, params }) => {
      const method = String(params.method);
      const body = await request.json();
      calls.push({ method, body });
      if (state === 404) return HttpResponse.json({ code: 'not-found', message: 'unknown method' }, { status: 404 });
      if (method === 'info') return HttpResponse.json({ remote: state.remote });
      if (method === 'devices') return HttpResponse.json({ devices: state.devices });
      if (method === 'token')
        return HttpResponse.json({
          url: `${REMOTE.url}/pair#t=${'x'.repeat(43)}`,
          expiresAt: Date.now() + 600_000,
          fingerprint: REMOTE.fingerprint,
          insecureHttp: false,
        });
      return HttpResponse.json({ ok: true });
    }),
  );
  return calls;
}

function renderWithClient(ui: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

const device = (id: string, name: string, state: Device['state'] = 'allowed'): Device => ({
  id,
  name,
  state,
  pairedAt: 1_700_000_000_000,
  lastSeen: 1_700_000_600_000,
});

beforeEach(() => {
  // jsdom has no modal dialogs; the dialog's content is what is checked here (Playwright checks the real one).
  HTMLDialogElement.prototype.showModal = vi.fn(function (this: HTMLDialogElement) {
    this.open = true;
  });
  HTMLDialogElement.prototype.close = vi.fn(function (this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

it('offers Pair a phone; the dialog shows the QR code, the link and the fingerprint; Allow allows the device that used it', async () => {
  const state = { remote: REMOTE, devices: [] as Device[] };
  const calls = pairingServer(state);
  renderWithClient(<PairingPanel />);
  const group = await screen.findByRole('region', { name: 'Other devices' });
  expect(await screen.findByText('No paired devices.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Pair a phone' }));
  expect(await screen.findByRole('img', { name: 'QR code of the pairing link' }, { timeout: 5000 })).toHaveAttribute(
    'src',
    expect.stringMatching(/^data:image\/svg\+xml/),
  );
  expect(screen.getByText(REMOTE.fingerprint)).toBeInTheDocument();
  expect(screen.getByText(`${REMOTE.url}/pair#t=${'x'.repeat(43)}`)).toBeInTheDocument();
  state.devices = [device('d1', 'Phone', 'pending')];
  expect(await screen.findByText('Pair «Phone»?', undefined, { timeout: 5000 })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Allow' }));
  await waitFor(() => expect(calls).toContainEqual({ method: 'decide', body: { id: 'd1', allow: true } }));
  expect(group).toBeInTheDocument();
});

it('Deny denies the device waiting', async () => {
  const calls = pairingServer({ remote: REMOTE, devices: [device('d2', 'Stranger', 'pending')] });
  renderWithClient(<PairingPanel />);
  expect(await screen.findByText('Pair «Stranger»?')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Deny' }));
  await waitFor(() => expect(calls).toContainEqual({ method: 'decide', body: { id: 'd2', allow: false } }));
});

it('lists paired devices with Revoke and Revoke all (after a confirmation)', async () => {
  const calls = pairingServer({ remote: REMOTE, devices: [device('a', 'Phone A'), device('b', 'Phone B')] });
  renderWithClient(<PairingPanel />);
  await userEvent.click(await screen.findByRole('button', { name: 'Revoke Phone A' }));
  await waitFor(() => expect(calls).toContainEqual({ method: 'revoke', body: { id: 'a' } }));
  const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
  vi.stubGlobal('confirm', confirm);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Revoke all' })).toBeEnabled());
  await userEvent.click(screen.getByRole('button', { name: 'Revoke all' }));
  expect(confirm).toHaveBeenCalledWith('Revoke every paired device? Each one has to be paired again.');
  expect(calls.filter((c) => c.method === 'revoke')).toHaveLength(1);
  await userEvent.click(screen.getByRole('button', { name: 'Revoke all' }));
  await waitFor(() => expect(calls).toContainEqual({ method: 'revoke', body: { all: true } }));
});

it('says how to start the remote listener when there is none', async () => {
  pairingServer({ remote: null, devices: [] });
  renderWithClient(<PairingPanel />);
  expect(await screen.findByText('To review from a phone, start ui-plan with serve --remote.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Pair a phone' })).not.toBeInTheDocument();
});

it('renders nothing where the server cannot pair (the mock, a dsh host), and does not ask again', async () => {
  const calls = pairingServer(404);
  const { client, container } = renderWithClient(<PairingPanel />);
  // TanStack Query reports `error` only once no retry is left: a 404 is an answer, not a failure to read again.
  await waitFor(() => expect(client.getQueryState(remoteInfoQuery.queryKey)?.status).toBe('error'));
  expect(calls.map((c) => c.method)).toEqual(['info']);
  expect(container).toBeEmptyDOMElement();
});

it.each([
  ['a 503', () => HttpResponse.json({ code: 'busy', message: 'busy' }, { status: 503 })],
  ['a request that never reached the server', () => HttpResponse.error()],
  ['two failures in a row', () => HttpResponse.error(), 2],
])('shows Pair a phone after %s on reading the remote listener', async (_name, failure, times = 1) => {
  pairingServer({ remote: REMOTE, devices: [] });
  let failed = 0;
  server.use(
    http.post('*/api/pairing.info', () => {
      if (failed >= times) return undefined;
      failed += 1;
      return failure();
    }),
  );
  renderWithClient(<PairingPanel />);
  expect(await screen.findByRole('button', { name: 'Pair a phone' }, { timeout: 5000 })).toBeInTheDocument();
  expect(failed).toBe(times);
});

it('reads again only what may pass: up to five tries for a 5xx, one for a 4xx', () => {
  expect([0, 1, 2, 3, 4].map((n) => retryLostRead(n, new PairingCallError(503, 'busy')))).toEqual([true, true, true, true, false]);
  expect(retryLostRead(0, new TypeError('Failed to fetch'))).toBe(true);
  expect(retryLostRead(0, new PairingCallError(404, 'no pairing'))).toBe(false);
  expect(retryLostRead(0, new PairingCallError(403, 'loopback only'))).toBe(false);
});

it('warns, permanently, while other devices are served over plain HTTP', async () => {
  pairingServer({ remote: { ...REMOTE, url: 'http://10.213.7.1:5173', fingerprint: null, insecureHttp: true } as unknown as typeof REMOTE, devices: [] });
  renderWithClient(<InsecureWarning />);
  expect(await screen.findByRole('note')).toHaveTextContent(/anyone on this network can read the plans/);
});

it('does not warn over TLS', async () => {
  const calls = pairingServer({ remote: REMOTE, devices: [] });
  const { container } = renderWithClient(<InsecureWarning />);
  await waitFor(() => expect(calls).toHaveLength(1));
  expect(container).toBeEmptyDOMElement();
});
