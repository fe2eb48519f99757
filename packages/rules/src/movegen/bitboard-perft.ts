/**
 * Perft played entirely on 32-bit bitboards, for rules whose board and pieces fit them: at most 32
 * squares, short-range pieces only, captures compulsory and complete (English, Italian, Arab dama,
 * giveaway on 8x8). Perft's numbers are what a move generator is judged by, and on these rules a
 * tree walk over a few masks is several times faster than the general generator's square-by-square
 * board, so `Perft` uses this walk whenever the compiled rules qualify.
 *
 * Qualifying is decided from the compiled rules alone (`bitboardPerftFor`): the bitboard tables of
 * `bitboard.ts` exist, the obligation is "mandatory" with complete captures, backward jumps do not
 * depend on the first jump, and promotion is one code per piece code on a fixed set of squares.
 * Everything else comes from the same tables as the general generator: step and jump directions
 * per piece code, who may capture whom, removal at the end or at once, reversal, mid-capture
 * promotion (pass through, stop, continue crowned) and the capture precedence key, built exactly
 * as `MoveGenerator` builds it. Captures with equal start, end and captured set count once when
 * duplicates are dropped.
 *
 * Squares are laid out on the 32 bits so that each of the four directions is one fixed rotation
 * (found once per topology, e.g. +1 and +7 for the 8x8 board): "every piece one step that way" is
 * a mask and a rotate, whatever the row. A position is one mask per piece code. Ply p keeps its
 * masks at `state[p * 8 + code]` and its moves in per-ply arrays (from bit, to bit, captured
 * squares, moved code, code after the move); a child's masks are written from the parent's, so
 * nothing is ever unmade. The last ply is counted, not played: non-captures by one popcount per
 * direction, one-jump captures per direction for all pieces at once, and longer routes by a walk
 * that records nothing when every route is a move of its own.
 */
import {
  EARLIEST_KING_BITS as IMPORTED_EARLIEST_KING_BITS,
  OBLIGATION_MANDATORY,
  PROMOTE_AND_STOP as IMPORTED_PROMOTE_AND_STOP,
  STEP_EARLIEST_KING as IMPORTED_STEP_EARLIEST_KING,
  STEP_KING_PRIORITY as IMPORTED_STEP_KING_PRIORITY,
  STEP_QUALITY as IMPORTED_STEP_QUALITY,
  STEP_QUANTITY as IMPORTED_STEP_QUANTITY,
  STEP_SCALE as IMPORTED_STEP_SCALE,
  STEP_WITH_KING as IMPORTED_STEP_WITH_KING,
  type CompiledRules,
} from '../variants/compile.ts';
import { MAN as IMPORTED_MAN } from '../types.ts';
import { bitboardTables } from './bitboard.ts';

// Module copies: under a loader such as tsx every read of an imported binding is a getter call.
const PROMOTE_AND_STOP = IMPORTED_PROMOTE_AND_STOP;
const MAN = IMPORTED_MAN;
const EARLIEST_KING_BITS = IMPORTED_EARLIEST_KING_BITS;
const STEP_EARLIEST_KING = IMPORTED_STEP_EARLIEST_KING;
const STEP_KING_PRIORITY = IMPORTED_STEP_KING_PRIORITY;
const STEP_QUALITY = IMPORTED_STEP_QUALITY;
const STEP_QUANTITY = IMPORTED_STEP_QUANTITY;
const STEP_SCALE = IMPORTED_STEP_SCALE;
const STEP_WITH_KING = IMPORTED_STEP_WITH_KING;

/** Masks per ply: index = piece code (0 and 4 unused). */
const STRIDE = 8;
/** Moves a ply's arrays hold before they grow. */
const INITIAL_MOVES = 128;

/** Number of set bits of a 32-bit value. */
function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** `x` rotated left by `r` bits (1–31). */
function rotl(x: number, r: number): number {
  return (x << r) | (x >>> (32 - r));
}

/** Moves of one ply: bit masks and piece codes, one slot per move. */
class PlyMoves {
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
interface BitboardPerftTables {
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

/** Perft on bitboards for `c`, or null when its rules do not qualify (see module note). */
export function bitboardPerftFor(c: CompiledRules, dropDuplicates: boolean): BitboardPerft | null {
  const t = bitboardPerftTables(c);
  return t === null ? null : new BitboardPerft(t, dropDuplicates);
}

export class BitboardPerft {
  private readonly t: BitboardPerftTables;
  private readonly drop: boolean;
  /** Capture routes are counted without being recorded: duplicates kept and no precedence. */
  private readonly routesAreMoves: boolean;
  private state = new Int32Array(STRIDE * 16);
  private readonly plies: PlyMoves[] = [];
  // Tables copied out of `t` into fields: one property load less in the hot loops.
  private readonly rot: Int8Array;
  private readonly r0: number;
  private readonly r1: number;
  private readonly r2: number;
  private readonly r3: number;
  private readonly stepSrc: Int32Array;
  private readonly jumpSrc: Int32Array;
  private readonly nextJumpSrc: Int32Array;
  private readonly boardMask: number;
  private readonly mayCapture: Int32Array;
  private readonly sharedVictims: Uint8Array;
  /** Scratch of the capture walk: the victims each piece code of the side to move may jump. */
  private readonly victims = new Int32Array(8);
  /** Scratch of the capture walk: the opponent's pieces that are not men. */
  private kingMask = 0;
  // The capture being collected.
  private walkList: PlyMoves;
  private walkCount = 0;
  private walkFrom = 0;
  private walkCode = 0;
  private bestKey = -1;

  constructor(t: BitboardPerftTables, dropDuplicates: boolean) {
    this.t = t;
    this.drop = dropDuplicates;
    this.routesAreMoves = !dropDuplicates && t.precedence.length === 0;
    this.rot = t.rot;
    this.r0 = t.rot[0]!;
    this.r1 = t.rot[1]!;
    this.r2 = t.rot[2]!;
    this.r3 = t.rot[3]!;
    this.stepSrc = t.stepSrc;
    this.jumpSrc = t.jumpSrc;
    this.nextJumpSrc = t.nextJumpSrc;
    this.boardMask = t.boardMask;
    this.mayCapture = t.mayCapture;
    this.sharedVictims = t.sharedVictims;
    this.walkList = this.plyAt(0);
  }

  /** Leaves at `depth` below `board` (piece codes by square); `side` 0 is white, 1 black. */
  count(board: Int8Array, side: number, depth: number): number {
    if (depth <= 0) return 1;
    const need = (depth + 1) * STRIDE;
    if (this.state.length < need) this.state = new Int32Array(need);
    const s = this.state;
    const bitOf = this.t.bitOf;
    for (let k = 0; k < STRIDE; k++) s[k] = 0;
    for (let sq = 0; sq < board.length; sq++) {
      const code = board[sq]!;
      if (code !== 0) s[code]! |= 1 << bitOf[sq]!;
    }
    for (let ply = 0; ply < depth; ply++) this.plyAt(ply);
    return this.node(0, side, depth);
  }

  private plyAt(ply: number): PlyMoves {
    while (this.plies.length <= ply) this.plies.push(new PlyMoves(INITIAL_MOVES));
    return this.plies[ply]!;
  }

  private node(ply: number, side: number, depth: number): number {
    if (depth === 1) return this.countLeaves(ply, side);
    const n = this.generate(ply, side);
    const moves = this.plies[ply]!;
    const from = moves.from;
    const to = moves.to;
    const captured = moves.captured;
    const piece = moves.piece;
    const s = this.state;
    const at = ply * STRIDE;
    const child = at + STRIDE;
    const other = side ^ 1;
    // the parent's masks do not change while its children are walked
    const m1 = s[at + 1]!;
    const m2 = s[at + 2]!;
    const m3 = s[at + 3]!;
    const m5 = s[at + 5]!;
    const m6 = s[at + 6]!;
    const m7 = s[at + 7]!;
    let total = 0;
    if (depth === 2) {
      // the replies are counted from the masks directly; they are stored only for a capture walk
      for (let i = 0; i < n; i++) {
        const clear = ~(from[i]! | captured[i]!);
        const p = piece[i]!;
        const bit = to[i]!;
        total += this.leaves(
          ply + 1,
          other,
          (m1 & clear) | (p === 1 ? bit : 0),
          (m2 & clear) | (p === 2 ? bit : 0),
          (m3 & clear) | (p === 3 ? bit : 0),
          (m5 & clear) | (p === 5 ? bit : 0),
          (m6 & clear) | (p === 6 ? bit : 0),
          (m7 & clear) | (p === 7 ? bit : 0),
        );
      }
      return total;
    }
    for (let i = 0; i < n; i++) {
      const clear = ~(from[i]! | captured[i]!);
      s[child + 1] = m1 & clear;
      s[child + 2] = m2 & clear;
      s[child + 3] = m3 & clear;
      s[child + 5] = m5 & clear;
      s[child + 6] = m6 & clear;
      s[child + 7] = m7 & clear;
      s[child + piece[i]!]! |= to[i]!;
      total += this.node(ply + 1, other, depth - 1);
    }
    return total;
  }

  /**
   * True when `side` can capture: `p1`–`p3` are its men, queens and kings, `o1`–`o3` the
   * opponent's.
   */
  private hasCapture(
    side: number,
    p1: number,
    p2: number,
    p3: number,
    o1: number,
    o2: number,
    o3: number,
    empty: number,
  ): boolean {
    const jump = this.jumpSrc;
    const may = this.mayCapture;
    const r0 = this.r0;
    const r1 = this.r1;
    const r2 = this.r2;
    const r3 = this.r3;
    // roles a side does not have, or that cannot jump, have all-zero jump sources
    const b1 = (side === 0 ? 1 : 5) * 4;
    const b2 = b1 + 4;
    const b3 = b1 + 8;
    if (this.sharedVictims[side] === 1) {
      // every piece of the side may jump the same codes: one test per direction for all of them
      const v = (o1 & may[b1 + 1]!) | (o2 & may[b1 + 2]!) | (o3 & may[b1 + 3]!);
      if (v === 0) return false;
      const j0 = (p1 & jump[b1]!) | (p2 & jump[b2]!) | (p3 & jump[b3]!);
      const j1 = (p1 & jump[b1 + 1]!) | (p2 & jump[b2 + 1]!) | (p3 & jump[b3 + 1]!);
      const j2 = (p1 & jump[b1 + 2]!) | (p2 & jump[b2 + 2]!) | (p3 & jump[b3 + 2]!);
      const j3 = (p1 & jump[b1 + 3]!) | (p2 & jump[b2 + 3]!) | (p3 & jump[b3 + 3]!);
      return (
        (rotl(rotl(j0, r0) & v, r0) & empty) !== 0 ||
        (rotl(rotl(j1, r1) & v, r1) & empty) !== 0 ||
        (rotl(rotl(j2, r2) & v, r2) & empty) !== 0 ||
        (rotl(rotl(j3, r3) & v, r3) & empty) !== 0
      );
    }
    for (let role = 1; role < 4; role++) {
      const p = role === 1 ? p1 : role === 2 ? p2 : p3;
      if (p === 0) continue;
      const k = b1 + (role - 1) * 4;
      const v = (o1 & may[k + 1]!) | (o2 & may[k + 2]!) | (o3 & may[k + 3]!);
      if (v === 0) continue;
      if (
        (rotl(rotl(p & jump[k]!, r0) & v, r0) & empty) !== 0 ||
        (rotl(rotl(p & jump[k + 1]!, r1) & v, r1) & empty) !== 0 ||
        (rotl(rotl(p & jump[k + 2]!, r2) & v, r2) & empty) !== 0 ||
        (rotl(rotl(p & jump[k + 3]!, r3) & v, r3) & empty) !== 0
      ) {
        return true;
      }
    }
    return false;
  }

  /** Fill `victims` (per piece code of `side`) and `kingMask` for the capture walks. */
  private prepareVictims(at: number, side: number): void {
    const s = this.state;
    const victims = this.victims;
    const mine = side === 0 ? 0 : 4;
    const theirs = at + 4 - mine;
    this.kingMask = s[theirs + 2]! | s[theirs + 3]!;
    const may = this.mayCapture;
    for (let role = 1; role < 4; role++) {
      const k = (mine + role) * 4;
      victims[mine + role] =
        (s[theirs + 1]! & may[k + 1]!) |
        (s[theirs + 2]! & may[k + 2]!) |
        (s[theirs + 3]! & may[k + 3]!);
    }
  }

  /** The number of legal moves at `ply` (perft's last ply). */
  private countLeaves(ply: number, side: number): number {
    const s = this.state;
    const at = ply * STRIDE;
    return this.leaves(
      ply,
      side,
      s[at + 1]!,
      s[at + 2]!,
      s[at + 3]!,
      s[at + 5]!,
      s[at + 6]!,
      s[at + 7]!,
    );
  }

  /**
   * The number of legal moves of `side` in the position given by its masks (white men, queens,
   * kings, then black); the masks are stored at `ply` only when a capture walk needs them.
   */
  private leaves(
    ply: number,
    side: number,
    w1: number,
    w2: number,
    w3: number,
    b1: number,
    b2: number,
    b3: number,
  ): number {
    const empty = ~(w1 | w2 | w3 | b1 | b2 | b3) & this.boardMask;
    const p1 = side === 0 ? w1 : b1;
    const p2 = side === 0 ? w2 : b2;
    const p3 = side === 0 ? w3 : b3;
    if (
      this.hasCapture(
        side,
        p1,
        p2,
        p3,
        side === 0 ? b1 : w1,
        side === 0 ? b2 : w2,
        side === 0 ? b3 : w3,
        empty,
      )
    ) {
      const s = this.state;
      const at = ply * STRIDE;
      s[at + 1] = w1;
      s[at + 2] = w2;
      s[at + 3] = w3;
      s[at + 5] = b1;
      s[at + 6] = b2;
      s[at + 7] = b3;
      if (this.routesAreMoves) return this.countRoutes(at, side, empty);
      return this.collectCaptures(ply, side, empty);
    }
    // Every piece's step along d lands on a different square, so one popcount per direction
    // counts the steps of all the side's pieces together.
    // roles the side does not have, or that cannot step, have all-zero step sources
    const step = this.stepSrc;
    const k1 = (side === 0 ? 1 : 5) * 4;
    const k2 = k1 + 4;
    const k3 = k1 + 8;
    const a0 = (p1 & step[k1]!) | (p2 & step[k2]!) | (p3 & step[k3]!);
    const a1 = (p1 & step[k1 + 1]!) | (p2 & step[k2 + 1]!) | (p3 & step[k3 + 1]!);
    const a2 = (p1 & step[k1 + 2]!) | (p2 & step[k2 + 2]!) | (p3 & step[k3 + 2]!);
    const a3 = (p1 & step[k1 + 3]!) | (p2 & step[k2 + 3]!) | (p3 & step[k3 + 3]!);
    return (
      popcount(rotl(a0, this.r0) & empty) +
      popcount(rotl(a1, this.r1) & empty) +
      popcount(rotl(a2, this.r2) & empty) +
      popcount(rotl(a3, this.r3) & empty)
    );
  }

  /** Write the legal moves at `ply` into its move arrays; returns how many. */
  private generate(ply: number, side: number): number {
    const t = this.t;
    const s = this.state;
    const at = ply * STRIDE;
    const empty =
      ~(s[at + 1]! | s[at + 2]! | s[at + 3]! | s[at + 5]! | s[at + 6]! | s[at + 7]!) &
      this.boardMask;
    const mine = at + (side === 0 ? 0 : 4);
    const theirs = at + (side === 0 ? 4 : 0);
    if (
      this.hasCapture(
        side,
        s[mine + 1]!,
        s[mine + 2]!,
        s[mine + 3]!,
        s[theirs + 1]!,
        s[theirs + 2]!,
        s[theirs + 3]!,
        empty,
      )
    ) {
      return this.collectCaptures(ply, side, empty);
    }
    const moves = this.plies[ply]!;
    const codes = t.codes[side]!;
    const stepSrc = this.stepSrc;
    const rot = this.rot;
    let n = 0;
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i]!;
      const pieces = s[at + code]!;
      if (pieces === 0) continue;
      const promoteMask = t.promoteEndMask[code]!;
      const promoted = t.promoteEndCode[code]!;
      for (let d = 0; d < 4; d++) {
        const movers = pieces & stepSrc[code * 4 + d]!;
        if (movers === 0) continue;
        const r = rot[d]!;
        let targets = rotl(movers, r) & empty;
        if (n + 32 > moves.from.length) moves.grow();
        const from = moves.from;
        const to = moves.to;
        const captured = moves.captured;
        const moved = moves.moved;
        const piece = moves.piece;
        const back = 32 - r;
        while (targets !== 0) {
          const bit = targets & -targets;
          targets ^= bit;
          from[n] = rotl(bit, back);
          to[n] = bit;
          captured[n] = 0;
          moved[n] = code;
          piece[n] = (bit & promoteMask) !== 0 ? promoted : code;
          n++;
        }
      }
    }
    return n;
  }

  /**
   * Capture routes of `side` counted without being recorded (duplicates kept, no precedence:
   * every complete route is a move).
   */
  private countRoutes(at: number, side: number, empty: number): number {
    this.prepareVictims(at, side);
    const t = this.t;
    const s = this.state;
    const codes = t.codes[side]!;
    const rot = this.rot;
    const jump = this.jumpSrc;
    let total = 0;
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i]!;
      const all = s[at + code]!;
      const v = this.victims[code]!;
      if (all === 0 || v === 0) continue;
      const k = code * 4;
      const midMask = t.promoteMidMask[code]!;
      const midCode = t.promoteMidCode[code]!;
      // First jumps of all the code's pieces along d at once. A landing from which no further jump
      // exists ends a route of one capture: those are counted by popcount, and only the landings
      // that go on are walked one by one.
      const further = this.further(code, v, empty);
      for (let d = 0; d < 4; d++) {
        const src = all & jump[k + d]!;
        if (src === 0) continue;
        const r = rot[d]!;
        const lands = rotl(rotl(src, r) & v, r) & empty;
        if (lands === 0) continue;
        const plain = lands & ~midMask;
        let goesOn = plain & further;
        total += popcount(plain & ~goesOn);
        const crowned = lands & midMask;
        if (crowned !== 0) {
          if (midCode === PROMOTE_AND_STOP) total += popcount(crowned);
          else goesOn |= crowned;
        }
        while (goesOn !== 0) {
          const land = goesOn & -goesOn;
          goesOn ^= land;
          const over = rotl(land, 32 - r);
          const from = rotl(over, 32 - r);
          const now = (land & midMask) !== 0 ? midCode : code;
          // the capturing piece has left its square: it may land there again later in the route
          const more = this.routes(
            land,
            now,
            over,
            t.immediateRemoval ? empty | from | over : empty | from,
            d,
          );
          total += more > 0 ? more : 1;
        }
      }
    }
    return total;
  }

  /**
   * Squares from which a piece of `code` could jump on over `v` to an empty square. Exact for a
   * square just landed on: the only jump it could wrongly allow goes back over the piece just
   * taken, and that one lands on the square just left, which is still occupied in `empty`.
   */
  private further(code: number, v: number, empty: number): number {
    const nextJump = this.nextJumpSrc;
    const rot = this.rot;
    const k = code * 4;
    let out = 0;
    for (let e = 0; e < 4; e++) {
      const re = rot[e]!;
      out |= nextJump[k + e]! & rotl(v, 32 - re) & rotl(empty, (64 - 2 * re) & 31);
    }
    return out;
  }

  /** Complete routes from the piece `code` on square bit `at`; 0 when it has no jump. */
  private routes(at: number, code: number, dead: number, empty: number, lastDir: number): number {
    const t = this.t;
    const src = lastDir < 0 ? this.jumpSrc : this.nextJumpSrc;
    const rot = this.rot;
    const noReverse = lastDir >= 0 && !t.allowReversal ? t.reverse[lastDir]! : -1;
    const victims = this.victims[code]! & ~dead;
    let total = 0;
    for (let d = 0; d < 4; d++) {
      const y = at & src[code * 4 + d]!;
      if (y === 0 || d === noReverse) continue;
      const r = rot[d]!;
      const over = rotl(y, r) & victims;
      if (over === 0) continue;
      const land = rotl(over, r) & empty;
      if (land === 0) continue;
      let now = code;
      if ((land & t.promoteMidMask[code]!) !== 0) {
        const mid = t.promoteMidCode[code]!;
        if (mid === PROMOTE_AND_STOP) {
          total++;
          continue;
        }
        now = mid;
      }
      const more = this.routes(
        land,
        now,
        dead | over,
        t.immediateRemoval ? empty | over : empty,
        d,
      );
      total += more > 0 ? more : 1;
    }
    return total;
  }

  /**
   * Write the legal captures of `side` at `ply` into its move arrays (best precedence only,
   * duplicates merged when dropped); returns how many.
   */
  private collectCaptures(ply: number, side: number, empty: number): number {
    const s = this.state;
    const at = ply * STRIDE;
    this.prepareVictims(at, side);
    const codes = this.t.codes[side]!;
    this.walkList = this.plies[ply]!;
    this.walkCount = 0;
    this.bestKey = -1;
    const t = this.t;
    const rot = this.rot;
    const jump = this.jumpSrc;
    const kingMask = this.kingMask;
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i]!;
      const all = s[at + code]!;
      const v = this.victims[code]!;
      if (all === 0 || v === 0) continue;
      this.walkCode = code;
      const k = code * 4;
      const midMask = t.promoteMidMask[code]!;
      const further = this.further(code, v, empty);
      // first jumps along d of all the code's pieces at once, as in `countRoutes`: the captures
      // that end there are recorded straight away, the others walked on from their landing
      for (let d = 0; d < 4; d++) {
        const src = all & jump[k + d]!;
        if (src === 0) continue;
        const r = rot[d]!;
        let lands = rotl(rotl(src, r) & v, r) & empty;
        while (lands !== 0) {
          const land = lands & -lands;
          lands ^= land;
          const over = rotl(land, 32 - r);
          const from = rotl(over, 32 - r);
          const king = (over & kingMask) !== 0;
          const kings = king ? 1 : 0;
          const earliest = king ? 2 ** (EARLIEST_KING_BITS - 1) : 0;
          this.walkFrom = from;
          if ((land & midMask) !== 0) {
            const mid = t.promoteMidCode[code]!;
            if (mid === PROMOTE_AND_STOP) {
              this.record(land, code, over, 1, kings, earliest);
              continue;
            }
            const goesOn = this.walk(
              land,
              mid,
              over,
              t.immediateRemoval ? empty | from | over : empty | from,
              d,
              1,
              kings,
              earliest,
            );
            if (!goesOn) this.record(land, mid, over, 1, kings, earliest);
          } else if ((land & further) === 0) {
            this.record(land, code, over, 1, kings, earliest);
          } else {
            this.walk(
              land,
              code,
              over,
              t.immediateRemoval ? empty | from | over : empty | from,
              d,
              1,
              kings,
              earliest,
            );
          }
        }
      }
    }
    return this.walkCount;
  }

  /**
   * Depth-first walk of the jumps from square bit `at` with the piece now `code`; records each
   * complete capture. `n`, `kings`, `earliest`: captures so far, kings among them, and the
   * "earliest king" component of the precedence key. Returns true when any jump was found.
   */
  private walk(
    at: number,
    code: number,
    dead: number,
    empty: number,
    lastDir: number,
    n: number,
    kings: number,
    earliest: number,
  ): boolean {
    const t = this.t;
    const src = lastDir < 0 ? this.jumpSrc : this.nextJumpSrc;
    const rot = this.rot;
    const noReverse = lastDir >= 0 && !t.allowReversal ? t.reverse[lastDir]! : -1;
    const victims = this.victims[code]! & ~dead;
    let found = false;
    for (let d = 0; d < 4; d++) {
      const y = at & src[code * 4 + d]!;
      if (y === 0 || d === noReverse) continue;
      const r = rot[d]!;
      const over = rotl(y, r) & victims;
      if (over === 0) continue;
      const land = rotl(over, r) & empty;
      if (land === 0) continue;
      found = true;
      const king = (over & this.kingMask) !== 0;
      const nextKings = king ? kings + 1 : kings;
      const nextEarliest =
        king && n < EARLIEST_KING_BITS ? earliest + 2 ** (EARLIEST_KING_BITS - 1 - n) : earliest;
      let now = code;
      if ((land & t.promoteMidMask[code]!) !== 0) {
        const mid = t.promoteMidCode[code]!;
        if (mid === PROMOTE_AND_STOP) {
          this.record(land, code, dead | over, n + 1, nextKings, nextEarliest);
          continue;
        }
        now = mid;
      }
      const goesOn = this.walk(
        land,
        now,
        dead | over,
        t.immediateRemoval ? empty | over : empty,
        d,
        n + 1,
        nextKings,
        nextEarliest,
      );
      if (!goesOn) this.record(land, now, dead | over, n + 1, nextKings, nextEarliest);
    }
    return found;
  }

  /** A complete capture ends on square bit `to` with the piece now `code`, taking `captured`. */
  private record(
    to: number,
    code: number,
    captured: number,
    n: number,
    kings: number,
    earliest: number,
  ): void {
    const t = this.t;
    const key = t.precedence.length === 0 ? 0 : this.rank(n, kings, earliest);
    if (key < this.bestKey) return;
    if (key > this.bestKey) {
      this.walkCount = 0;
      this.bestKey = key;
    }
    const list = this.walkList;
    const from = this.walkFrom;
    if (this.drop) {
      for (let j = 0; j < this.walkCount; j++) {
        if (list.to[j] === to && list.from[j] === from && list.captured[j] === captured) return;
      }
    }
    if (this.walkCount >= list.from.length) list.grow();
    const i = this.walkCount++;
    list.from[i] = from;
    list.to[i] = to;
    list.captured[i] = captured;
    list.moved[i] = this.walkCode;
    list.piece[i] = (to & t.promoteEndMask[code]!) !== 0 ? t.promoteEndCode[code]! : code;
  }

  /** The precedence key of a capture, as `MoveGenerator` ranks it: higher is preferred. */
  private rank(n: number, kings: number, earliest: number): number {
    const steps = this.t.precedence;
    let key = 0;
    for (let s = 0; s < steps.length; s++) {
      const step = steps[s]!;
      let part = 0;
      if (step === STEP_QUANTITY) part = n;
      else if (step === STEP_QUALITY) part = kings;
      else if (step === STEP_WITH_KING || step === STEP_KING_PRIORITY) {
        part = (this.walkCode & 3) !== MAN ? 1 : 0;
      } else if (step === STEP_EARLIEST_KING) part = earliest;
      key = key * STEP_SCALE[step]! + part;
    }
    return key;
  }
}
