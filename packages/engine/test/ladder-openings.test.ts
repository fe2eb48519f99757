/**
 * The ladder's openings: as many different ones as its pairs play (each with both colours), so
 * that a pair of levels without noise (7 and 8) does not play the same game again.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { variantOrThrow } from '@damka/rules';
import { balancedOpenings } from '../src/match.ts';
import { differentOpenings, ladderOpenings } from '../bench/ladder.ts';

test("Dhamet's ladder openings differ (two plies after its compulsory opening give too few)", () => {
  const variant = variantOrThrow('dhamet');
  // the balanced two-ply openings are fewer than ten, so that list repeats
  const two = balancedOpenings(variant, 10, { depth: 4 });
  const different = (lines: readonly unknown[]) =>
    new Set(lines.map((l) => JSON.stringify(l))).size;
  assert.ok(different(two) < 10, `two plies: ${different(two)} different openings`);
  assert.equal(differentOpenings(two), different(two));
  const lines = ladderOpenings(variant, 10);
  assert.equal(lines.length, 10);
  assert.equal(different(lines), 10);
  assert.equal(differentOpenings(lines), 10);
});

test('where two plies give enough openings, the ladder keeps them', () => {
  const variant = variantOrThrow('english');
  const lines = ladderOpenings(variant, 10);
  assert.deepEqual(lines, balancedOpenings(variant, 10, { depth: 4 }));
  assert.ok(lines.every((l) => l.length === 2));
});
