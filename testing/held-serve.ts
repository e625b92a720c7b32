/**
 * An end-to-end test server whose model the test holds: the real HTTP server (server/http.ts, the carrier, the trust
 * fence, the built SPA) over the real harness on `FileStorage`, with the scripted model behind a gate
 * (harness/models/gate.ts) that a second loopback port controls — `POST /hold`, `POST /release`, `GET /state`
 * (`{held, waiting}`). A test that must act while a turn runs holds the model first, so the turn cannot end before it
 * acts. Run with `node --import tsx testing/held-serve.ts --port P --control-port C --data-dir D`. Test support only.
 */
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createHarness } from '../harness/harness.ts';
import { createModelGate, type ModelGate } from '../harness/models/gate.ts';
import { createScriptedModel } from '../harness/models/scripted.ts';
import { PACKAGE_ROOT } from '../server/commands/serve.ts';
import { FileStorage } from '../server/file-storage.ts';
import { createUiPlanServer } from '../server/http.ts';

/**
 * The control server of a gate: `POST /hold` and `POST /release` answer 204, `GET /state` answers `{held, waiting}`;
 * anything else is a 404.
 * @param gate - the model gate it controls
 */
export function createGateControl(gate: ModelGate): http.Server {
  return http.createServer((req, res) => {
    const route = `${req.method} ${req.url}`;
    if (route === 'POST /hold' || route === 'POST /release') {
      if (route === 'POST /hold') gate.hold();
      else gate.release();
      res.writeHead(204).end();
    } else if (route === 'GET /state') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ held: gate.held, waiting: gate.waiting }));
    } else {
      res.writeHead(404).end();
    }
  });
}

/** Listen on loopback `port`; resolves once listening. */
function listen(server: http.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, 'control-port': { type: 'string' }, 'data-dir': { type: 'string' } },
    strict: true,
  });
  if (values.port === undefined || values['control-port'] === undefined || values['data-dir'] === undefined) {
    throw new Error('usage: held-serve.ts --port P --control-port C --data-dir D');
  }
  const gate = createModelGate();
  const storage = new FileStorage({ dataDir: path.resolve(values['data-dir']) });
  const harness = createHarness({ storage, model: gate.wrap(createScriptedModel({ delayMs: 12 })), cwd: process.cwd(), version: 'held' });
  const carrier = createUiPlanServer({ harness, staticDir: path.join(PACKAGE_ROOT, 'dist') });
  const control = createGateControl(gate);
  await listen(control, Number(values['control-port']));
  await listen(carrier.server, Number(values.port));
  console.log(`ui-plan listening on http://127.0.0.1:${values.port} (held model, control on port ${values['control-port']})`);
  const stop = async (): Promise<void> => {
    gate.release();
    control.close();
    await carrier.close();
    await harness.close();
    storage.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
