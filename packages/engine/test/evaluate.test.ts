/**
 * The evaluation's forms (a pass over the squares, and bitboards on boards of at most 64
 * squares) must agree exactly, and the quiet-leaf test must match the rules: a position is quiet
 * only when the side to move has no capture.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, VARIANTS, colorIndex, variantOrThrow } from '@damka/rules';
import { BITS_STRIDE, Evaluator, NOT_QUIET } from '../src/evaluate/index.ts';
import { randomPositions } from './helpers.ts';

test('bitboard and square-pass evaluations agree in random positions', () => {
  let compared = 0;
  for (const rules of VARIANTS) {
    const variant = variantOrThrow(rules.id);
    const evaluator = new Evaluator(variant);
    if (evaluator.bits === null && evaluator.wideBits === null) continue;
    const codes = new Int32Array(2 * BITS_STRIDE);
    for (const { position } of randomPositions(variant, 300, 7)) {
      const board = position.board();
      const sum = evaluator.loadBits(board, codes, BITS_STRIDE);
      for (const side of [0, 1]) {
        const where = `${rules.id} ${position.fen} side ${side}`;
        assert.equal(
          evaluator.evaluateBits(codes, BITS_STRIDE, sum, side, false),
          evaluator.evaluate(board, side),
          where,
        );
        assert.equal(
          evaluator.evaluateBits(codes, BITS_STRIDE, sum, side, true),
          evaluator.evaluateQuiet(board, side),
          where,
        );
        compared++;
      }
    }
  }
  // every variant but Dhamet (81 squares) and Canadian (144) has a bitboard form, 600 evaluations
  // each
  assert.equal(compared, (VARIANTS.length - 2) * 600);
});

test("the men's shape terms agree in both forms and count what they say", () => {
  // weights that switch on only one term each, then all at once, on the 10x10 boards (two-word
  // form) and on an 8x8 one (one-word form)
  const only = [
    { formation: 7 },
    { tail: -11 },
    { manMobility: 3 },
    { wingBalance: 5 },
    { centreSquare: 9 },
    { tempoGap: 2, tempoMargin: 3 },
    { tempoGap: -3 },
    { formation: 7, tail: -11, manMobility: 3, wingBalance: 5, centreSquare: 9, tempoGap: 2 },
  ];
  for (const id of ['international', 'frisian', 'english']) {
    const rules = VARIANTS.find((r) => r.id === id);
    if (!rules) continue;
    const variant = variantOrThrow(id);
    const codes = new Int32Array(2 * BITS_STRIDE);
    for (const overrides of only) {
      const evaluator = new Evaluator(variant, overrides);
      const plain = new Evaluator(variant);
      let differs = 0;
      for (const { position } of randomPositions(variant, 150, 5)) {
        const board = position.board();
        for (const side of [0, 1]) {
          const where = `${id} ${JSON.stringify(overrides)} ${position.fen} side ${side}`;
          const square = evaluator.evaluate(board, side);
          if (square !== plain.evaluate(board, side)) differs++;
          if (evaluator.bits === null && evaluator.wideBits === null) continue;
          const sum = evaluator.loadBits(board, codes, BITS_STRIDE);
          assert.equal(evaluator.evaluateBits(codes, BITS_STRIDE, sum, side, false), square, where);
          assert.equal(
            evaluator.evaluateBits(codes, BITS_STRIDE, sum, side, true),
            evaluator.evaluateQuiet(board, side),
            where,
          );
        }
      }
      // each term changes the score of most random positions
      assert.ok(differs > 100, `${id} ${JSON.stringify(overrides)}: ${differs} changed`);
    }
  }
});

test('shape terms in a known International position', () => {
  const variant = variantOrThrow('international');
  const board = new Int8Array(variant.topology.size);
  const t = variant.topology;
  const at = (file: number, rank: number) => t.grid[rank * t.width + file]!;
  // White men on c3 (file 2, rank 2) with b2 and d2 behind it; a lone man on i5; Black man on e7
  board[at(2, 2)] = 1;
  board[at(1, 1)] = 1;
  board[at(3, 1)] = 1;
  board[at(8, 4)] = 1;
  board[at(4, 6)] = 5;
  // every shape term off but the one under test (International weights some of them)
  const off = { formation: 0, tail: 0, manMobility: 0, wingBalance: 0, tempoGap: 0 };
  const score = (w: object) => new Evaluator(variant, { ...off, ...w }).evaluate(board, 0);
  const base = score({});
  // covered from behind: c3 only (b2 and d2 have empty squares behind them, i5 has none)
  assert.equal(score({ formation: 10 }) - base, 10);
  // free forward squares: White c3 2 (b4, d4), b2 1 (a3), d2 1 (e3), i5 2 (h6, j6); Black e7 2
  assert.equal(score({ manMobility: 1 }) - base, 2 + 1 + 1 + 2 - 2);
  // nobody is stuck
  assert.equal(score({ tail: -10 }) - base, 0);
  // White: three men on the left wing, one on the right: gap 2, one beyond the allowed 1;
  // Black: one man (e7, left): gap 1, none beyond
  assert.equal(score({ wingBalance: 10 }) - base, -10);
  // tempo: White 2 + 1 + 1 + 4 = 8 ranks, Black 3 (e7 is three ranks from its home row): gap 5
  assert.equal(score({ tempoGap: 10 }) - base, 50);
  assert.equal(score({ tempoGap: 10, tempoMargin: 2 }) - base, 30);
  assert.equal(score({ tempoGap: 10, tempoMargin: 6 }) - base, 0);
});

test('a leaf is quiet exactly when the side to move has no capture', () => {
  for (const rules of VARIANTS) {
    const variant = variantOrThrow(rules.id);
    const evaluator = new Evaluator(variant);
    for (const { position } of randomPositions(variant, 200, 11)) {
      const side = colorIndex(position.turn);
      const moves = position.legalMoves();
      const capture = moves.some((m) => m.kind === 'capture');
      const quiet = evaluator.evaluateQuiet(position.board(), side);
      const where = `${rules.id} ${position.fen}`;
      if (capture) assert.equal(quiet, NOT_QUIET, where);
      else if (quiet !== NOT_QUIET)
        assert.equal(quiet, evaluator.evaluate(position.board(), side), where);
      else assert.ok(!moves.some((m) => m.kind === 'step'), where);
    }
  }
});

test('flying-king endings that are seldom won are scored near a draw', () => {
  const variant = variantOrThrow('international');
  const score = (fen: string, w: object) => {
    const p = Position.fromFen(variant, fen);
    assert.ok(p.ok, fen);
    const evaluator = new Evaluator(variant, { tempo: 0, ...w }, null);
    return evaluator.evaluate(p.value.board(), 0);
  };
  const on = { fewPiecesDivisor: 8, evenKingsDivisor: 2 };
  const off = { fewPiecesDivisor: 1, evenKingsDivisor: 1 };
  // three white kings against a king and a man: the side ahead has three pieces, the other a king
  const threeKings = 'W:WK46,K47,K48:BK5,10';
  assert.ok(score(threeKings, off) > 200);
  assert.equal(score(threeKings, on), Math.trunc(score(threeKings, off) / 8));
  // four pieces against a king: no longer drawish
  const four = 'W:WK46,K47,K48,K49:BK5,10';
  assert.equal(score(four, on), score(four, off));
  // a king each and one man more: halved; two men more: not
  const oneMore = 'W:WK46,31,32,33:BK5,11,12';
  assert.ok(score(oneMore, off) > 50);
  assert.equal(score(oneMore, on), Math.trunc(score(oneMore, off) / 2));
  const twoMore = 'W:WK46,31,32,33:BK5,11';
  assert.equal(score(twoMore, on), score(twoMore, off));
  // the weights International plays with
  assert.equal(new Evaluator(variant).weights.fewPiecesDivisor, 8);
  assert.equal(new Evaluator(variant).weights.evenKingsDivisor, 2);
});

test('the race terms (advance curve, runaway reach, crowning next) count what they say and agree in both forms', () => {
  const variant = variantOrThrow('breakthrough');
  const t = variant.topology;
  const at = (file: number, rank: number) => t.grid[rank * t.width + file]!;
  // the race terms only, on top of plain weights (no pattern table)
  const plain = {
    advance: 0,
    advanceCurve: 0,
    runaway: 0,
    runawayReach: 0,
    crownNow: 0,
    crownThreat: 0,
    backRank: 0,
    centre: 0,
    loose: 0,
    tempo: 0,
  };
  const score = (board: Int8Array, w: object) =>
    new Evaluator(variant, { ...plain, ...w }, null).evaluate(board, 0);
  // a White man on b6 (file 1, rank 5: 5 ranks advanced of 9) against a Black man on j10
  const board = new Int8Array(t.size);
  board[at(1, 5)] = 1;
  board[at(9, 9)] = 5;
  // advance curve: w * progress² * 8 / 81 for White's man, Black's is on its home row
  assert.equal(score(board, { advanceCurve: 81 }) - score(board, {}), 25 * 8);
  // runaway: 4 ranks to go, within the default reach of 5 ranks (half the height): w * 2 / 5
  assert.equal(score(board, { runaway: 100 }) - score(board, {}), 40);
  // a reach of 3 ranks leaves it out; a reach of 8 scores it at w * 5 / 8
  assert.equal(score(board, { runaway: 100, runawayReach: 3 }) - score(board, {}), 0);
  assert.equal(score(board, { runaway: 100, runawayReach: 8 }) - score(board, {}), 63);
  // a man one step from crowning with a free square: the side to move crowns at once, the other
  // side's is a threat; a man whose both squares ahead are taken is neither
  const near = new Int8Array(t.size);
  near[at(2, 8)] = 1; // White c9: b10 and d10 empty
  near[at(5, 1)] = 5; // Black f2: e1 empty, g1 taken
  near[at(6, 0)] = 1;
  near[at(1, 1)] = 5; // Black b2: a1 and c1 taken
  near[at(0, 0)] = 1;
  near[at(2, 0)] = 1;
  const race = { crownNow: 1000, crownThreat: 300 };
  const crown = (side: number, w: object) =>
    new Evaluator(variant, { ...plain, ...w }, null).evaluate(near, side) -
    new Evaluator(variant, plain, null).evaluate(near, side);
  assert.equal(crown(0, race), 1000);
  assert.equal(crown(1, race), 1000);
  near[at(2, 8)] = 0;
  assert.equal(crown(0, race), -300);
  assert.equal(crown(1, race), 1000);
  // both forms agree with the race terms on
  const all = { advanceCurve: 9, runaway: 300, runawayReach: 7, ...race };
  const both = new Evaluator(variant, all, null);
  const codes = new Int32Array(2 * BITS_STRIDE);
  for (const { position } of randomPositions(variant, 200, 3)) {
    const b = position.board();
    const sum = both.loadBits(b, codes, BITS_STRIDE);
    for (const side of [0, 1]) {
      assert.equal(
        both.evaluateBits(codes, BITS_STRIDE, sum, side, false),
        both.evaluate(b, side),
        `${position.fen} side ${side}`,
      );
    }
  }
  // Breakthrough plays with them; every other variant's tables are as without the terms
  assert.equal(new Evaluator(variant).race, true);
  for (const rules of VARIANTS) {
    const v = variantOrThrow(rules.id);
    if (v.id === 'breakthrough') continue;
    const own = new Evaluator(v);
    const off = new Evaluator(v, { advanceCurve: 0, runawayReach: 0, crownNow: 0, crownThreat: 0 });
    assert.deepEqual(own.pst, off.pst, v.id);
    assert.deepEqual(own.cone, off.cone, v.id);
    assert.equal(own.race, false, v.id);
  }
});

test('trading down when ahead: the lead (at most two) times the pieces gone, in every form', () => {
  const check = (id: string, fen: string, lead: number, gone: number) => {
    const variant = variantOrThrow(id);
    const p = Position.fromFen(variant, fen);
    assert.ok(p.ok, fen);
    const board = p.value.board();
    const on = new Evaluator(variant, { simplify: 5 }, null);
    const off = new Evaluator(variant, { simplify: 0 }, null);
    const codes = new Int32Array(BITS_STRIDE);
    for (const side of [0, 1]) {
      const sign = side === 0 ? 1 : -1;
      const where = `${id} ${fen} side ${side}`;
      const want = sign * lead * gone * 5 + 0; // + 0: never -0
      assert.equal(on.evaluate(board, side) - off.evaluate(board, side), want, where);
      if (on.bits === null && on.wideBits === null) continue;
      const sumOn = on.loadBits(board, codes, 0);
      const a = on.evaluateBits(codes, 0, sumOn, side, false);
      const sumOff = off.loadBits(board, codes, 0);
      const b = off.evaluateBits(codes, 0, sumOff, side, false);
      assert.equal(a - b, want, where);
    }
  };
  // English starts with 24 pieces: four men against three, 17 gone
  check('english', 'W:W21,22,23,24:B1,2,3', 1, 17);
  // five against two: the lead counts as two
  check('english', 'W:W21,22,23,24,25:B1,2', 2, 17);
  // behind: the same the other way; kings count as pieces
  check('english', 'W:WK21,22:B1,2,3,4', -2, 18);
  // International (40 pieces) and Turkish (32) in their two-word form, Dhamet (80) on its squares
  check('international', 'W:W31,32,33:B1,2', 1, 35);
  check('turkish', 'W:Wa3,b3:Ba6,b6,c6', -1, 27);
  // level material scores nothing
  check('english', 'W:W21,22:B1,2', 0, 20);
});
