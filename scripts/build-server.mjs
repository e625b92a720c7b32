#!/usr/bin/env node
// Builds the `ui-plan` server and CLI to JavaScript (part of `npm run build`): esbuild bundles server/cli.ts and what it
// imports (server/, carrier/, harness/, src/core/) into dist-server/, ES modules for Node 20.19, packages left as
// imports from node_modules. The engine is a chunk of its own, loaded only by `serve`, so `fold` and `help` stay quick.
// bin/ui-plan.mjs runs dist-server/cli.mjs. Files are replaced in place and then files of an older build removed, so a
// process starting meanwhile never finds the folder empty.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where the build goes (git-ignored, never served: the static files are `dist/`). */
export const SERVER_OUT_DIR = path.join(ROOT, 'dist-server');

/** Build the server and CLI into {@link SERVER_OUT_DIR}; rejects with esbuild's errors. */
export async function buildServer() {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { cli: 'server/cli.ts' },
    outdir: SERVER_OUT_DIR,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    logLevel: 'warning',
    metafile: true,
  });
  const written = new Set(Object.keys(result.metafile.outputs).map((file) => path.resolve(ROOT, file)));
  for (const file of readdirSync(SERVER_OUT_DIR, { recursive: true, encoding: 'utf8' })) {
    const full = path.join(SERVER_OUT_DIR, file);
    if (file.endsWith('.mjs') && !written.has(full)) rmSync(full, { force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  await buildServer();
  console.log(`server built into ${path.relative(process.cwd(), SERVER_OUT_DIR) || '.'}/ in ${Date.now() - started} ms`);
}
