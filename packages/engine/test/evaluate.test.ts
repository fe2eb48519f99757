/**
 * The evaluation's two forms (a pass over the squares, and bitboards on boards of at most 32
 * squares) must agree exactly, and the quiet-leaf test must match the rules: a position is quiet
 * only when the side to move has no capture.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { VARIANTS, colorIndex, variantOrThrow } from '@damka/rules';
import { BITS_STRIDE, Evaluator, NOT_QUIET } from '../src/evaluate.ts';
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
          evaluator.evaluateFromBits(codes, BITS_STRIDE, sum, side, false),
          evaluator.evaluate(board, side),
          where,
        );
        assert.equal(
          evaluator.evaluateFromBits(codes, BITS_STRIDE, sum, side, true),
          evaluator.evaluateQuiet(board, side),
          where,
        );
        compared++;
      }
    }
  }
  // every variant but Dhamet (81 squares) has a bitboard form: 13 variants, 600 evaluations each
  assert.ok(compared >= 13 * 600, `compared ${compared}`);
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
