import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePuzzleSet } from '@damka/engine/puzzles';
import { damka } from './helpers.ts';

const REAL_DIR = fileURLToPath(new URL('../../../../shared/pdn-real/', import.meta.url));

test('damka puzzles build: self-play, resumable, and the set verifies', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-puzzles-'));
  try {
    const out = join(dir, 'english.json');
    const state = join(dir, 'english.state.json');
    const args = [
      '--variant',
      'english',
      '--out',
      out,
      '--state',
      state,
      '--depth',
      '6',
      '--egdb-dir',
      join(dir, 'no-tables'),
      '--quiet',
    ];
    const first = await damka('puzzles', 'build', ...args, '--self-play', '2');
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /english: \d+ puzzles \(target 2000\)/);
    assert.match(
      first.stdout,
      /puzzles per CPU hour\nendgame tables: none for english .*search alone/,
    );
    const s1 = JSON.parse(readFileSync(state, 'utf8')) as { done: string[]; positions: number };
    assert.deepEqual(s1.done, ['self#1', 'self#2']);
    // a second run goes on from there: only the third game is new
    const second = await damka('puzzles', 'build', ...args, '--self-play', '3');
    assert.equal(second.code, 0, second.stderr);
    const s2 = JSON.parse(readFileSync(state, 'utf8')) as { done: string[]; positions: number };
    assert.deepEqual(s2.done, ['self#1', 'self#2', 'self#3']);
    assert.ok(s2.positions > s1.positions);
    const set = parsePuzzleSet(readFileSync(out, 'utf8'));
    assert.ok(set.ok);
    assert.equal(set.value.depth, 6);
    assert.equal(set.value.egdb, undefined);
    for (const row of set.value.puzzles) assert.ok(row[5] < set.value.sources.length);
    const verified = await damka('puzzles', 'verify', out, '--no-egdb');
    assert.equal(verified.code, 0, verified.stdout);
    assert.match(verified.stdout, /puzzles checked at depth 7: \d+ good, 0 failed/);
    // --skip: only the puzzles after the first N (what a build appended)
    const none = await damka(
      'puzzles',
      'verify',
      out,
      '--no-egdb',
      '--skip',
      String(set.value.puzzles.length),
    );
    assert.equal(none.code, 0, none.stdout);
    assert.match(none.stdout, /^0 puzzles checked at depth 7/m);
    // with endgame tables: the build says so, the set records their size, and a verification
    // without them warns that its won endings need them
    const tables = join(dir, 'tables');
    const built = await damka('egdb', 'build', '-v', 'english', '-n', '2', '--out', tables);
    assert.equal(built.code, 0, built.stderr);
    const withTables = args.map((a) => (a === join(dir, 'no-tables') ? tables : a));
    const third = await damka('puzzles', 'build', ...withTables, '--self-play', '4');
    assert.equal(third.code, 0, third.stderr);
    assert.match(
      third.stdout,
      /endgame tables: up to 2 pieces from .*; \d+ puzzles of this run verified by them/,
    );
    const set2 = parsePuzzleSet(readFileSync(out, 'utf8'));
    assert.ok(set2.ok);
    assert.equal(set2.value.egdb, 2);
    const warned = await damka('puzzles', 'verify', out, '--no-egdb', '--limit', '1');
    assert.match(warned.stdout, /verified with tables of up to 2 pieces/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('damka puzzles build reads real games and credits them; verify catches a wrong line', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-puzzles-'));
  try {
    const out = join(dir, 'english.json');
    const r = await damka(
      'puzzles',
      'build',
      '--variant',
      'english',
      '--pdn',
      join(REAL_DIR, 'raven-checkers', 'german_open_2004.pdn'),
      '--manifest',
      join(REAL_DIR, 'manifest.tsv'),
      '--self-play',
      '0',
      '--depth',
      '6',
      '--out',
      out,
      '--state',
      join(dir, 'state.json'),
      '--quiet',
    );
    assert.equal(r.code, 0, r.stderr);
    const state = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as {
      done: string[];
      positions: number;
    };
    assert.equal(state.done.length, 1, 'the one game of the file was read');
    assert.ok(state.positions > 20);
    const set = parsePuzzleSet(readFileSync(out, 'utf8'));
    assert.ok(set.ok);
    for (const source of set.value.sources) assert.ok(source.event || source.white);
    // a set with a wrong first move fails verification
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({
        format: 1,
        variant: 'english',
        depth: 6,
        sources: [{}],
        puzzles: [['x', 'W:WK6:BK12', '6-2', 1000, 'ending', 0, 0]],
      }),
    );
    const v = await damka('puzzles', 'verify', bad);
    assert.equal(v.code, 1);
    assert.match(v.stdout, /x: /);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('damka puzzles: clear errors', async () => {
  assert.equal((await damka('puzzles')).code, 2);
  assert.equal((await damka('puzzles', 'build')).code, 2);
  const unknown = await damka('puzzles', 'build', '--variant', 'chess');
  assert.equal(unknown.code, 2);
  const noPdn = await damka('puzzles', 'build', '--variant', 'english', '--pdn', '/nonexistent');
  assert.equal(noPdn.code, 2);
  assert.match(noPdn.stderr, /no such file/);
  assert.equal((await damka('puzzles', 'verify', '/nonexistent.json')).code, 2);
});

test('damka puzzles rate measures the difficulty again and keeps everything else', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-puzzles-'));
  try {
    const out = join(dir, 'english.json');
    const row = ['eng-t', 'W:WK6:BK12', '6-10 12-16 10-15', 2590, 'ending king', 0, 0];
    writeFileSync(
      out,
      JSON.stringify({
        format: 1,
        variant: 'english',
        depth: 8,
        sources: [{ selfPlay: 1 }],
        puzzles: [row],
      }),
    );
    const r = await damka('puzzles', 'rate', out);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /english: 1 puzzles rated, 1 ratings changed/);
    const set = parsePuzzleSet(readFileSync(out, 'utf8'));
    assert.ok(set.ok);
    const [again] = set.value.puzzles;
    assert.deepEqual(
      [...again!.slice(0, 3), ...again!.slice(4)],
      [...row.slice(0, 3), ...row.slice(4)],
    );
    assert.ok(again![3] >= 600 && again![3] < 2590);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('damka puzzles build says which games of the PDN files it skipped, and why, and how many', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-puzzles-'));
  try {
    const pdn = join(dir, 'skips.pdn');
    writeFileSync(
      pdn,
      '[Event "Illegal"]\n[GameType "21"]\n\n1. 11-15 11-15 *\n\n' +
        '[Event "Unknown"]\n[GameType "999"]\n\n1. 11-15 *\n\n' +
        '[Event "Broken\n\n1. 11-15 *\n',
    );
    const r = await damka(
      'puzzles',
      'build',
      ...['--variant', 'english', '--pdn', pdn, '--self-play', '0', '--depth', '4'],
      ...['--out', join(dir, 'set.json'), '--state', join(dir, 'state.json'), '--no-egdb'],
      '--quiet',
    );
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.stderr.split('\n').slice(0, -1), [
      `damka: ${pdn}: game 1 skipped: ply 2 (11-15): no legal move matches '11-15' (white to move)`,
      `damka: ${pdn}: game 2 skipped: tags: GameType 999 is not a game Damka plays (add a Variant tag to name one)`,
      `damka: ${pdn}: game 3 skipped: PDN error at line 11, column 8: the value of tag Event is never closed`,
      'damka: skipped 3 games that did not read or replay (said above)',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('damka puzzles: a file it cannot read is named with the reason', async () => {
  const missing = join(tmpdir(), 'damka-no-such-file.json');
  const manifest = await damka('puzzles', 'build', '--variant', 'english', '--manifest', missing);
  assert.equal(manifest.code, 2);
  assert.equal(
    manifest.stderr,
    `damka: --manifest: cannot read ${missing}: no such file or folder\n`,
  );
  const verify = await damka('puzzles', 'verify', missing);
  assert.equal(verify.stderr, `damka: cannot read ${missing}: no such file or folder\n`);
  const rate = await damka('puzzles', 'rate', tmpdir());
  assert.equal(rate.stderr, `damka: cannot read ${tmpdir()}: a folder, not a file\n`);
});
