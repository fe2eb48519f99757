import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, variantOrThrow } from '@damka/rules';
import {
  Engine,
  findPuzzle,
  puzzlesFromGame,
  scoreMoves,
  selfPlayPositions,
  sourceOfTags,
  uniquenessFault,
  verifyPuzzle,
  WIN_SCORE,
} from '../src/index.ts';
import { parsePuzzleSet, puzzlesOf } from '../src/puzzles/set.ts';

// found by `damka puzzles build --variant english` in Tinsley's games (Canadian Open 1950)
const SHOT = {
  fen: 'W:W14,18,19,23,25,27,31:B2,5,7,12,16,17,20',
  line: ['25-22', '17x26', '31x22', '20-24', '27x11'],
};
// found in self-play: a lone king trapped against the edge; a forced win, whatever the table size
const TRAP = {
  fen: 'W:WK6:BK12',
  line: ['6-10', '12-16', '10-15', '16-20', '15-19', '20-16', '19x12'],
};

test('a forced win: one winning first move, every other clearly worse; the line is found', () => {
  const variant = variantOrThrow('english');
  const engine = new Engine(variant, { ttBits: 18, seed: 1 });
  const p = Position.fromFen(variant, TRAP.fen);
  assert.ok(p.ok);
  const scored = scoreMoves(engine, p.value, { depth: 10 });
  assert.equal(scored.length, p.value.legalMoves().length);
  assert.ok(scored[0]!.score >= WIN_SCORE);
  assert.equal(uniquenessFault(scored), undefined);
  assert.equal(verifyPuzzle(engine, TRAP.fen, TRAP.line, 11), undefined);
  const found = findPuzzle(engine, p.value, { depth: 10 });
  assert.ok(found);
  // the defender's answers follow the search's line, which may differ; the solver's start is fixed
  assert.deepEqual(found.line.slice(0, 5), TRAP.line.slice(0, 5));
  assert.match(found.line[found.line.length - 1]!, /x/);
  assert.equal(verifyPuzzle(engine, TRAP.fen, found.line, 11), undefined);
  assert.ok(found.themes.includes('forced-win') && found.themes.includes('ending'));
  assert.ok(found.rating >= 600 && found.rating <= 2600);
});

test('a shot from a real game: the sacrifice is clearly the best move', () => {
  const variant = variantOrThrow('english');
  const engine = new Engine(variant, { ttBits: 18, seed: 1 });
  const p = Position.fromFen(variant, SHOT.fen);
  assert.ok(p.ok);
  const scored = scoreMoves(engine, p.value, { depth: 10 });
  const names = variant.squares.names;
  assert.equal(`${names[scored[0]!.move.from]}-${names[scored[0]!.move.to]}`, '25-22');
  assert.ok(scored[0]!.score > scored[1]!.score + 100);
  assert.match(
    verifyPuzzle(engine, SHOT.fen, ['27-24'], 10) ?? '',
    /prefers another|alternative|below/,
  );
});

test('verification refuses a wrong first move, an illegal line and a line ending on the opponent', () => {
  const engine = new Engine(variantOrThrow('english'), { ttBits: 16, seed: 1 });
  assert.match(verifyPuzzle(engine, SHOT.fen, ['27-24'], 10) ?? '', /prefers another first move/);
  assert.match(verifyPuzzle(engine, SHOT.fen, ['25-29'], 10) ?? '', /move '25-29'/);
  assert.match(verifyPuzzle(engine, SHOT.fen, SHOT.line.slice(0, 2), 10) ?? '', /line has 2 moves/);
  assert.match(verifyPuzzle(engine, 'W:W99', SHOT.line, 10) ?? '', /FEN/);
});

test('no puzzle in the start position nor where only one move is legal', () => {
  const variant = variantOrThrow('english');
  const engine = new Engine(variant, { ttBits: 14, seed: 1 });
  assert.equal(findPuzzle(engine, Position.start(variant), { depth: 6 }), undefined);
  assert.match(
    uniquenessFault(scoreMoves(engine, Position.start(variant), { depth: 4 })) ?? '',
    /below/,
  );
});

test('self-play games are legal, reproducible, and screened into verified puzzles', () => {
  const variant = variantOrThrow('english');
  const a = selfPlayPositions(variant, 7, 3, 60);
  const b = selfPlayPositions(variant, 7, 3, 60);
  assert.deepEqual(
    a.map((p) => p.fen),
    b.map((p) => p.fen),
  );
  const engine = new Engine(variant, { ttBits: 16, seed: 1 });
  const stats = { positions: 0, candidates: 0 };
  const found = puzzlesFromGame(engine, a, { depth: 8 }, stats);
  assert.ok(stats.positions > 0 && stats.candidates >= found.length);
  for (const f of found) assert.equal(verifyPuzzle(engine, f.fen, f.line, 8), undefined, f.fen);
});

test('the credit of a game: event, players (Italian tags too), date; "?" means unknown', () => {
  const tags = new Map([
    ['Event', 'Campionato'],
    ['Bianco', 'Rossi'],
    ['Nero', 'Bianchi'],
    ['Date', '?'],
  ]);
  assert.deepEqual(sourceOfTags(tags), { event: 'Campionato', white: 'Rossi', black: 'Bianchi' });
});

test('set files: rows expand to puzzles; malformed files are refused with a reason', () => {
  const text = JSON.stringify({
    format: 1,
    variant: 'english',
    depth: 10,
    sources: [{ event: 'E' }],
    puzzles: [['eng-1', SHOT.fen, SHOT.line.join(' '), 1490, 'shot sacrifice', 0, 35]],
  });
  const set = parsePuzzleSet(text);
  assert.ok(set.ok);
  const [p] = puzzlesOf(set.value);
  assert.deepEqual(p!.line, SHOT.line);
  assert.deepEqual(p!.themes, ['shot', 'sacrifice']);
  assert.equal(p!.source.event, 'E');
  assert.equal(parsePuzzleSet('nope').ok, false);
  assert.equal(parsePuzzleSet('{"format":2}').ok, false);
  assert.equal(parsePuzzleSet('{"format":1,"variant":"x","sources":[],"puzzles":[[1]]}').ok, false);
});
