/**
 * `damka analyse`: the search's lines, and the endgame tables' exact result first where one
 * covers the position (tables built into a temporary folder by `damka egdb build`); `damka match
 * --egdb-dir` refuses a folder without tables.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { damka, lines } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'damka-analyse-'));
const empty = mkdtempSync(join(tmpdir(), 'damka-analyse-empty-'));
process.on('exit', () => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(empty, { recursive: true, force: true });
});

test('analysis says who wins exactly where a table covers the position', async () => {
  const built = await damka('egdb', 'build', '--variant', 'english', '--pieces', '3', '--out', dir);
  assert.equal(built.code, 0, built.stderr);
  const analyse = (fen: string) =>
    damka('analyse', '--variant', 'english', '--fen', fen, '--depth', '4', '--egdb-dir', dir);
  // Black to move, two white kings against one: White wins whoever is to move
  const won = await analyse('B:WK1,K2:BK32');
  assert.equal(won.code, 0, won.stderr);
  const out = lines(won.stdout);
  assert.equal(out[0], 'Database: White wins');
  assert.match(out[1]!, /^depth\s+1\s+White wins \(database\)/);
  assert.match(out.at(-1)!, /^best \d+-\d+$/);
  const drawn = await analyse('W:WK1:BK32');
  assert.equal(lines(drawn.stdout)[0], 'Database: Draw');
  assert.match(lines(drawn.stdout)[1]!, /^depth\s+1\s+0\.00/);
  // four pieces: beyond these tables, so no verdict, only the search
  const beyond = await analyse('W:WK1,K2:BK31,K32');
  assert.match(lines(beyond.stdout)[0]!, /^depth\s+1\s/);
  assert.doesNotMatch(beyond.stdout, /Database/);
  const without = await damka(
    'analyse',
    '--variant',
    'english',
    '--fen',
    'B:WK1,K2:BK32',
    '--depth',
    '2',
    '--no-egdb',
  );
  assert.doesNotMatch(without.stdout, /Database|database/);
});

test('the start position is analysed by the search alone; bad input exits 2', async () => {
  const start = await damka('analyse', '--variant', 'english', '--depth', '3');
  assert.equal(start.code, 0, start.stderr);
  assert.equal(lines(start.stdout).filter((l) => l.startsWith('depth')).length, 3);
  const bad = await damka('analyse', '--variant', 'english', '--fen', 'nonsense');
  assert.equal(bad.code, 2);
  const none = await damka('match', '--egdb-dir', empty, '--games', '2');
  assert.equal(none.code, 2);
  assert.match(none.stderr, /no english endgame tables in/);
});

test('analyse --threads 2 searches on two threads within its time; --threads wants --time', async () => {
  const t0 = Date.now();
  const two = await damka('analyse', '--variant', 'russian', '--time', '600', '--threads', '2');
  assert.equal(two.code, 0, two.stderr);
  const out = lines(two.stdout).filter((l) => !l.startsWith('Book:'));
  assert.match(out[0]!, /^depth\s+1\s/);
  assert.match(out.at(-1)!, /^best [a-h]\d-[a-h]\d$/);
  // the helper thread loads first (a fraction of a second), then the search takes its 600 ms
  assert.ok(Date.now() - t0 < 10_000);
  for (const bad of [
    ['--depth', '4', '--threads', '2'],
    ['--threads', '0'],
    ['--threads', '65'],
    ['--threads', 'two'],
  ]) {
    const r = await damka('analyse', '--variant', 'russian', ...bad);
    assert.equal(r.code, 2, bad.join(' '));
    assert.match(r.stderr, /threads/);
  }
});
