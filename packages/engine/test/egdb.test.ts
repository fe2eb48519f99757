import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Position, variantOrThrow } from '@damka/rules';
import { buildEgdb, openEgdb, readTable, tablePath } from '../src/egdb/files-node.ts';
import {
  MaterialIndex,
  materialsOf,
  tablesId,
  unsupportedReason,
  type Material,
} from '../src/egdb/table.ts';
import { Engine } from '../src/engine.ts';
import { decidedValue, type EgdbProber } from '../src/egdb/probe.ts';
import { mulberry32 } from '@damka/rules';
import { proveWithin, solve } from './egdb-solver.ts';

const english = variantOrThrow('english');
const dir = mkdtempSync(join(tmpdir(), 'damka-egdb-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const built: string[] = [];
buildEgdb(english, 3, dir, { onTable: (e) => built.push(`${e.name} ${e.kind}`) });
const prober = openEgdb(english, dir)!;

function at(fen: string): Position {
  const p = Position.fromFen(english, fen);
  assert.ok(p.ok, fen);
  return p.value;
}

test('every English table of 2 and 3 pieces is built, then skipped on a second run', () => {
  assert.equal(built.length, materialsOf(2).length + materialsOf(3).length);
  assert.ok(built.every((b) => b.endsWith('built')));
  const again: string[] = [];
  buildEgdb(english, 3, dir, { onTable: (e) => again.push(e.kind) });
  assert.ok(again.length === built.length && again.every((k) => k === 'skipped'));
  assert.equal(prober.maxPieces, 3);
});

test('the index maps every valid position to itself and back', () => {
  const m: Material = { wm: 1, wk: 1, bm: 1, bk: 0 };
  const index = new MaterialIndex(english, m);
  const board = new Int8Array(english.topology.size);
  let valid = 0;
  for (let i = 0; i < index.size; i += 7) {
    const side = index.decode(i, board);
    if (side < 0) continue;
    valid++;
    assert.equal(index.encode(board, side), i);
  }
  assert.ok(valid > 1000);
});

test('known English endings: 2 kings beat 1 king, 1 king against 1 king is drawn', () => {
  assert.equal(prober.probe(at('W:WK1,K2:BK32')), 'win');
  assert.equal(prober.probe(at('B:WK1,K2:BK32')), 'loss');
  assert.equal(prober.probe(at('W:WK1:BK32')), 'draw');
  assert.equal(prober.probe(at('B:WK1:BK32')), 'draw');
  // beyond the tables
  assert.equal(prober.probe(at('W:WK1,K2:BK31,K32')), 'unknown');
});

test('a position the rules decide is answered without its table', () => {
  // White to move, Black has no piece left: White moves, then Black cannot (it loses)
  assert.equal(prober.probe(at('W:W20:B')), 'win');
  assert.equal(prober.probe(at('B:W20:B')), 'loss');
  // no table is needed where the side to move has no piece, and one is where both have
  assert.equal(decidedValue(at('W:W:B5')), 'loss');
  assert.equal(decidedValue(at('W:W20:B5')), 'unknown');
  const giveaway = variantOrThrow('giveaway');
  const g = Position.fromFen(giveaway, 'W:W20:B');
  assert.ok(g.ok);
  assert.equal(decidedValue(g.value), 'loss');
});

test('sampled 2- and 3-piece positions agree with the independent forward solver', () => {
  const rand = mulberry32(16);
  const index = (m: Material) => new MaterialIndex(english, m);
  const board = new Int8Array(english.topology.size);
  let checked = 0;
  const seen = { win: 0, draw: 0, loss: 0 };
  const materials = [...materialsOf(2), ...materialsOf(3)];
  for (let k = 0; k < 60; k++) {
    const m = materials[k % materials.length]!;
    const ix = index(m);
    const i = (rand() >>> 0) % ix.size;
    const side = ix.decode(i, board);
    if (side < 0) continue;
    const p = Position.fromSetup(english, { turn: side === 0 ? 'white' : 'black', board });
    assert.ok(p.ok);
    const truth = solve(p.value, 20_000);
    if (truth === undefined) continue;
    assert.equal(prober.probe(p.value), truth, p.value.fen);
    seen[truth]++;
    checked++;
  }
  assert.ok(checked >= 20, `only ${checked} positions were small enough`);
  assert.ok(seen.win > 0 && seen.loss > 0 && seen.draw > 0, JSON.stringify(seen));
});

test("sampled 3-piece positions satisfy the tables' equation through the Position API", () => {
  const rand = mulberry32(3);
  const board = new Int8Array(english.topology.size);
  const materials = materialsOf(3);
  let checked = 0;
  for (let k = 0; k < 5000; k++) {
    const index = new MaterialIndex(english, materials[k % materials.length]!);
    const side = index.decode((rand() >>> 0) % index.size, board);
    if (side < 0) continue;
    const p = Position.fromSetup(english, { turn: side === 0 ? 'white' : 'black', board });
    assert.ok(p.ok);
    const moves = p.value.legalMoves();
    const kids = moves.map((m) => prober.probe(p.value.play(m)));
    const expected =
      moves.length === 0
        ? 'loss'
        : kids.includes('loss')
          ? 'win'
          : kids.every((v) => v === 'win')
            ? 'loss'
            : 'draw';
    assert.equal(prober.probe(p.value), expected, p.value.fen);
    checked++;
  }
  assert.ok(checked > 4000);
});

test('a build with too little memory for its kept moves generates them again: the same tables', () => {
  // the smallest allowance (65,536 entries) is used up in pass 1 of the larger 3-piece tables,
  // whose later passes then take the slower path; each table must come out byte for byte the same
  const small = mkdtempSync(join(tmpdir(), 'damka-egdb-small-'));
  try {
    buildEgdb(english, 3, small, { moveEntries: 1 });
    for (const m of [...materialsOf(2), ...materialsOf(3)]) {
      assert.deepEqual(
        readFileSync(tablePath(small, english, m)),
        readFileSync(tablePath(dir, english, m)),
      );
    }
  } finally {
    rmSync(small, { recursive: true, force: true });
  }
});

test('a damaged or foreign table is refused and rebuilt', () => {
  const m: Material = { wm: 0, wk: 1, bm: 0, bk: 1 };
  const path = tablePath(dir, english, m);
  const bytes = readFileSync(path);
  bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1;
  writeFileSync(path, bytes);
  const read = readTable(dir, english, m);
  assert.ok(!read.ok && /checksum/.test(read.error));
  const kinds: string[] = [];
  buildEgdb(english, 2, dir, { onTable: (e) => kinds.push(`${e.name} ${e.kind}`) });
  assert.ok(kinds.includes('w0m1k-b0m1k built'));
  assert.ok(readTable(dir, english, m).ok);
});

test('which variants have tables, and which share them, follows from the compiled rules', () => {
  for (const id of ['russian', 'israeli', 'giveaway', 'antidraughts', 'pool', 'italian'])
    assert.equal(unsupportedReason(variantOrThrow(id)), undefined, id);
  assert.match(unsupportedReason(variantOrThrow('frisian'))!, /king-move limit/);
  assert.match(unsupportedReason(variantOrThrow('dhamet'))!, /souffle|64 squares/);
  assert.match(unsupportedReason(variantOrThrow('israeli-6x6'))!, /three-stage/);
  const arab = variantOrThrow('arab-dama');
  assert.equal(tablesId(arab), 'english');
  assert.equal(tablesId(variantOrThrow('portuguese')), 'spanish');
  for (const id of ['russian', 'brazilian', 'italian', 'czech', 'pool', 'israeli', 'giveaway'])
    assert.equal(tablesId(variantOrThrow(id)), id);
  // Arab Dama reads English's files, and a position of either is probed alike
  const arabProber = openEgdb(arab, dir)!;
  const p = Position.fromFen(arab, 'W:WK1,K2:BK32');
  assert.ok(p.ok);
  assert.equal(
    tablePath(dir, arab, { wm: 0, wk: 2, bm: 0, bk: 1 }),
    tablePath(dir, english, { wm: 0, wk: 2, bm: 0, bk: 1 }),
  );
  assert.equal(arabProber.probe(p.value), 'win');
});

test('Israeli: a pending burn right is valued as the game plays it (forced results agree)', () => {
  // positions right after a skipped capture; what is forced within 3 plies of the game's own
  // moves and burns (the independent solver, through Position) must be the tables' value
  const israeli = variantOrThrow('israeli');
  buildEgdb(israeli, 3, dir);
  const tables = openEgdb(israeli, dir)!;
  assert.equal(tables.boardOnly, false);
  const rand = mulberry32(6);
  const board = new Int8Array(israeli.topology.size);
  const materials = [...materialsOf(2), ...materialsOf(3)];
  let checked = 0;
  for (let k = 0; k < 4000 && checked < 16; k++) {
    const index = new MaterialIndex(israeli, materials[k % materials.length]!);
    const side = index.decode((rand() >>> 0) % index.size, board);
    if (side < 0) continue;
    const p = Position.fromSetup(israeli, { turn: side === 0 ? 'white' : 'black', board });
    assert.ok(p.ok);
    const moves = p.value.legalMoves();
    const skip = moves.find((m) => m.kind !== 'capture');
    if (!skip || !moves.some((m) => m.kind === 'capture')) continue;
    const after = p.value.play(skip);
    assert.ok(after.burnable.length > 0, after.fen);
    const forced = proveWithin(after, 3);
    if (forced === undefined) continue;
    assert.equal(tables.probe(after), forced, `${after.fen} burn ${after.burnable.join(',')}`);
    checked++;
  }
  assert.ok(checked >= 10, `only ${checked} positions with a burn right had a forced result`);
});

test('the search scores a database win as a known win and a drawn ending as 0', () => {
  const engine = new Engine(english, { egdb: prober, seed: 1 });
  const win = engine.search(at('W:WK1,K2:BK32'), { limits: { depth: 4 }, analysis: true });
  assert.ok(win.score > 15000 && win.score < 29000, String(win.score));
  const draw = engine.search(at('W:WK1:BK32'), { limits: { depth: 4 }, analysis: true });
  assert.equal(Math.abs(draw.score), 0);
});

test('the search asks the tables only at nodes they cover, with the node on the board', () => {
  // a prober that checks every board it is asked about: a capture left unmade (the search defers
  // its last move into quiescence) would show as a board with more pieces than the tables hold
  const asked: number[] = [];
  const spy: EgdbProber = Object.create(prober);
  spy.probeBoard = (board: Int8Array, side: number): number => {
    let pieces = 0;
    for (const code of board) if (code !== 0) pieces++;
    asked.push(pieces);
    return prober.probeBoard(board, side);
  };
  const engine = new Engine(english, { egdb: spy, seed: 1, ttBits: 16 });
  const r = engine.search(at('B:W18,22,K30:B9,11,K3'), { limits: { depth: 10 }, analysis: true });
  assert.ok(asked.length > 100, `${asked.length} probes`);
  assert.ok(
    asked.every((n) => n <= prober.maxPieces),
    `boards of ${Math.max(...asked)} pieces asked of tables of ${prober.maxPieces}`,
  );
  assert.ok(r.move !== undefined);
});
