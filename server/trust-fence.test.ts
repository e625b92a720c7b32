/**
 * The trust-fence decision (server/trust-fence.ts) with injected peer addresses, so the non-loopback rules are
 * tested without sending traffic to any non-loopback address; and both servers use it for
 * requests and upgrades (checked on loopback, where the peer is loopback).
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import type { Harness } from '../harness/types.ts';
import { createDshProxyServer } from './dsh-proxy.ts';
import { createUiPlanServer } from './http.ts';
import { decideTrust, hostnameOf, isLoopbackAddress, type FenceDecision } from './trust-fence.ts';
import { clientRequest } from '../src/core/protocol/envelopes.ts';

const TRUSTED = new Set(['lab.local', '192.168.1.20']);
const NONE = new Set<string>();

it.each<[string, http.IncomingHttpHeaders, string | undefined, boolean, ReadonlySet<string>, FenceDecision]>([
  // loopback bind (the default): unchanged behaviour for loopback peers
  ['loopback bind, Host 127.0.0.1 from 127.0.0.1', { host: '127.0.0.1:5173' }, '127.0.0.1', true, NONE, { ok: true }],
  ['loopback bind, Host localhost from ::1', { host: 'localhost:5173' }, '::1', true, NONE, { ok: true }],
  ['loopback bind, Host [::1] from ::ffff:127.0.0.1', { host: '[::1]:5173' }, '::ffff:127.0.0.1', true, NONE, { ok: true }],
  ['loopback bind, a trusted name', { host: 'lab.local:5173' }, '127.0.0.1', true, TRUSTED, { ok: true }],
  ['loopback bind, an untrusted name', { host: 'evil.example' }, '127.0.0.1', true, TRUSTED, { ok: false, reason: 'untrusted-host' }],
  ['loopback bind, no Host', {}, '127.0.0.1', true, NONE, { ok: false, reason: 'no-host' }],
  // non-loopback bind: a loopback Host is believed only from a loopback peer
  [
    'public bind, Host 127.0.0.1 from a LAN peer',
    { host: '127.0.0.1:5173' },
    '192.168.1.50',
    false,
    TRUSTED,
    { ok: false, reason: 'loopback-host-from-remote-peer' },
  ],
  ['public bind, Host localhost from a LAN peer', { host: 'localhost' }, '10.0.0.7', false, TRUSTED, { ok: false, reason: 'loopback-host-from-remote-peer' }],
  ['public bind, Host [::1] from an IPv6 peer', { host: '[::1]:5173' }, 'fe80::1', false, TRUSTED, { ok: false, reason: 'loopback-host-from-remote-peer' }],
  [
    'public bind, Host 127.0.0.1 from ::ffff:10.0.0.7',
    { host: '127.0.0.1' },
    '::ffff:10.0.0.7',
    false,
    TRUSTED,
    { ok: false, reason: 'loopback-host-from-remote-peer' },
  ],
  [
    'public bind, Host 127.0.0.1 from an unknown peer',
    { host: '127.0.0.1' },
    undefined,
    false,
    TRUSTED,
    { ok: false, reason: 'loopback-host-from-remote-peer' },
  ],
  ['public bind, Host 127.0.0.1 from this machine', { host: '127.0.0.1:5173' }, '127.0.0.1', false, TRUSTED, { ok: true }],
  ['public bind, Host 127.0.0.1 from ::ffff:127.0.0.1', { host: '127.0.0.1:5173' }, '::ffff:127.0.0.1', false, TRUSTED, { ok: true }],
  ['public bind, a trusted name from a LAN peer', { host: 'lab.local:5173' }, '192.168.1.50', false, TRUSTED, { ok: true }],
  ['public bind, a trusted IP from a LAN peer', { host: '192.168.1.20:5173' }, '192.168.1.50', false, TRUSTED, { ok: true }],
  ['public bind, a trusted name in capitals', { host: 'LAB.Local' }, '192.168.1.50', false, TRUSTED, { ok: true }],
  ['public bind, an untrusted name from a LAN peer', { host: 'evil.example' }, '192.168.1.50', false, TRUSTED, { ok: false, reason: 'untrusted-host' }],
  ['public bind, the bind address as Host', { host: '0.0.0.0:5173' }, '192.168.1.50', false, TRUSTED, { ok: false, reason: 'untrusted-host' }],
  [
    'public bind, a trusted name with a foreign Origin',
    { host: 'lab.local:5173', origin: 'http://evil.example' },
    '192.168.1.50',
    false,
    TRUSTED,
    { ok: false, reason: 'origin-mismatch' },
  ],
  [
    'public bind, a trusted name with its own Origin',
    { host: 'lab.local:5173', origin: 'http://lab.local:5173' },
    '192.168.1.50',
    false,
    TRUSTED,
    { ok: true },
  ],
  ['public bind, cross-site fetch', { host: 'lab.local', 'sec-fetch-site': 'cross-site' }, '192.168.1.50', false, TRUSTED, { ok: false, reason: 'cross-site' }],
  [
    'public bind without any trusted name, even from loopback',
    { host: '127.0.0.1' },
    '127.0.0.1',
    false,
    NONE,
    { ok: false, reason: 'no-trusted-host-for-public-bind' },
  ],
])('%s', (_name, headers, peer, bindIsLoopback, trusted, expected) => {
  expect(decideTrust(headers, peer, bindIsLoopback, trusted)).toEqual(expected);
});

it.each<[string | undefined, boolean]>([
  ['127.0.0.1', true],
  ['127.8.9.10', true],
  ['::1', true],
  ['[::1]', true],
  ['::ffff:127.0.0.1', true],
  ['localhost', true],
  ['LOCALHOST', true],
  ['0.0.0.0', false],
  ['::', false],
  ['192.168.1.20', false],
  ['::ffff:192.168.1.20', false],
  ['128.0.0.1', false],
  ['127.0.0.1.evil', false],
  ['my-box.lan', false],
  ['', false],
  [undefined, false],
])('tells whether %s is loopback (%s)', (address, expected) => {
  expect(isLoopbackAddress(address)).toBe(expected);
});

it.each([
  ['127.0.0.1:5173', '127.0.0.1'],
  ['[::1]:80', '[::1]'],
  ['[::1]', '[::1]'],
  ['Dev.Box', 'dev.box'],
  ['[::1', ''],
  ['lab.local:', 'lab.local'],
])('reads the host name of %s as %s', (authority, name) => {
  expect(hostnameOf(authority)).toBe(name);
});

const idleHost: Harness = {
  hasMethod: (m) => m === 'session.list',
  handleRequest: async () => ({ type: 'server-response', rpcId: 'r', result: { ok: true, value: { items: [] } } }),
  handleRespond: async () => ({ accepted: false, reason: 'not-pending' }),
  openMux: () => () => {},
  openHostStream: () => () => {},
  close: async () => {},
};

it('refuses every request and upgrade of a server told it binds publicly without a trusted name', async () => {
  for (const make of [
    () => createUiPlanServer({ harness: idleHost, bindIsLoopback: false }).server,
    () => createDshProxyServer({ upstream: 'http://127.0.0.1:9', bindIsLoopback: false }).server,
  ]) {
    const server = make();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/session.list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(clientRequest('session.list', {}, 'r')),
      });
      expect(res.status).toBe(403);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }
});

const REMOTE = { authorities: new Set(['10.213.7.1:5173']), scheme: 'https' as const };

it.each<[string, http.IncomingHttpHeaders, string, ReadonlySet<string>, Parameters<typeof decideTrust>[4], FenceDecision]>([
  // the --remote listener: its own IP:port, or a trusted name; nothing else, checked before anything else
  ['remote, its own IP:port', { host: '10.213.7.1:5173' }, '10.213.7.2', NONE, REMOTE, { ok: true }],
  ['remote, its IP with another port', { host: '10.213.7.1:5174' }, '10.213.7.2', NONE, REMOTE, { ok: false, reason: 'untrusted-host' }],
  ['remote, its IP without a port', { host: '10.213.7.1' }, '10.213.7.2', NONE, REMOTE, { ok: false, reason: 'untrusted-host' }],
  ['remote, a foreign name', { host: 'evil.example:5173' }, '10.213.7.2', NONE, REMOTE, { ok: false, reason: 'untrusted-host' }],
  ['remote, a loopback name', { host: '127.0.0.1:5173' }, '10.213.7.2', NONE, REMOTE, { ok: false, reason: 'untrusted-host' }],
  ['remote, a trusted name', { host: 'lab.local:5173' }, '10.213.7.2', TRUSTED, REMOTE, { ok: true }],
  // Origin: required from a non-loopback peer on POST and upgrade, equal to scheme://Host with its port
  ['remote POST without Origin', { host: '10.213.7.1:5173' }, '10.213.7.2', NONE, { ...REMOTE, method: 'POST' }, { ok: false, reason: 'origin-missing' }],
  [
    'remote upgrade without Origin',
    { host: '10.213.7.1:5173' },
    '10.213.7.2',
    NONE,
    { ...REMOTE, method: 'GET', upgrade: true },
    { ok: false, reason: 'origin-missing' },
  ],
  ['remote GET without Origin (a navigation)', { host: '10.213.7.1:5173' }, '10.213.7.2', NONE, { ...REMOTE, method: 'GET' }, { ok: true }],
  [
    'remote POST with its Origin',
    { host: '10.213.7.1:5173', origin: 'https://10.213.7.1:5173' },
    '10.213.7.2',
    NONE,
    { ...REMOTE, method: 'POST' },
    { ok: true },
  ],
  [
    'remote POST from another port of the same IP (same-site, other origin)',
    { host: '10.213.7.1:5173', origin: 'https://10.213.7.1:8080' },
    '10.213.7.2',
    NONE,
    { ...REMOTE, method: 'POST' },
    { ok: false, reason: 'origin-mismatch' },
  ],
  [
    'remote POST with the http:// Origin on a TLS listener',
    { host: '10.213.7.1:5173', origin: 'http://10.213.7.1:5173' },
    '10.213.7.2',
    NONE,
    { ...REMOTE, method: 'POST' },
    { ok: false, reason: 'origin-mismatch' },
  ],
  // a --trusted-host bind: a LAN peer's POST needs Origin too; a loopback peer's does not (as before)
  ['trusted bind, LAN POST without Origin', { host: 'lab.local:5173' }, '192.168.1.50', TRUSTED, { method: 'POST' }, { ok: false, reason: 'origin-missing' }],
  ['trusted bind, loopback POST without Origin', { host: '127.0.0.1:5173' }, '127.0.0.1', TRUSTED, { method: 'POST' }, { ok: true }],
])('%s', (_name, headers, peer, trusted, context, expected) => {
  expect(decideTrust(headers, peer, false, trusted, context)).toEqual(expected);
});
