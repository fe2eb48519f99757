/**
 * Capture routes counted on the masks, for the mask backend's move counts (mask-moves.ts): where
 * every capture route is a move of its own (captures compulsory and complete, no precedence, no
 * duplicates dropped) on a board of at most 32 squares with short-range pieces only, the number
 * of captures is the number of complete routes, and no route needs writing. The walk follows the
 * general generator's jump rules (jump directions after a forward or sideways jump, no straight
 * reversal unless allowed, a man crowned on the way stopping or going on as its new code), one
 * bit per square; kept apart from the backend so that each file holds one concern.
 */
import { PROMOTE_AND_STOP, type CompiledRules } from '../variants/compile.ts';
import { along, victimMask, type MaskTables } from './masks.ts';
import { barredDir, jumpDirs } from './tables.ts';

export class RouteCounter {
  private readonly c: CompiledRules;
  private readonly t: MaskTables;
  private readonly sqOf: Int8Array;
  private readonly ndirs: number;
  /** The piece masks of the backend (see `victimMask`), set by `count`. */
  private bits: Int32Array = new Int32Array(16);

  constructor(c: CompiledRules, t: MaskTables) {
    this.c = c;
    this.t = t;
    this.sqOf = t.sqOf;
    this.ndirs = c.reverse.length;
  }

  /**
   * The number of complete capture routes of the pieces on the bits of `jumpers` (each with a
   * first jump), on `board` with piece masks `bits` and empty squares `empty` (one word).
   */
  count(board: Int8Array, bits: Int32Array, jumpers: number, empty: number): number {
    this.bits = bits;
    let total = 0;
    let m = jumpers;
    while (m !== 0) {
      const bit = m & -m;
      m ^= bit;
      const code = board[this.sqOf[31 - Math.clz32(bit)]!]!;
      // the capturing piece leaves its square: it may land there again later in the route
      total += this.routes(bit, code, 0, empty | bit, -1, true);
    }
    return total;
  }

  /** Complete routes on from the piece `code` on square bit `at`; 0 when it has no jump. */
  private routes(
    at: number,
    code: number,
    dead: number,
    empty: number,
    lastDir: number,
    forward: boolean,
  ): number {
    const c = this.c;
    const t = this.t;
    const dirs = jumpDirs(c, code, lastDir < 0, forward);
    const noReverse = barredDir(c, lastDir);
    const victims = victimMask(t, this.bits, code, 0) & ~dead;
    let total = 0;
    for (let i = 0; i < dirs.length; i++) {
      const d = dirs[i]!;
      if (d === noReverse) continue;
      const over = along(t, d, at) & victims;
      if (over === 0) continue;
      const land = along(t, d, over) & empty;
      if (land === 0) continue;
      const mid = c.promoteMid[code * c.size + this.sqOf[31 - Math.clz32(land)]!]!;
      if (mid === PROMOTE_AND_STOP) {
        total++;
        continue;
      }
      const first = lastDir < 0 ? c.forwardDir[code * this.ndirs + d] === 1 : forward;
      const more = this.routes(
        land,
        mid > 0 ? mid : code,
        dead | over,
        c.immediateRemoval ? empty | over : empty,
        d,
        first,
      );
      total += more > 0 ? more : 1;
    }
    return total;
  }
}
