#!/usr/bin/env node
// `node scripts/run-bundled.mjs FILE.ts [ARGS...]`: bundles a TypeScript script with esbuild (the
// Damka packages inside, npm packages left to Node) into its package's dist folder and runs the
// bundle with plain node, passing ARGS and its exit code through. The benchmarks run this way, so
// they measure the JavaScript that `damka` and the server run, not the sources under a loader.
import { spawnSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { npmOutside } from './build.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const [file, ...args] = process.argv.slice(2);
const where =
  file && /^packages\/([^/]+)\/(.+)\.ts$/.exec(relative(ROOT, join(process.cwd(), file)));
if (!where) {
  console.error('usage: node scripts/run-bundled.mjs packages/PACKAGE/PATH.ts [ARGS...]');
  process.exit(2);
}
const outfile = join(ROOT, 'packages', where[1], 'dist', `${where[2]}.mjs`);
await esbuild.build({
  entryPoints: [join(ROOT, where[0])],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  plugins: [npmOutside],
});
const run = spawnSync(process.execPath, [outfile, ...args], { stdio: 'inherit' });
process.exit(run.status ?? 1);
