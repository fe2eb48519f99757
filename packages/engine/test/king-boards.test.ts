/**
 * The king boards every engine runs at construction (king-boards.ts): on every board they are
 * real positions — a king of each side with a capture on the first, kings and men on the second —
 * and running them leaves nothing behind: a generator that ran them lists the moves of a fresh one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BLACK_BIT,
  KIND_CAPTURE,
  KING,
  MoveList,
  Position,
  VARIANTS,
  boardMovesFor,
  variantOrThrow,
} from '@damka/rules';
import { kingBoards, seeKingMoves } from '../src/king-boards.ts';

test('each side has a king with a capture on the first king board, where kings play', () => {
  for (const rules of VARIANTS) {
    const variant = variantOrThrow(rules.id);
    const [captures, quiet] = kingBoards(variant.compiled);
    assert.ok(captures!.includes(KING), `${rules.id}: a white king`);
    assert.ok(captures!.includes(BLACK_BIT | KING), `${rules.id}: a black king`);
    assert.ok(quiet!.includes(KING) && quiet!.includes(BLACK_BIT | KING), `${rules.id}: kings`);
    // where crowning wins the game (Breakthrough), no king ever moves: nothing more to see
    if (variant.compiled.crowningWins) continue;
    const moves = boardMovesFor(variant.compiled);
    const list = new MoveList();
    moves.load(captures!);
    for (let side = 0; side < 2; side++) {
      const n = moves.generate(side, list, true);
      assert.ok(n > 0, `${rules.id}: side ${side} has moves`);
      let kingTakes = false;
      for (let i = 0; i < n; i++) {
        const piece = captures![list.from[i]!]!;
        if (list.kind[i] === KIND_CAPTURE && (piece & 3) === KING) kingTakes = true;
      }
      assert.ok(kingTakes, `${rules.id}: side ${side}'s king can take`);
    }
  }
});

test('a generator that ran the king boards lists the same moves as a fresh one', () => {
  for (const rules of VARIANTS) {
    const variant = variantOrThrow(rules.id);
    const used = boardMovesFor(variant.compiled);
    seeKingMoves(used, variant.compiled, new MoveList());
    const fresh = boardMovesFor(variant.compiled);
    // the start position, and the king boards themselves after the run
    for (const board of [Position.start(variant).board(), ...kingBoards(variant.compiled)]) {
      const a = new MoveList();
      const b = new MoveList();
      used.load(board.slice());
      fresh.load(board.slice());
      for (let side = 0; side < 2; side++) {
        const n = used.generate(side, a, true);
        assert.equal(fresh.generate(side, b, true), n, rules.id);
        for (let i = 0; i < n; i++) {
          assert.equal(a.from[i], b.from[i], rules.id);
          assert.equal(a.to[i], b.to[i], rules.id);
          assert.equal(a.piece[i], b.piece[i], rules.id);
          assert.equal(a.ncap[i], b.ncap[i], rules.id);
        }
      }
    }
  }
});
