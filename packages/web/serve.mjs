#!/usr/bin/env node
// Serves the built web app (packages/web/dist) on http://localhost:8080 with node:http only —
// the browser tests and `npm run bench:web` use it; `npm start` serves the same files from the
// game server. Both follow `staticFile` of packages/server/src/static-files.ts: compressed copies
// by Accept-Encoding, a year of caching for hashed assets, 404 for an unknown variant's rules page,
// and the game server's security headers (security-headers.ts), cross-origin isolation included.
// Run with `npm run serve -w @damka/web` (through tsx: that module is TypeScript).
// `PORT` and `HOST` override the defaults; `createServer` is used by tests.
import { createServer as createHttpServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staticFile } from '@damka/server/static-files';
import { SECURITY_HEADERS } from '@damka/server/security-headers';

export const DIST = fileURLToPath(new URL('./dist/', import.meta.url));

/** A node:http server for the files under `root`. */
export function createServer(root = DIST) {
  return createHttpServer(async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const found = await staticFile(root, req.url ?? '/', req.headers['accept-encoding']);
    if (!found) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    try {
      const body = await readFile(found.path);
      res.writeHead(found.status, {
        ...found.headers,
        ...SECURITY_HEADERS,
        'content-length': body.length,
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
