/**
 * The server side of `npm run bench:browser`: the real `node bin/ui-plan.mjs serve --model replay:FILE` on loopback,
 * port 0 (the kernel picks a free one; the URL is read from the startup line), on a fresh temporary data directory
 * that is removed on stop. One server per fixture, so each replay model plays its recorded step for every session.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A running `ui-plan serve`. */
export interface BenchServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Stop the process (SIGTERM, then SIGKILL after 3 s) and remove its data directory. */
  stop(): Promise<void>;
}

/**
 * Start `ui-plan serve` replaying `replayFile`.
 * @param root - the package root (where bin/ and dist/ are)
 * @param replayFile - absolute path of a dsh log for `--model replay:`
 * @param speed - `--speed` (replay pacing factor; 1 = recorded timing)
 * @returns the server once it printed its listening line
 * @throws Error when the process exits or prints nothing within 20 s
 */
export async function startServer(root: string, replayFile: string, speed = 1): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ui-plan-bench-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['bin/ui-plan.mjs', 'serve', '--host', '127.0.0.1', '--port', '0', '--data-dir', dataDir, '--model', `replay:${replayFile}`, '--speed', String(speed)],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + String(d)).slice(-4000);
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`ui-plan serve printed no URL in 20 s: ${stderr}`)), 20_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += String(d);
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`ui-plan serve exited with ${code}: ${stderr}`));
    });
  });
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
