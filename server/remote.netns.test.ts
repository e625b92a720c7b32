/**
 * `--remote` over a real network: a server listens on the host end of a veth pair that the test makes, and a Node
 * client inside the test's own network namespace (testing/netns.ts) reaches it as a non-loopback peer. Admin calls go
 * over loopback. Skips only where namespaces cannot be created, saying so.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../harness/types.ts';
import { clientRequest } from '../src/core/protocol/envelopes.ts';
import { createTestNetns, startPeerClient, type PeerClient, type TestNetns } from '../testing/netns.ts';
import { parseServeArgs } from './cli/args.ts';
import { startServe } from './commands/serve.ts';
import { createUiPlanServer, type UiPlanServer } from './http.ts';
import { createPairing } from './pairing.ts';
import { PAIRING_RATE_WINDOW_MS, PAIRING_TOKEN_TTL_MS } from './pairing-rules.ts';
import { createRemoteAccess, type RemoteInfo } from './remote-access.ts';
import { loadTlsIdentity, type TlsIdentity } from './tls.ts';

const made = createTestNetns();
const skip = 'skip' in made ? made.skip : undefined;
if (skip !== undefined) console.warn(`server/remote.netns.test.ts skipped: ${skip}`);
// The namespace and its links go when the file is done, whether its tests passed or not.
afterAll(() => {
  if (!('skip' in made)) made.remove();
});

const harness: Harness = {
  hasMethod: (m) => m === 'session.list',
  handleRequest: async () => ({ type: 'server-response', rpcId: 'r', result: { ok: true, value: { items: ['secret-session'] } } }),
  handleRespond: async () => ({ accepted: false, reason: 'not-pending' }),
  openMux: () => () => {},
  openHostStream: () => () => {},
  close: async () => {},
};

describe.skipIf(skip !== undefined)('a paired device over the network', () => {
  const net = made as TestNetns;
  const clock = { now: Date.now() };
  let dir: string;
  let tls: TlsIdentity;
  let remote: UiPlanServer;
  let local: UiPlanServer;
  let info: RemoteInfo;
  let localBase: string;
  let peer: PeerClient;
  let authority: string;
  let origin: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-remote-'));
    tls = await loadTlsIdentity({ dir, address: net.hostAddress });
    const pairing = createPairing({ dir, now: () => clock.now });
    remote = createUiPlanServer({
      harness,
      bindIsLoopback: false,
      remoteAddress: net.hostAddress,
      tls: { cert: tls.cert, key: tls.key },
      access: createRemoteAccess({ pairing, secure: true, info: () => info }),
      logger: { warn: () => {}, error: () => {} },
    });
    local = createUiPlanServer({ harness, access: createRemoteAccess({ pairing, secure: false, info: () => info }) });
    await new Promise<void>((resolve) => remote.server.listen(0, net.hostAddress, resolve));
    await new Promise<void>((resolve) => local.server.listen(0, '127.0.0.1', resolve));
    authority = `${net.hostAddress}:${(remote.server.address() as AddressInfo).port}`;
    origin = `https://${authority}`;
    info = { url: origin, fingerprint: tls.fingerprint256, insecureHttp: false };
    localBase = `http://127.0.0.1:${(local.server.address() as AddressInfo).port}`;
    peer = startPeerClient(net, origin, tls.cert);
  });

  afterAll(async () => {
    peer?.close();
    await remote?.close();
    await local?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const admin = async (method: string, body: unknown = {}) => {
    const res = await fetch(`${localBase}/api/pairing.${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const tokenOf = async (): Promise<string> => {
    const { body } = await admin('token');
    return new URL(body.url as string).hash.slice('#t='.length);
  };
  const post = (pathname: string, body: unknown, headers: Record<string, string> = {}) =>
    peer.request({ method: 'POST', path: pathname, headers: { 'content-type': 'application/json', origin, ...headers }, body: JSON.stringify(body) });
  const cookieOf = (setCookie: string | string[] | undefined): string => String([setCookie].flat()[0]).split(';')[0] as string;
  const list = () => post('/api/session.list', clientRequest('session.list', {}, 'r'));
  /** Pair a device from the namespace; `allow` decides it (undefined leaves it pending). */
  const pair = async (name: string, allow?: boolean) => {
    const res = await post('/api/pairing.exchange', { token: await tokenOf(), name });
    expect(res.status).toBe(200);
    const cookie = cookieOf(res.headers['set-cookie']);
    if (allow !== undefined) {
      const { body } = await admin('devices');
      const device = (body.devices as { id: string; name: string }[]).find((d) => d.name === name);
      expect((await admin('decide', { id: device?.id, allow })).status).toBe(200);
      return { cookie, id: device?.id as string };
    }
    return { cookie, id: '' };
  };

  it('gives an unpaired device nothing: 401 for the app, the API and the downlink (before 101)', async () => {
    const page = await peer.request({ path: '/' });
    expect(page.status).toBe(401);
    expect(page.body).not.toMatch(/<html|<script/i);
    const api = await list();
    expect(api.status).toBe(401);
    expect(api.body).not.toContain('secret-session');
    const ws = peer.socket({ path: '/api/events.mux', headers: { origin } });
    expect(await ws.opened).toBe(401);
  });

  it('serves the pairing page and its script to an unpaired device', async () => {
    const page = await peer.request({ path: '/pair' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('src="/pair.js"');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect((await peer.request({ path: '/pair.js' })).status).toBe(200);
  });

  it('refuses a foreign Host, a loopback Host and another port with 403 before anything else', async () => {
    for (const host of ['evil.example', `127.0.0.1:${authority.split(':')[1]}`, `${net.hostAddress}:1`, net.hostAddress]) {
      expect((await peer.request({ path: '/pair', headers: { host } })).status, host).toBe(403);
    }
  });

  it('refuses a POST and an upgrade without Origin, or with the Origin of another port', async () => {
    const { cookie } = await pair('Origin phone', true);
    expect(
      (await peer.request({ method: 'POST', path: '/api/session.list', headers: { 'content-type': 'application/json', cookie }, body: '{}' })).status,
    ).toBe(403);
    expect((await post('/api/session.list', clientRequest('session.list', {}, 'r'), { cookie, origin: `https://${net.hostAddress}:1` })).status).toBe(403);
    expect(await peer.socket({ path: '/api/events.mux', headers: { cookie } }).opened).toBe(403);
    expect((await post('/api/session.list', clientRequest('session.list', {}, 'r'), { cookie })).status).toBe(200);
  });

  it('pairs a device that works only after Allow, with a __Host- Secure HttpOnly SameSite=Strict cookie', async () => {
    const res = await post('/api/pairing.exchange', { token: await tokenOf(), name: 'Phone' });
    expect(res.status).toBe(200);
    const setCookie = String([res.headers['set-cookie']].flat()[0]);
    expect(setCookie).toMatch(/^__Host-ui-plan-device=[A-Za-z0-9_-]{43}; .*Path=\/; HttpOnly; SameSite=Strict; Secure$/);
    const cookie = cookieOf(res.headers['set-cookie']);
    expect((await post('/api/session.list', {}, { cookie })).status).toBe(401);
    expect(JSON.parse((await post('/api/pairing.status', {}, { cookie })).body)).toEqual({ status: 'pending' });
    const { body } = await admin('devices');
    const device = (body.devices as { id: string; name: string; state: string }[]).find((d) => d.name === 'Phone');
    expect(device?.state).toBe('pending');
    await admin('decide', { id: device?.id, allow: true });
    expect(JSON.parse((await post('/api/pairing.status', {}, { cookie })).body)).toEqual({ status: 'allowed' });
    const api = await post('/api/session.list', clientRequest('session.list', {}, 'r'), { cookie });
    expect(api.status).toBe(200);
    expect(api.body).toContain('secret-session');
    const ws = peer.socket({ path: '/api/events.mux', headers: { origin, cookie } });
    expect(await ws.opened).toBe('open');
  });

  it('refuses a denied device', async () => {
    const res = await post('/api/pairing.exchange', { token: await tokenOf(), name: 'Denied phone' });
    const cookie = cookieOf(res.headers['set-cookie']);
    const { body } = await admin('devices');
    const device = (body.devices as { id: string; name: string }[]).find((d) => d.name === 'Denied phone');
    await admin('decide', { id: device?.id, allow: false });
    expect(JSON.parse((await post('/api/pairing.status', {}, { cookie })).body)).toEqual({ status: 'denied' });
    expect((await list()).status).toBe(401);
    expect((await post('/api/session.list', {}, { cookie })).status).toBe(401);
  });

  it('refuses a revoked device at once and closes its downlink with 1008 within a second', async () => {
    const { cookie, id } = await pair('Revoked phone', true);
    const ws = peer.socket({ path: '/api/events.mux', headers: { origin, cookie } });
    expect(await ws.opened).toBe('open');
    const revoked = Date.now();
    expect((await admin('revoke', { id })).body).toEqual({ removed: 1 });
    expect(await ws.closed).toBe(1008);
    expect(Date.now() - revoked).toBeLessThan(1000);
    expect((await post('/api/session.list', clientRequest('session.list', {}, 'r'), { cookie })).status).toBe(401);
    expect(await peer.socket({ path: '/api/events.mux', headers: { origin, cookie } }).opened).toBe(401);
  });

  it('refuses a token used twice', async () => {
    const token = await tokenOf();
    expect((await post('/api/pairing.exchange', { token, name: 'First' })).status).toBe(200);
    const again = await post('/api/pairing.exchange', { token, name: 'Second' });
    expect(again.status).toBe(403);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an expired token', async () => {
    const token = await tokenOf();
    clock.now += PAIRING_TOKEN_TTL_MS + 1;
    try {
      expect((await post('/api/pairing.exchange', { token, name: 'Late' })).status).toBe(403);
    } finally {
      clock.now -= PAIRING_TOKEN_TTL_MS + 1;
    }
  });

  it('voids the token after 5 wrong guesses, then rate-limits the peer', async () => {
    const token = await tokenOf();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await post('/api/pairing.exchange', { token: 'A'.repeat(43), name: 'Guess' })).status);
    expect(statuses).toEqual([403, 403, 403, 403, 403]);
    expect((await post('/api/pairing.exchange', { token, name: 'Right' })).status).toBe(403);
    // Earlier tests used some of this peer's attempts in the same minute; the limit stops it within the window.
    const later: number[] = [];
    for (let i = 0; i < 12 && !later.includes(429); i++) later.push((await post('/api/pairing.exchange', { token: 'B'.repeat(43), name: 'Guess' })).status);
    expect(later.at(-1)).toBe(429);
    clock.now += PAIRING_RATE_WINDOW_MS;
  });

  it('keeps making tokens, listing and revoking to loopback: 403 for a paired device', async () => {
    const { cookie } = await pair('Greedy phone', true);
    for (const method of ['token', 'devices', 'decide', 'revoke']) {
      const res = await post(`/api/pairing.${method}`, { all: true, id: 'x', allow: true }, { cookie });
      expect(res.status, method).toBe(403);
    }
    expect((await post('/api/session.list', clientRequest('session.list', {}, 'r'), { cookie })).status).toBe(200);
  });

  it('never shows a token or cookie in an error text', async () => {
    const token = await tokenOf();
    const bad = await post('/api/pairing.exchange', { token: `${token}x`, name: 'Leak' });
    expect(bad.body).not.toContain(token);
    const res = await post('/api/pairing.exchange', { token, name: '' });
    expect(res.status).toBe(400);
    expect(res.body).not.toContain(token);
  });
});

describe.skipIf(skip !== undefined)('ui-plan serve on a LAN address', () => {
  const net = made as TestNetns;
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });
  const io = () => {
    const out = { stdout: '', stderr: '', cwd: process.cwd(), out: (t: string) => void (out.stdout += t), err: (t: string) => void (out.stderr += t) };
    return out;
  };
  const dataDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-remote-serve-'));
    dirs.push(d);
    return d;
  };

  it('--remote ADDR serves HTTPS with a certificate made once and kept, printing its fingerprint; unpaired peers get 401', async () => {
    const data = dataDir();
    const args = ['--port', '0', '--data-dir', data, '--remote', net.hostAddress];
    const first = io();
    const running = await startServe(parseServeArgs(args, process.cwd()), first);
    let peer: PeerClient | undefined;
    try {
      const fingerprint = /SHA-256 ([0-9A-F:]{95})/.exec(first.stdout)?.[1];
      expect(fingerprint).toBeDefined();
      const url = /reach it at (https:\/\/\S+)/.exec(first.stdout)?.[1] as string;
      expect(url).toMatch(new RegExp(`^https://${net.hostAddress.replace(/\./g, '\\.')}:\\d+$`));
      const cert = fs.readFileSync(path.join(data, 'remote', 'tls-cert.pem'), 'utf8');
      expect((fs.statSync(path.join(data, 'remote', 'tls-key.pem')).mode & 0o777).toString(8)).toBe('600');
      peer = startPeerClient(net, url, cert);
      expect((await peer.request({ path: '/' })).status).toBe(401);
      expect((await peer.request({ path: '/pair' })).status).toBe(200);
      // The loopback listener is as before: it serves this machine without a cookie.
      const local = await fetch(`${running.url}/api/pairing.info`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(await local.json()).toEqual({ remote: { url, fingerprint, insecureHttp: false } });
    } finally {
      peer?.close();
      await running.close();
    }
    const second = io();
    const again = await startServe(parseServeArgs(args, process.cwd()), second);
    await again.close();
    expect(/SHA-256 ([0-9A-F:]{95})/.exec(second.stdout)?.[1]).toBe(/SHA-256 ([0-9A-F:]{95})/.exec(first.stdout)?.[1]);
  });

  it('--remote --insecure-http serves plain HTTP and warns of what that exposes', async () => {
    const out = io();
    const running = await startServe(
      parseServeArgs(['--port', '0', '--data-dir', dataDir(), '--remote', net.hostAddress, '--insecure-http'], process.cwd()),
      out,
    );
    try {
      expect(out.stderr).toMatch(/warning: --insecure-http serves http:\/\/10\.213\.\d+\.1:\d+ without TLS: anyone on this network can read the plans/);
      const url = /reach it at (http:\/\/\S+);/.exec(out.stdout)?.[1] as string;
      const peer = startPeerClient(net, url);
      try {
        expect((await peer.request({ path: '/' })).status).toBe(401);
      } finally {
        peer.close();
      }
    } finally {
      await running.close();
    }
  });

  it('--host on a LAN address with --trusted-host serves no unpaired peer (401), whatever Host it sends', async () => {
    const running = await startServe(
      parseServeArgs(['--port', '0', '--data-dir', dataDir(), '--host', net.hostAddress, '--trusted-host', 'lab.test'], process.cwd()),
      io(),
    );
    const peer = startPeerClient(net, running.url);
    try {
      const port = new URL(running.url).port;
      expect((await peer.request({ path: '/', headers: { host: `lab.test:${port}` } })).status).toBe(401);
      expect(
        (
          await peer.request({
            method: 'POST',
            path: '/api/session.list',
            headers: { host: `lab.test:${port}`, origin: `http://lab.test:${port}`, 'content-type': 'application/json' },
            body: '{}',
          })
        ).status,
      ).toBe(401);
      expect(await peer.socket({ path: '/api/events.mux', headers: { host: `lab.test:${port}`, origin: `http://lab.test:${port}` } }).opened).toBe(401);
      expect((await peer.request({ path: '/', headers: { host: `evil.example:${port}` } })).status).toBe(403);
    } finally {
      peer.close();
      await running.close();
    }
  });
});
