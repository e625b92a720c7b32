/**
 * Paired devices of one `ui-plan serve` (docs/protocol.md "Paired devices"): the one outstanding pairing token, the
 * exchanges waiting for Allow or Deny, and the allowed devices, kept in `<dataDir>/remote/devices.json` by the SHA-256
 * of their cookie only (never the cookie, never the token). Invariants: at most one token; a token is used once;
 * a revoked or expired device is gone from the file and from memory before `revoke` returns.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  createRateLimiter,
  hashSecret,
  isDeviceExpired,
  newSecret,
  PAIRING_MAX_FAILURES,
  PAIRING_TOKEN_TTL_MS,
  secretsEqual,
  validateDeviceName,
} from './pairing-rules.ts';

/** A device as listed on the desktop: no secret, no hash. Times are ms since the epoch. */
export interface DeviceSummary {
  id: string;
  name: string;
  /** `pending` until the desktop allows it; only `allowed` devices are served. */
  state: 'pending' | 'allowed';
  /** When the exchange happened (pending) or Allow was pressed (allowed). */
  pairedAt: number;
  lastSeen: number;
}

/** Why an exchange failed; each is answered without saying whether a token exists. */
export type ExchangeRefusal = 'rate-limited' | 'bad-token' | 'bad-name';

/** What the device holding a cookie sees while pairing: waiting, allowed, denied, or unknown (never paired, revoked, expired). */
export type PairingStatus = 'pending' | 'allowed' | 'denied' | 'unknown';

interface StoredDevice extends DeviceSummary {
  /** SHA-256 (hex) of the device cookie. */
  hash: string;
}

/** The paired-device registry; see the module header. */
export interface Pairing {
  /**
   * Make a new pairing token, voiding any earlier one.
   * @returns the token (shown once, in the QR code's fragment) and when it expires (ms since the epoch)
   */
  issueToken(): { token: string; expiresAt: number };
  /**
   * Exchange a token for a device cookie: counted against the peer's rate limit; a wrong or expired token counts
   * towards voiding the outstanding one. On success the token is used up and the device waits for Allow.
   * @param token the token from the pairing page's POST body
   * @param name the device name the person typed
   * @param peer the peer address (for the rate limit)
   * @returns the new cookie and the device id, or the refusal (with the field's message for `bad-name`)
   */
  exchange(token: unknown, name: unknown, peer: string): { ok: true; cookie: string; id: string } | { ok: false; refusal: ExchangeRefusal; message: string };
  /** Allow or deny a pending device. @returns false when there is no such pending device */
  decide(id: string, allow: boolean): boolean;
  /** The devices, pending first, then by time paired. */
  list(): DeviceSummary[];
  /** Remove one device (pending or allowed) and tell the revoke listeners. @returns false when unknown */
  revoke(id: string): boolean;
  /** Remove every device and tell the revoke listeners. @returns how many were removed */
  revokeAll(): number;
  /**
   * The allowed device holding this cookie, seen now; an expired device is removed (and listeners told).
   * @param cookie the device cookie value, or `undefined`
   */
  authenticate(cookie: string | undefined): DeviceSummary | undefined;
  /** Where the device holding this cookie stands in pairing. */
  status(cookie: string | undefined): PairingStatus;
  /** Call `listener` with the ids of removed devices (revoked, denied, expired). @returns unsubscribe */
  onRemoved(listener: (ids: readonly string[]) => void): () => void;
}

/** Options of {@link createPairing}. */
export interface PairingOptions {
  /** Where `devices.json` lives (created when missing, mode 0700); `undefined` keeps devices in memory only. */
  dir?: string;
  /** The clock, ms since the epoch (tests pass a fake one). */
  now?: () => number;
  /** How often a device's last-seen time is written at most, ms (default 60 s). */
  lastSeenWriteMs?: number;
}

/**
 * Make the registry, loading allowed devices from `<dir>/devices.json` (a missing or unreadable file is an empty list;
 * entries of the wrong shape are dropped).
 * @param options directory and clock
 * @returns the registry
 */
export function createPairing(options: PairingOptions = {}): Pairing {
  const now = options.now ?? Date.now;
  const file = options.dir === undefined ? undefined : path.join(options.dir, 'devices.json');
  const lastSeenWriteMs = options.lastSeenWriteMs ?? 60_000;
  const devices = new Map<string, StoredDevice>(load(file).map((d) => [d.hash, d]));
  /** Denied cookies' hashes, kept for one token lifetime so the pairing page can say "denied". */
  const denied = new Map<string, number>();
  const limiter = createRateLimiter();
  const listeners = new Set<(ids: readonly string[]) => void>();
  let token: { value: string; expiresAt: number; failures: number } | undefined;
  let written = now();

  const save = (): void => {
    if (file === undefined) return;
    const allowed = [...devices.values()].filter((d) => d.state === 'allowed');
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, `${JSON.stringify({ version: 1, devices: allowed }, null, 2)}\n`, { mode: 0o600 });
    fs.renameSync(tmp, file);
    written = now();
  };
  const removed = (ids: string[]): void => {
    if (ids.length === 0) return;
    for (const listener of listeners) listener(ids);
  };
  const remove = (predicate: (d: StoredDevice) => boolean): string[] => {
    const ids: string[] = [];
    for (const [hash, device] of devices) {
      if (!predicate(device)) continue;
      devices.delete(hash);
      ids.push(device.id);
    }
    if (ids.length > 0) save();
    removed(ids);
    return ids;
  };
  const sweep = (): void => {
    const at = now();
    for (const [hash, since] of denied) if (at - since > PAIRING_TOKEN_TTL_MS) denied.delete(hash);
    remove((d) => (d.state === 'pending' ? at - d.pairedAt > PAIRING_TOKEN_TTL_MS : isDeviceExpired(d.lastSeen, at)));
  };

  return {
    issueToken() {
      const value = newSecret();
      token = { value, expiresAt: now() + PAIRING_TOKEN_TTL_MS, failures: 0 };
      return { token: value, expiresAt: token.expiresAt };
    },
    exchange(presented, name, peer) {
      if (!limiter.attempt(peer, now())) return { ok: false, refusal: 'rate-limited', message: 'too many pairing attempts; wait a minute' };
      const current = token;
      const valid = current !== undefined && now() <= current.expiresAt && typeof presented === 'string' && secretsEqual(presented, current.value);
      if (!valid) {
        if (current !== undefined && (now() > current.expiresAt || ++current.failures >= PAIRING_MAX_FAILURES)) token = undefined;
        return { ok: false, refusal: 'bad-token', message: 'the pairing code is not valid (used, expired or replaced); make a new one' };
      }
      const checked = validateDeviceName(name);
      if (!checked.ok) return { ok: false, refusal: 'bad-name', message: checked.message };
      token = undefined;
      const cookie = newSecret();
      const at = now();
      const device: StoredDevice = {
        id: crypto.randomBytes(9).toString('base64url'),
        name: checked.name,
        state: 'pending',
        pairedAt: at,
        lastSeen: at,
        hash: hashSecret(cookie),
      };
      devices.set(device.hash, device);
      return { ok: true, cookie, id: device.id };
    },
    decide(id, allow) {
      sweep();
      const device = [...devices.values()].find((d) => d.id === id && d.state === 'pending');
      if (device === undefined) return false;
      if (allow) {
        device.state = 'allowed';
        device.pairedAt = now();
        device.lastSeen = device.pairedAt;
        save();
      } else {
        denied.set(device.hash, now());
        remove((d) => d === device);
      }
      return true;
    },
    list() {
      sweep();
      return [...devices.values()]
        .map(({ id, name, state, pairedAt, lastSeen }) => ({ id, name, state, pairedAt, lastSeen }))
        .sort((a, b) => (a.state === b.state ? a.pairedAt - b.pairedAt : a.state === 'pending' ? -1 : 1));
    },
    revoke(id) {
      return remove((d) => d.id === id).length > 0;
    },
    revokeAll() {
      return remove(() => true).length;
    },
    authenticate(cookie) {
      if (cookie === undefined) return undefined;
      const device = devices.get(hashSecret(cookie));
      if (device === undefined || device.state !== 'allowed') return undefined;
      const at = now();
      if (isDeviceExpired(device.lastSeen, at)) {
        remove((d) => d === device);
        return undefined;
      }
      device.lastSeen = at;
      if (at - written >= lastSeenWriteMs) save();
      const { id, name, state, pairedAt, lastSeen } = device;
      return { id, name, state, pairedAt, lastSeen };
    },
    status(cookie) {
      if (cookie === undefined) return 'unknown';
      sweep();
      const hash = hashSecret(cookie);
      if (denied.has(hash)) return 'denied';
      return devices.get(hash)?.state ?? 'unknown';
    },
    onRemoved(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Read `devices.json`: allowed devices of the right shape; anything else (missing, unreadable, malformed) is none. */
function load(file: string | undefined): StoredDevice[] {
  if (file === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  const list = (parsed as { devices?: unknown } | null)?.devices;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (d): d is StoredDevice =>
      typeof d === 'object' &&
      d !== null &&
      typeof d.id === 'string' &&
      typeof d.name === 'string' &&
      d.state === 'allowed' &&
      typeof d.pairedAt === 'number' &&
      typeof d.lastSeen === 'number' &&
      typeof d.hash === 'string' &&
      /^[0-9a-f]{64}$/.test(d.hash),
  );
}
