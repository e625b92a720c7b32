/**
 * User-facing copy of the pairing slice (Preferences → Other devices: "Pair a phone", the QR code, Allow / Deny, the
 * paired devices, and the warning of a plain-HTTP listener), one `PairingCopy` dictionary per interface language.
 */
import { dictionaries } from '../../lib/language.ts';

/** Every string the pairing slice shows. */
export type PairingCopy = {
  /** The group's heading. */
  group: string;
  pair: string;
  /** Said when the server has no `--remote` listener. */
  noRemote: string;
  /** Said when this server cannot pair (a mock or a dsh host). */
  unavailable: string;
  dialogTitle: string;
  /** How to use the code. */
  scan: string;
  qrAlt: string;
  /** The link under the code (for a phone that cannot scan). */
  linkLabel: string;
  fingerprint: string;
  /** What to compare the fingerprint with. */
  fingerprintHelp: string;
  /** @param minutes whole minutes left, ≥ 0 */
  expires: (minutes: number) => string;
  newCode: string;
  close: string;
  /** The prompt for a device that exchanged the code. @param name the name it gave */
  allowPrompt: (name: string) => string;
  allow: string;
  deny: string;
  devices: string;
  noDevices: string;
  /** @param when a local date and time */
  pairedAt: (when: string) => string;
  /** @param when a local date and time */
  lastSeen: (when: string) => string;
  revoke: string;
  /** The accessible name of a device's Revoke. */
  revokeNamed: (name: string) => string;
  revokeAll: string;
  confirmRevokeAll: string;
  /** A failed call. @param reason the server's message */
  failed: (reason: string) => string;
  loading: string;
  /** The permanent warning of a plain-HTTP listener. */
  insecure: string;
};

const en: PairingCopy = {
  group: 'Other devices',
  pair: 'Pair a phone',
  noRemote: 'To review from a phone, start ui-plan with serve --remote.',
  unavailable: 'Pairing is not available on this server.',
  dialogTitle: 'Pair a phone',
  scan: 'Scan this code with the phone’s camera, name the phone there, then allow it here. The code works once, for 10 minutes.',
  qrAlt: 'QR code of the pairing link',
  linkLabel: 'Pairing link',
  fingerprint: 'Certificate fingerprint (SHA-256)',
  fingerprintHelp: 'The phone warns that the certificate is self-signed: check that it shows this fingerprint before you go on.',
  expires: (minutes) => (minutes < 1 ? 'Expires in less than a minute' : `Expires in ${minutes} min`),
  newCode: 'New code',
  close: 'Close',
  allowPrompt: (name) => `Pair «${name}»?`,
  allow: 'Allow',
  deny: 'Deny',
  devices: 'Paired devices',
  noDevices: 'No paired devices.',
  pairedAt: (when) => `paired ${when}`,
  lastSeen: (when) => `last seen ${when}`,
  revoke: 'Revoke',
  revokeNamed: (name) => `Revoke ${name}`,
  revokeAll: 'Revoke all',
  confirmRevokeAll: 'Revoke every paired device? Each one has to be paired again.',
  failed: (reason) => `That did not work: ${reason}`,
  loading: 'Loading…',
  insecure:
    'Plain HTTP to other devices (--insecure-http): anyone on this network can read the plans and answers a paired device sees, and copy its cookie to act as it.',
};

/** Every dictionary of the pairing slice, by language. */
export const pairingLocales = dictionaries('pairing', en);

declare module '../../lib/language.ts' {
  interface LocaleCopies {
    pairing: PairingCopy;
  }
}
