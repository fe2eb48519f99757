/**
 * Published perft counts (docs/rules.md §7.6) for every start and test position in
 * `test/data/public.perft` — a copy, with its source lines, of the reference file Damka keeps
 * beside the specification, so that the suite runs from a clean clone. Every depth whose count is
 * at most `DEFAULT_LIMIT` runs here; the deeper ones run in perft.slow.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Position, getVariant, perft } from '@damka/rules';
import { readPerftFile } from './perft-data.ts';

/** Largest count checked by the default suite (about a second per count). */
const DEFAULT_LIMIT = 2_000_000;

const text = readFileSync(new URL('./data/public.perft', import.meta.url), 'utf8');
const blocks = readPerftFile(text);

test('public.perft is read whole: every block and every perft line', () => {
  const perftLines = text.split(/\r?\n/).filter((l) => l.startsWith('perft ')).length;
  assert.equal(
    blocks.reduce((n, b) => n + b.depths.length, 0),
    perftLines,
  );
  assert.equal(blocks.length, text.split(/\r?\n/).filter((l) => l.startsWith('id ')).length);
  assert.ok(blocks.length >= 19);
  for (const b of blocks) {
    assert.ok(b.source.length > 10, `${b.id}: no source`);
    assert.ok(b.depths.length > 0, `${b.id}: no counts`);
    assert.ok(getVariant(b.variant).ok, `${b.id}: unknown variant ${b.variant}`);
  }
});

for (const block of blocks) {
  const shallow = block.depths.filter((d) => d.count <= DEFAULT_LIMIT);
  // english-start-drop publishes depths 12 and 13 only: it runs in the slow suite alone
  if (shallow.length === 0) continue;
  test(`perft ${block.id} (${block.variant}, ${block.duplicates}) to depth ${Math.max(...shallow.map((d) => d.depth))}`, () => {
    const variant = getVariant(block.variant);
    assert.ok(variant.ok);
    const position = Position.fromFen(variant.value, block.fen);
    assert.ok(position.ok, `${block.id}: ${!position.ok && position.error.message}`);
    for (const { depth, count } of shallow) {
      assert.equal(
        perft(position.value, depth, { duplicates: block.duplicates }),
        count,
        `${block.id} depth ${depth}`,
      );
    }
  });
}
