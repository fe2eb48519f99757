/**
 * The generator backends (`boardMovesFor`, movegen/board-moves.ts) against the general generator:
 * which compiled rules select the mask backend; the same move lists, move for move and in order,
 * along random games played through the backend's own make/unmake (so its masks are checked to
 * follow the board); the same move counts; and the same perft from random positions (kings
 * included, so long king captures and duplicate routes occur), duplicates kept and dropped.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MoveGenerator,
  MoveList,
  Position,
  VARIANTS,
  boardMovesFor,
  colorIndex,
  perft,
  variantOrThrow,
  type Options,
} from '@damka/rules';
import { Random, playoutPositions, randomPosition } from './reference/sampling.ts';

/** Rules expected to take the masks: boards of at most 64 squares, no moves outside directions. */
const QUALIFYING: ReadonlyArray<{ variant: string; options: Options }> = [
  { variant: 'english', options: {} },
  { variant: 'italian', options: {} },
  { variant: 'arab-dama', options: {} },
  { variant: 'giveaway', options: {} },
  { variant: 'international', options: {} },
  { variant: 'russian', options: {} },
  { variant: 'brazilian', options: {} },
  { variant: 'antidraughts', options: {} },
  { variant: 'israeli-6x6', options: {} },
  { variant: 'turkish', options: {} },
  { variant: 'english', options: { noForcedCapture: true } },
  { variant: 'english', options: { mayStopCaptureChain: true } },
  { variant: 'pool', options: {} },
];

/** Rules that must not: more than 64 squares, king splits, a lone man's backward steps. */
const NOT_QUALIFYING: ReadonlyArray<{ variant: string; options: Options }> = [
  { variant: 'dhamet', options: { forcedOpening: false } },
  { variant: 'canadian', options: {} },
  { variant: 'frisian', options: {} },
  { variant: 'frysk', options: {} },
  { variant: 'killer', options: {} },
  { variant: 'thai', options: {} },
  { variant: 'breakthrough', options: {} },
  { variant: 'english', options: { kingSplit: true } },
  { variant: 'english', options: { lastPieceMayMoveBackward: true } },
];

function name(v: { variant: string; options: Options }): string {
  const opts = Object.keys(v.options);
  return opts.length === 0 ? v.variant : `${v.variant} + ${opts.join(', ')}`;
}

test('the backend is chosen from the compiled rules', () => {
  for (const v of QUALIFYING) {
    const compiled = variantOrThrow(v.variant, v.options).compiled;
    assert.equal(boardMovesFor(compiled).backend, 'masks', `${name(v)} should take the masks`);
    assert.equal(boardMovesFor(compiled, 'general').backend, 'general');
  }
  for (const v of NOT_QUALIFYING) {
    const compiled = variantOrThrow(v.variant, v.options).compiled;
    assert.equal(boardMovesFor(compiled).backend, 'general', `${name(v)} should not`);
  }
  // a compiled field the backend does not know (a feature added later) falls back
  const english = variantOrThrow('english', {}).compiled;
  const grown = { ...english, laterRule: new Int8Array(8) };
  assert.equal(boardMovesFor(grown).backend, 'general');
  // and a known later feature in use (capture value, king landing, win on crowning...)
  for (const feature of [
    { captureValue: true },
    { capturesOffStepLines: true },
    { kingLanding: 1 },
    { crowningWins: true },
    { kingMoveLimit: 3 },
  ]) {
    assert.equal(
      boardMovesFor({ ...english, ...feature }).backend,
      'general',
      JSON.stringify(feature),
    );
  }
  // so does a rules record with a field it does not know, at the top or inside a group
  const limited = { ...english.rules, king: { ...english.rules.king, maxMoves: 3 } };
  assert.equal(boardMovesFor({ ...english, rules: limited }).backend, 'general');
  const extra = { ...english.rules, kingMoveLimit: 3 };
  assert.equal(boardMovesFor({ ...english, rules: extra }).backend, 'general');
});

/** Move i of `list` as text: every field a caller reads, so two lists compare move for move. */
function moveText(list: MoveList, i: number): string {
  const jumps: string[] = [];
  for (let x = list.start[i]!; x < list.start[i]! + list.ncap[i]!; x++) {
    jumps.push(`${list.capSq[x]}/${list.capCode[x]}>${list.land[x]}/${list.landCode[x]}`);
  }
  return `${list.from[i]}-${list.to[i]} ${list.moved[i]}>${list.piece[i]} k${list.kind[i]} ${jumps.join(' ')}`;
}

function listText(list: MoveList, n: number): string[] {
  return Array.from({ length: n }, (_, i) => moveText(list, i));
}

for (const v of QUALIFYING) {
  test(`mask backend = general generator, move for move: ${name(v)}`, () => {
    const variant = variantOrThrow(v.variant, v.options);
    const random = new Random(0x6e4e + v.variant.length * 31 + Object.keys(v.options).length);
    const general = new MoveGenerator(variant.compiled);
    const expected = new MoveList();
    let compared = 0;
    for (let game = 0; game < 12; game++) {
      const start = game % 2 === 0 ? Position.start(variant) : randomPosition(variant, random, 0.3);
      const board = start.board();
      let side = colorIndex(start.turn);
      const moves = boardMovesFor(variant.compiled);
      moves.load(board);
      const lists: MoveList[] = [];
      const played: number[] = [];
      for (let ply = 0; ply < 60; ply++) {
        const list = new MoveList();
        for (const drop of [true, false]) {
          const n = moves.generate(side, list, drop);
          const m = general.generate(board, side, expected, drop);
          assert.deepEqual(listText(list, n), listText(expected, m), `ply ${ply} drop ${drop}`);
          assert.equal(moves.countMoves(side, drop), m);
          compared++;
        }
        if (list.count === 0) break;
        const i = random.int(list.count);
        moves.make(list, i);
        lists.push(list);
        played.push(i);
        side ^= 1;
      }
      // unmake back to the start: the board is the start board again, masks included
      while (lists.length > 0) {
        moves.unmake(lists.pop()!, played.pop()!);
        side ^= 1;
      }
      assert.deepEqual(Array.from(board), Array.from(start.board()));
      const list = new MoveList();
      const n = moves.generate(side, list, true);
      assert.deepEqual(
        listText(list, n),
        listText(expected, general.generate(board, side, expected, true)),
      );
    }
    assert.ok(compared >= 200, `compared ${compared}`);
  });

  test(`mask backend perft = general generator perft: ${name(v)}`, () => {
    const variant = variantOrThrow(v.variant, v.options);
    const random = new Random(0xb17b0a + v.variant.length);
    const positions = [
      ...playoutPositions(variant, random, 6, 20).filter((_, i) => i % 5 === 0),
      ...Array.from({ length: 12 }, () => randomPosition(variant, random, 0.35)),
    ];
    let compared = 0;
    for (const position of positions) {
      for (const duplicates of ['keep', 'drop'] as const) {
        for (let depth = 1; depth <= 3; depth++) {
          const fast = perft(position, depth, { duplicates });
          const general = perft(position, depth, { duplicates, generator: 'general' });
          assert.equal(fast, general, `${name(v)} ${position.fen} depth ${depth} (${duplicates})`);
          compared++;
        }
      }
    }
    assert.ok(compared >= 60, `compared ${compared}`);
  });
}

/**
 * Capture positions, where the capture walk on the masks (mask-captures.ts) writes the lists for the
 * rules it follows and the general generator for the others: random setups at several densities
 * (kings on both sides, so long flying-king captures and routes through the same pieces occur),
 * kept when the side to move must capture. Lists are compared move for move, duplicates dropped
 * and kept, with `countMoves`, and the test counts what it met so that it cannot pass on nothing:
 * captures by kings, captures of several pieces, and majority ties (two or more captures of the
 * same greatest size from different squares or to different squares).
 */
const CAPTURE_VARIANTS = [
  'international',
  'russian',
  'brazilian',
  'english',
  'antidraughts',
  'arab-dama',
  'giveaway',
  'israeli-6x6',
  'pool',
];

test('the capture walk on the masks is chosen from the compiled capture rules', () => {
  // exactly these standard rule sets take it, so the capture-position tests below cover all of them
  const taking = VARIANTS.map((r) => r.id).filter(
    (id) => boardMovesFor(variantOrThrow(id, {}).compiled).captureWalk === 'masks',
  );
  assert.deepEqual([...taking].sort(), [...CAPTURE_VARIANTS].sort());
  // a precedence beyond the majority, pieces taken at once, early stops, optional captures
  for (const [id, options] of [
    ['italian', {}],
    ['turkish', {}],
    ['english', { mayStopCaptureChain: true }],
    ['english', { noForcedCapture: true }],
  ] as const) {
    const compiled = variantOrThrow(id, options).compiled;
    assert.equal(boardMovesFor(compiled).captureWalk, 'general', name({ variant: id, options }));
  }
  const international = variantOrThrow('international', {}).compiled;
  for (const change of [
    { precedence: Int8Array.of(0, 1) },
    { immediateRemoval: true },
    { prefixes: true },
    { obligation: 1 },
  ]) {
    const compiled = { ...international, ...change };
    assert.equal(boardMovesFor(compiled).captureWalk, 'general', JSON.stringify(change));
  }
  assert.equal(boardMovesFor(international, 'general').captureWalk, 'general');
});

for (const id of CAPTURE_VARIANTS) {
  test(`mask backend = general generator in capture positions: ${id}`, () => {
    const variant = variantOrThrow(id, {});
    const random = new Random(0xca97 + id.length * 101);
    const general = new MoveGenerator(variant.compiled);
    const expected = new MoveList();
    const list = new MoveList();
    const moves = boardMovesFor(variant.compiled);
    const met = { positions: 0, kingCaptures: 0, long: 0, ties: 0, merged: 0 };
    for (let tries = 0; tries < 4000 && met.positions < 400; tries++) {
      const position = randomPosition(variant, random, 0.25 + (tries % 4) * 0.1);
      const board = position.board();
      const side = colorIndex(position.turn);
      const kept = general.generate(board, side, expected, false);
      if (kept === 0 || expected.ncap[0] === 0) continue;
      met.positions++;
      moves.load(board);
      for (const drop of [false, true]) {
        const m = general.generate(board, side, expected, drop);
        const n = moves.generate(side, list, drop);
        assert.deepEqual(listText(list, n), listText(expected, m), `${position.fen} drop ${drop}`);
        assert.equal(moves.countMoves(side, drop), m, `${position.fen} count drop ${drop}`);
        if (drop && m < kept) met.merged++;
      }
      const n = general.generate(board, side, expected, true);
      let kings = false;
      const ends = new Set<string>();
      for (let i = 0; i < n; i++) {
        if ((expected.moved[i]! & 3) === 3) kings = true;
        ends.add(`${expected.from[i]}-${expected.to[i]}`);
      }
      if (kings) met.kingCaptures++;
      if (expected.ncap[0]! >= 2) met.long++;
      if (ends.size >= 2 && expected.ncap[0]! >= 2) met.ties++;
    }
    assert.ok(met.positions >= 300, `capture positions met: ${JSON.stringify(met)}`);
    assert.ok(met.kingCaptures >= 30, `king captures met: ${JSON.stringify(met)}`);
    assert.ok(met.long >= 30, `captures of several pieces met: ${JSON.stringify(met)}`);
    assert.ok(met.ties >= 10, `ties of the greatest capture met: ${JSON.stringify(met)}`);
  });
}

test('perft: routes with the same start, end and captured set count once when dropped', () => {
  // found by search: a white king has two routes taking the same pieces to the same square
  const variant = variantOrThrow('english', {});
  const position = Position.fromFen(variant, 'W:WK2,5:B4,7,K8,15,16,22-24');
  assert.ok(position.ok);
  const keep = perft(position.value, 1, { duplicates: 'keep' });
  const drop = perft(position.value, 1, { duplicates: 'drop' });
  assert.equal(keep, perft(position.value, 1, { duplicates: 'keep', generator: 'general' }));
  assert.equal(drop, perft(position.value, 1, { duplicates: 'drop', generator: 'general' }));
  assert.ok(drop < keep, `drop ${drop} should merge routes of keep ${keep}`);
});
