// A Node client for tests that runs inside a test network namespace (testing/netns.ts starts it with
// `ip netns exec`): reads JSON commands from stdin, one a line, sends each to the server at argv[2] (trusting the
// certificate in UI_PLAN_PEER_CA), and writes what happened to stdout, one JSON line per event, tagged with the id.
import http from 'node:http';
import https from 'node:https';
import readline from 'node:readline';
import tls from 'node:tls';
import { WebSocket } from 'ws';

const base = new URL(process.argv[2]);
const ca = process.env.UI_PLAN_PEER_CA || undefined;
const secure = base.protocol === 'https:';
// The certificate is checked against the server's address even when a test sends another Host.
const checkServerIdentity = (_host, cert) => tls.checkServerIdentity(base.hostname, cert);
const say = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

function request({ id, method = 'GET', path, headers = {}, body }) {
  const req = (secure ? https : http).request(
    new URL(path, base),
    { method, headers, ...(secure ? { ca, checkServerIdentity } : {}), timeout: 10_000 },
    (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => say({ id, status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    },
  );
  req.on('timeout', () => req.destroy(new Error('timeout')));
  req.on('error', (error) => say({ id, error: error.message }));
  req.end(body);
}

function socket({ id, path, headers = {} }) {
  const url = new URL(path, base);
  url.protocol = secure ? 'wss:' : 'ws:';
  const ws = new WebSocket(url, { headers, ...(secure ? { ca, checkServerIdentity } : {}), handshakeTimeout: 10_000 });
  ws.on('open', () => say({ id, event: 'open' }));
  ws.on('unexpected-response', (_req, res) => {
    say({ id, event: 'refused', status: res.statusCode });
    res.resume();
    ws.terminate();
  });
  ws.on('error', (error) => say({ id, event: 'error', error: error.message }));
  ws.on('close', (code) => say({ id, event: 'close', code }));
}

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const command = JSON.parse(line);
  if (command.kind === 'ws') socket(command);
  else request(command);
});
process.stdin.on('end', () => process.exit(0));
