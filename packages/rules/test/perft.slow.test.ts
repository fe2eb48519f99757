/**
 * The deep half of the published perft counts in `test/data/public.perft` (docs/rules.md §7.6): every
 * depth whose count is above the default suite's 2,000,000 and at most `SLOW_LIMIT`. Run with
 * `npm run test:slow`; each test reports its time as a diagnostic line.
 *
 * Not run, and reported as skipped (never as passing): counts above `SLOW_LIMIT` = 300,000,000.
 * At about 1–4 million leaves a second they would take from several minutes to over an hour each
 * on the 2-core machines CI uses. In the current file these are:
 *   international-start d11 (1,665,861,398)   international-start-keep d11 (1,666,207,133)
 *   english-start d12 (388,623,673), d13 (1,766,623,630)
 *   english-start-drop d12 (388,617,999), d13 (1,766,564,893)
 *   russian-start d12 (545,059,387)           russian-start-drop d12 (544,770,444)
 *   czech-start d12 (386,267,783)             spanish-start d12 (365,734,003)
 *   italian-start d12 (367,917,147)
 * and of the later rule sets: frisian-start and -keep d11; frysk-start d10; killer-start d11,
 * killer-start-keep d11-d12, killer-random178 d9-d10, killer-woldouby d15-d17; breakthrough-start d11;
 * pool-start and -drop d12-d13; thai-12-men and -keep d12-d13; canadian-start d10.
 * The test list below is computed from the file, so the skipped ones are exactly those above the
 * limit whatever the file holds.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Position, getVariant, perft } from '@damka/rules';
import { readPerftFile } from './perft-data.ts';

/** Counts up to this are checked by perft.test.ts. */
const DEFAULT_LIMIT = 2_000_000;
/** Largest count checked here. */
const SLOW_LIMIT = 300_000_000;

const blocks = readPerftFile(readFileSync(new URL('./data/public.perft', import.meta.url), 'utf8'));

for (const block of blocks) {
  for (const { depth, count } of block.depths) {
    if (count <= DEFAULT_LIMIT) continue;
    const name = `perft ${block.id} (${block.variant}, ${block.duplicates}) depth ${depth}: ${count}`;
    if (count > SLOW_LIMIT) {
      test(
        name,
        { skip: `not run: above ${SLOW_LIMIT} leaves, too long for this suite` },
        () => {},
      );
      continue;
    }
    test(name, async (t) => {
      await nextTurn(); // let the reporter print the previous result before this long count
      const variant = getVariant(block.variant);
      assert.ok(variant.ok);
      const position = Position.fromFen(variant.value, block.fen);
      assert.ok(position.ok, `${block.id}: ${!position.ok && position.error.message}`);
      const started = performance.now();
      const found = perft(position.value, depth, { duplicates: block.duplicates });
      const seconds = (performance.now() - started) / 1000;
      t.diagnostic(`${block.id} depth ${depth}: ${found} in ${seconds.toFixed(1)} s`);
      assert.equal(found, count);
    });
  }
}
