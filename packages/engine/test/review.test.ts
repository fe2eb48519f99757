import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatMove,
  parsePdn,
  Position,
  replayGame,
  variantOrThrow,
  writeGame,
  type Move,
} from '@damka/rules';
import { annotatePdn, Engine, Reviewer, reviewGame, scoreMoves } from '../src/index.ts';
import {
  CLAMP,
  THRESHOLDS,
  classifyMove,
  moveAccuracy,
  moveLoss,
  summarize,
  winChance,
} from '../src/review/classify.ts';

test('review marks by the loss: thresholds, best moves, clamping of won scores', () => {
  assert.equal(classifyMove(0), 'good');
  assert.equal(classifyMove(THRESHOLDS.inaccuracy - 1), 'good');
  assert.equal(classifyMove(THRESHOLDS.inaccuracy), 'inaccuracy');
  assert.equal(classifyMove(THRESHOLDS.mistake), 'mistake');
  assert.equal(classifyMove(THRESHOLDS.blunder), 'blunder');
  assert.equal(classifyMove(1000, true), 'best');
  assert.equal(moveLoss(120, 20), 100);
  assert.equal(moveLoss(20, 120), 0, 'a move found better than the best is no loss');
  // a forced win kept as a clear win loses nothing much
  assert.equal(moveLoss(29_990, 800), 0);
  assert.equal(moveLoss(29_990, -29_990), 2 * CLAMP);
});

test('accuracy: 100 for the best move, falling with the winning chance given away', () => {
  assert.ok(Math.abs(moveAccuracy(50, 50) - 100) < 0.01);
  assert.ok(moveAccuracy(50, 0) > moveAccuracy(50, -100));
  assert.ok(moveAccuracy(0, -500) < 30);
  assert.ok(winChance(0) === 50 && winChance(300) > 75 && winChance(-300) < 25);
  const [w, b] = summarize([
    { side: 0, best: 0, played: 0, mark: 'best' },
    { side: 1, best: 0, played: -300, mark: 'blunder' },
    { side: 0, best: 300, played: 300, mark: 'good' },
  ]);
  assert.equal(w.accuracy, 100);
  assert.equal(b.blunders, 1);
  assert.ok(b.accuracy! < 50);
});

/**
 * A game of English with a blunder planted: both sides play the engine's move at depth 6, except
 * that from ply 10, at the first position where some legal move scores 250 or more below the best,
 * the mover plays the move the search scores worst; 30 plies, or more until that happens.
 */
function plantedGame(): { positions: Position[]; moves: Move[]; blunderPly: number } {
  const variant = variantOrThrow('english');
  const engine = new Engine(variant, { ttBits: 16, seed: 5 });
  let blunderPly = -1;
  let p = Position.start(variant);
  const positions = [p];
  const moves: Move[] = [];
  // 30 plies, or on to 60 until a blunder could be planted (where the first comes depends on the
  // evaluation)
  for (let ply = 0; (ply < 30 || blunderPly < 0) && ply < 60 && p.legalMoves().length > 0; ply++) {
    let move = engine.search(p, { limits: { depth: 6 } }).move!;
    if (ply >= 10 && blunderPly < 0 && p.legalMoves().length > 1) {
      const scored = scoreMoves(engine, p, { depth: 6 });
      if (scored[0]!.score - scored[scored.length - 1]!.score >= 250) {
        move = scored[scored.length - 1]!.move;
        blunderPly = ply;
      }
    }
    moves.push(move);
    p = p.play(move);
    positions.push(p);
  }
  assert.ok(blunderPly >= 10, 'a blunder was planted');
  return { positions, moves, blunderPly };
}

test('review finds the planted blunder, with a better move and its line', () => {
  const { positions, moves, blunderPly } = plantedGame();
  const engine = new Engine(positions[0]!.variant, { ttBits: 18, seed: 1 });
  const seen: number[] = [];
  const review = reviewGame(engine, positions, moves, 8, (done) => seen.push(done));
  assert.equal(review.plies.length, moves.length);
  assert.equal(review.partial, false);
  assert.equal(seen[seen.length - 1], positions.length);
  const marked = review.plies[blunderPly]!;
  assert.equal(marked.mark, 'blunder');
  assert.ok(marked.better && marked.line && marked.line.length > 0);
  assert.ok(marked.loss >= THRESHOLDS.blunder);
  // the side that blundered is the less accurate one
  const side = marked.side;
  assert.ok(review.sides[side].accuracy! < review.sides[1 - side]!.accuracy!);
  assert.ok(review.sides[side].blunders >= 1);
});

test('a review stopped early is partial and covers only the positions searched', () => {
  const { positions, moves } = plantedGame();
  const reviewer = new Reviewer(
    new Engine(positions[0]!.variant, { ttBits: 14 }),
    positions,
    moves,
    4,
  );
  for (let i = 0; i < 5; i++) reviewer.step();
  const r = reviewer.result();
  assert.equal(r.partial, true);
  assert.equal(r.plies.length, 4);
  assert.throws(
    () => new Reviewer(new Engine(positions[0]!.variant), positions, moves.slice(1), 4),
  );
});

test('annotatePdn writes NAGs, comments, the better line and the accuracy, and it reads back', () => {
  const { positions, moves, blunderPly } = plantedGame();
  const variant = positions[0]!.variant;
  const game = {
    tags: new Map([
      ['Event', 'planted'],
      ['GameType', '21'],
    ]),
    moves: {
      comments: [],
      moves: moves.map((m, i) => {
        const p = positions[i]!;
        return { text: formatMove(p, m), nags: [], comments: [], variations: [] };
      }),
    },
    result: '*' as const,
    startNumber: 1,
  };
  const replayed = replayGame(game);
  assert.ok(replayed.ok);
  const review = reviewGame(new Engine(variant, { ttBits: 18, seed: 1 }), positions, moves, 8);
  const annotated = annotatePdn(game, review, positions, replayed.value.naming);
  const text = writeGame(annotated);
  assert.match(text, /Damka review, depth 8: White accuracy [\d.]+%/);
  assert.match(text, /\$4/);
  assert.match(text, /blunder, loses \d+\.\d\d; better /);
  const back = parsePdn(text).games[0]!;
  assert.ok(back.ok);
  const again = replayGame(back.value);
  assert.ok(again.ok, 'the annotated game still replays, variations included');
  const blunderMove = back.value.moves.moves[blunderPly]!;
  assert.ok(blunderMove.nags.includes('$4'));
  assert.equal(blunderMove.variations.length, 1);
});
