/**
 * The bitboard perft walk (`movegen/bitboard-perft.ts`) against the general generator: the same
 * leaf counts from random positions (kings included, so long king captures and duplicate routes
 * occur) and from random games, with duplicates kept and dropped, for every variant whose compiled
 * rules select the bitboard walk. Also checks which rules select it, from the rules alone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, colorIndex, perft, variantOrThrow, type Options } from '@damka/rules';
import { bitboardPerftFor } from '../src/movegen/bitboard-perft.ts';
import { Random, playoutPositions, randomPosition } from './reference/sampling.ts';

/** Rules expected to qualify: at most 32 squares, short-range pieces, captures compulsory. */
const QUALIFYING: ReadonlyArray<{ variant: string; options: Options }> = [
  { variant: 'english', options: {} },
  { variant: 'italian', options: {} },
  { variant: 'arab-dama', options: {} },
  { variant: 'giveaway', options: {} },
];

/** Rules that must not: flying kings, optional or partial captures, king splits, big boards. */
const NOT_QUALIFYING: ReadonlyArray<{ variant: string; options: Options }> = [
  { variant: 'international', options: {} },
  { variant: 'russian', options: {} },
  { variant: 'israeli-6x6', options: {} },
  { variant: 'turkish', options: {} },
  { variant: 'english', options: { noForcedCapture: true } },
  { variant: 'english', options: { mayStopCaptureChain: true } },
  { variant: 'english', options: { kingSplit: true } },
  { variant: 'english', options: { lastPieceMayMoveBackward: true } },
];

function name(v: { variant: string; options: Options }): string {
  const opts = Object.keys(v.options);
  return opts.length === 0 ? v.variant : `${v.variant} + ${opts.join(', ')}`;
}

test('the bitboard walk is chosen from the compiled rules', () => {
  for (const v of QUALIFYING) {
    const compiled = variantOrThrow(v.variant, v.options).compiled;
    assert.notEqual(bitboardPerftFor(compiled, true), null, `${name(v)} should qualify`);
  }
  for (const v of NOT_QUALIFYING) {
    const compiled = variantOrThrow(v.variant, v.options).compiled;
    assert.equal(bitboardPerftFor(compiled, true), null, `${name(v)} should not qualify`);
  }
});

for (const v of QUALIFYING) {
  test(`bitboard perft = general generator perft: ${name(v)}`, () => {
    const variant = variantOrThrow(v.variant, v.options);
    const random = new Random(0xb17b0a + v.variant.length);
    const positions = [
      ...playoutPositions(variant, random, 6, 40).filter((_, i) => i % 5 === 0),
      ...Array.from({ length: 40 }, () => randomPosition(variant, random, 0.35)),
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
    assert.ok(compared >= 300);
  });
}

test('bitboard perft: routes with the same start, end and captured set count once when dropped', () => {
  // found by search: a white king has two routes taking the same pieces to the same square
  const variant = variantOrThrow('english', {});
  const position = Position.fromFen(variant, 'W:WK2,5:B4,7,K8,15,16,22-24');
  assert.ok(position.ok);
  const keep = perft(position.value, 1, { duplicates: 'keep' });
  const drop = perft(position.value, 1, { duplicates: 'drop' });
  assert.equal(keep, perft(position.value, 1, { duplicates: 'keep', generator: 'general' }));
  assert.equal(drop, perft(position.value, 1, { duplicates: 'drop', generator: 'general' }));
  assert.ok(drop < keep, `drop ${drop} should merge routes of keep ${keep}`);
  const walk = bitboardPerftFor(variant.compiled, true);
  assert.ok(walk !== null);
  assert.equal(walk.count(position.value.board(), colorIndex(position.value.turn), 1), drop);
});
