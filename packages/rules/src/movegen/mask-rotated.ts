/**
 * The capture test of the mask backend (mask-moves.ts) on the rotated layout of boards of at most
 * 32 squares (masks.ts: each of the four directions is one rotation of one word): for the side to
 * move, the squares whose neighbour along each direction is empty (which the step count and the
 * step writer reuse), and for each short-range piece code the squares from which a jump along each
 * direction exists (which mask-singles.ts reads).
 *
 * Written out for the four directions with the masks and rotations in scalar fields, as the wide
 * test (mask-wide.ts) is: this runs at every node. Codes with the same victims (a man and a king
 * that both take every enemy piece) share one jump mask per direction; where every code of the
 * side takes the same colour (English, Russian, Pool...), those masks are made once before the pass
 * over the codes, which then only gathers pieces; where they differ (Italian: a man takes no king)
 * the masks are made again whenever the victims change from one code to the next. `countSteps`
 * is the test fused with the count of non-captures, for rules without flying pieces: the number of
 * moves of a position without a capture — the last ply of perft, or any caller that needs only the
 * number — comes from one pass over the side's codes, with nothing stored but the jump masks.
 */
import type { CompiledRules } from '../variants/compile.ts';
import { popcount, rotl, victimMask, type MaskTables } from './masks.ts';

export class RotatedCaptureTest {
  /** "One step back along d" (`along(t, reverse[d], x)`) is `rotl(x & bmD, brD)`. */
  private readonly bm0: number;
  private readonly bm1: number;
  private readonly bm2: number;
  private readonly bm3: number;
  private readonly br0: number;
  private readonly br1: number;
  private readonly br2: number;
  private readonly br3: number;
  /**
   * `sideVictims[side]`: the colour bit (0 or 4) when every code of that side jumps exactly the
   * pieces of that colour (English: men and kings take every enemy piece), else -1.
   */
  private readonly sideVictims: Int8Array;
  /** Set by `run` and `countSteps`: the short-range pieces with a first jump. */
  jumpLo = 0;
  private readonly t: MaskTables;
  /** The backend's arrays written here (see `run`), and the tables read. */
  private readonly open: Int32Array;
  private readonly from: Int32Array;
  private readonly jumpBits: Uint8Array;
  private readonly stepBits: Uint8Array;
  private readonly flying: Uint8Array;
  private readonly victimColour: Int8Array;

  constructor(
    t: MaskTables,
    c: CompiledRules,
    jumpBits: Uint8Array,
    stepBits: Uint8Array,
    open: Int32Array,
    from: Int32Array,
  ) {
    if (!t.rotated || c.reverse.length !== 4) {
      throw new Error('RotatedCaptureTest: a rotated layout with four directions expected');
    }
    this.t = t;
    this.open = open;
    this.from = from;
    this.jumpBits = jumpBits;
    this.stepBits = stepBits;
    this.flying = c.flying;
    this.victimColour = t.victimColour;
    const back = (a: ArrayLike<number>) =>
      [0, 1, 2, 3].map((d) => a[c.reverse[d]! * 2]!) as [number, number, number, number];
    [this.bm0, this.bm1, this.bm2, this.bm3] = back(t.maskLo);
    [this.br0, this.br1, this.br2, this.br3] = back(t.shift);
    this.sideVictims = Int8Array.from(t.codes, (codes) => {
      const colour = codes.length > 0 ? t.victimColour[codes[0]!]! : -1;
      return codes.every((code) => t.victimColour[code] === colour) ? colour : -1;
    });
  }

  /**
   * The test for `side` on the backend's masks `bits` (see `victimMask`) with `empty` the empty
   * squares: writes `open` at each direction d and `from` at `code * 4 + d` for its short-range
   * codes' jump directions, sets `jumpLo`, and returns the flying codes that have pieces and
   * something to jump (bit `code`), for the caller.
   */
  run(bits: Int32Array, side: number, empty: number): number {
    const { bm0, bm1, bm2, bm3, br0, br1, br2, br3, open, from, jumpBits, flying } = this;
    // the squares whose neighbour along d is empty
    const o0 = rotl(empty & bm0, br0);
    const o1 = rotl(empty & bm1, br1);
    const o2 = rotl(empty & bm2, br2);
    const o3 = rotl(empty & bm3, br3);
    open[0] = o0;
    open[1] = o1;
    open[2] = o2;
    open[3] = o3;
    // the squares from which a jump along d exists: a victim next that way, empty beyond; made
    // once for the side when all its codes take one colour, else again when the victims change
    const uniform = this.sideVictims[side]!;
    let seen = uniform >= 0 ? bits[uniform]! : 0;
    let f0 = rotl(o0 & seen & bm0, br0);
    let f1 = rotl(o1 & seen & bm1, br1);
    let f2 = rotl(o2 & seen & bm2, br2);
    let f3 = rotl(o3 & seen & bm3, br3);
    const codes = this.t.codes[side]!;
    let jumpers = 0;
    let flyers = 0;
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i]!;
      const pieces = bits[code]!;
      if (pieces === 0) continue;
      const victims = uniform >= 0 ? seen : this.victimsOf(bits, code);
      // set by the same operations whether or not the code flies (see mask-wide.ts)
      const flies = flying[code]!;
      flyers |= (flies & (victims !== 0 ? 1 : 0)) << code;
      if (flies === 1) continue;
      if (victims !== seen) {
        seen = victims;
        f0 = rotl(o0 & victims & bm0, br0);
        f1 = rotl(o1 & victims & bm1, br1);
        f2 = rotl(o2 & victims & bm2, br2);
        f3 = rotl(o3 & victims & bm3, br3);
      }
      const at = code << 2;
      const dirs = jumpBits[code]!;
      if ((dirs & 1) !== 0) jumpers |= (from[at] = f0) & pieces;
      if ((dirs & 2) !== 0) jumpers |= (from[at + 1] = f1) & pieces;
      if ((dirs & 4) !== 0) jumpers |= (from[at + 2] = f2) & pieces;
      if ((dirs & 8) !== 0) jumpers |= (from[at + 3] = f3) & pieces;
    }
    this.jumpLo = jumpers;
    return flyers;
  }

  /**
   * For rules without flying pieces: the test of `run` for `side`, and when the side has no
   * capture the number of its non-captures (one popcount per direction), else -1 with `from` and
   * `jumpLo` set as `run` sets them. `open` is not written.
   */

  countSteps(bits: Int32Array, side: number, empty: number): number {
    const { bm0, bm1, bm2, bm3, br0, br1, br2, br3, from, jumpBits, stepBits } = this;
    const o0 = rotl(empty & bm0, br0);
    const o1 = rotl(empty & bm1, br1);
    const o2 = rotl(empty & bm2, br2);
    const o3 = rotl(empty & bm3, br3);
    // jump masks as `run` makes them: once for a side whose codes take one colour
    const uniform = this.sideVictims[side]!;
    let seen = uniform >= 0 ? bits[uniform]! : 0;
    let f0 = rotl(o0 & seen & bm0, br0);
    let f1 = rotl(o1 & seen & bm1, br1);
    let f2 = rotl(o2 & seen & bm2, br2);
    let f3 = rotl(o3 & seen & bm3, br3);
    const codes = this.t.codes[side]!;
    let jumpers = 0;
    // the pieces that step along d
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i]!;
      const pieces = bits[code]!;
      if (pieces === 0) continue;
      const steps = stepBits[code]!;
      if ((steps & 1) !== 0) s0 |= pieces;
      if ((steps & 2) !== 0) s1 |= pieces;
      if ((steps & 4) !== 0) s2 |= pieces;
      if ((steps & 8) !== 0) s3 |= pieces;
      if (uniform < 0) {
        const victims = this.victimsOf(bits, code);
        if (victims !== seen) {
          seen = victims;
          f0 = rotl(o0 & victims & bm0, br0);
          f1 = rotl(o1 & victims & bm1, br1);
          f2 = rotl(o2 & victims & bm2, br2);
          f3 = rotl(o3 & victims & bm3, br3);
        }
      }
      const at = code << 2;
      const dirs = jumpBits[code]!;
      if ((dirs & 1) !== 0) jumpers |= (from[at] = f0) & pieces;
      if ((dirs & 2) !== 0) jumpers |= (from[at + 1] = f1) & pieces;
      if ((dirs & 4) !== 0) jumpers |= (from[at + 2] = f2) & pieces;
      if ((dirs & 8) !== 0) jumpers |= (from[at + 3] = f3) & pieces;
    }
    this.jumpLo = jumpers;
    if (jumpers !== 0) return -1;
    let n = 0;
    if (s0 !== 0) n += popcount(o0 & s0);
    if (s1 !== 0) n += popcount(o1 & s1);
    if (s2 !== 0) n += popcount(o2 & s2);
    if (s3 !== 0) n += popcount(o3 & s3);
    return n;
  }

  /** The pieces `code` may jump (its victims' colour, or the mask of the codes it takes). */
  private victimsOf(bits: Int32Array, code: number): number {
    const colour = this.victimColour[code]!;
    return colour >= 0 ? bits[colour]! : victimMask(this.t, bits, code, 0);
  }
}
