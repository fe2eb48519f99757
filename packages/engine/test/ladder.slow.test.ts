/**
 * The level ladder on English, short: six games per pair. Each level must score more than half
 * against the one below (the 65% target needs the 20-game runs recorded in BENCHMARKS.md), and
 * the table row for each pair must be well formed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { variantOrThrow } from '@damka/rules';
import { LADDER_HEADER, ladderRowText, runLadder } from '../bench/ladder.ts';

test('English ladder, six games per pair: every level beats the one below', async () => {
  const rows = await runLadder({ variant: variantOrThrow('english'), games: 6, topNodes: 150_000 });
  assert.deepEqual(
    rows.map((r) => r.label),
    ['1 vs biggest capture', '2 vs 1', '3 vs 2', '4 vs 3', '5 vs 4', '6 vs 5', '7 vs 6', '8 vs 7'],
  );
  for (const row of rows) {
    assert.equal(row.wins + row.draws + row.losses, 6);
    assert.equal(
      ladderRowText(row).split('|').length,
      LADDER_HEADER.split('\n')[0]!.split('|').length,
    );
    if (row.upper >= 2) assert.ok(row.score > 0.5, `${row.label}: ${row.score}`);
  }
});
