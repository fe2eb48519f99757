/**
 * The king boards every engine runs at construction (king-boards.ts): on every board they are
 * real positions — a king of each side with a capture on the first, kings and men on the second —
 * and running them leaves nothing behind: a search right after gives the same result as the same
 * search in an engine made earlier and used before.
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
import { Engine } from '../src/engine.ts';
import { kingBoards } from '../src/king-boards.ts';

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

test('an engine made afresh searches as one made before and used', () => {
  for (const id of ['english', 'international', 'turkish', 'dhamet']) {
    const variant = variantOrThrow(id);
    const used = new Engine(variant, { ttBits: 16, seed: 1 });
    used.search(Position.start(variant), { level: 8, limits: { depth: 4 } });
    used.newGame();
    const fresh = new Engine(variant, { ttBits: 16, seed: 1 });
    const a = used.search(Position.start(variant), { level: 8, limits: { depth: 6 } });
    const b = fresh.search(Position.start(variant), { level: 8, limits: { depth: 6 } });
    assert.equal(b.nodes, a.nodes, id);
    assert.equal(b.score, a.score, id);
    assert.deepEqual(b.move, a.move, id);
  }
});
