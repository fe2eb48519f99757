import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MoveList, Position, boardMovesFor, variantOrThrow } from '@damka/rules';
import { MoveOrdering, moveIdOf } from '../src/ordering.ts';

/** The quiet moves of English's start position (Black to move: side 1), in a list. */
function startMoves(): { list: MoveList; n: number; side: number } {
  const variant = variantOrThrow('english');
  const position = Position.start(variant);
  const moves = boardMovesFor(variant.compiled);
  moves.load(position.board());
  const list = new MoveList();
  const side = position.turn === 'white' ? 0 : 1;
  return { list, n: moves.generate(side, list, true), side };
}

/** The search order `ordering.pick` gives the n moves at `ply`. */
function order(ordering: MoveOrdering, ply: number, n: number): number[] {
  return Array.from({ length: n }, (_, k) => ordering.pick(ply, k, n));
}

test('history odds: the quiet moves tried before a node best fall behind it, the best comes first', () => {
  const { list, n, side } = startMoves();
  assert.equal(n, 7);
  const ordering = new MoveOrdering(32, 8);
  ordering.scoreAll(list, 2, side, 0);
  const before = order(ordering, 2, n);
  assert.deepEqual(before, [0, 1, 2, 3, 4, 5, 6], 'even odds: the generator order');
  // the node's best was the third move tried
  ordering.learned(list, 2, side, 2);
  ordering.scoreAll(list, 2, side, 0);
  const after = order(ordering, 2, n);
  assert.equal(after[0], before[2], 'the best is now tried first');
  assert.deepEqual(
    after.slice(-2).sort(),
    [before[0], before[1]].sort(),
    'the two that failed come last',
  );
  assert.deepEqual(after.slice(1, 5), before.slice(3), 'the untried keep their order between');
  // learnt per side: the other side's moves from the same squares are not touched
  ordering.scoreAll(list, 2, side ^ 1, 0);
  assert.deepEqual(order(ordering, 2, n), before);
});

test('history odds: kept from one search to the next, forgotten at a new game; killers at each search', () => {
  const { list, n, side } = startMoves();
  const ordering = new MoveOrdering(32, 8);
  ordering.scoreAll(list, 1, side, 0);
  order(ordering, 1, n);
  ordering.learned(list, 1, side, 4);
  ordering.cutoff(123, 1);
  assert.equal(ordering.killer(1, 0), 123);
  ordering.newSearch();
  assert.equal(ordering.killer(1, 0), 0, 'killers are per search');
  ordering.scoreAll(list, 1, side, 0);
  assert.equal(ordering.pick(1, 0, n), 4, 'the history is kept');
  ordering.clear();
  ordering.scoreAll(list, 1, side, 0);
  assert.deepEqual(order(ordering, 1, n), [0, 1, 2, 3, 4, 5, 6], 'a new game starts even');
});

test('history odds approach certainty and never pass it, however often a move is best', () => {
  const { list, n, side } = startMoves();
  const ordering = new MoveOrdering(32, 8);
  for (let round = 0; round < 2000; round++) {
    ordering.scoreAll(list, 0, side, 0);
    order(ordering, 0, n);
    ordering.learned(list, 0, side, 0);
  }
  ordering.scoreAll(list, 0, side, 0);
  const best = ordering.scoresAt(0)[0]!;
  assert.ok(best > 4000 && best <= 4096, `odds ${best} of 4096`);
  // the tt move and the killers still come before any history
  ordering.scoreAll(list, 0, side, moveIdOf(list, 3));
  assert.equal(ordering.pick(0, 0, n), 3);
  ordering.cutoff(moveIdOf(list, 5), 0);
  ordering.scoreAll(list, 0, side, 0);
  assert.equal(ordering.pick(0, 0, n), 5, 'the killer before the move of near-certain odds');
  assert.equal(ordering.pick(0, 1, n), 0);
});
