/**
 * The weight fitter (tune/texel.ts) on synthetic sets where the answer is known: quiet positions
 * whose results are drawn from `sigmoid(K * eval)` under a chosen weight. Fitting from the
 * committed weights must move that weight toward the chosen value and lower the error, and must
 * leave it near where it is when the labels were drawn with the committed value itself.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { colorIndex, variantOrThrow } from '@damka/rules';
import { Evaluator, NOT_QUIET } from '../src/evaluate/index.ts';
import { weightsFor, type Weights } from '../src/weights.ts';
import { mulberry32 } from '@damka/rules';
import { fitK, meanError, scoresOf, sigmoid, tune, type Sample } from '../tune/texel.ts';
import { randomPositions } from './helpers.ts';

const variant = variantOrThrow('international');
const TRUE_K = 0.012;

/** Quiet positions labelled 1 / 0 by a seeded draw from the model with `truth` as weights. */
function synthetic(truth: Partial<Weights>, count: number, seed: number): Sample[] {
  const judge = new Evaluator(variant, truth);
  const rand = mulberry32(seed);
  const out: Sample[] = [];
  for (const { position } of randomPositions(variant, count * 3, seed, 60)) {
    if (out.length === count) break;
    const board = position.board();
    const side = colorIndex(position.turn);
    if (judge.evaluateQuiet(board, side) === NOT_QUIET) continue;
    if (judge.evaluateQuiet(board, 1 - side) === NOT_QUIET) continue;
    const e = judge.evaluate(board, side);
    const white = side === 0 ? e : -e;
    const p = sigmoid(TRUE_K, white);
    out.push({ board, side, result: (rand() >>> 0) / 2 ** 32 < p ? 1 : 0 });
  }
  return out;
}

test('the fitted K recovers the scale the labels were drawn with', () => {
  const samples = synthetic({}, 3000, 11);
  const k = fitK(samples, scoresOf(variant, samples, {}));
  assert.ok(Math.abs(k - TRUE_K) / TRUE_K < 0.25, `K ${k}`);
});

test('tuning moves a weight toward the value the results were drawn with', () => {
  const committed = weightsFor(variant).centre;
  const truth = committed + 16;
  const samples = synthetic({ centre: truth }, 3000, 12);
  const result = tune(variant, samples, { names: ['centre'] });
  const tuned = result.overrides.centre!;
  assert.ok(result.errorAfter < result.errorBefore, JSON.stringify(result));
  assert.ok(Math.abs(tuned - truth) < Math.abs(committed - truth) / 2, `centre ${tuned}`);
  // the error is measured honestly: re-evaluating the tuned weights gives the reported figure
  const again = meanError(samples, scoresOf(variant, samples, result.overrides), result.k);
  assert.equal(again, result.errorAfter);
});

test('tuning leaves a weight near its value when the labels agree with it', () => {
  const committed = weightsFor(variant).centre;
  const samples = synthetic({}, 3000, 13);
  const result = tune(variant, samples, { names: ['centre'] });
  assert.ok(
    Math.abs(result.overrides.centre! - committed) <= 4,
    `centre ${result.overrides.centre}`,
  );
});
