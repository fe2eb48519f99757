/**
 * A 32-bit bitboard counter for perft's last ply on small boards (at most 32 squares, every piece
 * short-range): English, Italian, Israeli 6x6 and the like.
 *
 * It is chosen from the compiled rules, never from a variant id: the tables exist exactly when
 * the topology fits in 32 bits, no piece flies, each direction is a few fixed index shifts, and no
 * house rule adds moves outside the direction tables (king split, lone man stepping back). For each
 * direction the squares are grouped by the index delta to their neighbour, so "every piece one
 * step that way" is a few mask-and-shift operations. Counting all non-captures is then a popcount
 * per direction, and "can anything capture?" is two shifts per direction; positions with a capture
 * are left to the full generator (precedence and duplicates need the moves themselves).
 */
import {
  OBLIGATION_MANDATORY,
  PROMOTE_AND_STOP as IMPORTED_PROMOTE_AND_STOP,
  type CompiledRules,
} from '../variants/compile.ts';

// A module copy: under a loader such as tsx every read of an imported binding is a getter call.
const PROMOTE_AND_STOP = IMPORTED_PROMOTE_AND_STOP;

export interface BitboardTables {
  /**
   * Direction d moves the squares of `mask0[d]` by `shift0[d]` index positions and those of
   * `mask1[d]` by `shift1[d]` (a diagonal board has two deltas per direction, one per row parity),
   * towards higher indices when `up[d]` is 1. Squares without a neighbour are in neither mask.
   */
  readonly mask0: Int32Array;
  readonly mask1: Int32Array;
  readonly shift0: Int8Array;
  readonly shift1: Int8Array;
  readonly up: Uint8Array;
  /** `stepDirs[code]`, `jumpDirs[code]` (first jumps): direction lists, as in the rules. */
  readonly stepDirs: readonly Int8Array[];
  readonly jumpDirs: readonly Int8Array[];
  /** `victims[code]`: the piece codes that code may jump. */
  readonly victims: readonly Int8Array[];
  /** `codes[side]`: the piece codes of that side (0 white, 1 black). */
  readonly codes: readonly Int8Array[];
  /** Directions of later jumps, per piece code. */
  readonly nextJumpDirs: readonly Int8Array[];
  readonly reverse: Int8Array;
  readonly allowReversal: boolean;
  readonly immediateRemoval: boolean;
  /** `promoteMid[code * size + sq]`, as in the compiled rules. */
  readonly promoteMid: Int8Array;
  readonly size: number;
  /**
   * True when every capture route is a legal move of its own: captures compulsory and complete,
   * no precedence. Then `countCaptures` gives the move count when duplicates are kept.
   */
  readonly routesAreMoves: boolean;
}

const cache = new WeakMap<CompiledRules, BitboardTables | null>();

/** The bitboard tables for `c`, or null when its board or rules do not fit (see module note). */
export function bitboardTables(c: CompiledRules): BitboardTables | null {
  const hit = cache.get(c);
  if (hit !== undefined) return hit;
  const tables = build(c);
  cache.set(c, tables);
  return tables;
}

function build(c: CompiledRules): BitboardTables | null {
  const size = c.size;
  if (size > 32 || c.kingSplit) return null;
  for (let code = 1; code < 8; code++) {
    if (c.flying[code] !== 0 || c.lastManDirs[code]!.length > 0) return null;
  }
  const ndirs = c.reverse.length;
  const mask0 = new Int32Array(ndirs);
  const mask1 = new Int32Array(ndirs);
  const shift0 = new Int8Array(ndirs);
  const shift1 = new Int8Array(ndirs);
  const up = new Uint8Array(ndirs);
  for (let d = 0; d < ndirs; d++) {
    const deltas: number[] = [];
    const masks: number[] = [];
    for (let sq = 0; sq < size; sq++) {
      const to = c.next[d * size + sq]!;
      if (to < 0) continue;
      let k = deltas.indexOf(to - sq);
      if (k < 0) {
        k = deltas.length;
        deltas.push(to - sq);
        masks.push(0);
      }
      masks[k]! |= 1 << sq;
    }
    if (deltas.length > 2) return null;
    if (deltas.length === 2 && deltas[0]! > 0 !== deltas[1]! > 0) return null;
    up[d] = deltas.length > 0 && deltas[0]! > 0 ? 1 : 0;
    mask0[d] = masks[0] ?? 0;
    mask1[d] = masks[1] ?? 0;
    shift0[d] = Math.abs(deltas[0] ?? 0);
    shift1[d] = Math.abs(deltas[1] ?? 0);
  }
  const victims: Int8Array[] = [];
  for (let code = 0; code < 8; code++) {
    const out: number[] = [];
    for (let v = 1; v < 8; v++) if (c.capturable[code * 8 + v] === 1) out.push(v);
    victims.push(Int8Array.from(out));
  }
  const codes = [0, 4].map((colour) =>
    Int8Array.from(
      [1, 2, 3]
        .map((role) => colour | role)
        .filter((code) => c.stepDirs[code]!.length > 0 || c.firstJumpDirs[code]!.length > 0),
    ),
  );
  return {
    mask0,
    mask1,
    shift0,
    shift1,
    up,
    stepDirs: c.stepDirs,
    jumpDirs: c.firstJumpDirs,
    victims,
    codes,
    nextJumpDirs: c.nextJumpDirs,
    reverse: c.reverse,
    allowReversal: c.allowReversal,
    immediateRemoval: c.immediateRemoval,
    promoteMid: c.promoteMid,
    size,
    routesAreMoves:
      c.precedence.length === 0 && c.obligation === OBLIGATION_MANDATORY && !c.prefixes,
  };
}

/** Number of set bits of a 32-bit value. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Every square of `x` moved one step along direction `d` (squares without a neighbour drop out). */
export function shift(t: BitboardTables, x: number, d: number): number {
  // Branch-free apart from the direction's sign; small enough for the compiler to inline.
  return t.up[d] === 1
    ? ((x & t.mask0[d]!) << t.shift0[d]!) | ((x & t.mask1[d]!) << t.shift1[d]!)
    : ((x & t.mask0[d]!) >>> t.shift0[d]!) | ((x & t.mask1[d]!) >>> t.shift1[d]!);
}

/**
 * Non-capturing moves of `side` on the board given by `bits[code]` (a mask per piece code; `bits[0]`
 * is ignored), or -1 when `side` has a capture. `empty` is the mask of empty squares.
 */
export function countQuiet(
  t: BitboardTables,
  bits: Int32Array,
  empty: number,
  side: number,
): number {
  const codes = t.codes[side]!;
  let n = 0;
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    const pieces = bits[code]!;
    if (pieces === 0) continue;
    const victimCodes = t.victims[code]!;
    let victims = 0;
    for (let v = 0; v < victimCodes.length; v++) victims |= bits[victimCodes[v]!]!;
    if (victims !== 0) {
      const jumps = t.jumpDirs[code]!;
      for (let j = 0; j < jumps.length; j++) {
        const d = jumps[j]!;
        if ((shift(t, shift(t, pieces, d) & victims, d) & empty) !== 0) return -1;
      }
    }
    const steps = t.stepDirs[code]!;
    for (let j = 0; j < steps.length; j++) n += popcount(shift(t, pieces, steps[j]!) & empty);
  }
  return n;
}

/**
 * The number of capture routes of `side` (each complete route once, duplicates kept), following
 * the same jump rules as the generator's capture walk: end-of-move or immediate removal, no
 * reversal unless allowed, promotion during a capture. Only meaningful when `routesAreMoves`.
 */
export function countCaptures(
  t: BitboardTables,
  bits: Int32Array,
  empty: number,
  side: number,
): number {
  const codes = t.codes[side]!;
  let total = 0;
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    const all = bits[code]!;
    if (all === 0) continue;
    const victimCodes = t.victims[code]!;
    let victims = 0;
    for (let v = 0; v < victimCodes.length; v++) victims |= bits[victimCodes[v]!]!;
    // Only pieces with a first jump start a walk: found for all pieces of the code at once by
    // stepping the landing squares back over the victims (cheaper than a walk per piece).
    const jumps = t.jumpDirs[code]!;
    let pieces = 0;
    for (let j = 0; j < jumps.length; j++) {
      const d = jumps[j]!;
      const back = t.reverse[d]!;
      const land = shift(t, shift(t, all, d) & victims, d) & empty;
      if (land !== 0) pieces |= shift(t, shift(t, land, back) & victims, back) & all;
    }
    while (pieces !== 0) {
      const bit = pieces & -pieces;
      pieces ^= bit;
      // the capturing piece leaves its square: it may land there again later in the route
      total += routes(t, bits, bit, code, 0, empty | bit, -1);
    }
  }
  return total;
}

/** Complete routes from the piece `code` on square bit `at`; 0 when it has no jump. */
function routes(
  t: BitboardTables,
  bits: Int32Array,
  at: number,
  code: number,
  dead: number,
  empty: number,
  lastDir: number,
): number {
  const dirs = lastDir < 0 ? t.jumpDirs[code]! : t.nextJumpDirs[code]!;
  const noReverse = lastDir >= 0 && !t.allowReversal ? t.reverse[lastDir]! : -1;
  const victimCodes = t.victims[code]!;
  let victims = 0;
  for (let v = 0; v < victimCodes.length; v++) victims |= bits[victimCodes[v]!]!;
  victims &= ~dead;
  let total = 0;
  for (let i = 0; i < dirs.length; i++) {
    const d = dirs[i]!;
    if (d === noReverse) continue;
    const over = shift(t, at, d) & victims;
    if (over === 0) continue;
    const land = shift(t, over, d) & empty;
    if (land === 0) continue;
    const mid = t.promoteMid[code * t.size + (31 - Math.clz32(land))]!;
    if (mid === PROMOTE_AND_STOP) {
      total++;
      continue;
    }
    const more = routes(
      t,
      bits,
      land,
      mid > 0 ? mid : code,
      dead | over,
      t.immediateRemoval ? empty | over : empty,
      d,
    );
    total += more > 0 ? more : 1;
  }
  return total;
}
