/**
 * Vite plugin for what the built app needs besides its bundle: the icons of the web manifest
 * (drawn by `png.ts`), the service worker's list of files to keep for offline use, and a brotli and a gzip copy of every text file, made once here so the servers only
 * pick the copy the browser accepts.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { drawIcon } from './png.ts';

/** Icon sizes named by the web manifest (`public/manifest.webmanifest`). */
export const ICON_SIZES = [192, 512] as const;

/** Files worth compressing: text, at least this long. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 512;

/** The service worker's placeholders, replaced in its built chunk. */
const PRECACHE = '__DAMKA_PRECACHE__';
const VERSION = '__DAMKA_VERSION__';

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory()
      ? filesUnder(path, `${prefix}${name}/`)
      : [`${prefix}${name}`];
  });
}

/** Write `file.br` and `file.gz` next to each compressible file of `dir`. */
export function compressFolder(dir: string): number {
  let n = 0;
  for (const name of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(name)) continue;
    const path = join(dir, name);
    const body = readFileSync(path);
    if (body.length < MIN_BYTES) continue;
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    n++;
  }
  return n;
}

export function damkaBuild(options: { serviceWorker: string }): Plugin {
  let outDir = 'dist';
  let publicDir = '';
  return {
    name: 'damka-build',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      for (const size of ICON_SIZES) {
        this.emitFile({
          type: 'asset',
          fileName: `icons/icon-${size}.png`,
          source: drawIcon(size),
        });
      }
      const worker = Object.values(bundle).find(
        (f) => f.type === 'chunk' && f.fileName === options.serviceWorker,
      );
      if (!worker || worker.type !== 'chunk') {
        this.error(`the service worker ${options.serviceWorker} is not in the bundle`);
      }
      const files = [
        ...Object.keys(bundle).filter((f) => f !== options.serviceWorker && !f.endsWith('.map')),
        ...ICON_SIZES.map((s) => `icons/icon-${s}.png`),
        ...(publicDir ? filesUnder(publicDir) : []),
      ]
        .map((f) => (f === 'index.html' ? '/' : `/${f}`))
        .sort();
      const hash = createHash('sha256');
      for (const f of files) hash.update(f);
      // Files of public/ keep their names from release to release (the puzzle sets): their
      // contents go into the version, so a new set reaches players who visited before.
      if (publicDir)
        for (const f of filesUnder(publicDir)) hash.update(readFileSync(join(publicDir, f)));
      const html = bundle['index.html'];
      if (html?.type === 'asset') hash.update(html.source);
      if (!worker.code.includes(PRECACHE) || !worker.code.includes(VERSION)) {
        this.error('the service worker lost its placeholders');
      }
      worker.code = worker.code
        .replace(PRECACHE, JSON.stringify(files))
        .replace(VERSION, JSON.stringify(hash.digest('hex').slice(0, 16)));
    },
    closeBundle() {
      compressFolder(outDir);
    },
  };
}
