/**
 * The search path: what the search keeps per ply of the line it is on, beside the board it makes
 * and unmakes moves on — the Zobrist key in two int32 halves and the reversible-ply count (read for
 * repetitions and move-count draws), and on boards of at most 64 squares the piece-square sum per
 * ply and one bitboard per piece code (two words above 32 squares), which the evaluator's bitboard
 * forms read instead of the board. Entry `idx` is ply `idx - root` of the search, the game's
 * earlier positions below the root. Each move writes entry idx from entry idx - 1, incrementally.
 * The bitboards exist once, for the node being searched: `play` and `unplay` flip the same bits
 * (a move's changes are their own inverse), so no ply copies the masks of the one before.
 */
import { KIND_SPLIT, MAN, type MoveList, type Variant } from '@damka/rules';
import { BITS_STRIDE, type Evaluator } from './evaluate/index.ts';
import { hashBoard, variantKeys, type ZobristKeys } from './zobrist.ts';

export class SearchPath {
  readonly evaluator: Evaluator;
  private readonly zob: ZobristKeys;
  private readonly size: number;
  keysLo = new Int32Array(0);
  keysHi = new Int32Array(0);
  /** Reversible plies (king moves without capture) up to each entry. */
  rev = new Int32Array(0);
  /** Boards of at most 64 squares: piece-code masks of the node (`BITS_STRIDE` words), table sums. */
  readonly bitboards: boolean;
  private readonly codeBits = new Int32Array(BITS_STRIDE);
  private tableSums = new Int32Array(0);
  private readonly pst: Int32Array;

  constructor(variant: Variant, evaluator: Evaluator) {
    this.evaluator = evaluator;
    this.zob = variantKeys(variant);
    this.size = variant.topology.size;
    this.bitboards = evaluator.bits !== null || evaluator.wideBits !== null;
    this.pst = evaluator.pst;
  }

  /** Make room for `need` entries (game history and search plies). */
  reserve(need: number): void {
    if (this.keysLo.length >= need) return;
    this.keysLo = new Int32Array(need);
    this.keysHi = new Int32Array(need);
    this.rev = new Int32Array(need);
    if (this.bitboards) this.tableSums = new Int32Array(need);
  }

  /** Entry `idx` is `board` with `side` to move after `reversible` reversible plies. */
  setRoot(board: Int8Array, side: number, idx: number, reversible: number): void {
    const key = this.hash(board, side);
    this.keysLo[idx] = key[0];
    this.keysHi[idx] = key[1];
    this.rev[idx] = reversible;
    this.loadBits(board, idx);
  }

  /** The bitboards, and the table sum of entry `idx`, from the board (at most 64 squares). */
  loadBits(board: Int8Array, idx: number): void {
    if (!this.bitboards) return;
    this.tableSums[idx] = this.evaluator.loadBits(board, this.codeBits, 0);
  }

  /**
   * The evaluation of entry `idx` (`board`, `side` to move), the node being searched: from the
   * bitboards where the board has them; at a `leaf`, `NOT_QUIET` unless the position is quiet.
   */
  evaluate(board: Int8Array, side: number, idx: number, leaf: boolean): number {
    if (!this.bitboards) {
      return leaf
        ? this.evaluator.evaluateQuiet(board, side)
        : this.evaluator.evaluate(board, side);
    }
    return this.evaluator.evaluateBits(this.codeBits, 0, this.tableSums[idx]!, side, leaf);
  }

  /**
   * Move i of `list` is played: the key, reversible-ply counter (and table sum) at `idx` are
   * written from those at `idx - 1`, and the bitboards updated (the board itself is the move
   * generator's to change). `unplay` takes the bitboards back. Without `keyed` the key and the
   * counter are not written: entry `idx` and those after it until a keyed move are then for
   * evaluation only (quiescence reads no keys), and their keys are not to be read.
   */
  play(list: MoveList, i: number, idx: number, keyed: boolean): void {
    if (this.bitboards) this.tableSums[idx] = this.flipBits(list, i, this.tableSums[idx - 1]!);
    if (!keyed) return;
    const z = this.zob;
    const size = this.size;
    const from = list.from[i]!;
    const to = list.to[i]!;
    const moved = list.moved[i]!;
    const piece = list.piece[i]!;
    let lo = this.keysLo[idx - 1]! ^ z.sideLo;
    let hi = this.keysHi[idx - 1]! ^ z.sideHi;
    if (list.kind[i] === KIND_SPLIT) {
      lo ^= z.lo[moved * size + from]! ^ z.lo[piece * size + from]! ^ z.lo[piece * size + to]!;
      hi ^= z.hi[moved * size + from]! ^ z.hi[piece * size + from]! ^ z.hi[piece * size + to]!;
      this.rev[idx] = 0;
    } else {
      lo ^= z.lo[moved * size + from]! ^ z.lo[piece * size + to]!;
      hi ^= z.hi[moved * size + from]! ^ z.hi[piece * size + to]!;
      const at = list.start[i]!;
      const ncap = list.ncap[i]!;
      for (let x = at; x < at + ncap; x++) {
        const k = list.capCode[x]! * size + list.capSq[x]!;
        lo ^= z.lo[k]!;
        hi ^= z.hi[k]!;
      }
      // a king's move without capture or change counts; every test and the sum run on every
      // move, so the compiled search never meets them first in a late king move
      const king = (moved & 3) !== MAN;
      const plain = (ncap | (moved ^ piece)) === 0;
      const counted = this.rev[idx - 1]! + 1;
      this.rev[idx] = king && plain ? counted : 0;
    }
    this.keysLo[idx] = lo;
    this.keysHi[idx] = hi;
  }

  /** Move i of `list`, played before (`play`), is taken back: the bitboards are restored. */
  unplay(list: MoveList, i: number): void {
    if (this.bitboards) this.flipBits(list, i, 0);
  }

  /**
   * Flip the bits move i of `list` changes (playing it, or taking it back: the same flips) and
   * return `sum` (a table sum) plus the change the move makes to it.
   */
  private flipBits(list: MoveList, i: number, sum: number): number {
    const bits = this.codeBits;
    const pst = this.pst;
    const size = this.size;
    const from = list.from[i]!;
    const to = list.to[i]!;
    const moved = list.moved[i]!;
    const piece = list.piece[i]!;
    sum += pst[piece * size + to]! - pst[moved * size + from]!;
    // square sq is bit sq % 32 (a shift count is taken mod 32) of word sq >> 5
    const fromWord = (from >> 5) << 3;
    const toWord = (to >> 5) << 3;
    bits[fromWord + moved] = bits[fromWord + moved]! ^ (1 << from);
    if (list.kind[i] === KIND_SPLIT) {
      // the king becomes two men: one on its square, one on `to`
      bits[fromWord + piece] = bits[fromWord + piece]! ^ (1 << from);
      bits[toWord + piece] = bits[toWord + piece]! ^ (1 << to);
      sum += pst[piece * size + from]!;
    } else {
      bits[toWord + piece] = bits[toWord + piece]! ^ (1 << to);
      const start = list.start[i]!;
      const end = start + list.ncap[i]!;
      for (let x = start; x < end; x++) {
        const code = list.capCode[x]!;
        const sq = list.capSq[x]!;
        const w = ((sq >> 5) << 3) + code;
        bits[w] = bits[w]! ^ (1 << sq);
        sum -= pst[code * size + sq]!;
      }
    }
    return sum;
  }

  /** Full key of a board (for the root). */
  hash(board: Int8Array, side: number): [number, number] {
    return hashBoard(this.zob, board, side);
  }
}
