/**
 * Cross-check of Damka's fast move generator against the independent reference generator
 * (test/reference/): perft of the start positions that have no deep public table (Turkish, Dhamet,
 * Israeli 6x6) and full move lists on random positions of every variant and house-rule option.
 * The slow suite (cross-check.slow.test.ts) runs the same checks deeper and on more positions.
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
  type CrossCheckCase,
  type SweepResult,
} from './reference/cases.ts';

/** Depths for the default suite (the slow suite goes to 6 and beyond). */
const FAST_DEPTH: Record<string, number> = {
  turkish: 5,
  dhamet: 9,
  'israeli-6x6': 8,
};

for (const c of PERFT_CASES) {
  const depth = FAST_DEPTH[c.id]!;
  test(`perft agrees with the reference: ${caseName(c)} to depth ${depth}`, () => {
    for (let d = 1; d <= depth; d++) {
      const { reference, damka } = perftBoth(c.id, c.options, d);
      assert.equal(damka, reference, `${caseName(c)} depth ${d}`);
    }
  });
}

const swept = new Map<number, SweepResult>();
function sweepOnce(c: CrossCheckCase, seed: number): SweepResult {
  if (!swept.has(seed)) swept.set(seed, sweep(c, seed, 3, 60, 40));
  return swept.get(seed)!;
}

for (const [i, c] of CASES.entries()) {
  const seed = 1000 + i;
  test(`legal moves agree with the reference on random positions: ${caseName(c)}`, (t) => {
    const r = sweepOnce(c, seed);
    assert.ok(r.positions >= 50, 'enough positions');
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
    assert.ok(r.withCapture > 0, 'some positions offer a capture');
    if (c.options.kingSplit) assert.ok(r.withSplit > 0, 'some positions offer a king split');
    if (c.options.lastPieceMayMoveBackward)
      assert.ok(r.withBackwardStep > 0, 'a lone man steps back');
    if (hasKingMoveLimit(c)) {
      t.diagnostic(`a king has used its moves in ${r.withKingLimit} positions`);
      assert.ok(r.withKingLimit > 0, 'no position exercises the king-move limit');
    }
    // the later rule sets: each of their own rules changes the move list somewhere in the sample
    for (const [name, hits] of Object.entries(r.featureHits)) {
      t.diagnostic(`${name} matters in ${hits} positions`);
      assert.ok(hits > 0, `no position exercises ${name}`);
    }
  });
  if (c.known) {
    test(
      `move lists agree in full: ${caseName(c)}`,
      { todo: `known fault, reported: ${c.known.fault}` },
      () => {
        const r = sweepOnce(c, seed);
        assert.equal(
          r.missing.length + r.wrong.length,
          0,
          `seed ${seed}:\n${describe([...r.missing, ...r.wrong], 2)}`,
        );
      },
    );
  }
}
