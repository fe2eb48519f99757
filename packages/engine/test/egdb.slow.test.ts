import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Position, variantOrThrow, type Variant } from '@damka/rules';
import { buildEgdb, openEgdb } from '../src/egdb/files-node.ts';
import { MaterialIndex, materialsOf, type Material } from '../src/egdb/table.ts';
import { mulberry32 } from '@damka/rules';
import { proveWithin, solve } from './egdb-solver.ts';

// Tables are built (or, being resumable, found complete) in DAMKA_EGDB_DIR when it is set, else in
// a temporary folder removed at the end. DAMKA_EGDB_CHECK lists the variants checked and their
// piece counts (`id:pieces,...`; by default a few that cover each kind of rule and build in about
// two CPU-minutes all told), DAMKA_EGDB_SAMPLES the positions sampled per variant for the forward
// solver (default: one per table), DAMKA_EGDB_SOLVE_LIMIT the most positions the solver walks
// from one sample (default 100,000), DAMKA_EGDB_EQUATION the equation check's samples (20,000).
// A 5-piece English build takes about 10 CPU-minutes.
const CHECKED = (
  process.env.DAMKA_EGDB_CHECK ?? 'english:4,russian:4,arab-dama:3,israeli:3,giveaway:3,italian:3'
)
  .split(',')
  .map((entry) => {
    const [id, pieces] = entry.split(':');
    return { id: id!, pieces: Number(pieces ?? 4) };
  });
const tablesUpTo = (pieces: number): number =>
  Array.from({ length: pieces - 1 }, (_, i) => materialsOf(i + 2).length).reduce((a, b) => a + b);
const samplesFor = (pieces: number): number =>
  Number(process.env.DAMKA_EGDB_SAMPLES ?? tablesUpTo(pieces));
const SOLVE_LIMIT = Number(process.env.DAMKA_EGDB_SOLVE_LIMIT ?? 100_000);
const EQUATION = Number(process.env.DAMKA_EGDB_EQUATION ?? 20_000);
const given = process.env.DAMKA_EGDB_DIR;
const dir = given ?? mkdtempSync(join(tmpdir(), 'damka-egdb-slow-'));
if (!given) process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

/**
 * Sample positions of 2 to `pieces` pieces (every signature in turn, the largest first, or a
 * random choice of signatures when there are fewer samples than tables) and compare
 * the tables with the forward solver; where the position's whole graph is too large for it, with a
 * result forced within a few plies (a forced result must be the table's; else the table must have
 * a value).
 */
function check(variant: Variant, pieces: number, samples: number, seed: number): string {
  buildEgdb(variant, pieces, dir);
  const prober = openEgdb(variant, dir);
  assert.ok(prober && prober.maxPieces >= pieces);
  const rand = mulberry32(seed);
  const board = new Int8Array(variant.topology.size);
  const materials: Material[] = [];
  for (let n = pieces; n >= 2; n--) materials.push(...materialsOf(n));
  const seen = { win: 0, draw: 0, loss: 0 };
  let checked = 0;
  let proved = 0;
  let forcedCount = 0;
  for (let k = 0; k < samples * 4 && checked + proved < samples; k++) {
    // every signature in turn when there are samples enough, else a random choice of them
    const m =
      samples >= materials.length
        ? materials[k % materials.length]!
        : materials[(rand() >>> 0) % materials.length]!;
    const index = new MaterialIndex(variant, m);
    const side = index.decode((rand() >>> 0) % index.size, board);
    if (side < 0) continue;
    const p = Position.fromSetup(variant, { turn: side === 0 ? 'white' : 'black', board });
    assert.ok(p.ok);
    const table: string = prober.probe(p.value);
    const truth = solve(p.value, SOLVE_LIMIT);
    if (truth !== undefined) {
      assert.equal(table, truth, `${variant.id} ${p.value.fen}`);
      seen[truth]++;
      checked++;
      continue;
    }
    const forced = proveWithin(p.value, 3);
    if (forced !== undefined) {
      assert.equal(table, forced, `${variant.id} ${p.value.fen} (forced)`);
      forcedCount++;
    } else assert.notEqual(table, 'unknown');
    proved++;
  }
  assert.ok(checked + proved >= samples, `only ${checked + proved} positions were checked`);
  // with samples enough, the solved ones are not all draws (a solver that decided nothing would be)
  if (checked >= 10) assert.ok(seen.win + seen.loss > 0, JSON.stringify(seen));
  return `${variant.id} to ${pieces} pieces: solved whole ${checked} (${JSON.stringify(seen)}); checked within 3 plies ${proved}, of which forced ${forcedCount}`;
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
    // `probe` of a position after a move takes the burn right it gives into account
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

for (const [k, { id, pieces }] of CHECKED.entries()) {
  const samples = samplesFor(pieces);
  test(`${id}: tables of up to ${pieces} pieces agree with the forward solver on ${samples} samples`, (t) => {
    t.diagnostic(check(variantOrThrow(id), pieces, samples, 7 + k));
  });
  test(`${id}: ${EQUATION} sampled ${pieces}-piece positions satisfy the tables' equation`, (t) => {
    t.diagnostic(consistent(variantOrThrow(id), pieces, EQUATION, 100 + k));
  });
}
