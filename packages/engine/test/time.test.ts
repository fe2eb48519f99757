import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, variantOrThrow } from '@damka/rules';
import { Engine } from '../src/index.ts';
import { timeBudget } from '../src/time.ts';

test('a fixed time per move may start an iteration until its hard limit', () => {
  const { soft, hard } = timeBudget({ moveTime: 200 });
  assert.equal(hard, 198);
  assert.equal(soft, hard);
  assert.deepEqual(timeBudget({ moveTime: 0 }), { soft: 1, hard: 1 });
});

test('a game clock keeps a soft limit below the hard one', () => {
  const { soft, hard } = timeBudget({ clock: { time: 60_000 } });
  assert.ok(soft < hard, `${soft} < ${hard}`);
  assert.ok(hard <= 60_000 * 0.4);
});

test('a search with a fixed time per move uses that time', () => {
  // the International start position: no search reaches the maximum depth in 300 ms
  const variant = variantOrThrow('international');
  const engine = new Engine(variant, { ttBits: 16, seed: 1 });
  const result = engine.search(Position.start(variant), {
    limits: { moveTime: 300 },
    book: false,
  });
  assert.ok(result.move);
  assert.ok(result.time >= 290, `used ${Math.round(result.time)} of 300 ms`);
});
