/**
 * The pattern table (src/patterns.ts) and its fit (tune/patterns.ts): both ways of reading a
 * table agree, the windows are where the module note says, a board turned half round reads as the
 * mirrored windows, the stored form round-trips, and the fit learns a pattern planted in
 * synthetic results.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BLACK_BIT, variantOrThrow } from '@damka/rules';
import { BITS_STRIDE, Evaluator } from '../src/evaluate/index.ts';
import {
  EIGHT,
  EIGHT_DENSE,
  EIGHT_RANK_PAIRS,
  EIGHT_SLANTS,
  FULL_PHASE,
  NINE,
  ORTHOGONAL_EIGHT,
  PatternTable,
  SHARED_PATTERNS,
  SIX,
  STATES,
  TEN_DENSE,
  TEN_RANK_PAIRS,
  TWELVE,
  WINDOWS,
  type PatternGeometry,
  decodeWeights,
  encodeWeights,
  patternsFromModule,
  storedPatterns,
} from '../src/patterns.ts';
import { mulberry32 } from '@damka/rules';
import { fitPatterns, patternModule, readPatternSet, type PatternSet } from '../tune/patterns.ts';
import { tablesId } from '../src/egdb/table.ts';
import { weightsFor } from '../src/weights.ts';
import { randomPositions } from './helpers.ts';

const variant = variantOrThrow('international');
const english = variantOrThrow('english');

function randomTable(seed: number, phases = 1, geometry?: PatternGeometry): PatternTable {
  const rand = mulberry32(seed);
  const length = phases * (geometry?.windows ?? WINDOWS) * STATES;
  return new PatternTable(
    Int16Array.from({ length }, () => (rand() % 61) - 30),
    geometry,
  );
}

function turn(board: Int8Array): Int8Array {
  const out = new Int8Array(board.length);
  for (let sq = 0; sq < board.length; sq++) {
    const code = board[sq]!;
    out[board.length - 1 - sq] = code === 0 ? 0 : code ^ BLACK_BIT;
  }
  return out;
}

/** A window state read from the other side: digits reversed, colours swapped. */
function mirrorState(state: number): number {
  let out = 0;
  for (let p = 0; p < 8; p++) {
    const digit = Math.floor(state / 3 ** p) % 3;
    out += (digit === 0 ? 0 : 3 - digit) * 3 ** (7 - p);
  }
  return out;
}

for (const phases of [1, 2]) {
  test(`${phases}-phase table: board and bitboard readings agree, also in the evaluator`, () => {
    readingsAgree(randomTable(3, phases));
  });
  test(`${phases}-phase 8x8 table: board and one-word bitboard readings agree (English)`, () => {
    readingsAgree(randomTable(3, phases, EIGHT), english);
  });
  test(`${phases}-phase 8x8 table with a band from every rank: both readings agree (English)`, () => {
    readingsAgree(randomTable(3, phases, EIGHT_DENSE), english);
  });
  test(`${phases}-phase 8x8 table with windows of two whole ranks: both readings agree (English)`, () => {
    readingsAgree(randomTable(3, phases, EIGHT_RANK_PAIRS), english);
  });
  test(`${phases}-phase 8x8 table with slanted windows: both readings agree (English)`, () => {
    readingsAgree(randomTable(3, phases, EIGHT_SLANTS), english);
  });
  test(`${phases}-phase 10x10 table with a band from every rank: both readings agree`, () => {
    readingsAgree(randomTable(3, phases, TEN_DENSE));
  });
  test(`${phases}-phase 10x10 table with windows of two neighbouring ranks: both readings agree`, () => {
    readingsAgree(randomTable(3, phases, TEN_RANK_PAIRS));
  });
  test(`${phases}-phase 6x6 table: board and one-word bitboard readings agree (Israeli 6x6)`, () => {
    readingsAgree(randomTable(3, phases, SIX), variantOrThrow('israeli-6x6'));
  });
  test(`${phases}-phase Turkish table: board and two-word bitboard readings agree`, () => {
    readingsAgree(randomTable(3, phases, ORTHOGONAL_EIGHT), variantOrThrow('turkish'));
  });
}

function readingsAgree(table: PatternTable, v = variant): void {
  const evaluator = new Evaluator(v, {}, table);
  const plain = new Evaluator(v, {}, null);
  const codes = new Int32Array(2 * BITS_STRIDE);
  const windows = table.windows;
  const states = new Int32Array(windows);
  let differs = 0;
  for (const { position } of randomPositions(v, 300, 9)) {
    const board = position.board();
    table.states(board, states);
    let sum = 0;
    let ending = 0;
    for (let w = 0; w < windows; w++) {
      sum += table.weights[w * STATES + states[w]!]!;
      if (table.phases === 2) ending += table.weights[(windows + w) * STATES + states[w]!]!;
    }
    if (table.phases === 2) {
      const men = Math.min(FULL_PHASE, [...board].filter((c) => (c & 3) === 1).length);
      sum = Math.trunc((men * sum + (FULL_PHASE - men) * ending) / FULL_PHASE);
    }
    assert.equal(table.scoreBoard(board), sum, position.fen);
    const tableSum = evaluator.loadBits(board, codes, BITS_STRIDE);
    for (const side of [0, 1]) {
      const square = evaluator.evaluate(board, side);
      if (square !== plain.evaluate(board, side)) differs++;
      assert.equal(evaluator.evaluateBits(codes, BITS_STRIDE, tableSum, side, false), square);
      assert.equal(
        evaluator.evaluateBits(codes, BITS_STRIDE, tableSum, side, true),
        evaluator.evaluateQuiet(board, side),
      );
    }
  }
  assert.ok(differs > 500, `the table changed ${differs} scores`);
}

test('windows: a lone man is seen by the windows that cover its square, as its colour', () => {
  const table = new PatternTable(new Int16Array(WINDOWS * STATES));
  const states = new Int32Array(WINDOWS);
  // square 28 is index 22 (rank 4 from White's side, second square of the rank... see numbering)
  for (let sq = 0; sq < 50; sq++) {
    for (const code of [1, 5]) {
      const board = new Int8Array(50);
      board[sq] = code;
      table.states(board, states);
      const rank = Math.floor(sq / 5);
      const index = sq % 5;
      for (let w = 0; w < WINDOWS; w++) {
        const band = 2 * (w >> 2);
        const k = w & 3;
        const inside = rank >= band && rank < band + 4 && index >= k && index <= k + 1;
        if (!inside) {
          assert.equal(states[w], 0, `square ${sq} window ${w}`);
          continue;
        }
        const p = 2 * (rank - band) + (index - k);
        assert.equal(states[w], (code === 1 ? 1 : 2) * 3 ** p, `square ${sq} window ${w}`);
      }
    }
  }
  // kings are not part of the patterns
  const kings = new Int8Array(50);
  kings[10] = 2;
  kings[30] = 6;
  table.states(kings, states);
  assert.ok(states.every((s) => s === 0));
});

for (const [geometry, id] of [
  [EIGHT, 'english'],
  [EIGHT_DENSE, 'english'],
  [EIGHT_RANK_PAIRS, 'english'],
  [EIGHT_SLANTS, 'english'],
  [TEN_DENSE, 'international'],
  [TEN_RANK_PAIRS, 'international'],
  [TWELVE, 'canadian'],
  [SIX, 'israeli-6x6'],
  [ORTHOGONAL_EIGHT, 'turkish'],
  [NINE, 'dhamet'],
] as const) {
  const { perRank, ranks, columns, windows } = geometry;
  const shapes = geometry.shapes ?? [];
  const bandWindows = windows - shapes.length;
  const bands: readonly number[] =
    geometry.bands ?? Array.from({ length: bandWindows / columns }, (_, b) => 2 * b);
  // the window a board turned half round reads in place of w: mirrored within its family
  // (a band's at the mirrored place; a shape's the shape of the turned cells, in reverse order)
  const key = (cells: readonly number[]) => cells.join(',');
  const shapeAt = new Map(shapes.map((shape, j) => [key(shape), bandWindows + j]));
  const mirrored = (w: number) => {
    if (w < bandWindows) return bandWindows - 1 - w;
    const shape = shapes[w - bandWindows]!;
    const turned: number[] = [];
    for (let i = 3; i >= 0; i--)
      turned.push(ranks - 1 - shape[2 * i]!, columns - 1 - shape[2 * i + 1]!);
    const at = shapeAt.get(key(turned));
    assert.ok(at !== undefined, `the mirror of window ${w} is a window of the layout`);
    return at;
  };
  const size = perRank * ranks;
  test(`${size}-square windows: a lone man is seen by the ${windows} windows that cover its square`, () => {
    const table = new PatternTable(new Int16Array(windows * STATES), geometry);
    const states = new Int32Array(windows);
    for (let sq = 0; sq < size; sq++) {
      const board = new Int8Array(size);
      board[sq] = 5;
      table.states(board, states);
      const rank = Math.floor(sq / perRank);
      const index = sq % perRank;
      for (let w = 0; w < bandWindows; w++) {
        const band = bands[Math.floor(w / columns)]!;
        const k = w % columns;
        const inside = rank >= band && rank < band + 4 && index >= k && index <= k + 1;
        const p = 2 * (rank - band) + (index - k);
        assert.equal(states[w], inside ? 2 * 3 ** p : 0, `square ${sq} window ${w}`);
      }
      // a window given cell by cell: the cell of the man's rank holding its square, if any
      for (let j = 0; j < shapes.length; j++) {
        let expected = 0;
        for (let i = 0; i < 4; i++) {
          const [r, k] = [shapes[j]![2 * i]!, shapes[j]![2 * i + 1]!];
          if (r === rank && (index === k || index === k + 1))
            expected += 9 ** i * 2 * 3 ** (index - k);
        }
        const w = bandWindows + j;
        assert.equal(states[w], expected, `square ${sq} window ${w}`);
      }
    }
    const a = new Int32Array(windows);
    const b = new Int32Array(windows);
    for (const { position } of randomPositions(variantOrThrow(id), 100, 4)) {
      table.states(position.board(), a);
      table.states(turn(position.board()), b);
      for (let w = 0; w < windows; w++) assert.equal(b[mirrored(w)], mirrorState(a[w]!));
    }
  });
}

test("Dhamet's 81 points: the table's score is the sum of its windows' entries, and every point is seen", () => {
  const dhamet = variantOrThrow('dhamet');
  const table = randomTable(11, 1, NINE);
  const states = new Int32Array(NINE.windows);
  for (const { position } of randomPositions(dhamet, 200, 6)) {
    const board = position.board();
    table.states(board, states);
    let sum = 0;
    for (let w = 0; w < NINE.windows; w++) sum += table.weights[w * STATES + states[w]!]!;
    assert.equal(table.scoreBoard(board), sum, position.fen);
  }
  // the bands from ranks 0, 2, 3 and 5 leave no rank out; the 8 columns leave no file out
  const seen = new Set<number>();
  for (const start of NINE.bands!) for (let r = start; r < start + 4; r++) seen.add(r);
  assert.equal(seen.size, 9);
  // the evaluator adds the table in its square pass
  const plain = new Evaluator(dhamet, {}, null);
  const withTable = new Evaluator(dhamet, {}, table);
  let differs = 0;
  for (const { position } of randomPositions(dhamet, 100, 7)) {
    const board = position.board();
    const delta = withTable.evaluate(board, 0) - plain.evaluate(board, 0);
    if (delta !== 0) differs++;
    assert.equal(delta, table.scoreBoard(board), position.fen);
  }
  assert.ok(differs > 50, `the table changed ${differs} scores`);
});

test('a board turned half round reads as the mirrored windows', () => {
  const table = new PatternTable(new Int16Array(WINDOWS * STATES));
  const a = new Int32Array(WINDOWS);
  const b = new Int32Array(WINDOWS);
  for (const { position } of randomPositions(variant, 100, 4)) {
    table.states(position.board(), a);
    table.states(turn(position.board()), b);
    for (let w = 0; w < WINDOWS; w++) assert.equal(b[WINDOWS - 1 - w], mirrorState(a[w]!));
  }
});

test('the stored form round-trips, and the stored table is a full table', () => {
  const table = randomTable(5);
  assert.deepEqual(decodeWeights(encodeWeights(table.weights)), table.weights);
  const stored = storedPatterns(variant);
  assert.ok(stored !== null, 'International has a stored table');
  assert.equal(stored.weights.length % (TEN_DENSE.windows * STATES), 0);
  assert.equal(stored.geometry, TEN_DENSE);
  const eight = storedPatterns(english);
  assert.ok(eight !== null, 'English has a stored table');
  assert.equal(eight.weights.length % (EIGHT_RANK_PAIRS.windows * STATES), 0);
  assert.equal(eight.geometry, EIGHT_RANK_PAIRS);
  const nine = storedPatterns(variantOrThrow('dhamet'));
  assert.ok(nine !== null, 'Dhamet has a stored table');
  assert.equal(nine.weights.length % (NINE.windows * STATES), 0);
});

test('a fitted module read back for a match is the table written, and a wrong one is refused', () => {
  const one = new Int16Array(EIGHT.windows * STATES);
  for (let i = 0; i < one.length; i++) one[i] = ((i * 7919) % 301) - 150;
  const back = patternsFromModule(english, patternModule(english, one, 'test'));
  assert.ok(back.ok);
  assert.deepEqual(back.value.weights, one);
  assert.equal(back.value.geometry, EIGHT);
  // two phases read back too
  const two = new Int16Array(2 * one.length).fill(3);
  const both = patternsFromModule(english, patternModule(english, two, 'test'));
  assert.ok(both.ok && both.value.phases === 2);
  // a 10x10 table for an 8x8 board, no table at all, a board without windows
  const wrong = patternsFromModule(english, patternModule(variant, randomTable(1).weights, 'x'));
  assert.ok(!wrong.ok, 'a 10x10 table is refused on 8x8');
  assert.match(
    wrong.error,
    /^english's tables have 59049, 98415, 144342 or 242757 entries a phase \(9, 15, 22 or 37 windows\)/,
  );
  const eightOnTen = patternsFromModule(variant, patternModule(english, one, 'x'));
  assert.ok(!eightOnTen.ok, 'an 8x8 table is refused on 10x10');
  assert.match(
    eightOnTen.error,
    /104976, 183708 or 301806 entries a phase \(16, 28 or 46 windows\)/,
  );
  assert.ok(!patternsFromModule(english, 'export const X = [];').ok);
  assert.ok(!patternsFromModule(variantOrThrow('dhamet'), patternModule(english, one, 'x')).ok);
  const dhamet = variantOrThrow('dhamet');
  const nine = new Int16Array(NINE.windows * STATES).fill(-2);
  const read = patternsFromModule(dhamet, patternModule(dhamet, nine, 'test'));
  assert.ok(read.ok && read.value.geometry === NINE);
  // an 8x8 table of 15 windows is read with a band from every rank, in one or two phases
  const dense = new Int16Array(EIGHT_DENSE.windows * STATES).fill(1);
  for (const t of [dense, new Int16Array(2 * dense.length)]) {
    const d = patternsFromModule(english, patternModule(english, t, 'test'));
    assert.ok(d.ok && d.value.geometry === EIGHT_DENSE && d.value.weights.length === t.length);
  }
  // and a 10x10 table of 28 windows with a band from every rank (not read on 8x8)
  const tenDense = new Int16Array(TEN_DENSE.windows * STATES).fill(-1);
  for (const t of [tenDense, new Int16Array(2 * tenDense.length)]) {
    const d = patternsFromModule(variant, patternModule(variant, t, 'test'));
    assert.ok(d.ok && d.value.geometry === TEN_DENSE && d.value.weights.length === t.length);
  }
  assert.ok(!patternsFromModule(english, patternModule(variant, tenDense, 'x')).ok);
});

test("a variant that reads another one's table plays by the same compiled rules and weights", () => {
  assert.ok(Object.keys(SHARED_PATTERNS).length > 0);
  for (const [id, owner] of Object.entries(SHARED_PATTERNS)) {
    const v = variantOrThrow(id);
    const o = variantOrThrow(owner);
    assert.equal(tablesId(v), owner, `${id} compiles to ${owner}'s rules`);
    assert.deepEqual(weightsFor(v), weightsFor(o), `${id} has ${owner}'s weights`);
    const mine = storedPatterns(v);
    const theirs = storedPatterns(o);
    assert.ok(mine !== null && theirs !== null);
    assert.equal(mine.weights, theirs.weights, 'one decoded table, not a copy');
  }
});

test('the fit learns a planted pattern and stays colour-symmetric', () => {
  // results drawn from: White does well with a man on index 22 and Black with one on index 27
  // (the same square seen from the other side); nothing else matters
  const rand = mulberry32(17);
  const table = new PatternTable(new Int16Array(WINDOWS * STATES));
  const states = new Int32Array(WINDOWS);
  const base: number[] = [];
  const result: number[] = [];
  const all: number[] = [];
  for (const { position } of randomPositions(variant, 4000, 21, 40)) {
    const board = position.board();
    for (const b of [board, turn(board)]) {
      const edge = (b[22] === 1 ? 1 : 0) - (b[27] === 5 ? 1 : 0);
      const p = 1 / (1 + Math.exp(-edge * 1.5));
      base.push(0);
      result.push((rand() >>> 0) / 2 ** 32 < p ? 1 : 0);
      table.states(b, states);
      all.push(...states);
    }
  }
  const set = (from: number, to: number): PatternSet => ({
    count: to - from,
    base: Float64Array.from(base.slice(from, to)),
    result: Float64Array.from(result.slice(from, to)),
    score: new Float64Array(to - from).fill(NaN),
    phase: new Float64Array(to - from).fill(1),
    target: Float64Array.from(result.slice(from, to)),
    windows: WINDOWS,
    states: Int32Array.from(all.slice(from * WINDOWS, to * WINDOWS)),
  });
  const n = base.length;
  const cut = Math.floor(n * 0.9) & ~1;
  const fit = fitPatterns(set(0, cut), set(cut, n), 0.01, {
    iterations: 60,
    rate: 3,
    l2: 1e-7,
  });
  // putting a white man on index 22 gains, putting a black man on index 27 loses, on average
  const probe = new PatternTable(Int16Array.from(fit.weights, Math.round));
  let white = 0;
  let black = 0;
  let count = 0;
  for (const { position } of randomPositions(variant, 300, 77, 40)) {
    const board = position.board();
    if (board[22] !== 0 || board[27] !== 0) continue;
    const before = probe.scoreBoard(board);
    board[22] = 1;
    white += probe.scoreBoard(board) - before;
    board[22] = 0;
    board[27] = 5;
    black += probe.scoreBoard(board) - before;
    count++;
  }
  assert.ok(count > 50);
  assert.ok(white / count > 20, `white man: ${white / count}`);
  assert.ok(black / count < -20, `black man: ${black / count}`);
  assert.ok(fit.iteration > 0, 'the fit improved on the held-out set');
});

test('the fit reads positions into the layout asked for, and refuses one the board lacks', () => {
  // 150 lines: the first 100 are held out (every tenth block of 100), the rest fitted
  const lines = Array.from({ length: 150 }, (_, i) =>
    i % 2 === 0 ? 'W:W21,22,23,25:B9,10,11,12 0.5' : 'B:W18,24,28:B1,3,6,14 1',
  ).join('\n');
  for (const windows of [undefined, 9, 15]) {
    const { train, test } = readPatternSet(english, lines, windows);
    const expected = windows ?? 9;
    assert.equal(train.windows, expected);
    assert.equal(test.windows, expected);
    assert.equal(train.states.length, train.count * expected);
    assert.ok(train.count > 0 && test.count > 0);
  }
  assert.throws(() => readPatternSet(english, lines, 12), /no layout of 12 windows/);
  assert.throws(() => readPatternSet(variant, lines, 15), /no layout of 15 windows/);
  const ten = Array.from({ length: 150 }, (_, i) =>
    i % 2 === 0 ? 'W:W31-36,40:B1-5,12,15 0.5' : 'B:W32,33,45:B11,14,19 0',
  ).join('\n');
  for (const windows of [undefined, 16, 28]) {
    const { train } = readPatternSet(variant, ten, windows);
    assert.equal(train.windows, windows ?? 16);
  }
});
