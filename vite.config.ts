/// <reference types="vitest/config" />
/**
 * Vite (SPA build and dev servers) and Vitest (node and DOM test projects) in one file.
 * `vite` proxies /api (HTTP and WebSocket) to a running `ui-plan serve`; `vite --mode msw` serves the app
 * with the MSW-mocked harness and no proxy, so a broken worker can never fall through to a real server; only that
 * mode serves `public-msw/` (the MSW worker) besides `public/`, so the production `dist/` has no worker. A production
 * build has no source maps and writes brotli and gzip siblings (`.br`/`.gz`) of its text files, which the server
 * sends as they are.
 */
import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const API = process.env.API_URL ?? 'http://127.0.0.1:5173';

/** The host's trust fence wants Origin == Host: drop the browser's dev-server Origin on the way through. */
const apiProxy: Record<string, ProxyOptions> = {
  '/api': {
    target: API,
    changeOrigin: true,
    ws: true,
    configure: (proxy) => {
      proxy.on('proxyReq', (req) => req.removeHeader('origin'));
      proxy.on('proxyReqWs', (req) => req.removeHeader('origin'));
    },
  },
};

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    // At build time only: best compression once (brotli 11, gzip 9) instead of per request.
    compression({ include: /\.(js|css|html|svg)$/, algorithms: ['brotliCompress', 'gzip'], threshold: 0, logLevel: 'silent' }),
  ],
  publicDir: mode === 'msw' ? 'public-msw' : 'public',
  // The markdown pipeline is imported lazily: pre-bundle it at dev-server start, not on the first review card (a
  // late discovery re-optimises and reloads the page under a running test).
  // The code highlighter (lowlight and its grammars) is a lazy import of its own, likewise.
  optimizeDeps: {
    include: [
      'remark-rehype',
      'hast-util-to-jsx-runtime',
      'remark-gfm',
      'remark-parse',
      'unified',
      'lowlight',
      ...['bash', 'diff', 'go', 'javascript', 'json', 'markdown', 'python', 'rust', 'shell', 'typescript', 'yaml'].map(
        (l) => `highlight.js/lib/languages/${l}`,
      ),
    ],
  },
  cacheDir: mode === 'msw' ? 'node_modules/.vite-msw' : 'node_modules/.vite',
  server: {
    host: '127.0.0.1',
    port: mode === 'msw' ? 5181 : 5180,
    strictPort: true,
    proxy: mode === 'msw' ? undefined : apiProxy,
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, proxy: apiProxy },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // One stylesheet, on the first load (about 8 KB more brotli): a lazy chunk's own stylesheet, inserted when the
    // chunk loads, made the browser recalculate the whole page's style (up to 16 ms a time, a dozen times in the
    // 600 ms after the composer is usable), and a question that came then waited behind it.
    cssCodeSplit: false,
    // The first load is three scripts (the rolldown runtime, the vendors of the first screen, the app's first screen):
    // every further file costs its response headers on the wire (`npm run bench:browser`, "first-load JS"). What
    // loads later is split by use: the markdown pipeline (unified/remark/micromark/hast and friends), the code
    // highlighter, jsdiff, and each lazy view (docs/style.md "Lazy views render at once").
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The first screen's vendors (React, TanStack, zod, zustand) first: the groups below take their modules'
            // dependencies along, React among them.
            { name: 'vendor', test: /node_modules[\\/]|src[\\/]zod-jitless\.ts$/, tags: ['$initial'], priority: 4 },
            // The code highlighter loads with the first code block, never with the first screen.
            { name: 'highlight', test: /node_modules[\\/](lowlight|highlight\.js)[\\/]/, priority: 3 },
            {
              name: 'markdown',
              test: /node_modules[\\/](remark-[^\\/]+|micromark[^\\/]*|mdast-[^\\/]+|hast-[^\\/]+|unist-[^\\/]+|unified|vfile[^\\/]*|property-information|space-separated-tokens|comma-separated-tokens|html-url-attributes|decode-named-character-reference|character-entities[^\\/]*|devlop|bail|trough|zwitch|longest-streak|markdown-table|ccount|escape-string-regexp|is-plain-obj|trim-lines|estree-util-[^\\/]+|style-to-[^\\/]+|inline-style-parser|extend)[\\/]/,
              priority: 2,
            },
            // jsdiff is used only by the lazy diff and Reviews views: its own chunk, off the first load.
            { name: 'jsdiff', test: /node_modules[\\/]diff[\\/]/, priority: 2 },
            // The QR code encoder is used only by the "Pair a phone" dialog: its own chunk, loaded when that opens.
            { name: 'qrcode', test: /node_modules[\\/](qrcode|dijkstrajs)[\\/]/, priority: 2 },
            // Any other package of a lazy chunk. zod's jitless switch rides with zod itself in the first vendor chunk,
            // which runs before every chunk that builds a schema, so no schema probes `new Function` under the CSP first.
            { name: 'vendor-lazy', test: /node_modules[\\/]/, priority: 1 },
            // Every module of the first screen in one chunk: modules the lazy chunks share with it would otherwise be
            // split into small common chunks, each one more request on the first load.
            { name: 'app', tags: ['$initial'], priority: 0 },
          ],
        },
      },
    },
  },
  test: {
    // Bounds against a hang, never a speed check: on a busy 2-core machine a whole-App test takes several times its
    // idle time, and a test waits on conditions, so only a stuck one reaches the bound.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // Tests that spawn `ui-plan` run the compiled server: build it from this checkout first.
          globalSetup: ['./testing/server-build.setup.ts'],
          include: [
            'src/core/**/*.test.ts',
            'src/features/*/model/**/*.test.ts',
            'harness/**/*.test.ts',
            'carrier/**/*.test.ts',
            'server/**/*.test.ts',
            'testing/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          globals: true,
          setupFiles: ['./vitest.setup.ts'],
          include: ['src/**/*.test.{ts,tsx}', 'mocks/**/*.test.{ts,tsx}'],
          exclude: ['src/core/**', 'src/features/*/model/**'],
        },
      },
    ],
  },
}));
