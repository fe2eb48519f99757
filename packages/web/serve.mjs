#!/usr/bin/env node
// Serves the built web app (packages/web/dist) on http://localhost:8080 with node:http only.
// A tiny static server: GET/HEAD of files under dist, index.html for unknown paths (the app has
// no server routes yet), long caching for hashed assets. The online-play server will later take
// over the same port. `PORT` and `HOST` override the defaults; `createServer` is used by tests.
import { createServer as createHttpServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

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

async function fileFor(root, urlPath) {
  let path;
  try {
    path = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  const base = root.endsWith(sep) ? root : root + sep;
  const full = normalize(join(base, path));
  if (!full.startsWith(base)) return null; // a path climbing out of the served folder
  try {
    const s = await stat(full);
    if (s.isFile()) return full;
    if (s.isDirectory()) {
      const index = join(full, 'index.html');
      if ((await stat(index)).isFile()) return index;
    }
  } catch {
    // not found
  }
  return null;
}

/** A node:http server for the files under `root`. */
export function createServer(root = DIST) {
  return createHttpServer(async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const url = req.url ?? '/';
    let file = await fileFor(root, url);
    const isAsset = url.startsWith('/assets/');
    if (!file && !isAsset && !extname(url.split('?')[0] ?? '')) file = join(root, 'index.html');
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': body.length,
        'cache-control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        'x-content-type-options': 'nosniff',
      });
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
