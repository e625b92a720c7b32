#!/usr/bin/env node
// A real DeepSeek Harness web host for interop tests (testing/dsh-replay-host.ts), from the command line:
//   node scripts/dsh-host.mjs install           install into the cache folder (reused when present); prints the timing
//   node scripts/dsh-host.mjs start FIXTURE     start `dsh web` replaying FIXTURE; prints its URL, stops on Ctrl-C
// Exit 0 ok, 1 failure, 2 usage, 3 the npm registry cannot be reached and nothing is installed.
import { register } from 'tsx/esm/api';

register();
const { ensureDshHost, startReplayHost, dshCacheDir, RegistryUnreachableError } = await import('../testing/dsh-replay-host.ts');
const [command, fixture] = process.argv.slice(2);
try {
  if (command === 'install') {
    const started = Date.now();
    const host = ensureDshHost();
    console.log(`${host.installed ? 'installed' : 'cached'} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${host.dir}`);
  } else if (command === 'start' && fixture) {
    const host = await startReplayHost({ fixture });
    console.log(host.url);
    const stop = () => host.stop().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } else {
    console.error(`usage: node scripts/dsh-host.mjs install | start FIXTURE   (cache: ${dshCacheDir()})`);
    process.exitCode = 2;
  }
} catch (error) {
  console.error(`dsh-host: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = error instanceof RegistryUnreachableError ? 3 : 1;
}
