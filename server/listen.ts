/**
 * Listen and name the URL, once for both kinds of `ui-plan serve` (the reference harness and `--dsh`): bind the
 * server on the validated host and port, resolve the port Node chose for 0, and print the startup line with the
 * warning of a non-loopback bind (which Host names are accepted from where) and of a port browsers refuse.
 */
import type http from 'node:http';
import { browserBlockedPortWarning } from './browser-ports.ts';
import type { CliIo } from './cli/io.ts';
import { isLoopbackAddress } from './trust-fence.ts';

/** Where to listen and which Host names the trust fence accepts besides loopback. */
export interface ListenOptions {
  host: string;
  /** 0 for any free port. */
  port: number;
  trustedHosts: readonly string[];
}

/**
 * Listen on `options.host:options.port` and print `ui-plan listening on <url> (<detail>)` to `io.out`, after a
 * warning on `io.err` when the bind is not loopback and one when browsers refuse the port (e.g. 6000).
 * @param server an unlistened server
 * @param options host, port, trusted host names
 * @param io output
 * @param what what the bind exposes (`the harness`, `the dsh host`), for the warning
 * @param detail what the startup line names in parentheses (`model scripted`, `dsh host http://…`); a function of
 *   the URL is not needed, so it is plain text
 * @returns the URL (`http://host:port`, an IPv6 host in brackets)
 * @throws the listen error (e.g. EADDRINUSE), after which nothing was printed
 */
export async function listenAndAnnounce(
  server: http.Server,
  options: ListenOptions,
  io: CliIo,
  what: string,
  detail: () => Promise<string> | string,
): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const shownHost = options.host.includes(':') && !options.host.startsWith('[') ? `[${options.host}]` : options.host;
  const url = `http://${shownHost}:${port}`;
  if (!isLoopbackAddress(options.host)) io.err(publicBindWarning(options, what));
  const blocked = browserBlockedPortWarning(port);
  if (blocked !== undefined) io.err(blocked);
  io.out(`ui-plan listening on ${url} (${await detail()})\n`);
  return url;
}

/** The startup line of a non-loopback bind: what is exposed and which Host names are accepted from where. */
function publicBindWarning(options: ListenOptions, what: string): string {
  return (
    `ui-plan: warning: binding ${options.host} exposes ${what} beyond this machine; only requests whose Host is ` +
    `${options.trustedHosts.join(', ')} (from anywhere) or 127.0.0.1/localhost/[::1] (from this machine only) are accepted\n`
  );
}
