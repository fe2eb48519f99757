#!/usr/bin/env node
// The `damka` command. It runs the JavaScript build of the command line (packages/cli/dist, made
// by scripts/build.mjs, which `npm ci` runs), and first rebuilds it when the build is missing or
// when a source of the bundles it is about to load (listed in dist/build.json) has changed since:
// so an edited source is always what runs, and no TypeScript loader is needed. It is CommonJS, as
// the command's bundles are, because Node starts an ES module noticeably slower (see
// scripts/build.mjs). DAMKA_FROM_SOURCE=1 runs the TypeScript sources under tsx instead, for
// development. Output goes to the real streams; the exit code is set, not forced, so everything
// written is flushed before the end.
'use strict';
const { readFileSync, statSync } = require('node:fs');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');

const root = join(__dirname, '../../../');
const dist = join(__dirname, '../dist/');

/**
 * Is the build there, and newer than every source of the bundles this run loads: the dispatcher,
 * and each bundle an argument names (`damka help perft` reads perft's usage), else `help`?
 */
function buildIsFresh(args) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dist, 'build.json'), 'utf8'));
  } catch {
    return false;
  }
  const { bundles, started } = manifest;
  const named = args.filter((arg) => Object.hasOwn(bundles, arg));
  for (const bundle of ['main', ...(named.length > 0 ? named : ['help'])]) {
    for (const source of bundles[bundle]) {
      const stat = statSync(join(root, source), { throwIfNoEntry: false });
      if (stat === undefined || stat.mtimeMs > started) return false;
    }
  }
  return true;
}

async function load(args) {
  if (process.env.DAMKA_FROM_SOURCE) {
    const { register } = await import('tsx/esm/api');
    register();
    return (await import('../src/main.ts')).main;
  }
  if (!buildIsFresh(args)) {
    const { buildCli } = await import(pathToFileURL(join(root, 'scripts/build.mjs')).href);
    await buildCli();
  }
  return require(join(dist, 'main.cjs')).main;
}

// A reader that stops early (`damka moves … | head -1`) is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

const args = process.argv.slice(2);
load(args)
  .then((main) => main(args, { stdout: process.stdout, stderr: process.stderr }))
  .then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      process.stderr.write(`damka: internal error: ${error?.message ?? error}\n`);
      process.exitCode = 1;
    },
  );
