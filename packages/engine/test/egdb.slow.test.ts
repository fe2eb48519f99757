import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Position, variantOrThrow, type Variant } from '@damka/rules';
import { buildEgdb, openEgdb } from '../src/egdb/files-node.ts';
import { MaterialIndex, materialsOf } from '../src/egdb/table.ts';
import { mulberry32 } from '@damka/rules';
import { proveWithin, solve } from './egdb-solver.ts';

// Tables are built (or, being resumable, found complete) in DAMKA_EGDB_DIR when it is set, else in
// a temporary folder removed at the end. DAMKA_EGDB_PIECES raises the English equation check's
// piece count (5 takes about 17 minutes to build on a loaded 2-core machine).
const given = process.env.DAMKA_EGDB_DIR;
const dir = given ?? mkdtempSync(join(tmpdir(), 'damka-egdb-slow-'));
if (!given) process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

/**
 * Sample positions of `pieces` pieces and compare the tables with the forward solver; where the
 * position's whole graph is too large for it, with a result forced within a few plies (a table's
 * draw must then have none, and a forced result must be the table's).
 */
function check(variant: Variant, pieces: number, samples: number, seed: number): string {
  buildEgdb(variant, pieces, dir);
  const prober = openEgdb(variant, dir);
  assert.ok(prober && prober.maxPieces >= pieces);
  const rand = mulberry32(seed);
  const board = new Int8Array(variant.topology.size);
  const materials = materialsOf(pieces);
  const seen = { win: 0, draw: 0, loss: 0 };
  let checked = 0;
  let proved = 0;
  let forcedCount = 0;
  for (let k = 0; k < samples * 4 && checked + proved < samples; k++) {
    const m = materials[k % materials.length]!;
    const index = new MaterialIndex(variant, m);
    const side = index.decode((rand() >>> 0) % index.size, board);
    if (side < 0) continue;
    const p = Position.fromSetup(variant, { turn: side === 0 ? 'white' : 'black', board });
    assert.ok(p.ok);
    const table: string = prober.probe(p.value);
    const truth = solve(p.value, 100_000);
    if (truth !== undefined) {
      assert.equal(table, truth, `${variant.id} ${p.value.fen}`);
      seen[truth]++;
      checked++;
      continue;
    }
    const forced = proveWithin(p.value, 5);
    if (forced !== undefined) {
      assert.equal(table, forced, `${variant.id} ${p.value.fen} (forced)`);
      forcedCount++;
    } else assert.notEqual(table, 'unknown');
    proved++;
  }
  assert.ok(checked + proved >= samples, `only ${checked + proved} positions were checked`);
  assert.ok(seen.win > 0 && seen.loss > 0, JSON.stringify(seen));
  return `solved whole: ${checked} (${JSON.stringify(seen)}); checked within 5 plies: ${proved}, of which forced: ${forcedCount}`;
}

/**
 * Sampled positions of `pieces` pieces satisfy the tables' own equation through the public
 * `Position` API: a win has a move to a loss of the opponent, a loss has only moves to wins, a
 * draw neither (a check of every table a capture or crowning leads into as well).
 */
function consistent(variant: Variant, pieces: number, samples: number, seed: number): string {
  buildEgdb(variant, pieces, dir);
  const prober = openEgdb(variant, dir)!;
  const rand = mulberry32(seed);
  const board = new Int8Array(variant.topology.size);
  const materials = materialsOf(pieces);
  const seen = { win: 0, draw: 0, loss: 0 };
  for (let k = 0; k < samples; k++) {
    const index = new MaterialIndex(variant, materials[k % materials.length]!);
    const side = index.decode((rand() >>> 0) % index.size, board);
    if (side < 0) continue;
    const p = Position.fromSetup(variant, { turn: side === 0 ? 'white' : 'black', board });
    assert.ok(p.ok);
    const value = prober.probe(p.value);
    const moves = p.value.legalMoves();
    const kids = moves.map((m) => prober.probe(p.value.play(m)));
    const expected =
      moves.length === 0
        ? variant.rules.noMoveMeans
        : kids.includes('loss')
          ? 'win'
          : kids.every((v) => v === 'win')
            ? 'loss'
            : 'draw';
    assert.ok(!kids.includes('unknown'), p.value.fen);
    assert.equal(value, expected, `${variant.id} ${p.value.fen}`);
    seen[value as 'win']++;
  }
  return `consistent: ${JSON.stringify(seen)}`;
}

test('English (DAMKA_EGDB_PIECES, default 4) and Russian 4-piece tables satisfy their equation on samples', (t) => {
  t.diagnostic(
    consistent(variantOrThrow('english'), Number(process.env.DAMKA_EGDB_PIECES ?? 4), 50_000, 9),
  );
  t.diagnostic(consistent(variantOrThrow('russian'), 4, 50_000, 10));
});

test('Russian (flying kings) tables of 3 pieces agree with the forward solver', (t) => {
  t.diagnostic(check(variantOrThrow('russian'), 3, 40, 7));
});

test('English tables of 4 pieces agree with the forward solver', (t) => {
  t.diagnostic(check(variantOrThrow('english'), 4, 30, 8));
});
