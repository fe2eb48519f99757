/**
 * The built web app's files as Damka sends them — one home for the rules both the game server
 * (`app.ts`) and the web package's file server (`packages/web/serve.mjs`) follow:
 * - a file under the served folder, or the app's page (`index.html`) for a path without an
 *   extension, since the app routes those itself; with status 404 for `/rules/<id>` when no
 *   variant has that id (the page still says so);
 * - the brotli or gzip copy the web build writes beside each text file (`file.br`, `file.gz`)
 *   when the browser accepts it, with `vary: accept-encoding`; nothing is compressed per request;
 * - a year of caching, immutable, for the content-hashed files under `/assets/`; revalidation
 *   (`no-cache`) for everything else, so a new release shows at once.
 */
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { VARIANTS } from '@damka/rules';

const TYPES: Record<string, string> = {
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

const VARIANT_IDS = new Set(VARIANTS.map((r) => r.id));
const RULES_PAGE = /^\/rules\/([^/]+)\/?$/;

/** What to send for a request: the file to read, the status and the headers. */
export interface StaticFile {
  readonly status: 200 | 404;
  /** The file to send (maybe a compressed copy); it may be missing when the app is not built. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** Whether an app path names a page that does not exist (a rules page of no variant). */
function unknownPage(path: string): boolean {
  const m = RULES_PAGE.exec(path);
  return m !== null && !VARIANT_IDS.has(m[1]!);
}

/** The encodings the browser accepts, best first, among the copies the web build makes. */
function encodings(accept: string | undefined): Array<readonly [string, string]> {
  const ok = new Set<string>();
  for (const part of (accept ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (params.some((p) => /^\s*q=0(?:\.0*)?\s*$/.test(p))) continue;
    ok.add(name!);
  }
  return (
    [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const
  ).filter(([name]) => ok.has(name) || ok.has('*'));
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The file under `root` that a decoded URL path names, never one outside it. */
async function fileUnder(root: string, path: string): Promise<string | null> {
  const base = root.endsWith(sep) ? root : root + sep;
  const full = normalize(join(base, path));
  if (!full.startsWith(base)) return null; // a path climbing out of the served folder
  if (await isFile(full)) return full;
  return null;
}

/**
 * What to send for `url` (a request URL, query included) from the built app in `root`, given the
 * request's Accept-Encoding; null for "not found" (a missing asset or file, a malformed path).
 */
export async function staticFile(
  root: string,
  url: string,
  acceptEncoding: string | undefined,
): Promise<StaticFile | null> {
  let path: string;
  try {
    path = decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  const isAsset = path.startsWith('/assets/');
  let file = await fileUnder(root, path);
  let status: 200 | 404 = 200;
  if (!file && !isAsset && !extname(path)) {
    file = join(root, 'index.html');
    if (unknownPage(path)) status = 404;
  }
  if (!file) return null;
  const headers: Record<string, string> = {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'cache-control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  let sent = file;
  if (await isFile(`${file}.gz`)) {
    headers['vary'] = 'accept-encoding';
    for (const [name, suffix] of encodings(acceptEncoding)) {
      if (await isFile(file + suffix)) {
        sent = file + suffix;
        headers['content-encoding'] = name;
        break;
      }
    }
  }
  return { status, path: sent, headers };
}
