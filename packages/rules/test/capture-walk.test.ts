/**
 * The capture walk's memory and its bound (docs/decisions.md item 17): answering a state walked
 * before from memory changes no move list, in any variant whose rules allow it; a Dhamet king
 * among many men, whose captures took minutes before, is answered within the bound; and the
 * longest capture seen in play is listed whole.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MoveGenerator,
  MoveList,
  WALK_LIMIT,
  Position,
  colorIndex,
  variantOrThrow,
  type Variant,
} from '@damka/rules';
import { Random, randomPosition } from './reference/sampling.ts';

/** Every field of every move, in list order. */
function listed(gen: MoveGenerator, board: Int8Array, side: number): string[] {
  const list = new MoveList();
  const n = gen.generate(board, side, list, true);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const at = list.start[i]!;
    const route: number[] = [];
    for (let x = at; x < at + list.ncap[i]!; x++) {
      route.push(list.capSq[x]!, list.capCode[x]!, list.land[x]!, list.landCode[x]!);
    }
    out.push(
      [list.from[i], list.to[i], list.moved[i], list.piece[i], list.kind[i], ...route].join(','),
    );
  }
  return out;
}

const WALKED: ReadonlyArray<[string, Record<string, boolean>]> = [
  ['dhamet', { forcedOpening: false }],
  ['turkish', {}],
  ['thai', {}],
  ['international', {}],
  ['russian', {}],
  ['frisian', {}],
  ['killer', {}],
  ['canadian', {}],
  ['brazilian', { noForcedCapture: true }],
];

test('the walk answered from memory lists the same moves, route for route', () => {
  let long = 0;
  for (const [id, options] of WALKED) {
    const variant: Variant = variantOrThrow(id, options);
    const remembering = new MoveGenerator(variant.compiled);
    const walking = new MoveGenerator(variant.compiled, { memo: false });
    const random = new Random(17);
    for (let k = 0; k < 300; k++) {
      const p = randomPosition(variant, random, 0.3 + random.next() * 0.4);
      const side = colorIndex(p.turn);
      const expected = listed(walking, p.board(), side);
      assert.deepEqual(listed(remembering, p.board(), side), expected, `${id} ${p.fen}`);
      if (expected.some((m) => m.split(',').length > 5 + 4 * 4)) long++;
    }
  }
  // the comparison means something only where captures are deep enough to be remembered
  assert.ok(long >= 50, `${long} positions with a capture of five pieces or more`);
});

const DHAMET = variantOrThrow('dhamet', { forcedOpening: false });
/** 24 men around a lone king: over a minute of walking before the bound. */
const CROWDED = 'W:WKa6:Be3,d3,e5,b8,d6,b3,f7,g8,c3,f8,h4,i7,a5,b7,c6,a2,d8,i2,c5,d4,a3,h7,f4,f5';

test('the longest capture seen in play is listed whole: a Dhamet king taking 17 men', () => {
  const fen =
    'W:Wh1,i1,e2,g2,h2,i2,a3,f3,g3,i3,h4,i4,i5,Kg9:BKc1,e4,e5,f6,h6,i6,b7,d7,h7,a8,c8,d8,e8,f8,h8,i8,b9,d9';
  const gen = new MoveGenerator(DHAMET.compiled);
  const p = Position.fromFen(DHAMET, fen);
  assert.ok(p.ok);
  const moves = listed(gen, p.value.board(), 0);
  assert.equal(gen.cutShort, false, 'within the bound');
  assert.equal(moves.length, 63);
  for (const m of moves) assert.equal((m.split(',').length - 5) / 4, 17);
  const steps = gen.walkSteps;
  assert.ok(steps > 100_000 && steps < WALK_LIMIT / 2, String(steps));
  // what a generation remembers never depends on those before it: after a walk that filled the
  // memory to its bound, the same position takes the same steps to the same list
  const crowded = Position.fromFen(DHAMET, CROWDED);
  assert.ok(crowded.ok);
  listed(gen, crowded.value.board(), 0);
  assert.deepEqual(listed(gen, p.value.board(), 0), moves);
  assert.equal(gen.walkSteps, steps);
});

test('a king among many men: the walk stops at its bound with the best captures found', () => {
  // 24 men around a lone king: over a minute of walking before the bound
  const fen = 'W:WKa6:Be3,d3,e5,b8,d6,b3,f7,g8,c3,f8,h4,i7,a5,b7,c6,a2,d8,i2,c5,d4,a3,h7,f4,f5';
  const gen = new MoveGenerator(DHAMET.compiled);
  const p = Position.fromFen(DHAMET, fen);
  assert.ok(p.ok);
  const moves = listed(gen, p.value.board(), 0);
  assert.equal(gen.cutShort, true);
  assert.equal(gen.walkSteps, WALK_LIMIT + 1);
  assert.ok(moves.length > 0);
  const counts = new Set(moves.map((m) => (m.split(',').length - 5) / 4));
  assert.equal(counts.size, 1, 'one capture length: the best found');
  assert.equal(p.value.legalMoves().length, moves.length, 'the friendly API lists the same');
});
