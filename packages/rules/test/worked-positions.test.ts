/**
 * The worked positions of docs/rules.md §7.2–§7.5: for each, the exact list of legal moves (order
 * aside), the captured pieces where the row names them, and the piece's role after the move where
 * the row says (crowned or not). Expected values are copied from docs/rules.md, never produced by
 * Damka's generator; rows are named by their docs/rules.md id.
 *
 * Moves are written as docs/rules.md writes them — start and end, or the full route for multi-jump
 * captures — and an expected string matches a legal move when it equals the move's short or
 * full-route notation (formatMove). The §7.5 Dhamet rows are described in words there; the
 * positions below are built from those descriptions (each says how).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, formatMove, parseMove, variantOrThrow, type Move } from '@damka/rules';
import { WORKED_POSITIONS as rows } from './worked-positions.data.ts';

/** The notation of each legal move, written as the expected list writes it when it can be. */
function written(position: Position, expected: readonly string[]): Map<string, Move> {
  const out = new Map<string, Move>();
  for (const move of position.legalMoves()) {
    const short = formatMove(position, move);
    const full = formatMove(position, move, { full: true });
    const name = expected.includes(short) ? short : expected.includes(full) ? full : short;
    assert.ok(!out.has(name), `two legal moves written ${name}`);
    out.set(name, move);
  }
  return out;
}

for (const row of rows) {
  test(`${row.id} ${row.variant}: ${row.rule}`, () => {
    const variant = variantOrThrow(row.variant, row.options);
    const position = Position.fromFen(variant, row.fen);
    assert.ok(position.ok, `${row.fen}: ${!position.ok && position.error.message}`);
    const p = position.value;
    const moves = written(p, row.moves);
    assert.deepEqual([...moves.keys()].sort(), [...row.moves].sort());
    for (const [text, move] of moves) {
      const taken = row.takes?.[text];
      if (taken) {
        assert.deepEqual(
          move.captures.map((sq) => variant.squares.names[sq]).sort(),
          [...taken].sort(),
          `${text} takes`,
        );
      }
      if (row.role) assert.equal(move.piece.role, row.role, `${text} ends as`);
      // every expected string is also accepted as input
      const parsed = parseMove(p, text);
      assert.ok(parsed.ok && parsed.value === move, `${text} is read back`);
    }
    if (row.id === 'EN-2') {
      const [move] = moves.values();
      assert.equal(move?.captures.length, 1, 'the move ends on crowning: 7 stays');
    }
  });
}

test('DH-5 dhamet: "la rencontre" replayed with forcedOpening on, then exactly 3 captures', () => {
  const variant = variantOrThrow('dhamet');
  const script = [
    'd4-e5',
    'f6xd4',
    'c3xe5',
    'a5xc3',
    'b2xd4',
    'c5xc3',
    'e5xc5xa5',
    'c3xe5',
    'f5xd5',
    'd6xd4',
  ];
  let p = Position.start(variant);
  for (const [ply, text] of script.entries()) {
    assert.equal(p.openingPly, ply);
    assert.equal(p.legalMoves().length, 1, `ply ${ply + 1}: the opening leaves one move`);
    const move = parseMove(p, text);
    assert.ok(move.ok, `ply ${ply + 1} ${text}: ${!move.ok && move.error.message}`);
    p = p.play(move.value);
  }
  assert.equal(p.openingPly, -1);
  assert.equal(p.turn, 'white');
  const after = written(p, ['d3xd5', 'e4xc4', 'e3xc5']);
  assert.deepEqual([...after.keys()].sort(), ['d3xd5', 'e3xc5', 'e4xc4']);
  for (const move of after.values()) {
    assert.deepEqual(
      move.captures.map((sq) => variant.squares.names[sq]),
      ['d4'],
    );
  }
});

test('DH-5 dhamet: free play from the start (forcedOpening=false), move lists along the rencontre', () => {
  // docs/rules.md §5.17 replay check: White's 1st move had 3 options, Black's 2nd 2, White's 3rd 2,
  // every other ply of the rencontre was the only legal move; then d3xd5, e4xc4, e3xc5.
  const variant = variantOrThrow('dhamet', { forcedOpening: false });
  const plies: Array<[string, readonly string[]]> = [
    ['d4-e5', ['d4-e5', 'e4-e5', 'f4-e5']],
    ['f6xd4', ['f6xd4']],
    ['c3xe5', ['c3xe5']],
    ['a5xc3', ['a5xc3', 'c5xc3']],
    ['b2xd4', ['b2xd4', 'd2xb4']],
    ['c5xc3', ['c5xc3']],
    ['e5xc5xa5', ['e5xc5xa5']],
    ['c3xe5', ['c3xe5']],
    ['f5xd5', ['f5xd5']],
    ['d6xd4', ['d6xd4']],
  ];
  let p = Position.start(variant);
  assert.equal(p.openingPly, -1);
  for (const [ply, [text, options]] of plies.entries()) {
    const moves = written(p, options);
    assert.deepEqual([...moves.keys()].sort(), [...options].sort(), `ply ${ply + 1}`);
    const move = moves.get(text);
    assert.ok(move, `ply ${ply + 1}: ${text} is legal`);
    p = p.play(move);
  }
  assert.deepEqual([...written(p, []).keys()].sort(), ['d3xd5', 'e3xc5', 'e4xc4']);
});
