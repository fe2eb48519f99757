/**
 * The tables of the bitboard perft walk (`bitboard-perft.ts`), built once per compiled rules: the
 * square layout on 32 bits that makes each direction one fixed rotation, step and jump sources per
 * direction, promotion squares, who may capture whom, and the capture precedence, exactly as
 * `MoveGenerator` ranks captures; and `PlyMoves`, the per-ply move arrays of the walk.
 */
import { OBLIGATION_MANDATORY, type CompiledRules } from '../variants/compile.ts';
import { bitboardTables } from './bitboard.ts';

/** Masks per ply: index = piece code (0 and 4 unused). */
export const STRIDE = 8;
/** Moves a ply's arrays hold before they grow. */
export const INITIAL_MOVES = 128;

/** Number of set bits of a 32-bit value. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** `x` rotated left by `r` bits (1–31). */
export function rotl(x: number, r: number): number {
  return (x << r) | (x >>> (32 - r));
}

/** Moves of one ply: bit masks and piece codes, one slot per move. */
export class PlyMoves {
  from: Int32Array;
  to: Int32Array;
  captured: Int32Array;
  moved: Int8Array;
  piece: Int8Array;

  constructor(capacity: number) {
    this.from = new Int32Array(capacity);
    this.to = new Int32Array(capacity);
    this.captured = new Int32Array(capacity);
    this.moved = new Int8Array(capacity);
    this.piece = new Int8Array(capacity);
  }

  grow(): void {
    const n = this.from.length * 2;
    const from = new Int32Array(n);
    from.set(this.from);
    this.from = from;
    const to = new Int32Array(n);
    to.set(this.to);
    this.to = to;
    const captured = new Int32Array(n);
    captured.set(this.captured);
    this.captured = captured;
    const moved = new Int8Array(n);
    moved.set(this.moved);
    this.moved = moved;
    const piece = new Int8Array(n);
    piece.set(this.piece);
    this.piece = piece;
  }
}

/** The compiled rules in the shape the bitboard walk reads. */
export interface BitboardPerftTables {
  /** `bitOf[sq]`: the bit of square `sq` in the rotated layout. */
  readonly bitOf: Int8Array;
  /** `rot[d]`: the left rotation taking a square's bit to its neighbour's along direction d. */
  readonly rot: Int8Array;
  /**
   * `stepSrc[code * 4 + d]`: squares from which a piece of that code steps along d; `jumpSrc`,
   * `nextJumpSrc`: squares from which it may make a first / later jump along d (two squares of
   * room). 0 for the directions the code does not use.
   */
  readonly stepSrc: Int32Array;
  readonly jumpSrc: Int32Array;
  readonly nextJumpSrc: Int32Array;
  readonly reverse: Int8Array;
  /**
   * `mayCapture[code * 4 + role]`: -1 when a piece of that code may jump the opponent's piece of
   * that role (1 man, 2 queen, 3 king), else 0 — a mask to AND with the opponent's pieces.
   */
  readonly mayCapture: Int32Array;
  /** `codes[side]`: the piece codes of that side (0 white, 1 black) that can move at all. */
  readonly codes: readonly Int8Array[];
  /** `sharedVictims[side]`: 1 when every code of the side may jump the same codes. */
  readonly sharedVictims: Uint8Array;
  /** `promoteEndMask[code]`: squares where a move of that code ends crowned `promoteEndCode`. */
  readonly promoteEndMask: Int32Array;
  readonly promoteEndCode: Int8Array;
  /** `promoteMidMask[code]`: squares where landing mid-capture applies `promoteMidCode[code]`. */
  readonly promoteMidMask: Int32Array;
  readonly promoteMidCode: Int8Array;
  /** Bits of the board's squares. */
  readonly boardMask: number;
  readonly immediateRemoval: boolean;
  readonly allowReversal: boolean;
  readonly precedence: Int8Array;
}

const cache = new WeakMap<CompiledRules, BitboardPerftTables | null>();

/** The bitboard perft tables of `c` (built once), or null when its rules do not qualify. */
export function bitboardPerftTables(c: CompiledRules): BitboardPerftTables | null {
  const hit = cache.get(c);
  if (hit !== undefined) return hit;
  const tables = build(c);
  cache.set(c, tables);
  return tables;
}

/**
 * A numbering of the squares on 32 bits where each direction adds a fixed amount modulo 32, or
 * null. Only for four directions in two opposite pairs: the two amounts are searched (31 x 31).
 */
function rotatedLayout(c: CompiledRules): { bitOf: Int8Array; rot: Int8Array } | null {
  const size = c.size;
  const next = c.next;
  const reverse = c.reverse;
  if (reverse.length !== 4 || size > 32 || size === 0) return null;
  const d0 = 0;
  let d1 = 1;
  while (d1 < 4 && (d1 === d0 || d1 === reverse[d0])) d1++;
  if (reverse[d0] === d0 || reverse[d1] === d1 || reverse[d1] === reverse[d0]) return null;
  const rot = new Int8Array(4);
  const index = new Int8Array(size);
  const queue = new Int16Array(size);
  for (let a = 1; a < 32; a++) {
    for (let b = 1; b < 32; b++) {
      rot[d0] = a;
      rot[reverse[d0]!] = 32 - a;
      rot[d1] = b;
      rot[reverse[d1]!] = 32 - b;
      index.fill(-1);
      index[0] = 0;
      queue[0] = 0;
      let head = 0;
      let tail = 1;
      let ok = true;
      while (head < tail && ok) {
        const sq = queue[head++]!;
        for (let d = 0; d < 4; d++) {
          const to = next[d * size + sq]!;
          if (to < 0) continue;
          const bit = (index[sq]! + rot[d]!) & 31;
          if (index[to] === -1) {
            index[to] = bit;
            queue[tail++] = to;
          } else if (index[to] !== bit) {
            ok = false;
            break;
          }
        }
      }
      if (!ok || tail !== size) continue;
      let seen = 0;
      for (let sq = 0; sq < size && ok; sq++) {
        const bit = 1 << index[sq]!;
        if ((seen & bit) !== 0) ok = false;
        seen |= bit;
      }
      if (ok) return { bitOf: Int8Array.from(index), rot: Int8Array.from(rot) };
    }
  }
  return null;
}

function build(c: CompiledRules): BitboardPerftTables | null {
  // the 32-bit tables exist: small board, no flying piece, no king split or lone-man step back
  const t = bitboardTables(c);
  if (t === null) return null;
  if (c.obligation !== OBLIGATION_MANDATORY || c.prefixes) return null;
  const layout = rotatedLayout(c);
  if (layout === null) return null;
  const { bitOf } = layout;
  const size = c.size;
  const next = c.next;
  let boardMask = 0;
  for (let sq = 0; sq < size; sq++) boardMask |= 1 << bitOf[sq]!;
  // squares with one / two squares of room along each direction
  const room1 = new Int32Array(4);
  const room2 = new Int32Array(4);
  for (let d = 0; d < 4; d++) {
    for (let sq = 0; sq < size; sq++) {
      const one = next[d * size + sq]!;
      if (one < 0) continue;
      room1[d]! |= 1 << bitOf[sq]!;
      if (next[d * size + one]! >= 0) room2[d]! |= 1 << bitOf[sq]!;
    }
  }
  const stepSrc = new Int32Array(32);
  const jumpSrc = new Int32Array(32);
  const nextJumpSrc = new Int32Array(32);
  const promoteEndMask = new Int32Array(8);
  const promoteEndCode = new Int8Array(8);
  const promoteMidMask = new Int32Array(8);
  const promoteMidCode = new Int8Array(8);
  for (let code = 1; code < 8; code++) {
    // backward jumps that depend on the first jump's direction are the general generator's
    if (c.afterSidewaysJumpDirs[code]!.join() !== c.nextJumpDirs[code]!.join()) return null;
    for (const d of c.stepDirs[code]!) stepSrc[code * 4 + d] = room1[d]!;
    for (const d of c.firstJumpDirs[code]!) jumpSrc[code * 4 + d] = room2[d]!;
    for (const d of c.nextJumpDirs[code]!) nextJumpSrc[code * 4 + d] = room2[d]!;
    for (let sq = 0; sq < size; sq++) {
      const end = c.promoteEnd[code * size + sq]!;
      if (end !== 0) {
        if (promoteEndCode[code] !== 0 && promoteEndCode[code] !== end) return null;
        promoteEndCode[code] = end;
        promoteEndMask[code]! |= 1 << bitOf[sq]!;
      }
      const mid = c.promoteMid[code * size + sq]!;
      if (mid !== 0) {
        if (promoteMidCode[code] !== 0 && promoteMidCode[code] !== mid) return null;
        promoteMidCode[code] = mid;
        promoteMidMask[code]! |= 1 << bitOf[sq]!;
      }
    }
  }
  const mayCapture = new Int32Array(32);
  for (let code = 1; code < 8; code++) {
    if ((code & 3) === 0) continue;
    const theirs = code < 4 ? 4 : 0;
    for (let role = 1; role < 4; role++) {
      mayCapture[code * 4 + role] = c.capturable[code * 8 + theirs + role] === 1 ? -1 : 0;
    }
  }
  const sharedVictims = new Uint8Array(2);
  for (let side = 0; side < 2; side++) {
    const codes = t.codes[side]!;
    sharedVictims[side] = codes.every(
      (code) => t.victims[code]!.join() === t.victims[codes[0]!]!.join(),
    )
      ? 1
      : 0;
  }
  return {
    bitOf,
    rot: layout.rot,
    stepSrc,
    jumpSrc,
    nextJumpSrc,
    reverse: c.reverse,
    mayCapture,
    codes: t.codes,
    sharedVictims,
    promoteEndMask,
    promoteEndCode,
    promoteMidMask,
    promoteMidCode,
    boardMask,
    immediateRemoval: c.immediateRemoval,
    allowReversal: c.allowReversal,
    precedence: c.precedence,
  };
}
