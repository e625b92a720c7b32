/**
 * The ports browsers refuse to fetch from (Chromium's ERR_UNSAFE_PORT, Firefox's "This address is restricted"): the
 * Fetch standard's "bad port" list (https://fetch.spec.whatwg.org/#port-blocking, as of 2024). A server on one of
 * them works with curl but not in a browser, so `serve` warns when it listens on one.
 */

/** The Fetch standard's bad ports, ascending. */
export const BROWSER_BLOCKED_PORTS: ReadonlySet<number> = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137,
  139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049,
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/**
 * The warning line for a port browsers refuse, or `undefined` for any other port.
 * @param port the port listened on (1–65535)
 * @returns one line ending in a newline, naming the port and a safe example
 */
export function browserBlockedPortWarning(port: number): string | undefined {
  if (!BROWSER_BLOCKED_PORTS.has(port)) return undefined;
  return (
    `ui-plan: warning: browsers refuse port ${port} (a port the Fetch standard blocks; Chromium shows ERR_UNSAFE_PORT), ` +
    `so the app cannot be opened there in a browser; start on another port, e.g. --port 8080\n`
  );
}
