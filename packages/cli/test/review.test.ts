/**
 * `damka review` on real and planted games: the review's marks and lines, one game of a file, files
 * in every encoding `damka pdn` reads, and one-line errors for what cannot be reviewed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePdn, replayGame } from '@damka/rules';
import { damka } from './helpers.ts';

const REAL = fileURLToPath(
  new URL(
    '../../../../shared/pdn-real/brunogui/Championnat de France 2021.cleaned.pdn',
    import.meta.url,
  ),
);

// an English game with a blunder planted at Black's 14th move, 11-16 (about five men lost)
const PLANTED = `[Event "Planted blunder"]
[GameType "21"]
[Result "*"]

1. 11-16 23-19 2. 16x23 26x19 3. 8-11 27-23 4. 9-14 24-20 5. 5-9 28-24 6. 10-15 19x10
7. 6x15 31-27 8. 1-5 23-19 9. 7-10 22-17 10. 3-7 17-13 11. 15-18 13x6 12. 2x9 25-22
13. 18x25 29x22 14. 11-16 20x2 15. 4-8 2-6 16. 14-18 22x15 17. 9-13 24-20 18. 10-14 27-23
19. 14-17 21x14 20. 13-17 20-16 *
`;

test('damka review marks the planted blunder with $4, a comment and the better line', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-review-'));
  try {
    const file = join(dir, 'planted.pdn');
    writeFileSync(file, PLANTED);
    const r = await damka('review', file, '--quiet');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Damka review, depth 10: White accuracy [\d.]+%/);
    const game = parsePdn(r.stdout).games[0]!;
    assert.ok(game.ok);
    assert.ok(replayGame(game.value).ok, 'the annotated game replays, variations included');
    const blunder = game.value.moves.moves[26]!;
    assert.equal(blunder.text, '11-16');
    assert.ok(blunder.nags.includes('$4'));
    assert.match(blunder.comments.join(' '), /blunder, loses \d+\.\d\d; better \d+-\d+/);
    assert.equal(blunder.variations.length, 1);
    // White's moves after it: none marked a blunder
    const white = game.value.moves.moves.filter((_, i) => i % 2 === 1);
    assert.ok(white.every((m) => !m.nags.includes('$4')));
    // --out writes the same text to a file
    const out = join(dir, 'out.pdn');
    const again = await damka('review', file, '--quiet', '--out', out);
    assert.equal(again.code, 0);
    assert.equal(readFileSync(out, 'utf8'), r.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('damka review of a real tournament game (International), one game of the file', async () => {
  const r = await damka('review', REAL, '--game', '1', '--depth', '4', '--quiet');
  assert.equal(r.code, 0, r.stderr);
  const games = parsePdn(r.stdout).games;
  assert.equal(games.length, 1);
  assert.ok(games[0]!.ok);
  assert.ok(replayGame(games[0]!.value).ok);
  assert.match(r.stdout, /Damka review, depth 4/);
});

test('damka review: clear errors for a missing file, no file, a bad option', async () => {
  assert.equal((await damka('review')).code, 2);
  const missing = await damka('review', '/nonexistent/game.pdn');
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /cannot read/);
  const bad = await damka('review', REAL, '--depth', 'deep');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--depth/);
});

test('damka review reads a file as damka pdn does: UTF-16 with a mark or without, Latin-1; too large a one is refused', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-review-'));
  try {
    const game = '[Event "Café"]\n[GameType "21"]\n\n1. 11-15 23-19 *\n';
    const utf16 = join(dir, 'utf16.pdn');
    writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(game, 'utf16le')]));
    const latin1 = join(dir, 'latin1.pdn');
    writeFileSync(latin1, Buffer.from(game, 'latin1'));
    for (const file of [utf16, latin1]) {
      const r = await damka('review', file, '--depth', '2', '--quiet');
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^\[Event "Café"\]/);
    }
    // UTF-16 without a mark is read too, and said to be a guess
    const bare = join(dir, 'utf16-bare.pdn');
    writeFileSync(bare, Buffer.from(game, 'utf16le'));
    const guessed = await damka('review', bare, '--depth', '2', '--quiet');
    assert.equal(guessed.code, 0, guessed.stderr);
    assert.match(guessed.stdout, /^\[Event "Café"\]/);
    assert.equal(
      guessed.stderr,
      `damka: ${bare}: this looks like UTF-16 (little-endian) without a byte-order mark; read as such\n`,
    );
    const big = join(dir, 'big.pdn');
    writeFileSync(big, game.repeat(Math.ceil((17 * 2 ** 20) / game.length)));
    const r = await damka('review', big, '--quiet');
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /^damka: .*big\.pdn is larger than 16777216 bytes\n$/);
    const folder = await damka('review', dir);
    assert.equal(folder.code, 2);
    assert.match(folder.stderr, /^damka: cannot read .*: a folder, not a file\n$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
