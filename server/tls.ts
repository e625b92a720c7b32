/**
 * The TLS certificate of the `--remote` listener: the files given with `--tls-cert`/`--tls-key`, or else a self-signed
 * one made once by the `selfsigned` library and kept in `<dataDir>/remote/` (key mode 0600), so its SHA-256
 * fingerprint stays the same across restarts (until it expires, after 5 years, and a new one is made).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { generate } from 'selfsigned';

/** A certificate and key in PEM, with the certificate's SHA-256 fingerprint (`AB:CD:…`, as browsers show it). */
export interface TlsIdentity {
  cert: string;
  key: string;
  fingerprint256: string;
}

/**
 * Read a certificate and key pair and name its fingerprint.
 * @throws Error when the certificate is not PEM X.509 or the key does not match it (message names the problem)
 */
function identityOf(cert: string, key: string): TlsIdentity {
  const x509 = new crypto.X509Certificate(cert);
  if (!x509.checkPrivateKey(crypto.createPrivateKey(key))) throw new Error('the key does not belong to the certificate');
  return { cert, key, fingerprint256: x509.fingerprint256 };
}

/** Whether the kept certificate's validity has ended (an unreadable one is not: reading it reports the problem). */
function expired(certFile: string): boolean {
  try {
    return new Date(new crypto.X509Certificate(fs.readFileSync(certFile, 'utf8')).validTo).getTime() < Date.now();
  } catch {
    return false;
  }
}

/**
 * Load the given certificate files, or the kept self-signed certificate, making it the first time.
 * @param options `certFile`/`keyFile` (both or neither); `dir` where the self-signed pair is kept; `address` the
 *   listener's IP, put in the new certificate's subjectAltName
 * @returns the identity
 * @throws Error naming the file that cannot be read or does not hold a matching pair
 */
export async function loadTlsIdentity(options: { certFile?: string; keyFile?: string; dir: string; address: string }): Promise<TlsIdentity> {
  if (options.certFile !== undefined && options.keyFile !== undefined) {
    const read = (file: string): string => {
      try {
        return fs.readFileSync(file, 'utf8');
      } catch (error) {
        throw new Error(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    try {
      return identityOf(read(options.certFile), read(options.keyFile));
    } catch (error) {
      throw new Error(`--tls-cert ${options.certFile} / --tls-key ${options.keyFile}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const certFile = path.join(options.dir, 'tls-cert.pem');
  const keyFile = path.join(options.dir, 'tls-key.pem');
  if (fs.existsSync(certFile) && fs.existsSync(keyFile) && !expired(certFile)) {
    try {
      return identityOf(fs.readFileSync(certFile, 'utf8'), fs.readFileSync(keyFile, 'utf8'));
    } catch (error) {
      throw new Error(`${certFile}: ${error instanceof Error ? error.message : String(error)} (remove both files to make a new certificate)`);
    }
  }
  const made = await generate([{ name: 'commonName', value: 'ui-plan' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 5 * 365 * 24 * 60 * 60_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: options.address }] },
    ],
  });
  fs.mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(keyFile, made.private, { mode: 0o600 });
  fs.writeFileSync(certFile, made.cert, { mode: 0o644 });
  return identityOf(made.cert, made.private);
}
