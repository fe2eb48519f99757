#!/usr/bin/env node
// Serves the built web app (packages/web/dist) on http://localhost:8080 with node:http only —
// the browser tests and `npm run bench:web` use it; `npm start` serves the same files from the
// game server (packages/server/src/app.ts), with the same rules:
// - GET/HEAD of files under dist; index.html for app paths without an extension;
// - 404 for `/rules/<id>` when no variant has that id (the page still explains it);
// - the build's brotli or gzip copy (`file.br`, `file.gz`) when the browser accepts it;
// - a year of caching for the hashed files under /assets/, revalidation for everything else.
// Run with `npm run serve -w @damka/web` (it needs tsx for the rules package's variant list).
// `PORT` and `HOST` override the defaults; `createServer` is used by tests.
import { createServer as createHttpServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VARIANTS } from '@damka/rules';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export const DIST = fileURLToPath(new URL('./dist/', import.meta.url));

const VARIANT_IDS = new Set(VARIANTS.map((r) => r.id));
const RULES_PAGE = /^\/rules\/([^/]+)\/?$/;

/** Whether an app path names a page that does not exist (a rules page of no variant). */
function unknownPage(path) {
  const m = RULES_PAGE.exec(path);
  return m !== null && !VARIANT_IDS.has(m[1]);
}

/** The encodings the browser accepts, best first, among those the build makes. */
function encodings(accept) {
  const ok = new Set();
  for (const part of String(accept ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (params.some((p) => /^\s*q=0(?:\.0*)?\s*$/.test(p))) continue;
    ok.add(name);
  }
  return [
    ['br', '.br'],
    ['gzip', '.gz'],
  ].filter(([name]) => ok.has(name) || ok.has('*'));
}

async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function fileFor(root, path) {
  const base = root.endsWith(sep) ? root : root + sep;
  const full = normalize(join(base, path));
  if (!full.startsWith(base)) return null; // a path climbing out of the served folder
  if (await isFile(full)) return full;
  const index = join(full, 'index.html');
  if (full.endsWith(sep) && (await isFile(index))) return index;
  return null;
}

/** A node:http server for the files under `root`. */
export function createServer(root = DIST) {
  return createHttpServer(async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let path;
    try {
      path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    } catch {
      res.writeHead(400).end();
      return;
    }
    let file = await fileFor(root, path);
    const isAsset = path.startsWith('/assets/');
    let status = 200;
    if (!file && !isAsset && !extname(path)) {
      file = join(root, 'index.html');
      if (unknownPage(path)) status = 404;
    }
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    const headers = {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    };
    let served = file;
    if (await isFile(`${file}.gz`)) {
      headers.vary = 'accept-encoding';
      for (const [name, suffix] of encodings(req.headers['accept-encoding'])) {
        if (await isFile(file + suffix)) {
          served = file + suffix;
          headers['content-encoding'] = name;
          break;
        }
      }
    }
    try {
      const body = await readFile(served);
      headers['content-length'] = body.length;
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(500).end();
    }
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? 'localhost';
  const server = createServer();
  server.listen(port, host, () => {
    console.log(`Damka is served on http://${host}:${port}/ (Ctrl+C to stop)`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
