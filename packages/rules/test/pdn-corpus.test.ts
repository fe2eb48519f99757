/**
 * The PDN corpus (test/data/pdn): games of every variant in the styles real files use — full-path
 * captures, English from Black's side, Russian with colons, numbers for algebraic boards and a1…
 * for International, Spanish captures with a hyphen, Damka's Variant tag. Each must import and
 * replay; each survives writing and reading, and conversion to either notation and back.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  convertGame,
  namingFor,
  parsePdn,
  replayGame,
  writePdn,
  type Move,
  type PdnGame,
  type PdnLine,
  type PdnMove,
} from '../src/index.ts';

/** A game without source positions, for comparing what was read with what was written. */
function strip(game: PdnGame): unknown {
  const line = (l: PdnLine): unknown => ({ comments: l.comments, moves: l.moves.map(move) });
  const move = (m: PdnMove): unknown => ({
    text: m.text,
    nags: m.nags,
    comments: m.comments,
    variations: m.variations.map(line),
  });
  return {
    tags: [...game.tags],
    moves: line(game.moves),
    result: game.result,
    startNumber: game.startNumber,
  };
}

const DIR = new URL('./data/pdn/', import.meta.url);

/** File → the variant and main-line length of each of its games. */
const CORPUS: Record<string, ReadonlyArray<readonly [variant: string, plies: number]>> = {
  'international.pdn': [
    ['international', 40],
    ['international', 24],
    ['international', 40],
  ],
  'english.pdn': [
    ['english', 36],
    ['english', 30],
  ],
  'russian.pdn': [
    ['russian', 36],
    ['russian', 30],
  ],
  'variants.pdn': [
    ['brazilian', 30],
    ['italian', 30],
    ['spanish', 30],
    ['portuguese', 24],
    ['czech', 24],
    ['turkish', 30],
    ['dhamet', 24],
    ['israeli-6x6', 20],
    ['antidraughts', 20],
  ],
};

function read(file: string): PdnGame[] {
  const text = readFileSync(new URL(file, DIR), 'utf8');
  return parsePdn(text).games.map((g, i) => {
    if (!g.ok) assert.fail(`${file} game ${i + 1}: ${JSON.stringify(g.error)}`);
    return g.value;
  });
}

const identity = (m: Move) => [m.kind, m.from, m.to, [...m.captures].sort((a, b) => a - b)];

for (const [file, expected] of Object.entries(CORPUS)) {
  test(`corpus ${file}: every game imports and replays`, () => {
    const games = read(file);
    assert.equal(games.length, expected.length);
    games.forEach((game, i) => {
      const replay = replayGame(game);
      assert.ok(
        replay.ok,
        `game ${i + 1}: ${JSON.stringify(!replay.ok && { ...replay.error, position: undefined })}`,
      );
      assert.deepEqual([replay.value.variant.id, replay.value.moves.length], expected[i]);
    });
  });

  test(`corpus ${file}: write → read gives the same games`, () => {
    const games = read(file);
    const again = parsePdn(writePdn(games)).games.map((g) => {
      assert.ok(g.ok);
      return g.value;
    });
    assert.deepEqual(again.map(strip), games.map(strip));
  });

  test(`corpus ${file}: converted to numeric and algebraic, the same moves replay`, () => {
    for (const game of read(file)) {
      const original = replayGame(game);
      assert.ok(original.ok);
      for (const notation of ['numeric', 'algebraic'] as const) {
        const converted = convertGame(game, notation);
        assert.ok(converted.ok, JSON.stringify(!converted.ok && converted.error.message));
        const [reread] = parsePdn(writePdn([converted.value])).games;
        assert.ok(reread?.ok);
        const replay = replayGame(reread.value);
        assert.ok(replay.ok, `${notation}: ${JSON.stringify(!replay.ok && replay.error.message)}`);
        assert.deepEqual(replay.value.moves.map(identity), original.value.moves.map(identity));
        assert.equal(replay.value.naming.style, notation);
        // comments, NAGs and variations are kept; only move texts change
        const shape = (g: PdnGame) =>
          JSON.stringify(strip(g), (k, v) => (k === 'text' ? undefined : v));
        assert.equal(shape(reread.value), shape({ ...game, tags: reread.value.tags }));
      }
    }
  });

  test(`corpus ${file}: a move from an empty square is reported at its ply`, () => {
    for (const game of read(file)) {
      const replay = replayGame(game);
      assert.ok(replay.ok);
      const { positions, naming, variant } = replay.value;
      const ply = Math.floor(positions.length / 2);
      const before = positions[ply]!;
      const empty = [...Array(variant.topology.size).keys()].find((sq) => !before.pieceAt(sq))!;
      const target = [...Array(variant.topology.size).keys()].find((sq) => sq !== empty)!;
      const names = namingFor(variant, naming.style, naming.corner).names;
      const bad = `${names[empty]}-${names[target]}`;
      const moves = game.moves.moves.map((m, i) =>
        i === ply ? { ...m, text: bad, variations: [] } : m,
      );
      const broken = replayGame({ ...game, moves: { ...game.moves, moves } });
      assert.ok(!broken.ok);
      assert.equal(broken.error.ply, ply + 1);
      assert.equal(broken.error.text, bad);
      assert.equal(broken.error.inVariation, false);
    }
  });
}
