/**
 * `damka pdn check` and `damka pdn convert` on the rules package's PDN corpus and on broken files:
 * one line per game, exit code 0 / 1 / 2, and conversions that replay to the same moves.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePdn, replayGame } from '@damka/rules';
import { damka, lines } from './helpers.ts';

const corpus = (name: string) =>
  fileURLToPath(new URL(`../../rules/test/data/pdn/${name}`, import.meta.url));

function withFile(text: string, body: (path: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'damka-pdn-'));
  const path = join(dir, 'games.pdn');
  writeFileSync(path, text);
  return body(path).finally(() => rmSync(dir, { recursive: true, force: true }));
}

test('check: every corpus game is OK, exit 0', async () => {
  const r = await damka('pdn', 'check', corpus('variants.pdn'));
  assert.equal(r.code, 0, r.stderr);
  const out = lines(r.stdout);
  assert.equal(out.length, 10);
  assert.equal(out[0], 'game 1 (Damka corpus: Brazilian): OK, 30 plies');
  assert.equal(out[9], '9 games: 9 OK, 0 bad');
  assert.equal(r.stderr, '');
});

const BROKEN = `[Event "illegal"]
[GameType "25"]
1. e3-f4 b6-a5 2. f4-e5 d6:f4 3. g3:e5 f6-g5 *

[Event "syntax"]
1. 32-28 {never closed 19-23 *

[Event "fine"]
1. 32-28 19-23 2. 28x19 14x23 2-0

[Event "fen"]
[FEN "W:W51:B1"]
1. 51-46 *
`;

test('check: the first illegal move of each bad game, exit 1', async () => {
  await withFile(BROKEN, async (path) => {
    const r = await damka('pdn', 'check', path);
    assert.equal(r.code, 1);
    const out = lines(r.stdout);
    assert.equal(out.length, 5);
    assert.match(
      out[0]!,
      /^game 1 \(illegal\): illegal move: ply 6 \(3\.\.\. f6-g5\) at line 3, column 40: /,
    );
    assert.match(out[0]!, /f6:d4/); // the capture that had to be played is named
    assert.match(
      out[1]!,
      /^game 2: PDN error at line 6, column 10 near '\{': comment '\{' is never closed$/,
    );
    assert.equal(out[2], 'game 3 (fine): OK, 4 plies');
    assert.match(out[3]!, /^game 4 \(fen\): FEN tag: .*51/);
    assert.equal(out[4], '4 games: 1 OK, 3 bad');
  });
});

test('convert: algebraic and numeric output replays to the same moves', async () => {
  for (const file of ['international.pdn', 'english.pdn', 'russian.pdn', 'variants.pdn']) {
    for (const notation of ['algebraic', 'numeric']) {
      const r = await damka('pdn', 'convert', corpus(file), '--notation', notation);
      assert.equal(r.code, 0, r.stderr);
      const games = parsePdn(r.stdout).games;
      assert.ok(games.length > 0);
      for (const game of games) {
        assert.ok(game.ok);
        const replay = replayGame(game.value);
        assert.ok(replay.ok, `${file} ${notation}`);
        assert.equal(replay.value.naming.style, notation);
      }
    }
  }
  const r = await damka('pdn', 'convert', corpus('russian.pdn'), '-n', 'numeric');
  assert.match(r.stdout, /\[GameType "25,W,8,8,N2,0"\]/);
  assert.match(r.stdout, /^1\. 23-19 9-13 2\. 19-16 12:19 /m);
});

test('convert: bad games go to stderr, good ones to stdout, exit 1', async () => {
  await withFile(BROKEN, async (path) => {
    const r = await damka('pdn', 'convert', path, '--notation', 'algebraic');
    assert.equal(r.code, 1);
    assert.equal(lines(r.stderr).length, 3);
    assert.match(
      r.stdout,
      /^\[Event "fine"\]\n\[GameType "20,W,10,10,A0,0"\]\n\n1\. d4-e5 g7-f6 2\. e5xg7 h8xf6 2-0\n$/,
    );
  });
});

test('usage and unreadable files: exit 2 with one line on stderr', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['pdn'], /needs an action/],
    [['pdn', 'list', 'x.pdn'], /unknown pdn action 'list'/],
    [['pdn', 'check'], /needs a FILE/],
    [['pdn', 'check', '/no/such/file.pdn'], /cannot read \/no\/such\/file\.pdn: no such file/],
    [['pdn', 'convert', corpus('english.pdn')], /--notation numeric/],
    [['pdn', 'convert', corpus('english.pdn'), '--notation', 'roman'], /not 'roman'/],
    [['pdn', 'check', corpus('english.pdn'), '--notation', 'numeric'], /belongs to pdn convert/],
    [['pdn', 'check', corpus('english.pdn'), 'extra'], /unexpected argument 'extra'/],
  ];
  for (const [argv, message] of cases) {
    const r = await damka(...argv);
    assert.equal(r.code, 2, argv.join(' '));
    assert.equal(r.stdout, '');
    assert.equal(lines(r.stderr).length, 1);
    assert.match(r.stderr, message);
  }
  const dir = mkdtempSync(join(tmpdir(), 'damka-pdn-'));
  try {
    const r = await damka('pdn', 'check', dir);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /is not a file/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
