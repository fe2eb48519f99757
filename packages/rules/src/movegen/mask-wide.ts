/**
 * The capture test of the mask backend (mask-moves.ts) on boards of more than 32 squares, two
 * 32-bit words per mask: for the side to move, the squares whose neighbour along each direction is
 * empty (which the step count and the step writer reuse), and for each short-range piece code the
 * squares from which a jump along each direction exists (which mask-singles.ts reads).
 *
 * Every such board the backend takes has four directions, two going up the bit order and their two
 * reverses going down (masks.ts checks it), each one shift of both words. The test names them by
 * slot, the two up directions first, and is written out slot by slot: an up shift and a down shift
 * are different expressions, so no branch picks the way and every value stays a 32-bit integer
 * (a shift that could give an unsigned value in one branch made the result a double, and every use
 * of it a conversion). The shifts and masks are scalar fields, not table elements: this runs at
 * every node, and a field costs one load where a table element costs several.
 */
import type { CompiledRules } from '../variants/compile.ts';
import type { MaskTables } from './masks.ts';

export class WideCaptureTest {
  /** The direction of each slot: slots 0 and 1 go up, 2 and 3 down. */
  private readonly d0: number;
  private readonly d1: number;
  private readonly d2: number;
  private readonly d3: number;
  /** Each slot's shift, in bits. */
  private readonly s0: number;
  private readonly s1: number;
  private readonly s2: number;
  private readonly s3: number;
  /** Per slot, low and high word: the squares with a neighbour straight back from its direction. */
  private readonly l0: number;
  private readonly l1: number;
  private readonly l2: number;
  private readonly l3: number;
  private readonly h0: number;
  private readonly h1: number;
  private readonly h2: number;
  private readonly h3: number;
  /** Set by `run`: the short-range pieces with a first jump (low and high word). */
  jumpLo = 0;
  jumpHi = 0;
  /** The backend's arrays `run` writes (see `run`), and the tables it reads. */
  private readonly openLo: Int32Array;
  private readonly openHi: Int32Array;
  private readonly fromLo: Int32Array;
  private readonly fromHi: Int32Array;
  private readonly jumpBits: Uint8Array;
  private readonly flying: Uint8Array;
  private readonly victimColour: Int8Array;
  private readonly victims: readonly Int8Array[];

  constructor(
    t: MaskTables,
    c: CompiledRules,
    jumpBits: Uint8Array,
    open: readonly [Int32Array, Int32Array],
    from: readonly [Int32Array, Int32Array],
  ) {
    const reverse = c.reverse;
    [this.openLo, this.openHi] = open;
    [this.fromLo, this.fromHi] = from;
    this.jumpBits = jumpBits;
    this.flying = c.flying;
    this.victimColour = t.victimColour;
    this.victims = t.victims;
    const slots = [0, 1, 2, 3].filter((d) => t.up[d] === 1);
    slots.push(...[0, 1, 2, 3].filter((d) => t.up[d] !== 1));
    if (slots.slice(0, 2).some((d) => t.up[d] !== 1) || slots.length !== 4) {
      throw new Error('WideCaptureTest: two directions up and two down expected');
    }
    [this.d0, this.d1, this.d2, this.d3] = slots as [number, number, number, number];
    const field = (a: ArrayLike<number>, k: (d: number) => number) =>
      slots.map((d) => a[k(d)]!) as [number, number, number, number];
    [this.s0, this.s1, this.s2, this.s3] = field(t.shift, (d) => d * 2);
    [this.l0, this.l1, this.l2, this.l3] = field(t.maskLo, (d) => reverse[d]! * 2);
    [this.h0, this.h1, this.h2, this.h3] = field(t.maskHi, (d) => reverse[d]! * 2);
  }

  /**
   * The test for the side whose piece codes are `codes`, on the backend's masks `bits` (see
   * `victimMask`) with (eLo, eHi) empty: writes `openLo`/`openHi` at each direction d and
   * `fromLo`/`fromHi` at `code * 4 + d` for its short-range codes, sets `jumpLo`/`jumpHi`, and
   * returns the flying codes that have pieces and something to jump (bit `code`), for the caller.
   */
  run(bits: Int32Array, codes: Int8Array, eLo: number, eHi: number): number {
    const { d0, d1, d2, d3, s0, s1, s2, s3, l0, l1, l2, l3, h0, h1, h2, h3 } = this;
    const { openLo, openHi, fromLo, fromHi, jumpBits, flying, victimColour, victims } = this;
    // per slot, the squares whose neighbour along its direction is empty: the empty squares one
    // step back (down for the up slots 0 and 1, up for 2 and 3)
    let x = eLo & l0;
    let y = eHi & h0;
    const o0l = (x >>> s0) | (y << (32 - s0));
    const o0h = (y >>> s0) | 0;
    x = eLo & l1;
    y = eHi & h1;
    const o1l = (x >>> s1) | (y << (32 - s1));
    const o1h = (y >>> s1) | 0;
    x = eLo & l2;
    y = eHi & h2;
    const o2l = x << s2;
    const o2h = (y << s2) | (x >>> (32 - s2));
    x = eLo & l3;
    y = eHi & h3;
    const o3l = x << s3;
    const o3h = (y << s3) | (x >>> (32 - s3));
    openLo[d0] = o0l;
    openLo[d1] = o1l;
    openLo[d2] = o2l;
    openLo[d3] = o3l;
    openHi[d0] = o0h;
    openHi[d1] = o1h;
    openHi[d2] = o2h;
    openHi[d3] = o3h;
    let jLo = 0;
    let jHi = 0;
    let flyers = 0;
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i]!;
      const pLo = bits[code]!;
      const pHi = bits[8 + code]!;
      if ((pLo | pHi) === 0) continue;
      let vLo = 0;
      let vHi = 0;
      const colour = victimColour[code]!;
      if (colour >= 0) {
        vLo = bits[colour]!;
        vHi = bits[8 + colour]!;
      } else {
        const vs = victims[code]!;
        for (let v = 0; v < vs.length; v++) {
          vLo |= bits[vs[v]!]!;
          vHi |= bits[8 + vs[v]!]!;
        }
      }
      // a flying code's bit is set by the same operations whether or not it flies (the compiled
      // test is then not dropped when the first king of a search appears)
      const flies = flying[code]!;
      flyers |= (flies & ((vLo | vHi) !== 0 ? 1 : 0)) << code;
      if (flies === 1) continue;
      // per slot, the squares from which a jump along its direction exists: from the squares
      // with an empty neighbour that way, over a victim, one more step back (0 where the code does
      // not jump that way)
      const dirs = jumpBits[code]!;
      const x0 = ((dirs >> d0) & 1) !== 0 ? o0l & vLo & l0 : 0;
      const y0 = ((dirs >> d0) & 1) !== 0 ? o0h & vHi & h0 : 0;
      const x1 = ((dirs >> d1) & 1) !== 0 ? o1l & vLo & l1 : 0;
      const y1 = ((dirs >> d1) & 1) !== 0 ? o1h & vHi & h1 : 0;
      const x2 = ((dirs >> d2) & 1) !== 0 ? o2l & vLo & l2 : 0;
      const y2 = ((dirs >> d2) & 1) !== 0 ? o2h & vHi & h2 : 0;
      const x3 = ((dirs >> d3) & 1) !== 0 ? o3l & vLo & l3 : 0;
      const y3 = ((dirs >> d3) & 1) !== 0 ? o3h & vHi & h3 : 0;
      const f0l = (x0 >>> s0) | (y0 << (32 - s0));
      const f0h = (y0 >>> s0) | 0;
      const f1l = (x1 >>> s1) | (y1 << (32 - s1));
      const f1h = (y1 >>> s1) | 0;
      const f2l = x2 << s2;
      const f2h = (y2 << s2) | (x2 >>> (32 - s2));
      const f3l = x3 << s3;
      const f3h = (y3 << s3) | (x3 >>> (32 - s3));
      const at = code * 4;
      fromLo[at + d0] = f0l;
      fromLo[at + d1] = f1l;
      fromLo[at + d2] = f2l;
      fromLo[at + d3] = f3l;
      fromHi[at + d0] = f0h;
      fromHi[at + d1] = f1h;
      fromHi[at + d2] = f2h;
      fromHi[at + d3] = f3h;
      jLo |= (f0l | f1l | f2l | f3l) & pLo;
      jHi |= (f0h | f1h | f2h | f3h) & pHi;
    }
    this.jumpLo = jLo;
    this.jumpHi = jHi;
    return flyers;
  }
}
