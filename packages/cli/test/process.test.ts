/**
 * The real `damka` executable, spawned as a user would run it: `bin/damka.cjs` must run the
 * JavaScript build (rebuilding it when a source it loads is newer), keep stdout to the result and
 * set the exit code.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, utimesSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

function run(...args: string[]) {
  return spawnSync(process.execPath, ['packages/cli/bin/damka.cjs', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

test('node packages/cli/bin/damka.cjs perft prints the count as its last line', () => {
  const r = run('perft', '--variant', 'english', '--depth', '5', '--duplicates', 'keep');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, '7361\n');
  assert.match(r.stderr, /^perft 5: 7361 nodes in [\d.]+ s/);
});

test('the executable reports a bad FEN in one line with exit code 2', () => {
  const r = run('perft', '--variant', 'international', '--fen', 'W:W31-50:B51', '--depth', '1');
  assert.equal(r.status, 2);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^damka: FEN: no square '51' in international \(at character \d+\)\n$/);
});

test('the executable rebuilds its JavaScript when a source it loads is newer than the build', () => {
  const manifest = () =>
    JSON.parse(readFileSync(`${ROOT}packages/cli/dist/build.json`, 'utf8')) as {
      started: number;
      bundles: Record<string, string[]>;
    };
  assert.equal(run('variants').status, 0, 'a first run leaves a build');
  const before = manifest();
  assert.ok(before.bundles['variants']!.includes('packages/cli/src/commands/variants.ts'));
  assert.ok(before.bundles['hub']!.includes('packages/engine/src/worker-node.ts'), 'hub starts it');

  const unchanged = run('variants');
  assert.equal(unchanged.status, 0, unchanged.stderr);
  assert.equal(manifest().started, before.started, 'a fresh build is run as it is');

  // touched, not changed: the content (and so the output) stays the same
  const source = `${ROOT}packages/cli/src/commands/variants.ts`;
  const now = new Date(Math.max(Date.now(), before.started + 1000));
  utimesSync(source, now, now);
  const r = run('variants');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, unchanged.stdout);
  assert.equal(r.stderr, '', 'the rebuild prints nothing');
  const after = manifest();
  assert.ok(after.started >= statSync(source).mtimeMs - 1000, 'rebuilt after the touch');
  assert.ok(after.started > before.started);
});
