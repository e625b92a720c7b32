#!/usr/bin/env node
// Makes sure a Chromium that Playwright can drive exists: $CHROMIUM_PATH, else Debian's /usr/bin/chromium,
// installed with apt-get when missing (Playwright cannot download its own browsers on this network).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const wanted = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(wanted)) process.exit(0);
if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH=${wanted} does not exist`);
  process.exit(1);
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const sudo = isRoot ? [] : ['sudo'];
console.log('Chromium not found: installing Debian chromium with apt-get (about 2 minutes)…');
const run = (args) => {
  const [cmd, ...rest] = [...sudo, ...args];
  const r = spawnSync(cmd, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return r.status === 0;
};
if (!run(['apt-get', 'update', '-qq']) || !run(['apt-get', 'install', '-y', '-qq', 'chromium']) || !existsSync(wanted)) {
  console.error('Could not install chromium. Install it yourself (apt-get install chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}
