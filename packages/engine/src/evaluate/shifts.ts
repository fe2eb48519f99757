/**
 * The bitboard geometry of the evaluation's bitboard forms, built once per topology: how every
 * square of a mask moves one step in a direction (two shifts per direction on a diagonal board, one
 * per row parity; two words with signed deltas above 32 squares), the runaway wedges as masks, and
 * the per-ply stride of the search's bitboard state. Null where a board does not fit.
 */

/**
 * Int32 words per ply of bitboard state: eight piece-code masks of squares 0–31, then eight of
 * squares 32–63 (used on wide boards only).
 */
export const BITS_STRIDE = 16;

/**
 * Bitboard shifts, per direction d: the squares of `mask0[d]` move to their neighbour by
 * `(x << left0[d]) >>> right0[d]`, those of `mask1[d]` likewise.
 */
export interface Shifts {
  readonly mask0: Int32Array;
  readonly left0: Int32Array;
  readonly right0: Int32Array;
  readonly mask1: Int32Array;
  readonly left1: Int32Array;
  readonly right1: Int32Array;
  /** Every square of the board. */
  readonly all: number;
  /** Per colour and square (`colour * size + sq`): the runaway wedge as a mask. */
  readonly coneMask: Int32Array;
  /** Per colour: the squares where a man may earn the runaway bonus. */
  readonly runawayZone: Int32Array;
}

/** The two-word shift tables of `Evaluator.wideBits` (signed index deltas instead of shifts). */
export interface WideShifts {
  readonly mask0lo: Int32Array;
  readonly mask0hi: Int32Array;
  readonly mask1lo: Int32Array;
  readonly mask1hi: Int32Array;
  readonly delta0: Int32Array;
  readonly delta1: Int32Array;
  readonly allLo: number;
  readonly allHi: number;
  /** The runaway wedge per colour and square, low and high words. */
  readonly coneLo: Int32Array;
  readonly coneHi: Int32Array;
  /** Runaway squares: white low, white high, black low, black high. */
  readonly runawayZone: Int32Array;
  /** Shape terms: the left wing (low, high word). */
  readonly leftWing: Int32Array;
  /** Each colour's home row: white low, white high, black low, black high. */
  readonly homeRow: Int32Array;
  /** Squares with no neighbour in a man's back direction k: `8 * colour + 2 * k + word`. */
  readonly openBack: Int32Array;
  /** Bit b of a man's ranks advanced, per colour: `8 * colour + 2 * b + word`. */
  readonly tempoPlane: Int32Array;
}

/** Set bits of a 32-bit mask. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * `popcount(a) + popcount(b)` in one pass: the two words are counted side by side and their byte
 * counts added before the one multiply (each byte then holds at most 16, the total at most 64).
 */
export function popcount2(a: number, b: number): number {
  a -= (a >>> 1) & 0x55555555;
  b -= (b >>> 1) & 0x55555555;
  a = (a & 0x33333333) + ((a >>> 2) & 0x33333333);
  b = (b & 0x33333333) + ((b >>> 2) & 0x33333333);
  const x = ((a + (a >>> 4)) & 0x0f0f0f0f) + ((b + (b >>> 4)) & 0x0f0f0f0f);
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * Direction `d`'s index deltas (at most two: a bitboard shifts each class of squares by one
 * amount) and the squares each delta moves; null when a direction needs more than two.
 */
function deltaClasses(
  next: Int16Array,
  size: number,
  d: number,
): { deltas: number[]; squares: number[][] } | null {
  const deltas: number[] = [];
  const squares: number[][] = [];
  for (let sq = 0; sq < size; sq++) {
    const to = next[d * size + sq]!;
    if (to < 0) continue;
    let k = deltas.indexOf(to - sq);
    if (k < 0) {
      if (deltas.length === 2) return null;
      k = deltas.push(to - sq) - 1;
      squares.push([]);
    }
    squares[k]!.push(sq);
  }
  return { deltas, squares };
}

/**
 * What the shift tables are built from: the neighbour table (`next[d * size + sq]`, -1 off the
 * board), and the runaway wedges (`cone[coneStart[ci]]` to `cone[coneEnd[ci] - 1]` for colour and
 * square `ci`) with their bonus (0 where a man earns none).
 */
export interface ShiftSource {
  readonly next: Int16Array;
  readonly size: number;
  readonly ndirs: number;
  readonly coneStart: Int32Array;
  readonly coneEnd: Int32Array;
  readonly cone: readonly number[];
  readonly runawayValue: Int32Array;
}

/**
 * The shift tables of `Evaluator.bits` for a board of at most 32 squares whose every direction
 * moves squares by at most two index deltas; null otherwise.
 */
export function buildShifts(src: ShiftSource): Shifts | null {
  const { next, size, ndirs, coneStart, coneEnd, cone } = src;
  if (size > 32) return null;
  const mask0 = new Int32Array(ndirs);
  const left0 = new Int32Array(ndirs);
  const right0 = new Int32Array(ndirs);
  const mask1 = new Int32Array(ndirs);
  const left1 = new Int32Array(ndirs);
  const right1 = new Int32Array(ndirs);
  for (let d = 0; d < ndirs; d++) {
    const classes = deltaClasses(next, size, d);
    if (!classes) return null;
    const masks = classes.squares.map((sqs) => sqs.reduce((m, sq) => m | (1 << sq), 0));
    const [delta0 = 0, delta1 = 0] = classes.deltas;
    mask0[d] = masks[0] ?? 0;
    mask1[d] = masks[1] ?? 0;
    left0[d] = Math.max(0, delta0);
    right0[d] = Math.max(0, -delta0);
    left1[d] = Math.max(0, delta1);
    right1[d] = Math.max(0, -delta1);
  }
  const coneMask = new Int32Array(2 * size);
  for (let ci = 0; ci < 2 * size; ci++) {
    for (let k = coneStart[ci]!; k < coneEnd[ci]!; k++)
      coneMask[ci] = coneMask[ci]! | (1 << cone[k]!);
  }
  const all = size === 32 ? -1 : (1 << size) - 1;
  return {
    mask0,
    left0,
    right0,
    mask1,
    left1,
    right1,
    all,
    coneMask,
    runawayZone: new Int32Array(2),
  };
}

/**
 * Two-word shift tables for boards of at most 64 squares with at most two deltas per direction:
 * the evaluation of 33 to 64 squares, and the men's shape terms on every such board.
 */
export function buildWideShifts(src: ShiftSource): WideShifts | null {
  const { next, size, ndirs, coneStart, coneEnd, cone, runawayValue } = src;
  if (size > 64) return null;
  const mask0lo = new Int32Array(ndirs);
  const mask0hi = new Int32Array(ndirs);
  const mask1lo = new Int32Array(ndirs);
  const mask1hi = new Int32Array(ndirs);
  const delta0 = new Int32Array(ndirs);
  const delta1 = new Int32Array(ndirs);
  for (let d = 0; d < ndirs; d++) {
    const classes = deltaClasses(next, size, d);
    if (!classes) return null;
    classes.squares.forEach((sqs, k) => {
      const lo = k === 0 ? mask0lo : mask1lo;
      const hi = k === 0 ? mask0hi : mask1hi;
      for (const sq of sqs) {
        if (sq < 32) lo[d] = lo[d]! | (1 << sq);
        else hi[d] = hi[d]! | (1 << sq);
      }
    });
    delta0[d] = classes.deltas[0] ?? 0;
    delta1[d] = classes.deltas[1] ?? 0;
  }
  const coneLo = new Int32Array(2 * size);
  const coneHi = new Int32Array(2 * size);
  const runawayZone = new Int32Array(4);
  for (let ci = 0; ci < 2 * size; ci++) {
    for (let k = coneStart[ci]!; k < coneEnd[ci]!; k++) {
      const sq = cone[k]!;
      if (sq < 32) coneLo[ci] = coneLo[ci]! | (1 << sq);
      else coneHi[ci] = coneHi[ci]! | (1 << sq);
    }
    if (runawayValue[ci] === 0) continue;
    const sq = ci % size;
    const z = (ci < size ? 0 : 2) + (sq >> 5);
    runawayZone[z] = runawayZone[z]! | (1 << sq);
  }
  return {
    mask0lo,
    mask0hi,
    mask1lo,
    mask1hi,
    delta0,
    delta1,
    allLo: size >= 32 ? -1 : (1 << size) - 1,
    allHi: size <= 32 ? 0 : size === 64 ? -1 : (1 << (size - 32)) - 1,
    coneLo,
    coneHi,
    runawayZone,
    leftWing: new Int32Array(2),
    homeRow: new Int32Array(4),
    openBack: new Int32Array(16),
    tempoPlane: new Int32Array(16),
  };
}
