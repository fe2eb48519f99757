/**
 * `damka egdb`: a build into a temporary folder (resumed on a second run), the players' wording
 * of a probe, the list of variants and the tables they share, and clear errors for a variant
 * without databases and for bad arguments.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { damka, lines } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'damka-egdb-cli-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

test('build writes every 2-piece table, and a second run skips them', async () => {
  const first = await damka('egdb', 'build', '--variant', 'english', '--pieces', '2', '--out', dir);
  assert.equal(first.code, 0, first.stderr);
  assert.equal(readdirSync(join(dir, 'english')).filter((f) => f.endsWith('.egdb')).length, 4);
  assert.match(first.stdout, /w0m1k-b0m1k\s+2048 positions/);
  const again = await damka('egdb', 'build', '--variant', 'english', '--pieces', '2', '--out', dir);
  assert.equal(again.code, 0);
  assert.equal(lines(again.stdout).filter((l) => l.includes('complete, skipped')).length, 4);
});

test('--uncompressed writes format 1; compact rewrites it compressed, probes unchanged', async () => {
  const raw = join(dir, 'raw');
  const built = await damka(
    'egdb',
    'build',
    '--variant',
    'russian',
    '-n',
    '3',
    '--out',
    raw,
    '--uncompressed',
  );
  assert.equal(built.code, 0, built.stderr);
  assert.match(built.stdout, /\(mirror\)/);
  const fen = 'W:WK1,K2:BK32';
  const before = await damka('egdb', 'probe', '--variant', 'russian', '--fen', fen, '--dir', raw);
  const done = await damka('egdb', 'compact', '--variant', 'russian', '-n', '3', '--dir', raw);
  assert.equal(done.code, 0, done.stderr);
  assert.match(done.stdout, /16 tables compressed, (\d+) -> (\d+) bytes; 0 left/);
  const [, from, to] = /(\d+) -> (\d+) bytes;/.exec(done.stdout)!;
  assert.ok(Number(to) < Number(from) / 2, done.stdout);
  const after = await damka('egdb', 'probe', '--variant', 'russian', '--fen', fen, '--dir', raw);
  assert.equal(after.stdout, before.stdout);
  assert.match(after.stdout, /^(White wins|Draw)\n$/);
});

test('probe words the result for the players', async () => {
  const draw = await damka(
    'egdb',
    'probe',
    '--variant',
    'english',
    '--fen',
    'W:WK1:BK32',
    '--dir',
    dir,
  );
  assert.equal(draw.stdout, 'Draw\n');
  // Black to move must jump the king on 6 and leaves White without pieces
  const won = await damka(
    'egdb',
    'probe',
    '--variant',
    'english',
    '--fen',
    'B:WK6:BK1',
    '--dir',
    dir,
  );
  assert.equal(won.stdout, 'Black wins\n');
  const unknown = await damka(
    'egdb',
    'probe',
    '--variant',
    'english',
    '--fen',
    'W:WK1,K2:BK32',
    '--dir',
    dir,
  );
  assert.match(unknown.stdout, /^unknown/);
  // decided by the rules: answered with no table at all (an empty folder)
  const empty = mkdtempSync(join(dir, 'none-'));
  for (const [fen, said] of [
    ['W:W20:B', 'White wins\n'],
    ['W:W:B5', 'Black wins\n'],
  ]) {
    const r = await damka('egdb', 'probe', '--variant', 'english', '--fen', fen!, '--dir', empty);
    assert.equal(r.stdout, said, fen);
  }
});

test('a damaged table is named, not taken for a missing one, by probe and analyse', async () => {
  const broken = join(dir, 'broken');
  cpSync(join(dir, 'english'), join(broken, 'english'), { recursive: true });
  const file = join(broken, 'english', 'w0m1k-b0m1k.egdb');
  const bytes = readFileSync(file);
  bytes[bytes.length - 10]! ^= 0xff;
  writeFileSync(file, bytes);
  const fen = 'W:WK1:BK32';
  const probe = await damka('egdb', 'probe', '--variant', 'english', '--fen', fen, '--dir', broken);
  assert.equal(probe.code, 1);
  assert.equal(
    probe.stdout,
    `unknown (a damaged table: ${file}: checksum mismatch; damka egdb build rebuilds it)\n`,
  );
  const analysis = await damka(
    'analyse',
    '--variant',
    'english',
    '--fen',
    fen,
    '--depth',
    '1',
    '--egdb-dir',
    broken,
  );
  assert.equal(analysis.code, 0, analysis.stderr);
  assert.match(
    analysis.stdout,
    /^Database: a damaged table: .*w0m1k-b0m1k\.egdb: checksum mismatch/,
  );
  // the tables that read still answer
  const other = await damka(
    'egdb',
    'probe',
    '--variant',
    'english',
    '--fen',
    'W:W5:BK32',
    '--dir',
    broken,
  );
  assert.equal(other.code, 0);
  assert.match(other.stdout, /^(White wins|Black wins|Draw)\n$/);
});

test('mistakes get one line and exit code 2', async () => {
  const frisian = await damka(
    'egdb',
    'build',
    '--variant',
    'frisian',
    '--pieces',
    '2',
    '--out',
    dir,
  );
  assert.equal(frisian.code, 2);
  assert.match(frisian.stderr, /no endgame databases for frisian: the king-move limit/);
  const many = await damka('egdb', 'build', '--variant', 'english', '--pieces', '9', '--out', dir);
  assert.equal(many.code, 2);
  const none = await damka('egdb', 'frobnicate');
  assert.equal(none.code, 2);
  assert.match(none.stderr, /'build', 'compact', 'probe' or 'variants'/);
  // an --out folder that cannot be made: a file of that name is in the way
  const file = join(dir, 'a-file');
  writeFileSync(file, 'not a folder');
  const blocked = await damka('egdb', 'build', '--variant', 'english', '-n', '2', '--out', file);
  assert.equal(blocked.code, 2, blocked.stderr);
  assert.equal(
    blocked.stderr,
    `damka: cannot write tables to ${file}: a file stands where a folder is needed\n`,
  );
});

test('variants lists the tables each variant uses; Arab Dama builds into the English folder', async () => {
  const list = await damka('egdb', 'variants');
  assert.equal(list.code, 0);
  assert.match(list.stdout, /^arab-dama\s+tables: english's/m);
  assert.match(list.stdout, /^israeli\s+tables$/m);
  assert.match(list.stdout, /^frisian\s+no tables: the king-move limit/m);
  const arab = await damka(
    'egdb',
    'build',
    '--variant',
    'arab-dama',
    '--pieces',
    '2',
    '--out',
    dir,
  );
  assert.equal(arab.code, 0, arab.stderr);
  assert.equal(lines(arab.stdout).filter((l) => l.includes('complete, skipped')).length, 4);
  assert.ok(!readdirSync(dir).includes('arab-dama'));
});
