#!/usr/bin/env node
// Runs the test suite with node's own test runner.
// Node 20 finds no .ts test from a folder or glob argument, so this script lists the files itself
// and refuses to report success when it found none. `--slow` runs the slow suite instead.
// Browser tests (packages/web/e2e) are part of the suite: the web app is built once up front so
// that each test file does not build it again.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const slow = process.argv.includes('--slow');
const filters = process.argv.slice(2).filter((a) => !a.startsWith('--'));

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

const pattern = slow ? /\.slow\.test\.ts$/ : /(?<!\.slow)\.test\.ts$/;
const files = walk(join(root, 'packages'), [])
  .filter((f) => pattern.test(f))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .map((f) => relative(root, f))
  .sort();

if (files.length === 0) {
  console.error('run-tests: no test files found');
  process.exit(1);
}
const env = { ...process.env };
if (files.some((f) => f.includes('/e2e/'))) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@damka/web', '--silent'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('run-tests: the web app did not build');
    process.exit(1);
  }
  env.DAMKA_E2E_NO_BUILD = '1';
}
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', ...files], {
  cwd: root,
  stdio: 'inherit',
  env,
});
process.exit(result.status ?? 1);
