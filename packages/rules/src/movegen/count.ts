/**
 * Perft's counters: how many legal moves a position has, and how many replies all the moves of a
 * list have together, without writing the moves where that can be avoided. Perft's last ply (and
 * its last two, on boards that fit 32-bit masks) is counted here rather than generated; any
 * position with a capture goes to the generator, whose list decides precedence and duplicates, so
 * the counts are the generator's by construction.
 */
import {
  BLACK_BIT as IMPORTED_BLACK_BIT,
  KING as IMPORTED_KING,
  MAN as IMPORTED_MAN,
} from '../types.ts';
import { MoveList } from './move-list.ts';
import type { MoveGenerator } from './generator.ts';
import { canJump as importedCanJump } from './tables.ts';
import { makeMove as importedMakeMove, unmakeMove as importedUnmakeMove } from './make.ts';
import {
  bitboardTables,
  countCaptures as importedCountCaptures,
  countQuiet as importedCountQuiet,
  type BitboardTables,
} from './bitboard.ts';

// Copied into this module: under a loader such as tsx every read of an imported binding is a
// getter call (measured: ~30% of perft).
const BLACK_BIT = IMPORTED_BLACK_BIT;
const KING = IMPORTED_KING;
const MAN = IMPORTED_MAN;
const canJump = importedCanJump;
const makeMove = importedMakeMove;
const unmakeMove = importedUnmakeMove;
const countQuiet = importedCountQuiet;
const countCaptures = importedCountCaptures;

/** The counters over one generator (not re-entrant, like the generator). */
export class MoveCounter {
  private readonly gen: MoveGenerator;
  /** Move list for `countMoves` when it must generate. */
  private readonly scratch = new MoveList();
  /** Bitboard tables when the rules fit them (small board, short-range pieces), else null. */
  private readonly bits: BitboardTables | null;
  /** Piece-code masks of a position and of the position after one move (`countReplies`). */
  private readonly bitsBefore = new Int32Array(8);
  private readonly bitsAfter = new Int32Array(8);

  constructor(gen: MoveGenerator) {
    this.gen = gen;
    this.bits = bitboardTables(gen.rules);
  }

  /**
   * The number of legal moves of `side`, the same as `generate` returns, without keeping the
   * moves: perft's last ply. Non-captures are counted without being written; when a capture
   * exists the full generation runs (precedence and duplicates need the list).
   */
  countMoves(board: Int8Array, side: number, dropDuplicates = true): number {
    const c = this.gen.rules;
    const size = c.size;
    const me = side === 0 ? 0 : BLACK_BIT;
    const t = this.gen.tables;
    const width = t.width;
    const step = t.step;
    const jumpOver = t.jumpOver;
    const jumpLand = t.jumpLand;
    const flying = c.flying;
    const capturable = c.capturable;
    const next = c.next;
    const kingSplit = c.kingSplit;
    // One pass over the board: each piece is first tested for a capture (any capture means the
    // full generation decides), then its non-captures are counted without being written.
    let n = 0;
    let np = 0;
    let last = -1;
    for (let sq = 0; sq < size; sq++) {
      const code = board[sq]!;
      if (code === 0 || (code & BLACK_BIT) !== me) continue;
      np++;
      last = sq;
      if (flying[code] === 0) {
        const at = (code * size + sq) * width;
        const cbase = code * 8;
        for (let k = at; ; k++) {
          const over = jumpOver[k]!;
          if (over < 0) break;
          const victim = board[over]!;
          if (victim !== 0 && capturable[cbase + victim] !== 0 && board[jumpLand[k]!] === 0) {
            return this.generateScratch(board, side, dropDuplicates);
          }
        }
        for (let k = at; ; k++) {
          const to = step[k]!;
          if (to < 0) break;
          if (board[to] === 0) n++;
        }
      } else {
        if (canJump(c, t, board, sq, code))
          return this.generateScratch(board, side, dropDuplicates);
        const dirs = c.stepDirs[code]!;
        for (let i = 0; i < dirs.length; i++) {
          const base = dirs[i]! * size;
          for (let to = next[base + sq]!; to >= 0 && board[to] === 0; to = next[base + to]!) n++;
        }
      }
      if (kingSplit && (code & 3) === KING) {
        const targets = c.splitTargets[(me === 0 ? 0 : size) + sq]!;
        for (let i = 0; i < targets.length; i++) if (board[targets[i]!] === 0) n++;
      }
    }
    if (np === 1 && (board[last]! & 3) === MAN) {
      const back = c.lastManDirs[board[last]!]!;
      for (let i = 0; i < back.length; i++) {
        const to = next[back[i]! * size + last]!;
        if (to >= 0 && board[to] === 0) n++;
      }
    }
    return n;
  }

  /**
   * The total of the opponent's move counts after each move of `list` (just generated for `side`
   * on `board`): perft's last two plies. `board` is left as it was.
   */
  countReplies(board: Int8Array, side: number, list: MoveList, dropDuplicates = true): number {
    const n = list.count;
    const other = side ^ 1;
    const t = this.bits;
    let total = 0;
    if (t === null) {
      for (let i = 0; i < n; i++) {
        makeMove(board, list, i);
        total += this.countMoves(board, other, dropDuplicates);
        unmakeMove(board, list, i);
      }
      return total;
    }
    // Bitboard path: the board is read once into a mask per piece code; each reply position is
    // those masks with the move's few bits changed, so no child re-reads the 32 squares.
    const before = this.bitsBefore;
    const after = this.bitsAfter;
    before.fill(0);
    let occupied = 0;
    for (let sq = 0; sq < board.length; sq++) {
      const code = board[sq]!;
      if (code === 0) continue;
      before[code]! |= 1 << sq;
      occupied |= 1 << sq;
    }
    const from = list.from;
    const to = list.to;
    const moved = list.moved;
    const piece = list.piece;
    const ncap = list.ncap;
    const start = list.start;
    const capSq = list.capSq;
    const capCode = list.capCode;
    const routesAreMoves = t.routesAreMoves && !dropDuplicates;
    for (let i = 0; i < n; i++) {
      for (let k = 1; k < 8; k++) after[k] = before[k]!;
      const fromBit = 1 << from[i]!;
      const toBit = 1 << to[i]!;
      let empty = ~occupied | fromBit;
      after[moved[i]!]! &= ~fromBit;
      const at = start[i]!;
      for (let x = at, end = at + ncap[i]!; x < end; x++) {
        const bit = 1 << capSq[x]!;
        after[capCode[x]!]! &= ~bit;
        empty |= bit;
      }
      after[piece[i]!]! |= toBit;
      empty &= ~toBit;
      let replies = countQuiet(t, after, empty, other);
      // A reply position with a capture: counted on the bitboards too when every route is a move
      // of its own, else by the full generator (precedence and merging need the moves).
      if (replies < 0 && routesAreMoves) replies = countCaptures(t, after, empty, other);
      if (replies < 0) {
        makeMove(board, list, i);
        replies = this.generateScratch(board, other, dropDuplicates);
        unmakeMove(board, list, i);
      }
      total += replies;
    }
    return total;
  }

  private generateScratch(board: Int8Array, side: number, dropDuplicates: boolean): number {
    return this.gen.generate(board, side, this.scratch, dropDuplicates);
  }
}
