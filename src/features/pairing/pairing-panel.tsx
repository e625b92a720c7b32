/**
 * Preferences → Other devices, on this machine only: "Pair a phone" opens a dialog with a QR code of a one-time
 * pairing link (drawn here by the `qrcode` library, its own chunk; nothing leaves the machine), the certificate's
 * fingerprint, and "Pair «name»?" with Allow / Deny for each device that used the code; below, the paired devices with
 * Revoke and Revoke all. Also the permanent warning of a plain-HTTP listener, on this machine and on a paired device.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useCopy, useLanguage } from '../../lib/language.ts';
import { lazyModule } from '../../lib/lazy-module.ts';
import { devicesQuery, PairingCallError, remoteInfoQuery, useDecide, useMakeCode, useRevoke, type Device, type RemoteInfo } from './api/pairing.ts';
import { pairingLocales } from './locales.ts';
import './pairing.css';

const qrModule = lazyModule(() => import('qrcode'));

/** Whether the page was opened on this machine (a loopback host name): only then may it pair and revoke. */
function onThisMachine(): boolean {
  const host = location.hostname;
  return host === 'localhost' || host === '[::1]' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The server's remote listener: `null` when there is none, `undefined` while loading or where pairing does not exist. */
function useRemoteInfo(): { info: RemoteInfo | null | undefined; available: boolean } {
  const query = useQuery(remoteInfoQuery);
  return { info: query.data?.remote, available: query.isSuccess };
}

function reasonOf(error: unknown): string {
  return error instanceof PairingCallError || error instanceof Error ? error.message : String(error);
}

/** The permanent warning of a listener that serves other devices over plain HTTP. */
export function InsecureWarning() {
  const t = useCopy(pairingLocales);
  const { info } = useRemoteInfo();
  const here = onThisMachine();
  const insecure = here ? info?.insecureHttp === true : location.protocol === 'http:';
  if (!insecure) return null;
  return (
    <p className="pairing-insecure" role="note">
      {t.insecure}
    </p>
  );
}

/** The Other devices group; renders nothing on another device or where the server cannot pair. */
export function PairingPanel() {
  const here = onThisMachine();
  return here ? <PairingGroup /> : null;
}

function PairingGroup() {
  const t = useCopy(pairingLocales);
  const { info, available } = useRemoteInfo();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const [waiting, setWaiting] = useState(false);
  // While a code may be used or a device waits, a device waiting for Allow shows up within two seconds.
  const devices = useQuery(devicesQuery(available, open || waiting));
  const list = devices.data?.devices ?? [];
  const anyPending = list.some((d) => d.state === 'pending');
  if (anyPending !== waiting) setWaiting(anyPending);
  if (!available) return null;
  const pending = list.filter((d) => d.state === 'pending');
  const allowed = list.filter((d) => d.state === 'allowed');
  return (
    <section className="pairing" aria-labelledby={headingId}>
      <h2 id={headingId} className="pairing__heading">
        {t.group}
      </h2>
      {info ? (
        <button type="button" className="button" onClick={() => setOpen(true)}>
          {t.pair}
        </button>
      ) : (
        <p className="pairing__note">{t.noRemote}</p>
      )}
      {open && info ? <PairDialog onClose={() => setOpen(false)} pending={pending} /> : null}
      {!open && pending.length > 0 ? <PendingRequests pending={pending} /> : null}
      {allowed.length > 0 || info ? <DeviceList devices={allowed} /> : null}
    </section>
  );
}

/** "Pair «name»?" with Allow and Deny, for each device waiting. */
function PendingRequests({ pending }: { pending: Device[] }) {
  const t = useCopy(pairingLocales);
  const decide = useDecide();
  return (
    <ul className="pairing__pending" aria-live="polite">
      {pending.map((device) => (
        <li key={device.id}>
          <span>{t.allowPrompt(device.name)}</span>
          <span className="pairing__actions">
            <button type="button" className="button primary" disabled={decide.isPending} onClick={() => decide.mutate({ id: device.id, allow: true })}>
              {t.allow}
            </button>
            <button type="button" className="button" disabled={decide.isPending} onClick={() => decide.mutate({ id: device.id, allow: false })}>
              {t.deny}
            </button>
          </span>
        </li>
      ))}
      {decide.isError ? <li role="alert">{t.failed(reasonOf(decide.error))}</li> : null}
    </ul>
  );
}

/** The paired devices with Revoke and Revoke all. */
function DeviceList({ devices }: { devices: Device[] }) {
  const t = useCopy(pairingLocales);
  const language = useLanguage();
  const headingId = useId();
  const revoke = useRevoke();
  const when = (ms: number) => new Date(ms).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="pairing__devices">
      <h3 id={headingId}>{t.devices}</h3>
      {devices.length === 0 ? (
        <p className="pairing__note">{t.noDevices}</p>
      ) : (
        <ul aria-labelledby={headingId}>
          {devices.map((device) => (
            <li key={device.id}>
              <span className="pairing__name">{device.name}</span>
              <span className="pairing__when">
                {t.pairedAt(when(device.pairedAt))} · {t.lastSeen(when(device.lastSeen))}
              </span>
              <button
                type="button"
                className="button"
                aria-label={t.revokeNamed(device.name)}
                disabled={revoke.isPending}
                onClick={() => revoke.mutate({ id: device.id })}
              >
                {t.revoke}
              </button>
            </li>
          ))}
        </ul>
      )}
      {devices.length > 1 ? (
        <button
          type="button"
          className="button"
          disabled={revoke.isPending}
          onClick={() => {
            if (window.confirm(t.confirmRevokeAll)) revoke.mutate({ all: true });
          }}
        >
          {t.revokeAll}
        </button>
      ) : null}
      {revoke.isError ? <p role="alert">{t.failed(reasonOf(revoke.error))}</p> : null}
    </div>
  );
}

/** The modal dialog with the QR code, the fingerprint, and the devices waiting for Allow. */
function PairDialog({ onClose, pending }: { onClose: () => void; pending: Device[] }) {
  const t = useCopy(pairingLocales);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const qr = qrModule.use();
  const [svg, setSvg] = useState<string>();
  const [now, setNow] = useState(() => Date.now());
  const token = useMakeCode();
  const code = token.data;
  const { mutate: makeCode } = token;

  useEffect(() => {
    dialog.current?.showModal();
    makeCode();
  }, [makeCode]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (!qr || !code) return;
    let live = true;
    void qr.toString(code.url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((text) => {
      if (live) setSvg(text);
    });
    return () => {
      live = false;
    };
  }, [qr, code]);

  const minutes = code ? Math.max(0, Math.floor((code.expiresAt - now) / 60_000)) : 0;
  return (
    <dialog ref={dialog} className="pairing-dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>{t.dialogTitle}</h2>
      <p>{t.scan}</p>
      {token.isError ? <p role="alert">{t.failed(reasonOf(token.error))}</p> : null}
      {code && svg ? (
        <>
          <img className="pairing-dialog__qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={t.qrAlt} width={240} height={240} />
          <p className="pairing__note">{code.expiresAt > now ? t.expires(minutes) : t.expires(0)}</p>
          <details>
            <summary>{t.linkLabel}</summary>
            <code className="pairing-dialog__link">{code.url}</code>
          </details>
          {code.fingerprint ? (
            <div className="pairing-dialog__fingerprint">
              <p>{t.fingerprint}</p>
              <code>{code.fingerprint}</code>
              <p className="pairing__note">{t.fingerprintHelp}</p>
            </div>
          ) : null}
        </>
      ) : token.isError ? null : (
        <p className="pairing__note" role="status">
          {t.loading}
        </p>
      )}
      {pending.length > 0 ? <PendingRequests pending={pending} /> : null}
      <div className="pairing__actions">
        <button type="button" className="button" disabled={token.isPending} onClick={() => makeCode()}>
          {t.newCode}
        </button>
        <button type="button" className="button" onClick={() => dialog.current?.close()}>
          {t.close}
        </button>
      </div>
    </dialog>
  );
}
