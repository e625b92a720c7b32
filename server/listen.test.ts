/**
 * The startup lines of `listenAndAnnounce`: a port browsers refuse (the Fetch standard's bad ports, e.g. 6000, the
 * README's old example) is warned of on stderr, any other port is not. The server is a stand-in that "binds" at once,
 * so no test listens on a port it does not own.
 */
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { BROWSER_BLOCKED_PORTS, browserBlockedPortWarning } from './browser-ports.ts';
import type { CliIo } from './cli/io.ts';
import { listenAndAnnounce } from './listen.ts';

/** A server that listens at once on whatever port it is asked for (nothing is bound). */
function boundAt(port: number): http.Server {
  const server = {
    once: () => server,
    off: () => server,
    listen: (_port: number, _host: string, done: () => void) => {
      done();
      return server;
    },
    address: () => ({ address: '127.0.0.1', family: 'IPv4', port }),
  };
  return server as unknown as http.Server;
}

async function announce(port: number) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (text) => out.push(text), err: (text) => err.push(text), cwd: process.cwd() };
  const url = await listenAndAnnounce(boundAt(port), { host: '127.0.0.1', port, trustedHosts: [] }, io, 'the harness', () => 'model scripted');
  return { url, out: out.join(''), err: err.join('') };
}

describe('listenAndAnnounce', () => {
  it.each([6000, 10080, 6667, 5060])('warns that browsers refuse port %i, and names a port they accept', async (port) => {
    const { url, out, err } = await announce(port);
    expect(url).toBe(`http://127.0.0.1:${port}`);
    expect(out).toBe(`ui-plan listening on http://127.0.0.1:${port} (model scripted)\n`);
    expect(err).toBe(
      `ui-plan: warning: browsers refuse port ${port} (a port the Fetch standard blocks; Chromium shows ERR_UNSAFE_PORT), ` +
        'so the app cannot be opened there in a browser; start on another port, e.g. --port 8080\n',
    );
  });

  it.each([5173, 8080, 3000, 6001])('prints no warning for port %i', async (port) => {
    expect((await announce(port)).err).toBe('');
  });
});

describe('browserBlockedPortWarning', () => {
  it("suggests a port that is not on the list (the README's example)", () => {
    expect(BROWSER_BLOCKED_PORTS.has(8080)).toBe(false);
    expect(BROWSER_BLOCKED_PORTS.has(5173)).toBe(false);
    expect(browserBlockedPortWarning(8080)).toBeUndefined();
  });
});
