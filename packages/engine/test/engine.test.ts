import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Position,
  VARIANTS,
  colorIndex,
  formatMove,
  variantOrThrow,
  type Options,
} from '@damka/rules';
import { Searcher } from '../src/search.ts';
import { Engine } from '../src/index.ts';
import { weightsFor } from '../src/weights.ts';
import { MATE_BOUND } from '../src/score.ts';
import { randomPositions } from './helpers.ts';
import { WORKED_POSITIONS } from '@damka/rules/worked-positions';

test('a legal move from the start position of every variant', () => {
  for (const rules of VARIANTS) {
    const variant = variantOrThrow(rules.id);
    const engine = new Engine(variant, { ttBits: 14, seed: 1 });
    const position = Position.start(variant);
    const result = engine.search(position, { limits: { depth: 3 } });
    assert.ok(result.move, rules.id);
    assert.ok(position.legalMoves().includes(result.move!), `${rules.id}: move not legal`);
  }
});

test('a legal move, one of those docs/rules.md lists, in every worked position of docs/rules.md', () => {
  assert.ok(WORKED_POSITIONS.length >= 20);
  for (const row of WORKED_POSITIONS) {
    const variant = variantOrThrow(row.variant, row.options);
    const position = Position.fromFen(variant, row.fen);
    assert.ok(position.ok, row.id);
    const engine = new Engine(variant, { ttBits: 14, seed: 3 });
    const result = engine.search(position.value, { limits: { depth: 4 } });
    if (row.moves.length === 0) {
      assert.equal(result.move, undefined, `${row.id}: no legal move, none played`);
      continue;
    }
    assert.ok(result.move, `${row.id}: no move`);
    assert.ok(position.value.legalMoves().includes(result.move), `${row.id}: move not legal`);
    const text = [
      formatMove(position.value, result.move),
      formatMove(position.value, result.move, { full: true }),
    ];
    assert.ok(
      text.some((t) => row.moves.includes(t)),
      `${row.id}: ${text.join(' / ')} is not in docs/rules.md's list ${row.moves.join(', ')}`,
    );
  }
});

test('a legal move in 1,000 random positions of every variant', () => {
  for (const rules of VARIANTS) {
    const variant = variantOrThrow(rules.id);
    const engine = new Engine(variant, { ttBits: 14, seed: 2 });
    let searched = 0;
    for (const { position, history } of randomPositions(variant, 1000, 100 + searched)) {
      const legal = position.legalMoves();
      const result = engine.search(position, { limits: { depth: 2, nodes: 3000 }, history });
      if (legal.length === 0) {
        assert.equal(result.move, undefined, `${rules.id} ${position.fen}`);
      } else {
        assert.ok(result.move && legal.includes(result.move), `${rules.id} ${position.fen}`);
      }
      searched++;
    }
    assert.equal(searched, 1000);
  }
});

test('a legal move with house-rule options', () => {
  const cases: Array<[string, Options]> = [
    ['international', { noForcedCapture: true }],
    ['international', { mayStopCaptureChain: true }],
    ['english', { giveaway: true }],
    ['english', { kingSplit: true }],
    ['english', { lastPieceMayMoveBackward: true }],
    ['russian', { backwardCaptureOnlyAfterForward: true }],
    ['israeli', { burnedPieces: false }],
    ['dhamet', { souffle: true }],
    ['dhamet', { forcedOpening: false }],
  ];
  for (const [id, options] of cases) {
    const variant = variantOrThrow(id, options);
    const engine = new Engine(variant, { ttBits: 12, seed: 3 });
    for (const { position, history } of randomPositions(variant, 150, 7)) {
      const legal = position.legalMoves();
      const result = engine.search(position, { limits: { depth: 2, nodes: 2000 }, history });
      if (legal.length > 0)
        assert.ok(result.move && legal.includes(result.move), `${id} ${position.fen}`);
    }
  }
});

test('one legal reply is played at once', () => {
  const variant = variantOrThrow('english');
  // Black must capture 15x22 (its only move)
  const position = Position.fromFen(variant, 'B:W18,30:B15,1');
  assert.ok(position.ok);
  const legal = position.value.legalMoves();
  const engine = new Engine(variant, { ttBits: 12 });
  const result = engine.search(position.value, { limits: { moveTime: 10_000 } });
  assert.equal(legal.length, 1);
  assert.equal(result.move, legal[0]);
  assert.equal(result.depth, 0);
  assert.ok(result.time < 1000);
});

test('a tiny time budget still gives a legal move', () => {
  for (const id of ['international', 'english', 'turkish', 'dhamet']) {
    const variant = variantOrThrow(id);
    const engine = new Engine(variant, { ttBits: 12 });
    for (const { position } of randomPositions(variant, 20, 11)) {
      const legal = position.legalMoves();
      const r1 = engine.search(position, { limits: { moveTime: 1 } });
      const r2 = engine.search(position, { limits: { nodes: 1 } });
      const r3 = engine.search(position, { limits: { clock: { time: 5 } } });
      if (legal.length === 0) continue;
      for (const r of [r1, r2, r3])
        assert.ok(r.move && legal.includes(r.move), `${id} ${position.fen}`);
    }
  }
});

test('finds a shot winning material: English and International', () => {
  const shots: Array<[string, string, string]> = [
    // each move gives a man; every reply captures, and the next move takes back two or more
    ['english', 'W:W22,27-29,31,32:B4,5,11,13,19,20', '27-24'],
    ['international', 'W:W24,37,39-49:B1,4-10,15,18,26-28', '37-32'],
  ];
  for (const [id, fen, expected] of shots) {
    const variant = variantOrThrow(id);
    const position = Position.fromFen(variant, fen);
    assert.ok(position.ok, fen);
    const p = position.value;
    const engine = new Engine(variant, { ttBits: 16 });
    const result = engine.search(p, { limits: { depth: 4 } });
    const m = result.move!;
    assert.equal(`${variant.squares.names[m.from]}-${variant.squares.names[m.to]}`, expected, id);
    // it is a sacrifice: every reply captures
    assert.ok(
      p
        .play(m)
        .legalMoves()
        .every((r) => r.kind === 'capture'),
    );
    assert.ok(result.score >= 80, `${id}: score ${result.score}`);
  }
});

test('a forced win is scored as one', () => {
  const variant = variantOrThrow('english');
  // White's king takes Black's last piece: a win in one move
  const position = Position.fromFen(variant, 'W:WK18:B14');
  assert.ok(position.ok);
  const result = new Engine(variant, { ttBits: 14 }).analyse(position.value, {
    limits: { depth: 4 },
  });
  assert.equal(result.mate, 1, `score ${result.score}`);
});

test('Antidraughts: losing pieces is the goal', () => {
  // Antidraughts: giving a man away when the opponent must take it is what the search prefers
  const variant = variantOrThrow('antidraughts');
  // White to move can give a man away (33-28, 22x33) or keep it (33-29); Antidraughts prefers giving
  const position = Position.fromFen(variant, 'W:W33,46:B22,5');
  assert.ok(position.ok);
  const result = new Engine(variant, { ttBits: 14 }).search(position.value, {
    limits: { depth: 6 },
  });
  assert.ok(result.move);
  assert.ok(result.score > 0, `score ${result.score}`);
});

test('give-away checkers counts a man for its owner, Antidraughts a king against its owner (both fitted, docs/tuning.md)', () => {
  assert.equal(weightsFor(variantOrThrow('giveaway')).man, 70);
  assert.equal(weightsFor(variantOrThrow('giveaway')).king, -5);
  assert.equal(weightsFor(variantOrThrow('antidraughts')).king, -421);
  assert.equal(weightsFor(variantOrThrow('english')).man, 100);
});

test('repetition in the game history is a draw for the search', () => {
  const variant = variantOrThrow('english');
  // kings only, equal: shuffling back and forth repeats; the history makes the start a repeat
  const start = Position.fromFen(variant, 'W:WK29:BK4');
  assert.ok(start.ok);
  const engine = new Engine(variant, { ttBits: 14 });
  const result = engine.search(start.value, { limits: { depth: 6 } });
  assert.ok(result.move);
  assert.ok(Math.abs(result.score) < 50, `score ${result.score}`);
});

test('ProbCut (International, English, Arab Dama, Russian, Brazilian, Czech, Italian, Pool, Killer, Dhamet) searches fewer nodes to the same depth', () => {
  const variant = variantOrThrow('international');
  // a middlegame of the bench (at depth 11: about 220,000 nodes with ProbCut, 470,000 without)
  const fen = 'W:W27,31,33-35,37,39-50:B1-11,14-16,18,19,23,24';
  const position = Position.fromFen(variant, fen);
  assert.ok(position.ok);
  const nodes = (probCut: number) =>
    new Engine(variant, { ttBits: 18, seed: 1, weights: { probCut } }).search(position.value, {
      limits: { depth: 11 },
    }).nodes;
  const on = nodes(5);
  const off = nodes(0);
  assert.ok(on < off, `with ProbCut ${on} nodes, without ${off}`);
  // on where self-play measured a gain, off by default elsewhere
  assert.equal(weightsFor(variant).probCut, 5);
  assert.equal(weightsFor(variantOrThrow('english')).probCut, 5);
  assert.equal(weightsFor(variantOrThrow('arab-dama')).probCut, 5);
  assert.equal(weightsFor(variantOrThrow('russian')).probCut, 5);
  assert.equal(weightsFor(variantOrThrow('brazilian')).probCut, 5);
  assert.equal(weightsFor(variantOrThrow('czech')).probCut, 5);
  assert.equal(weightsFor(variantOrThrow('italian')).probCut, 5);
  assert.equal(weightsFor(variantOrThrow('pool')).probCut, 5);
  assert.equal(weightsFor(variantOrThrow('killer')).probCut, 5);
  assert.equal(weightsFor(variantOrThrow('dhamet')).probCut, 5);
  assert.equal(weightsFor(variantOrThrow('spanish')).probCut, 0);
  assert.equal(weightsFor(variantOrThrow('turkish')).probCut, 0);
});

test('late-move reductions follow the weights: stronger reductions search fewer nodes to the same depth, none more', () => {
  const variant = variantOrThrow('international');
  const fen = 'W:W27,31,33-35,37,39-50:B1-11,14-16,18,19,23,24';
  const position = Position.fromFen(variant, fen);
  assert.ok(position.ok);
  const nodes = (weights: { reduction?: number; reduceFrom?: number }) =>
    new Engine(variant, { ttBits: 18, seed: 1, weights }).search(position.value, {
      limits: { depth: 9 },
    }).nodes;
  const usual = nodes({});
  assert.equal(nodes({ reduction: 50, reduceFrom: 3 }), usual, 'the defaults are 50 and 3');
  const none = nodes({ reduceFrom: 64 });
  const stronger = nodes({ reduction: 80, reduceFrom: 2 });
  assert.ok(none > usual, `without reductions ${none} nodes, with ${usual}`);
  assert.ok(stronger < usual, `stronger reductions ${stronger} nodes, usual ${usual}`);
  for (const id of ['international', 'english', 'russian', 'turkish', 'dhamet']) {
    assert.equal(weightsFor(variantOrThrow(id)).reduction, 50, id);
    assert.equal(weightsFor(variantOrThrow(id)).reduceFrom, 3, id);
  }
});

test('Frisian king-move limit: the engine, at every depth, plays the man when its king is bound', () => {
  // docs/rules.md §5.12: after three non-capturing moves of the same king, White (who still has a
  // man) must move something else; the search reads the game's king-move counts at its root
  const variant = variantOrThrow('frisian');
  const start = Position.fromFen(variant, 'W:WK47,45:BK4,6');
  assert.ok(start.ok);
  let p = start.value;
  for (const text of ['47-42', '4-9', '42-47', '9-4', '47-42', '4-9']) {
    const m = p.legalMoves().find((x) => formatMove(p, x) === text);
    assert.ok(m, text);
    p = p.play(m);
  }
  assert.deepEqual(p.kingRuns.moves, [3, 3]);
  // the search's own root list holds exactly the legal move, not the bound king's steps
  const searcher = new Searcher(variant, { ttBits: 12 });
  const raw = searcher.run(p.board(), colorIndex(p.turn), {
    limits: { depth: 2 },
    kingRuns: p.kingRuns,
  });
  assert.equal(raw.rootCount, p.legalMoves().length);
  for (const depth of [1, 2, 4, 6]) {
    const engine = new Engine(variant, { ttBits: 14, seed: depth });
    const result = engine.search(p, { limits: { depth } });
    assert.ok(result.move, `depth ${depth}: no move`);
    assert.equal(formatMove(p, result.move), '45-40', `depth ${depth}`);
  }
});

test('huff rules: a lone king that skips a capture is burned, so a capture into a recapture is lost', () => {
  // Israeli: White's lone king e1 can take f2 (landing on g3, where h4xf2 or the king b8 takes it
  // back) or step away; a step leaves a burn right on the king that could have taken, its last
  // piece, so both lose. Valued as a man, the burn made the step look like -1.5 men.
  const variant = variantOrThrow('israeli');
  const position = Position.fromFen(variant, 'W:WKe1:BKb8,f2,h4');
  assert.ok(position.ok);
  const engine = new Engine(variant, { ttBits: 12, seed: 1 });
  const result = engine.search(position.value, { limits: { depth: 4 } });
  assert.ok(result.score < -MATE_BOUND, `score ${result.score}`);
});
