import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import {
  MoveGenerator,
  MoveList,
  makeMove,
  mulberry32,
  unmakeMove,
  variantOrThrow,
} from '@damka/rules';
import {
  buildEgdb,
  compactEgdb,
  deflateBlock,
  openEgdb,
  readTable,
  tablePath,
} from '../src/egdb/files-node.ts';
import { inflateRaw } from '../src/egdb/inflate.ts';
import { colourSymmetric, halfTurn, mirrorMaterial } from '../src/egdb/mirror.ts';
import {
  BlockTable,
  MaterialIndex,
  encodeTable,
  materialName,
  materialsOf,
  openTable,
  valueAt,
} from '../src/egdb/table.ts';

const dir = mkdtempSync(join(tmpdir(), 'damka-egdb-format-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const russian = variantOrThrow('russian');

test('inflate reads back what zlib deflates, at every level, on tables and on noise', () => {
  const rand = mulberry32(3);
  for (let k = 0; k < 60; k++) {
    const len = 1 + ((rand() >>> 0) % 9000);
    const data = new Uint8Array(len);
    // runs, repeats and noise: stored, fixed and dynamic blocks all occur
    for (let i = 0; i < len; i++)
      data[i] = rand() < 0.3 ? (rand() * 256) | 0 : (data[i - 1 - ((rand() * 4) | 0)] ?? 0);
    for (const level of [0, 1, 6, 9]) {
      const z = deflateRawSync(data, { level });
      const out = new Uint8Array(len);
      assert.equal(inflateRaw(z, out), len);
      assert.deepEqual(out, data);
    }
  }
  assert.throws(() => inflateRaw(new Uint8Array([0xff, 0xff, 0xff]), new Uint8Array(10)));
});

test('the step index after a quiet move equals the full index', () => {
  const gen = new MoveGenerator(russian.compiled);
  const list = new MoveList();
  const rand = mulberry32(4);
  const board = new Int8Array(russian.topology.size);
  let checked = 0;
  for (const m of [...materialsOf(3), ...materialsOf(4)]) {
    const index = new MaterialIndex(russian, m);
    for (let k = 0; k < 40; k++) {
      const side = index.decode((rand() >>> 0) % index.size, board);
      if (side < 0) continue;
      const n = gen.generate(board, side, list, true);
      for (let i = 0; i < n; i++) {
        if (list.ncap[i] !== 0 || list.piece[i] !== list.moved[i]) continue;
        makeMove(board, list, i);
        const full = index.encode(board, side ^ 1);
        unmakeMove(board, list, i);
        const step = index.encodeAfterStep(list.moved[i]!, list.from[i]!, list.to[i]!, side ^ 1);
        assert.equal(step, full);
        checked++;
      }
    }
  }
  assert.ok(checked > 1000, String(checked));
});

test('colour symmetry: found where the rules are alike, mirrored tables equal built ones', () => {
  for (const id of ['english', 'russian', 'israeli', 'giveaway', 'italian'])
    assert.equal(colourSymmetric(variantOrThrow(id), 600), true, id);
  // a half turn maps the board onto itself, square for square
  const turn = halfTurn(russian)!;
  assert.equal(turn[0], russian.topology.size - 1);
  const built: string[] = [];
  const full = join(dir, 'full');
  const mirrored = join(dir, 'mirrored');
  buildEgdb(russian, 3, full, { mirror: false });
  buildEgdb(russian, 3, mirrored, {
    onTable: (e) => {
      if (e.mirrored) built.push(e.name);
    },
  });
  assert.ok(built.length >= 6, built.join(' '));
  for (const n of [2, 3])
    for (const m of materialsOf(n)) {
      const a = readFileSync(tablePath(full, russian, m));
      const b = readFileSync(tablePath(mirrored, russian, m));
      assert.ok(a.equals(b), materialName(m));
    }
  assert.deepEqual(mirrorMaterial({ wm: 1, wk: 2, bm: 0, bk: 1 }), { wm: 0, wk: 1, bm: 1, bk: 2 });
});

test('compressed tables hold the same values, smaller, and are probed block by block', () => {
  const raw = join(dir, 'raw');
  const packed = join(dir, 'packed');
  buildEgdb(russian, 3, raw, { compress: false });
  buildEgdb(russian, 3, packed);
  let before = 0;
  let after = 0;
  for (const n of [2, 3])
    for (const m of materialsOf(n)) {
      const a = readTable(raw, russian, m);
      const b = readTable(packed, russian, m);
      assert.ok(a.ok && b.ok && a.format === 1 && b.format === 2);
      assert.deepEqual(new Uint8Array(b.data), new Uint8Array(a.data), materialName(m));
      before += readFileSync(tablePath(raw, russian, m)).length;
      after += readFileSync(tablePath(packed, russian, m)).length;
      const lazy = readTable(packed, russian, m, true);
      assert.ok(lazy.ok);
      if (lazy.data instanceof BlockTable) {
        for (let i = 0; i < a.data.length * 4; i += 3)
          assert.equal(lazy.data.valueAt(i), valueAt(a.data, i));
      }
    }
  assert.ok(after < before / 2, `${after} of ${before} bytes`);
  // the probers of both folders agree
  const p1 = openEgdb(russian, raw)!;
  const p2 = openEgdb(russian, packed)!;
  const rand = mulberry32(9);
  const board = new Int8Array(russian.topology.size);
  for (const m of materialsOf(3)) {
    const index = new MaterialIndex(russian, m);
    for (let k = 0; k < 200; k++) {
      const side = index.decode((rand() >>> 0) % index.size, board);
      if (side >= 0) assert.equal(p2.probeBoard(board, side), p1.probeBoard(board, side));
    }
  }
});

test('a damaged compressed table is refused; compact rewrites format 1 as format 2', () => {
  const m = { wm: 0, wk: 2, bm: 0, bk: 1 };
  const values = new Uint8Array(new MaterialIndex(russian, m).size).fill(1);
  const file = encodeTable(russian, m, values, deflateBlock);
  const good = openTable(file, russian, m);
  assert.ok(good.ok && good.header.format === 2);
  const bad = file.slice();
  bad[bad.length - 2]! ^= 0x10;
  const read = openTable(bad, russian, m);
  assert.ok(!read.ok && /checksum/.test(read.error));
  const other = openTable(file, russian, { wm: 0, wk: 1, bm: 0, bk: 2 });
  assert.ok(!other.ok);

  const folder = join(dir, 'compact');
  buildEgdb(russian, 3, folder, { compress: false });
  const before = readTable(folder, russian, m);
  const done = compactEgdb(russian, 3, folder);
  assert.equal(done.tables, materialsOf(2).length + materialsOf(3).length);
  assert.ok(done.after < done.before);
  const after = readTable(folder, russian, m);
  assert.ok(before.ok && after.ok && after.format === 2);
  assert.deepEqual(new Uint8Array(after.data), new Uint8Array(before.data));
  assert.equal(compactEgdb(russian, 3, folder).tables, 0);
  // a damaged file is rebuilt by the next build; compact leaves it and names it
  const path = tablePath(folder, russian, m);
  writeFileSync(path, bad);
  const left = compactEgdb(russian, 3, folder);
  assert.equal(left.damaged.length, 1);
  assert.ok(left.damaged[0]!.startsWith(path) && /checksum/.test(left.damaged[0]!));
  const kinds: string[] = [];
  buildEgdb(russian, 3, folder, { onTable: (e) => kinds.push(`${e.name} ${e.kind}`) });
  assert.ok(kinds.includes(`${materialName(m)} built`));
  // a header line that is JSON but no object: refused as unreadable, then rebuilt
  const magicEnd = file.indexOf(10);
  for (const line of ['null', '7', '"x"', '[]']) {
    const odd = new Uint8Array([
      ...file.subarray(0, magicEnd + 1),
      ...new TextEncoder().encode(`${line}\n`),
      ...file.subarray(file.indexOf(10, magicEnd + 1) + 1),
    ]);
    const refused = openTable(odd, russian, m);
    assert.ok(!refused.ok && refused.error === 'unreadable header', line);
    writeFileSync(path, odd);
    const again: string[] = [];
    buildEgdb(russian, 3, folder, { onTable: (e) => again.push(`${e.name} ${e.kind}`) });
    assert.ok(again.includes(`${materialName(m)} built`), line);
  }
});

test('a compressed table probed all over is unpacked whole, and answers the same', () => {
  // more blocks than a table's cache holds (128)
  const m = { wm: 0, wk: 3, bm: 0, bk: 2 };
  const size = new MaterialIndex(russian, m).size;
  const rand = mulberry32(5);
  const values = new Uint8Array(size);
  // runs of equal values, as real tables have, so that the blocks compress
  for (let i = 0; i < size; i++) values[i] = i % 397 < 250 ? 1 : 1 + ((rand() >>> 0) % 3);
  const read = openTable(encodeTable(russian, m, values, deflateBlock), russian, m, true);
  assert.ok(read.ok && read.data instanceof BlockTable);
  const table = read.data;
  const blocks = Math.ceil(size / 4 / 4096);
  assert.ok(blocks > 128, `${blocks} blocks`);
  // in order, each block is inflated once: the cache serves, the table stays compressed
  for (let i = 0; i < size; i += 7) assert.equal(table.valueAt(i), values[i]);
  assert.ok(!table.isResident);
  // probes all over miss the cache until as many blocks as the table holds were inflated
  let probes = 0;
  while (!table.isResident && probes < 1_000_000) {
    const i = (rand() >>> 0) % size;
    assert.equal(table.valueAt(i), values[i]);
    probes++;
  }
  assert.ok(table.isResident, `still compressed after ${probes} probes`);
  for (let i = 0; i < size; i += 3) assert.equal(table.valueAt(i), values[i]);
});
