/**
 * The deep cross-check (slow suite, `npm run test:slow`): the reference generator and Damka's fast
 * generator must agree on start-position perft beyond depth 6 for Turkish, Dhamet (with and
 * without the compulsory opening) and Israeli 6x6, and on the move lists of many more random
 * positions than the default suite draws. Same plan as cross-check.test.ts, bigger numbers.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CASES,
  PERFT_CASES,
  caseName,
  describe,
  hasKingMoveLimit,
  perftBoth,
  sweep,
} from './reference/cases.ts';

/** Deepest depths checked; the reference takes about a minute for the deepest of each. */
const SLOW_DEPTH: Record<string, number> = {
  turkish: 7,
  'dhamet (forcedOpening=false)': 12,
  dhamet: 18,
  'israeli-6x6': 11,
};

for (const c of PERFT_CASES) {
  const depth = SLOW_DEPTH[caseName(c)]!;
  test(`perft agrees with the reference: ${caseName(c)} to depth ${depth}`, () => {
    for (let d = 1; d <= depth; d++) {
      const { reference, damka } = perftBoth(c.id, c.options, d);
      assert.equal(damka, reference, `${caseName(c)} depth ${d}`);
    }
  });
}

for (const [i, c] of CASES.entries()) {
  const seed = 5000 + i;
  test(`legal moves agree with the reference on many random positions: ${caseName(c)}`, (t) => {
    const r = sweep(c, seed, 12, 150, 300);
    t.diagnostic(`${r.positions} positions, ${r.tooLarge} too large for the reference`);
    assert.ok(
      r.tooLarge * 50 <= r.positions,
      `${r.tooLarge} positions too large for the reference`,
    );
    if (c.known?.affects !== 'both') {
      assert.equal(
        r.wrong.length,
        0,
        `Damka moves the reference rejects (seed ${seed}):\n${describe(r.wrong)}`,
      );
    }
    if (!c.known) {
      assert.equal(
        r.missing.length,
        0,
        `moves Damka misses (seed ${seed}):\n${describe(r.missing)}`,
      );
    }
    assert.ok(r.withCapture > 0);
    if (hasKingMoveLimit(c)) {
      t.diagnostic(`a king has used its moves in ${r.withKingLimit} positions`);
      assert.ok(r.withKingLimit > 0, 'no position exercises the king-move limit');
    }
  });
}
