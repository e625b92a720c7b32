/** The pairing registry and its pure rules: tokens, exchanges, device cookies, expiry, rate limit, revoke. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPairing } from './pairing.ts';
import {
  createRateLimiter,
  DEVICE_IDLE_EXPIRY_MS,
  deviceCookieHeader,
  hashSecret,
  isOpenToUnpaired,
  newSecret,
  PAIRING_RATE_LIMIT,
  PAIRING_RATE_WINDOW_MS,
  PAIRING_TOKEN_TTL_MS,
  readDeviceCookie,
  secretsEqual,
  validateDeviceName,
} from './pairing-rules.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A registry on a fake clock in a fresh directory. */
function setup(start = 1_000_000) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-pairing-'));
  dirs.push(dir);
  const clock = { now: start };
  const pairing = createPairing({ dir, now: () => clock.now, lastSeenWriteMs: 0 });
  return { dir, clock, pairing };
}

/** Pair one device and allow it; returns its cookie and id. */
function pairAllowed(pairing: ReturnType<typeof createPairing>, name = 'Phone', peer = '10.0.0.2') {
  const { token } = pairing.issueToken();
  const result = pairing.exchange(token, name, peer);
  if (!result.ok) throw new Error(result.message);
  expect(pairing.decide(result.id, true)).toBe(true);
  return result;
}

describe('secrets', () => {
  it('are 256 bits of base64url and differ each time', () => {
    const a = newSecret();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(newSecret()).not.toBe(a);
  });
  it('compare equal only when equal, whatever the lengths', () => {
    const a = newSecret();
    expect(secretsEqual(a, a)).toBe(true);
    expect(secretsEqual(a.slice(0, -1), a)).toBe(false);
    expect(secretsEqual(`${a}x`, a)).toBe(false);
    expect(secretsEqual('', a)).toBe(false);
  });
});

describe('the device cookie', () => {
  it('is HttpOnly, SameSite=Strict, Path=/, no Domain; __Host- and Secure under TLS', () => {
    const header = deviceCookieHeader('v', true);
    expect(header).toMatch(/^__Host-ui-plan-device=v; /);
    expect(header).toContain('; Path=/');
    expect(header).toContain('; HttpOnly');
    expect(header).toContain('; SameSite=Strict');
    expect(header).toContain('; Secure');
    expect(header).not.toMatch(/domain/i);
    const plain = deviceCookieHeader('v', false);
    expect(plain).toMatch(/^ui-plan-device=v; /);
    expect(plain).not.toContain('Secure');
  });
  it('is read by its name for the scheme and only in the secret shape', () => {
    const value = newSecret();
    expect(readDeviceCookie(`a=b; __Host-ui-plan-device=${value}`, true)).toBe(value);
    expect(readDeviceCookie(`ui-plan-device=${value}`, true)).toBeUndefined();
    expect(readDeviceCookie(`ui-plan-device=${value}`, false)).toBe(value);
    expect(readDeviceCookie('__Host-ui-plan-device=short', true)).toBeUndefined();
    expect(readDeviceCookie(undefined, true)).toBeUndefined();
  });
});

describe('device names', () => {
  it.each([
    ['  Phone ', { ok: true, name: 'Phone' }],
    ['', { ok: false, message: 'name must not be empty' }],
    [42, { ok: false, message: 'name must be a string' }],
    ['x'.repeat(65), { ok: false, message: 'name must be at most 64 characters' }],
    ['a\nb', { ok: false, message: 'name must not contain control characters' }],
  ])('%j', (value, expected) => {
    expect(validateDeviceName(value)).toEqual(expected);
  });
});

describe('what an unpaired peer may reach', () => {
  it.each([
    ['GET', '/pair', true],
    ['GET', '/pair.js', true],
    ['GET', '/pair.css', true],
    ['POST', '/api/pairing.exchange', true],
    ['POST', '/api/pairing.status', true],
    ['GET', '/', false],
    ['GET', '/index.html', false],
    ['GET', '/api/pairing.exchange', false],
    ['POST', '/api/pairing.token', false],
    ['POST', '/api/pairing.info', false],
    ['POST', '/api/session.list', false],
    ['GET', '/api/events.mux', false],
  ])('%s %s → %s', (method, pathname, open) => {
    expect(isOpenToUnpaired(method, pathname)).toBe(open);
  });
});

describe('the rate limit', () => {
  it('allows the limit per peer per window, each peer apart, and again after the window', () => {
    const limiter = createRateLimiter();
    for (let i = 0; i < PAIRING_RATE_LIMIT; i++) expect(limiter.attempt('a', 0)).toBe(true);
    expect(limiter.attempt('a', 1)).toBe(false);
    expect(limiter.attempt('b', 1)).toBe(true);
    expect(limiter.attempt('a', PAIRING_RATE_WINDOW_MS)).toBe(true);
  });
});

describe('pairing tokens', () => {
  it('pair a device that works only after Allow', () => {
    const { pairing } = setup();
    const { token } = pairing.issueToken();
    const result = pairing.exchange(token, 'Phone', '10.0.0.2');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(pairing.status(result.cookie)).toBe('pending');
    expect(pairing.authenticate(result.cookie)).toBeUndefined();
    expect(pairing.list()).toMatchObject([{ id: result.id, name: 'Phone', state: 'pending' }]);
    pairing.decide(result.id, true);
    expect(pairing.status(result.cookie)).toBe('allowed');
    expect(pairing.authenticate(result.cookie)).toMatchObject({ id: result.id, name: 'Phone', state: 'allowed' });
  });

  it('are single use', () => {
    const { pairing } = setup();
    const { token } = pairing.issueToken();
    expect(pairing.exchange(token, 'One', 'p').ok).toBe(true);
    expect(pairing.exchange(token, 'Two', 'p')).toMatchObject({ ok: false, refusal: 'bad-token' });
  });

  it('expire after 10 minutes', () => {
    const { pairing, clock } = setup();
    const { token, expiresAt } = pairing.issueToken();
    expect(expiresAt).toBe(clock.now + PAIRING_TOKEN_TTL_MS);
    clock.now += PAIRING_TOKEN_TTL_MS + 1;
    expect(pairing.exchange(token, 'Late', 'p')).toMatchObject({ ok: false, refusal: 'bad-token' });
  });

  it('is one at a time: a new token voids the old', () => {
    const { pairing } = setup();
    const first = pairing.issueToken().token;
    const second = pairing.issueToken().token;
    expect(pairing.exchange(first, 'Old', 'p')).toMatchObject({ ok: false, refusal: 'bad-token' });
    expect(pairing.exchange(second, 'New', 'p').ok).toBe(true);
  });

  it('is voided after 5 failed exchanges (from any peers)', () => {
    const { pairing } = setup();
    const { token } = pairing.issueToken();
    for (let i = 0; i < 5; i++) expect(pairing.exchange(newSecret(), 'Guess', `10.0.0.${i}`)).toMatchObject({ ok: false, refusal: 'bad-token' });
    expect(pairing.exchange(token, 'Right', '10.0.0.9')).toMatchObject({ ok: false, refusal: 'bad-token' });
  });

  it('survives 4 failed exchanges', () => {
    const { pairing } = setup();
    const { token } = pairing.issueToken();
    for (let i = 0; i < 4; i++) pairing.exchange(newSecret(), 'Guess', 'p');
    expect(pairing.exchange(token, 'Right', 'p').ok).toBe(true);
  });

  it('rate-limit attempts per peer, before the token is looked at', () => {
    const { pairing } = setup();
    for (let i = 0; i < PAIRING_RATE_LIMIT; i++) pairing.exchange('x', 'n', 'greedy');
    const { token } = pairing.issueToken();
    expect(pairing.exchange(token, 'n', 'greedy')).toMatchObject({ ok: false, refusal: 'rate-limited' });
    expect(pairing.exchange(token, 'n', 'other').ok).toBe(true);
  });

  it('refuse a bad name without using the token up', () => {
    const { pairing } = setup();
    const { token } = pairing.issueToken();
    expect(pairing.exchange(token, '', 'p')).toMatchObject({ ok: false, refusal: 'bad-name', message: 'name must not be empty' });
    expect(pairing.exchange(token, 'Phone', 'p').ok).toBe(true);
  });

  it('refuse a token of the wrong type', () => {
    const { pairing } = setup();
    pairing.issueToken();
    expect(pairing.exchange({ t: 1 }, 'Phone', 'p')).toMatchObject({ ok: false, refusal: 'bad-token' });
  });
});

describe('devices', () => {
  it('are denied: never served, and the page learns it', () => {
    const { pairing } = setup();
    const { token } = pairing.issueToken();
    const result = pairing.exchange(token, 'Phone', 'p');
    if (!result.ok) throw new Error('exchange failed');
    expect(pairing.decide(result.id, false)).toBe(true);
    expect(pairing.status(result.cookie)).toBe('denied');
    expect(pairing.authenticate(result.cookie)).toBeUndefined();
    expect(pairing.list()).toEqual([]);
  });

  it('are stored by the SHA-256 of their cookie only, and survive a restart', () => {
    const { pairing, dir, clock } = setup();
    const { cookie } = pairAllowed(pairing);
    const text = fs.readFileSync(path.join(dir, 'devices.json'), 'utf8');
    expect(text).not.toContain(cookie);
    expect(text).toContain(hashSecret(cookie));
    expect((fs.statSync(path.join(dir, 'devices.json')).mode & 0o777).toString(8)).toBe('600');
    const again = createPairing({ dir, now: () => clock.now });
    expect(again.authenticate(cookie)).toMatchObject({ name: 'Phone' });
  });

  it('expire after 30 days unseen, and being seen keeps them', () => {
    const { pairing, clock } = setup();
    const { cookie } = pairAllowed(pairing);
    clock.now += DEVICE_IDLE_EXPIRY_MS - 1;
    expect(pairing.authenticate(cookie)).toBeDefined();
    clock.now += DEVICE_IDLE_EXPIRY_MS;
    expect(pairing.authenticate(cookie)).toBeDefined();
    clock.now += DEVICE_IDLE_EXPIRY_MS + 1;
    expect(pairing.authenticate(cookie)).toBeUndefined();
    expect(pairing.list()).toEqual([]);
  });

  it('are revoked one by one or all at once, telling the listeners', () => {
    const { pairing, dir } = setup();
    const one = pairAllowed(pairing, 'One');
    const two = pairAllowed(pairing, 'Two');
    const three = pairAllowed(pairing, 'Three');
    const removed: string[][] = [];
    pairing.onRemoved((ids) => removed.push([...ids]));
    expect(pairing.revoke(one.id)).toBe(true);
    expect(pairing.revoke(one.id)).toBe(false);
    expect(pairing.authenticate(one.cookie)).toBeUndefined();
    expect(pairing.authenticate(two.cookie)).toBeDefined();
    expect(pairing.revokeAll()).toBe(2);
    expect(pairing.authenticate(three.cookie)).toBeUndefined();
    expect(removed).toEqual([[one.id], [two.id, three.id]]);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'devices.json'), 'utf8'))).toEqual({ version: 1, devices: [] });
  });

  it('ignore a malformed devices.json', () => {
    const { dir } = setup();
    fs.writeFileSync(path.join(dir, 'devices.json'), '{"devices":[{"id":1},null,"x"]}');
    expect(createPairing({ dir }).list()).toEqual([]);
    fs.writeFileSync(path.join(dir, 'devices.json'), 'not json');
    expect(createPairing({ dir }).list()).toEqual([]);
  });

  it('drop a pending request after 10 minutes', () => {
    const { pairing, clock } = setup();
    const result = pairing.exchange(pairing.issueToken().token, 'Phone', 'p');
    if (!result.ok) throw new Error('exchange failed');
    clock.now += PAIRING_TOKEN_TTL_MS + 1;
    expect(pairing.decide(result.id, true)).toBe(false);
    expect(pairing.status(result.cookie)).toBe('unknown');
  });
});
