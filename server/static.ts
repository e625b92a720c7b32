/**
 * Static serving of the built SPA (`dist/`) for `ui-plan serve` and `serve --dsh`, on `sirv`.
 * sirv sends the bytes (content type, weak ETag and 304, precompressed `.br`/`.gz` siblings); this wrapper decides
 * what may be sent. Invariants: GET/HEAD only; only files found by our own walk of `dist/` at start (no dotfiles, no
 * symlink leaving `dist/`) are ever sent; every path shape — over-long, NUL, control characters, encoded
 * separators, `..`, backslashes, bad escapes, a file used as a folder — gets a 4xx or the SPA, never a throw; the
 * walk is redone when `index.html` changes (a rebuild).
 */
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import sirv, { type Options as SirvOptions } from 'sirv';
import { setPageSecurityHeaders } from './security-headers.ts';

/** Longest request target the static server looks at, in characters; longer is `414`. */
export const MAX_STATIC_URL_CHARS = 2048;
/** Longest path segment, in UTF-8 bytes (the usual file-name limit); longer cannot be a file and is `404`. */
export const MAX_SEGMENT_BYTES = 255;
/** Deepest folder nesting the walk of `dist/` follows. */
const MAX_WALK_DEPTH = 32;

/** Served at `/` when there is no built SPA. */
export const NOT_BUILT_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ui-plan</title></head>
<body><h1>ui-plan</h1><p>The web app is not built yet. Run <code>npm run build</code>, then restart <code>ui-plan serve</code>.</p>
<p>The API is up at <code>/api</code>.</p></body></html>
`;

/** Content types we name ourselves so text keeps its charset (sirv's own table says `text/javascript` bare). */
const TEXT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};

/** What to do with a request path: look up `key` (decoded, NFC, starting with `/`), or refuse with a status. */
export type StaticPath = { kind: 'key'; key: string } | { kind: 'refuse'; status: 400 | 403 | 404 | 414; text: string };

/**
 * Classify a raw request target (`req.url`, not normalised by Node) for the static server. Pure; never throws.
 * - over {@link MAX_STATIC_URL_CHARS} → 414; not starting with `/` (e.g. `*`, absolute-form) → 400;
 * - a backslash, an encoded separator (`%2f`, `%5c`), a NUL (raw or `%00`), a `.` or `..` segment (raw or
 *   `%2e%2e`) → 403; an invalid percent escape or another control character → 400;
 * - a segment over {@link MAX_SEGMENT_BYTES} bytes or starting with `.` (dotfiles are never served) → 404.
 * @param rawUrl the request target as received, query included
 * @returns the lookup key, or the refusal
 */
export function classifyStaticPath(rawUrl: string): StaticPath {
  if (rawUrl.length > MAX_STATIC_URL_CHARS) return { kind: 'refuse', status: 414, text: `URI too long (limit ${MAX_STATIC_URL_CHARS} characters)` };
  const rawPath = rawUrl.split(/[?#]/, 1)[0] ?? '';
  if (!rawPath.startsWith('/')) return { kind: 'refuse', status: 400, text: 'bad path' };
  if (rawPath.includes('\\') || /%(?:2f|5c)/i.test(rawPath)) return { kind: 'refuse', status: 403, text: 'forbidden' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { kind: 'refuse', status: 400, text: 'bad path' };
  }
  if (decoded.includes('\0')) return { kind: 'refuse', status: 403, text: 'forbidden' };

  if (/[\u0001-\u001f\u007f]/.test(decoded)) return { kind: 'refuse', status: 400, text: 'bad path' };
  const segments = decoded.split('/').slice(1);
  if (segments.some((s) => s === '.' || s === '..')) return { kind: 'refuse', status: 403, text: 'forbidden' };
  if (segments.some((s) => Buffer.byteLength(s) > MAX_SEGMENT_BYTES || s.startsWith('.'))) return { kind: 'refuse', status: 404, text: 'not found' };
  return { kind: 'key', key: decoded.normalize() };
}

/** One walk of `dist/`: the servable keys and the stamp of `index.html` it was taken at. */
interface Snapshot {
  stamp: string;
  files: ReadonlySet<string>;
  send: (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
}

/**
 * Every file under `root` that may be served, as keys (`/assets/x.js`): regular files and symlinks whose real path
 * stays inside `root`, no name starting with `.`, folders followed up to {@link MAX_WALK_DEPTH} deep, each real
 * folder once. Unreadable entries are skipped.
 * @param root absolute directory
 * @returns the keys, NFC-normalised as sirv keys its table
 */
export function servableFiles(root: string): Set<string> {
  const files = new Set<string>();
  let realRoot: string;
  try {
    realRoot = fs.realpathSync(root);
  } catch {
    return files;
  }
  const inside = (real: string): boolean => real === realRoot || real.startsWith(realRoot + path.sep);
  const seen = new Set<string>();
  const walk = (dir: string, prefix: string, depth: number): void => {
    if (depth > MAX_WALK_DEPTH) return;
    let real: string;
    let names: string[];
    try {
      real = fs.realpathSync(dir);
      if (!inside(real) || seen.has(real)) return;
      seen.add(real);
      names = fs.readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      if (name.startsWith('.')) continue;
      const abs = path.join(dir, name);
      try {
        const target = fs.realpathSync(abs);
        if (!inside(target)) continue;
        const stat = fs.statSync(target);
        if (stat.isDirectory()) walk(abs, `${prefix}/${name}`, depth + 1);
        else if (stat.isFile()) files.add(`${prefix}/${name}`.normalize());
      } catch {
        // dangling symlink, permission, a race with a rebuild: not servable
      }
    }
  };
  walk(root, '', 0);
  return files;
}

function stampOf(index: string): string | undefined {
  try {
    const stat = fs.statSync(index);
    return stat.isFile() ? `${stat.ino}:${stat.size}:${stat.mtimeMs}` : undefined;
  } catch {
    return undefined;
  }
}

/** Send a short plain-text page (an error) with the page security headers. */
export function sendTextPage(req: http.IncomingMessage, res: http.ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  setPageSecurityHeaders(req, res);
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...extra });
  res.end(text);
}

/** A static handler: answers every request it is given (never calls on). */
export type StaticHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/**
 * Build the static handler of the SPA in `root`. `/` and extension-less paths outside `/assets/` get `index.html`
 * (`no-cache`, ETag, 304 on `If-None-Match`); files under `/assets/` are `public, max-age=31536000, immutable`;
 * a missing file with an extension, a file used as a folder or a missing `/assets/` path is 404; non-GET/HEAD is
 * 405. `Range` is ignored (whole files only). Without `root/index.html`: {@link NOT_BUILT_HTML} at `/` and
 * `/index.html`, 404 elsewhere. Every response carries the page security headers (server/security-headers.ts) but
 * scripts and style sheets, which get `nosniff` alone (a dedicated worker's script keeps them: they are its policy).
 * @param root absolute directory of the build, or `undefined`
 * @param logger where a failed read of a served file is reported
 * @returns the handler; it never throws for any request
 */
export function createStaticHandler(root: string | undefined, logger: { warn(message: string): void }): StaticHandler {
  const index = root === undefined ? undefined : path.join(root, 'index.html');
  let snapshot: Snapshot | undefined;

  const current = (): Snapshot | undefined => {
    if (root === undefined || index === undefined) return undefined;
    const stamp = stampOf(index);
    if (stamp === undefined) return (snapshot = undefined);
    if (snapshot?.stamp === stamp) return snapshot;
    const options: SirvOptions = { etag: true, brotli: true, gzip: true, extensions: [], dotfiles: false };
    let send: Snapshot['send'];
    try {
      send = sirv(root, { ...options, dev: false });
    } catch (error) {
      // sirv's own walk follows symlinks and throws on a dangling one; our walk already decides what is servable,
      // so per-request lookups are just as safe.
      logger.warn(
        `ui-plan: reading ${root} for static serving failed (${error instanceof Error ? error.message : String(error)}); serving from disk per request`,
      );
      send = sirv(root, { ...options, dev: true });
    }
    snapshot = { stamp, files: servableFiles(root), send };
    return snapshot;
  };

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendTextPage(req, res, 405, 'method not allowed', { allow: 'GET, HEAD' });
    const target = classifyStaticPath(req.url ?? '/');
    if (target.kind === 'refuse') return sendTextPage(req, res, target.status, target.text);
    const served = current();
    if (served === undefined) {
      if (target.key !== '/' && target.key !== '/index.html') return sendTextPage(req, res, 404, 'not found');
      setPageSecurityHeaders(req, res);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(NOT_BUILT_HTML);
      return;
    }
    const key = resolveKey(target.key, served.files);
    if (key === undefined) return sendTextPage(req, res, 404, 'not found');

    const wants = String(req.headers['accept-encoding'] ?? '');
    const encodings = [
      /(br|brotli)/i.test(wants) && served.files.has(`${key}.br`) ? 'br' : undefined,
      wants.includes('gzip') && served.files.has(`${key}.gz`) ? 'gzip' : undefined,
    ].filter((e) => e !== undefined);
    req.headers['accept-encoding'] = encodings.join(', ');
    delete req.headers.range;
    delete req.headers['if-range'];
    req.url = key;

    // A document (HTML, SVG) or a worker's script (a worker runs under its own script's policy) gets the page
    // headers; any other script or style sheet only `nosniff`: the policy and framing headers do nothing there, and
    // every first-load script would carry them on the wire.
    if (getsPageHeaders(key)) setPageSecurityHeaders(req, res);
    else res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('cache-control', key.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    const type = TEXT_TYPES[path.posix.extname(key).toLowerCase()];
    if (type !== undefined) res.setHeader('content-type', type);
    // sirv pipes a read stream without an error listener; a file removed by a rebuild must not crash the process.
    res.once('pipe', (source: NodeJS.ReadableStream) => {
      source.once('error', (error: Error) => {
        logger.warn(`ui-plan: reading ${key} failed: ${error.message}`);
        res.destroy();
      });
    });
    served.send(req, res, () => sendTextPage(req, res, 404, 'not found'));
  };
}

/** Whether a served file gets the page security headers: a document, or a dedicated worker's script. */
function getsPageHeaders(key: string): boolean {
  const extension = path.posix.extname(key).toLowerCase();
  return !(extension === '.js' || extension === '.mjs' || extension === '.css' || extension === '.map') || /\.worker-[^/]*\.m?js$/.test(key);
}

/**
 * The file to send for a key: the file itself; `index.html` for `/` and for an extension-less path outside
 * `/assets/` that is no file and has no file among its parent paths; otherwise `undefined` (404). Keys with `?`, `#`
 * or `%` are never sent as files (sirv would read them differently).
 */
function resolveKey(key: string, files: ReadonlySet<string>): string | undefined {
  if (key === '/') return '/index.html';
  if (files.has(key) && !/[?#%]/.test(key)) return key;
  const last = key.slice(key.lastIndexOf('/') + 1);
  if (path.posix.extname(last) !== '' || key.startsWith('/assets/')) return undefined;
  for (let cut = key.indexOf('/', 1); cut !== -1; cut = key.indexOf('/', cut + 1)) {
    if (files.has(key.slice(0, cut))) return undefined; // a file used as a folder
  }
  return '/index.html';
}
