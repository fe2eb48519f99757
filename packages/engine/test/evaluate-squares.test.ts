/**
 * The square pass (evaluate/squares.ts) is Dhamet's only form of the evaluation, so no second
 * form checks it there: its scores over seeded random positions are pinned by a digest, taken
 * before the pass was rewritten for speed (link tables instead of direction loops). A change to
 * the pass that changes one score fails here; a change to the evaluation that is meant (weights,
 * a new term) sets the new digest, as it sets the bench's node count.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { variantOrThrow } from '@damka/rules';
import type { Weights } from '../src/weights.ts';
import { Evaluator } from '../src/evaluate/index.ts';
import { ENGLISH_BEFORE_FIT, randomPositions } from './helpers.ts';

/** Every term of the pass switched on, the neighbour terms included (structure, shape, loose). */
const ALL_TERMS: Partial<Weights> = {
  structure: 6,
  kingMobility: 3,
  loose: 11,
  formation: 7,
  tail: -5,
  manMobility: 3,
  wingBalance: 4,
  tempoGap: 2,
  tempoMargin: 1,
};

/**
 * The digest of both scores (plain and at a leaf) for both sides in `count` seeded positions;
 * `patterns: null` leaves out the variant's learned table (one fitted after the digest was taken).
 */
function digest(id: string, overrides: Partial<Weights>, count: number, patterns?: null): string {
  const variant = variantOrThrow(id);
  const evaluator = new Evaluator(variant, overrides, patterns);
  const hash = createHash('sha256');
  for (const { position } of randomPositions(variant, count, 2026, 200)) {
    const board = position.board();
    for (const side of [0, 1]) {
      hash.update(`${evaluator.evaluate(board, side)},${evaluator.evaluateQuiet(board, side)};`);
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Dhamet's weights when its digests were taken (its fitted weights and its pattern table came
 * later: weights.ts, patterns.ts).
 */
const DHAMET_THEN: Partial<Weights> = {
  king: 330,
  openPoint: 4,
  advance: 3,
  backRank: 2,
  centre: 4,
  kingCentre: 6,
  kingMobility: 2,
  runaway: 60,
};

test("Dhamet's square pass gives the scores it gave before its rewrite", () => {
  assert.equal(digest('dhamet', DHAMET_THEN, 2000, null), '7c149c641b58c163');
  assert.equal(digest('dhamet', { ...DHAMET_THEN, ...ALL_TERMS }, 1000, null), '578a29e038c8164c');
});

/** Russian's weights when its digest was taken (its fitted weights came later: weights.ts). */
const RUSSIAN_THEN: Partial<Weights> = {
  king: 280,
  backRank: 6,
  centre: 4,
  kingCentre: 6,
  runaway: 60,
};

/** Turkish's weights when its digest was taken (its fitted weights came later: weights.ts). */
const TURKISH_THEN: Partial<Weights> = {
  king: 320,
  advance: 5,
  backRank: 0,
  centre: 4,
  kingCentre: 6,
  kingMobility: 2,
  loose: 10,
  tempo: 4,
  runaway: 60,
  structure: 5,
};

test('the square pass gives the scores it gave before on 8x8 and 10x10 boards, every term on', () => {
  assert.equal(digest('russian', { ...RUSSIAN_THEN, ...ALL_TERMS }, 1000), 'c2a3ba9aca015095');
  // English counts no advancement now; 4 a rank, as when the digest was taken, keeps the term
  // tested, and its other weights are those it had then (its fit came later: weights.ts); no
  // pattern table, so that a new fit of the table leaves the digest alone (taken so at 1fd1857,
  // before the table's second fit, and after it: the same digest)
  assert.equal(
    digest('english', { ...ENGLISH_BEFORE_FIT, ...ALL_TERMS, advance: 4 }, 1000, null),
    '4fa4a557203457dd',
  );
  assert.equal(digest('turkish', TURKISH_THEN, 1000, null), 'b6b9b082a190d4d1');
  // Breakthrough without its pattern table (it came later: patterns.ts), as when taken
  assert.equal(digest('breakthrough', {}, 1000, null), 'b86bc274c8d4fd57');
  // International without its pattern table, so that a new fit leaves the digest alone (taken so
  // at 4337193, before the 28-window table, and after it: the same digest)
  assert.equal(digest('international', ALL_TERMS, 500, null), '6abdfbf2af5a7ae5');
});
