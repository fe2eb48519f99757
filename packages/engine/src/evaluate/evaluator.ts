/**
 * `Evaluator`: the static evaluation of one variant, in hundredths of a man from the side to
 * move's point of view. One code path for every variant, driven by a `Weights` record and tables
 * built once per variant (`tables.ts`).
 *
 * The evaluation comes in three forms that give identical scores (tested; the bench node count
 * depends on it): the square pass (`squares.ts`, every board), and on boards of at most 64 squares
 * (every variant but Dhamet) a bitboard form the search keeps up to date move by move — one word
 * per piece code up to 32 squares (`bits.ts`), two words for 10x10 and Turkish (`wide-bits.ts`).
 * Each form counts in its own fastest way; what the counts are worth is computed once, in
 * `terms.ts`. Every variant adds a learned table of the men's structure (patterns.ts).
 *
 * Terms: material, advancement (linear, and Breakthrough's race curve), back-row guard, centre and
 * Dhamet's strong points (folded into the piece-square table, one read per piece); runaway men
 * (their reach per variant), loose pieces, king mobility, Turkish pairs; the men's shape
 * (formation, stuck men, mobility, wing balance, tempo gap), of which only International's wing
 * balance is weighted so far; Breakthrough's race at the crowning row (a man one step from it with
 * a free square: crowning now for the side to move, a threat for the other), on only where
 * weighted; trading down when ahead (the lead times the pieces gone, English and Arab Dama so
 * far); draw-ish endings scaled down; a tempo bonus.
 */
import type { Variant } from '@damka/rules';
import { kingBoards } from '../king-boards.ts';
import { BITS_STRIDE } from './shifts.ts';
import type { PatternTable } from '../patterns.ts';
import type { Weights } from '../weights.ts';
import { EvalTables } from './tables.ts';
import { scanSquares } from './squares.ts';
import { evaluateBits, loadBits } from './bits.ts';
import { evaluateWideBits } from './wide-bits.ts';

/** The evaluation of one variant. It keeps no state between calls. */
export class Evaluator extends EvalTables {
  /**
   * `patterns`: the structure table to add, null for none; by default the variant's stored table.
   */
  constructor(
    variant: Variant,
    overrides: Partial<Weights> = {},
    patterns: PatternTable | null | undefined = undefined,
  ) {
    super(variant, overrides, patterns);
    this.seeKings(variant);
  }

  /** Score both king boards (king-boards.ts) for both sides, in every form this board has. */
  private seeKings(variant: Variant): void {
    const codes = new Int32Array(BITS_STRIDE);
    const bitboards = this.bits !== null || this.wideBits !== null;
    for (const board of kingBoards(variant.compiled)) {
      const sum = bitboards ? this.loadBits(board, codes, 0) : 0;
      for (let side = 0; side < 2; side++) {
        if (bitboards) {
          this.evaluateBits(codes, 0, sum, side, true);
          this.evaluateBits(codes, 0, sum, side, false);
        } else {
          this.evaluateQuiet(board, side);
          this.evaluate(board, side);
        }
      }
    }
  }

  /** The score of `board` for `side` (0 white, 1 black) to move, in hundredths of a man. */
  evaluate(board: Int8Array, side: number): number {
    return scanSquares(this, board, side, false);
  }

  /**
   * The score of a quiet position, or `NOT_QUIET` when `side` has a capture (it must be played
   * out, not evaluated) or no ordinary step (only the generator can tell a blocked position from a
   * house-rule move). Quiescence asks this at every leaf: one pass over the board answers both.
   * Exact for captures: a capture exists exactly when some piece has a legal first jump.
   */
  evaluateQuiet(board: Int8Array, side: number): number {
    return scanSquares(this, board, side, true);
  }

  /**
   * `evaluate` / `evaluateQuiet` from bitboards, on boards that have them (`bits` or `wideBits`
   * not null): `codes[at + code]` is the mask of the squares 0–31 holding `code` (codes 1–7),
   * `codes[at + 8 + code]` those of squares 32–63 (wide boards), `tableSum` the sum of `pst` over
   * the board. At a `leaf`, `NOT_QUIET` unless the position is quiet.
   */
  evaluateBits(
    codes: Int32Array,
    at: number,
    tableSum: number,
    side: number,
    leaf: boolean,
  ): number {
    return this.bits !== null
      ? evaluateBits(this, codes, at, tableSum, side, leaf)
      : evaluateWideBits(this, codes, at, tableSum, side, leaf);
  }

  /** The bitboard state of `board` (see `BITS_STRIDE`) into `codes` at `at`; returns the table sum. */
  loadBits(board: Int8Array, codes: Int32Array, at: number): number {
    return loadBits(this, board, codes, at);
  }
}
