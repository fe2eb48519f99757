/**
 * The real `damka` executable, spawned as a user would run it: `bin/damka.mjs` must load the
 * TypeScript sources through tsx, keep stdout to the result and set the exit code.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

function run(...args: string[]) {
  return spawnSync(process.execPath, ['packages/cli/bin/damka.mjs', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

test('node packages/cli/bin/damka.mjs perft prints the count as its last line', () => {
  const r = run('perft', '--variant', 'english', '--depth', '5', '--duplicates', 'keep');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, '7361\n');
  assert.match(r.stderr, /^perft 5: 7361 nodes in [\d.]+ s/);
});

test('the executable reports a bad FEN in one line with exit code 2', () => {
  const r = run('perft', '--variant', 'international', '--fen', 'W:W31-50:B51', '--depth', '1');
  assert.equal(r.status, 2);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^damka: FEN: no square '51' in international \(at \d+\)\n$/);
});
