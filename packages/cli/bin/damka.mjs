#!/usr/bin/env node
// The `damka` command. It runs the JavaScript build of the command line (packages/cli/dist, made
// by scripts/build.mjs, which `npm ci` runs), and first rebuilds it when the build is missing or
// when a source of the bundles it is about to load (listed in dist/build.json) has changed since:
// so an edited source is always what runs, and no TypeScript loader is needed. DAMKA_FROM_SOURCE=1 runs
// the TypeScript sources under tsx instead, for development. Output goes to the real streams; the
// exit code is set, not forced, so everything written is flushed before the end.
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../../../', import.meta.url);
const dist = new URL('../dist/', import.meta.url);

/**
 * Is the build there, and newer than every source of the bundles this run loads: the dispatcher,
 * and each bundle an argument names (`damka help perft` reads perft's usage), else `help`?
 */
function buildIsFresh(args) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(new URL('build.json', dist), 'utf8'));
  } catch {
    return false;
  }
  const { bundles, started } = manifest;
  const named = args.filter((arg) => Object.hasOwn(bundles, arg));
  const base = fileURLToPath(root);
  for (const bundle of ['main', ...(named.length > 0 ? named : ['help'])]) {
    for (const source of bundles[bundle]) {
      const stat = statSync(base + source, { throwIfNoEntry: false });
      if (stat === undefined || stat.mtimeMs > started) return false;
    }
  }
  return true;
}

let main;
if (process.env.DAMKA_FROM_SOURCE) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/main.ts'));
} else {
  if (!buildIsFresh(process.argv.slice(2))) {
    const { buildCli } = await import(new URL('scripts/build.mjs', root).href);
    await buildCli();
  }
  ({ main } = await import(new URL('main.js', dist).href));
}

// A reader that stops early (`damka moves … | head -1`) is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
});
