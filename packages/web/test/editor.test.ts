/**
 * The board editor's pure parts beyond placing pieces: which variants share a board, what becomes
 * of the position when the variant changes (kept, less the pieces the new variant lacks; an
 * untouched start becomes the new start; another board starts afresh), and the palette's piece
 * drawings, which are the board's own (a crown on a king, a star on a queen).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, makeFen, parseFen, variantOrThrow, type Variant } from '@damka/rules';
import { pieceIconMarkup } from '@damka/board';
import { carryOver, sameBoard } from '../src/ui/editor.tsx';

const international = variantOrThrow('international');

test('variants on the same board share it; another size, colouring or kind does not', () => {
  const board = (id: string) => variantOrThrow(id).topology;
  assert.ok(sameBoard(board('international'), board('antidraughts')));
  assert.ok(sameBoard(board('international'), board('frisian')), 'the same 50 squares');
  assert.ok(sameBoard(board('russian'), board('english')));
  assert.ok(!sameBoard(board('russian'), board('italian')), 'the mirrored 8x8 board');
  assert.ok(!sameBoard(board('russian'), board('turkish')), 'every square of 8x8 is used');
  assert.ok(!sameBoard(board('international'), board('russian')));
  assert.ok(!sameBoard(board('israeli-6x6'), board('russian')));
});

test('changing the variant keeps an edited position on the same board, else starts afresh', () => {
  const antidraughts = variantOrThrow('antidraughts');
  const edited = parseFen(international, 'B:W33,K40:B19,12');
  assert.ok(edited.ok);
  const kept = carryOver(international, antidraughts, edited.value);
  assert.equal(kept.change, 'kept');
  assert.equal(makeFen(antidraughts, kept.setup), 'B:W33,K40:B12,19');

  // an untouched start position becomes the new variant's start
  const start = carryOver(international, antidraughts, Position.start(international).setup());
  assert.equal(start.change, 'start');
  assert.equal(makeFen(antidraughts, start.setup), Position.start(antidraughts).fen);

  // another board: the new variant's start, said as a reset
  const russian = variantOrThrow('russian');
  const reset = carryOver(international, russian, edited.value);
  assert.equal(reset.change, 'reset');
  assert.equal(makeFen(russian, reset.setup), Position.start(russian).fen);
  const italian = variantOrThrow('italian');
  const mirrored = parseFen(russian, 'W:Wc3:Bf6');
  assert.ok(mirrored.ok);
  assert.equal(carryOver(russian, italian, mirrored.value).change, 'reset');
});

test('pieces the new variant does not have are taken off, and counted', () => {
  const israeli = variantOrThrow('israeli-6x6');
  const withQueens = parseFen(israeli, 'W:W13,Q14,K15:B2,Q3');
  assert.ok(withQueens.ok, withQueens.ok ? '' : withQueens.error.message);
  // the same board without queens: a variant whose men crown straight to kings
  const noQueens: Variant = {
    ...israeli,
    rules: {
      ...israeli.rules,
      promotion: {
        ...israeli.rules.promotion,
        stages: israeli.rules.promotion.stages.filter((s) => s.to !== 'queen'),
      },
    },
  };
  const next = carryOver(israeli, noQueens, withQueens.value);
  assert.equal(next.change, 'dropped');
  assert.equal(next.dropped, 2);
  assert.equal(makeFen(israeli, next.setup), 'W:W13,K15:B2');
  assert.equal(
    withQueens.value.board.filter((c) => c !== 0).length,
    5,
    'the old board is left alone',
  );
});

test("the palette's pieces are the board's drawings: a crown on a king, a star on a queen", () => {
  const king = pieceIconMarkup({ color: 'white', role: 'king' });
  const queen = pieceIconMarkup({ color: 'black', role: 'queen' });
  const man = pieceIconMarkup({ color: 'black', role: 'man' });
  assert.match(king, /^<svg class="damka-piece-icon pc-white"/);
  assert.match(king, /<path class="mark" d="M-21 11 L-25 -13/, 'the crown');
  assert.match(queen, /<path class="mark" d="M0 -21 L6 -7/, 'the star');
  assert.match(queen, /pc-black/);
  assert.doesNotMatch(man, /class="mark"/);
  for (const icon of [king, queen, man]) assert.match(icon, /aria-hidden="true"/);
});
