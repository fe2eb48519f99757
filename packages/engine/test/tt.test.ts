import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TranspositionTable } from '../src/tt.ts';

// a table of 2^4 entries has 8 buckets: keys whose low halves agree below bit 3 share one
const BUCKET = 8;

test('a stored result is found again with its move, score, depth and bound', () => {
  const tt = new TranspositionTable(4);
  tt.store(5, 111, 42, -250, 7, BOUND_LOWER);
  const slot = tt.probe(5, 111);
  assert.ok(slot >= 0);
  assert.equal(tt.move(slot), 42);
  assert.equal(tt.score(slot), -250);
  assert.equal(tt.depth(slot), 7);
  assert.equal(tt.bound(slot), BOUND_LOWER);
  assert.equal(tt.probe(5, 112), -1, 'another key with the same low half');
  assert.equal(tt.probe(6, 111), -1, 'an empty bucket');
});

test('a deep result survives shallow results of other keys in its bucket', () => {
  const tt = new TranspositionTable(4);
  tt.store(3, 1, 10, 100, 9, BOUND_EXACT);
  for (let k = 2; k < 20; k++) tt.store(3 + BUCKET * k, k, k, 0, 1, BOUND_UPPER);
  const deep = tt.probe(3, 1);
  assert.ok(deep >= 0, 'the deep entry is kept');
  assert.equal(tt.depth(deep), 9);
  // the second entry holds the newest shallow result, the older ones are gone
  assert.ok(tt.probe(3 + BUCKET * 19, 19) >= 0);
  assert.equal(tt.probe(3 + BUCKET * 18, 18), -1);
});

test('a result as deep or deeper takes the first entry and moves the old one to the second', () => {
  const tt = new TranspositionTable(4);
  tt.store(2, 1, 10, 100, 5, BOUND_EXACT);
  tt.store(2 + BUCKET, 2, 20, 50, 6, BOUND_LOWER);
  const a = tt.probe(2, 1);
  const b = tt.probe(2 + BUCKET, 2);
  assert.ok(a >= 0 && b >= 0 && a !== b);
  assert.equal(tt.depth(b), 6);
  // a third, shallow key replaces the second entry, not the deepest
  tt.store(2 + 2 * BUCKET, 3, 30, 0, 1, BOUND_UPPER);
  assert.ok(tt.probe(2 + BUCKET, 2) >= 0);
  assert.equal(tt.probe(2, 1), -1);
});

test('an entry of an older search gives way to a shallower result of the new one', () => {
  const tt = new TranspositionTable(4);
  tt.store(1, 1, 10, 100, 12, BOUND_EXACT);
  tt.store(1 + BUCKET, 2, 20, 0, 11, BOUND_EXACT);
  tt.newSearch();
  tt.store(1 + 2 * BUCKET, 3, 30, 0, 2, BOUND_UPPER);
  const slot = tt.probe(1 + 2 * BUCKET, 3);
  assert.ok(slot >= 0);
  assert.equal(tt.depth(slot), 2);
  // the old deepest result moved to the second entry, the other old one is gone
  assert.ok(tt.probe(1, 1) >= 0);
  assert.equal(tt.probe(1 + BUCKET, 2), -1);
});

test('a result stored without a move keeps the move already known for the key', () => {
  const tt = new TranspositionTable(4);
  tt.store(4, 9, 77, 10, 3, BOUND_LOWER);
  tt.store(4, 9, 0, 20, 4, BOUND_UPPER);
  const slot = tt.probe(4, 9);
  assert.equal(tt.move(slot), 77);
  assert.equal(tt.score(slot), 20);
  assert.equal(tt.depth(slot), 4);
  // also when the key sits in the second entry
  tt.store(4 + BUCKET, 5, 55, 0, 9, BOUND_EXACT);
  tt.store(4 + 2 * BUCKET, 6, 66, 0, 1, BOUND_EXACT);
  tt.store(4 + 2 * BUCKET, 6, 0, 0, 1, BOUND_UPPER);
  assert.equal(tt.move(tt.probe(4 + 2 * BUCKET, 6)), 66);
});

test('clear empties the table', () => {
  const tt = new TranspositionTable(4);
  tt.store(7, 3, 1, 1, 1, BOUND_EXACT);
  tt.clear();
  assert.equal(tt.probe(7, 3), -1);
});

test('scores, depths and moves at the ends of their ranges are read back as stored', () => {
  const tt = new TranspositionTable(4);
  const cases: [number, number, number][] = [
    // move, score, depth
    [0x7ffe_1234 | 0, 29_990, 127],
    [-0x8000_0000 | 0x1_2345, -29_990, -128],
    [1, -1, -1],
    [0x1_0000, 32_767, 0],
    [-1, -32_768, 1],
  ];
  cases.forEach(([move, score, depth], k) => {
    tt.store(k, 1000 + k, move, score, depth, BOUND_EXACT);
    const slot = tt.probe(k, 1000 + k);
    assert.ok(slot >= 0);
    assert.equal(tt.move(slot), move);
    assert.equal(tt.score(slot), score);
    assert.equal(tt.depth(slot), depth);
    assert.equal(tt.bound(slot), BOUND_EXACT);
  });
  // depths beyond the range are held to it
  tt.store(9, 5, 3, 0, 300, BOUND_LOWER);
  assert.equal(tt.depth(tt.probe(9, 5)), 127);
  assert.equal(tt.bound(tt.probe(9, 5)), BOUND_LOWER);
});
