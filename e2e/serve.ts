/**
 * A `ui-plan serve` child process a spec starts itself (its own port and data directory, maybe its own model), for
 * specs that need a server the Playwright config does not run. Test support only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const CLI = path.resolve('bin', 'ui-plan.mjs');

/** A running `ui-plan serve` child process, and a promise settled when it exits. */
export type Serve = { child: ChildProcess; exited: Promise<void> };

/**
 * Start `ui-plan serve` on `port` over `dataDir`; resolves once it listens.
 * @param args more arguments (e.g. `['--model', 'replay:FILE']`)
 * @throws when the process exits before it listens (with its stderr)
 */
export async function serve(port: number, dataDir: string, args: readonly string[] = []): Promise<Serve> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', String(port), '--data-dir', dataDir, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let out = '';
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => void (err += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/listening on http:/.test(out)) resolve();
    });
    void exited.then(() => reject(new Error(`ui-plan serve exited before listening: ${err}`)));
  });
  return { child, exited };
}

/** Stop a server started by {@link serve} (SIGTERM) and wait until it is gone. */
export async function stop(running: Serve | undefined): Promise<void> {
  if (running === undefined || running.child.exitCode !== null) return;
  running.child.kill('SIGTERM');
  await running.exited;
}
