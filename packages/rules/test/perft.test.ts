/**
 * Published perft counts (rules.md §7.6) for every start and test position in
 * `test/data/public.perft` — a copy, with its source lines, of the reference file Damka keeps
 * beside the specification, so that the suite runs from a clean clone. Every depth whose count is
 * at most `DEFAULT_LIMIT` runs here; the deeper ones run in perft.slow.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Position, getVariant, perft } from '@damka/rules';

/** Largest count checked by the default suite (about a second per count). */
const DEFAULT_LIMIT = 2_000_000;

interface PerftBlock {
  readonly id: string;
  readonly variant: string;
  readonly fen: string;
  readonly duplicates: 'keep' | 'drop';
  readonly depths: ReadonlyArray<{ readonly depth: number; readonly count: number }>;
  readonly source: string;
}

/** Read the public.perft format (see its README): `key value` lines, blocks split by blank lines. */
function readPerftFile(text: string): PerftBlock[] {
  const blocks: PerftBlock[] = [];
  for (const chunk of text.split(/\r?\n\s*\r?\n/)) {
    const lines = chunk.split(/\r?\n/).filter((l) => l.trim() !== '');
    if (lines.length === 0) continue;
    const fields = new Map<string, string>();
    const depths: Array<{ depth: number; count: number }> = [];
    for (const line of lines) {
      const m = /^(\w+)\s+(.*)$/.exec(line.trim());
      if (!m) throw new Error(`public.perft: cannot read '${line}'`);
      const [, key, value] = m as unknown as [string, string, string];
      if (key === 'perft') {
        const d = /^(\d+)\s+(\d+)$/.exec(value);
        if (!d) throw new Error(`public.perft: bad perft line '${line}'`);
        depths.push({ depth: Number(d[1]), count: Number(d[2]) });
      } else if (['id', 'variant', 'fen', 'duplicates', 'source'].includes(key)) {
        if (fields.has(key)) throw new Error(`public.perft: '${key}' twice in one block`);
        fields.set(key, value.trim());
      } else {
        throw new Error(`public.perft: unknown key '${key}'`);
      }
    }
    const get = (key: string) => {
      const v = fields.get(key);
      if (v === undefined) throw new Error(`public.perft: block without '${key}': ${lines[0]}`);
      return v;
    };
    const duplicates = get('duplicates');
    if (duplicates !== 'keep' && duplicates !== 'drop') {
      throw new Error(`public.perft: duplicates must be keep or drop, not '${duplicates}'`);
    }
    blocks.push({
      id: get('id'),
      variant: get('variant'),
      fen: get('fen'),
      duplicates,
      depths,
      source: get('source'),
    });
  }
  return blocks;
}

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
