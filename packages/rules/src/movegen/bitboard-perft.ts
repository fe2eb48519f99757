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
import type { CompiledRules } from '../variants/compile.ts';
import {
  STRIDE,
  bitboardPerftTables,
  popcount as importedPopcount,
  rotl as importedRotl,
} from './bitboard-perft-tables.ts';
import { BitboardCaptures } from './bitboard-captures.ts';

// Module copies: under a loader such as tsx every read of an imported binding is a getter call.
const popcount = importedPopcount;
const rotl = importedRotl;

/** Perft on bitboards for `c`, or null when its rules do not qualify (see module note). */
export function bitboardPerftFor(c: CompiledRules, dropDuplicates: boolean): BitboardPerft | null {
  const t = bitboardPerftTables(c);
  return t === null ? null : new BitboardPerft(t, dropDuplicates);
}

export class BitboardPerft extends BitboardCaptures {
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
}
