import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eloEstimate, eloOf } from '../src/match.ts';

test('Elo from a score', () => {
  assert.equal(eloOf(0.5), 0);
  assert.ok(Math.abs(eloOf(0.75) - 190.85) < 0.1);
  assert.equal(eloOf(1), Infinity);
  assert.equal(eloOf(0), -Infinity);
});

test('Elo interval contains the estimate; a sweep has a finite lower bound', () => {
  const mixed = eloEstimate([1, 1, 0.5, 0, 1, 1, 0.5, 1]);
  assert.ok(mixed.low < mixed.elo && mixed.elo < mixed.high);
  const sweep = eloEstimate(new Array(40).fill(1));
  assert.equal(sweep.elo, Infinity);
  assert.ok(Number.isFinite(sweep.low) && sweep.low > 300 && sweep.low < 500);
});
