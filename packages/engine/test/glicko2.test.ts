import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NEW_RATING, ratePuzzle, updateRating } from '../src/puzzles/glicko2.ts';

test("Glicko-2: the paper's example (1500/200/0.06 against 1400/30 won, 1550/100 lost, 1700/300 lost)", () => {
  const r = updateRating({ rating: 1500, rd: 200, vol: 0.06 }, [
    { rating: 1400, rd: 30, score: 1 },
    { rating: 1550, rd: 100, score: 0 },
    { rating: 1700, rd: 300, score: 0 },
  ]);
  // Glickman, "Example of the Glicko-2 system": r' = 1464.06, RD' = 151.52, sigma' = 0.05999
  assert.ok(Math.abs(r.rating - 1464.06) < 0.01, `rating ${r.rating}`);
  assert.ok(Math.abs(r.rd - 151.52) < 0.01, `rd ${r.rd}`);
  assert.ok(Math.abs(r.vol - 0.05999) < 0.00001, `vol ${r.vol}`);
});

test('Glicko-2: a period without games only widens the deviation', () => {
  const r = updateRating({ rating: 1600, rd: 100, vol: 0.06 }, []);
  assert.equal(r.rating, 1600);
  assert.ok(r.rd > 100 && r.rd < 101);
});

test('a solved puzzle raises the rating, a failed one lowers it, harder ones move it more', () => {
  const solvedEasy = ratePuzzle(NEW_RATING, 1200, true);
  const solvedHard = ratePuzzle(NEW_RATING, 1900, true);
  const failed = ratePuzzle(NEW_RATING, 1500, false);
  assert.ok(solvedEasy.rating > 1500);
  assert.ok(solvedHard.rating > solvedEasy.rating);
  assert.ok(failed.rating < 1500);
  assert.ok(solvedEasy.rd < 350);
  // the deviation never falls below its floor, however many puzzles
  let r = NEW_RATING;
  for (let i = 0; i < 500; i++) r = ratePuzzle(r, 1500, i % 2 === 0);
  assert.ok(r.rd >= 30, `rd ${r.rd}`);
  assert.ok(Number.isFinite(r.rating) && Number.isFinite(r.vol));
});
