#!/usr/bin/env node
// The `damka` command. It runs the JavaScript build of the command line (`npm run build:cli`,
// packages/cli/dist) when that build is at least as new as every source it was built from, and
// otherwise the TypeScript sources under tsx's loader, which costs about 0.3 s at start: so an
// edited source is always what runs, and a fresh build starts fast. Output goes to the real
// streams; the exit code is set, not forced, so everything written is flushed before the end.
import { existsSync, readdirSync, statSync } from 'node:fs';

const built = new URL('../dist/main.js', import.meta.url);
const sources = ['cli', 'engine', 'rules'].map((p) => new URL(`../../${p}/src/`, import.meta.url));

/** The newest modification time of the files under `dir` (0 when there are none). */
function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = new URL(entry.name + (entry.isDirectory() ? '/' : ''), dir);
    t = Math.max(t, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return t;
}

function buildIsFresh() {
  if (process.env.DAMKA_FROM_SOURCE || !existsSync(built)) return false;
  const at = statSync(built).mtimeMs;
  return sources.every((dir) => !existsSync(dir) || newest(dir) <= at);
}

let main;
if (buildIsFresh()) {
  ({ main } = await import(built.href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/main.ts'));
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
