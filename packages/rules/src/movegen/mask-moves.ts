/**
 * The mask backend of `BoardMoves` (board-moves.ts), for boards of at most 64 squares: next to the
 * board it keeps one two-word mask per piece code (masks.ts has the layout), updated by `make` and
 * `unmake`, so nothing is read square by square to learn where the pieces are.
 *
 * Whether the side to move has a capture is a few masked shifts per direction for short-range
 * pieces (every piece of a code at once; written out in mask-rotated.ts for the rotated layout of
 * 8x8 and 6x6 boards, in mask-wide.ts above 32 squares) and a ray per flying king; a position
 * with a capture goes to the capture walk on the masks (mask-captures.ts) where it follows the
 * capture rules (first asking mask-singles.ts whether every capture is one jump: then no walk),
 * else to the general generator; both decide precedence, duplicates and routes alike. Otherwise the
 * non-captures are written from the masks in the general generator's order (square order, then
 * the piece's directions), and counted — perft's last ply, or any caller that needs only the
 * number — by one popcount per direction. So every list is the general generator's list, and the
 * tests compare the two move for move.
 */
import { OBLIGATION_MANDATORY, type CompiledRules } from '../variants/compile.ts';
import type { MoveGenerator } from './generator.ts';
import { MoveList } from './move-list.ts';
import { along, popcount, victimMask, type MaskTables } from './masks.ts';
import { canJump, writeSteps, type MoveTables } from './tables.ts';
import { MaskCaptures, maskCapturesFit } from './mask-captures.ts';
import { SingleCaptures } from './mask-singles.ts';
import { RouteCounter } from './mask-routes.ts';
import { WideCaptureTest } from './mask-wide.ts';
import { RotatedCaptureTest } from './mask-rotated.ts';
import type { BoardMoves } from './board-moves.ts';

export class MaskMoves implements BoardMoves {
  readonly rules: CompiledRules;
  readonly backend = 'masks' as const;
  readonly captureWalk: 'masks' | 'general';
  private readonly gen: MoveGenerator;
  private readonly t: MaskTables;
  private readonly moveTables: MoveTables;
  private board: Int8Array = new Int8Array(0);
  /**
   * `bits[word * 8 + code]`: the squares of piece code `code` in word `word` (0 low, 1 high);
   * `bits[word * 8 + colour]` (colour 0 white, 4 black: no piece has those codes) every piece of
   * that colour.
   */
  private readonly bits = new Int32Array(16);
  private readonly scratch = new MoveList();
  /** Pieces with a first jump, found by `hasCapture`. */
  private jumpLo = 0;
  /**
   * Left by `hasCapture`, per direction d: the squares whose neighbour along d is empty (per word;
   * the high words are 0 up to 32 squares).
   */
  private readonly openLo: Int32Array;
  private readonly openHi: Int32Array;
  /** The capture test of boards of more than 32 squares (null up to 32). */
  private readonly wide: WideCaptureTest | null;
  /** `jumpBits[code]`, `stepBits[code]`: bit d set when `code` may jump first, or step, along d. */
  private readonly jumpBits: Uint8Array;
  private readonly stepBits: Uint8Array;
  /**
   * Left by `hasCapture` at `code * ndirs + d` for the short-range codes with a victim: the
   * squares from which a jump along d exists (a victim next that way, an empty square beyond),
   * whoever stands there (per word).
   */
  private readonly fromLo: Int32Array;
  private readonly fromHi: Int32Array;
  /** Set by `hasCapture`: a flying piece has a jump. */
  private flyingJumps = false;
  /** One-jump captures counted and written from the jump masks (null: always the walk). */
  private readonly singles: SingleCaptures | null;
  private jumpHi = 0;
  /** Squares listed by `listSquares`. */
  private readonly squares = new Int16Array(64);
  /**
   * Every capture route is a move of its own (captures compulsory and complete, no precedence) on
   * a board of at most 32 squares with short-range pieces only: with duplicates kept, captures are
   * counted on the masks (mask-routes.ts); else null.
   */
  private readonly routes: RouteCounter | null;
  private readonly ndirs: number;
  /** At most 32 squares: the high words stay 0. */
  private readonly narrow: boolean;
  /** Captures compulsory: a position with a capture lists captures only. */
  private readonly mandatory: boolean;
  // Tables copied into fields: one property load less in the hot loops.
  private readonly boardLo: number;
  private readonly boardHi: number;
  private readonly bitOf: Int8Array;
  private readonly sqOf: Int8Array;
  /** Every direction is one rotation (the layout of masks.ts up to 32 squares). */
  private readonly rotated: boolean;
  /** The capture walk on the masks (mask-captures.ts), where it follows the rules; else null. */
  private readonly walker: MaskCaptures | null;
  /** The capture test of the rotated layout (mask-rotated.ts), else null. */
  private readonly rot: RotatedCaptureTest | null;
  /** `rot` and no flying piece: moves counted by `rot.countSteps`. */
  private readonly plainRotated: boolean;
  /** Rotated layouts: masks in square order by bytes (`MaskTables.squareOrder`). */
  private readonly order: Int32Array;
  private readonly flying: Uint8Array;
  /**
   * Steps of the general generator's capture walk in the last `generate` (BoardMoves); the walks
   * on the masks follow rules whose captures stay short, and count none.
   */
  walkSteps = 0;

  constructor(gen: MoveGenerator, t: MaskTables) {
    this.rules = gen.rules;
    this.gen = gen;
    this.t = t;
    this.moveTables = gen.tables;
    this.boardLo = t.boardLo;
    this.boardHi = t.boardHi;
    this.bitOf = t.bitOf;
    this.sqOf = t.sqOf;
    this.rotated = t.rotated;
    this.mandatory = gen.rules.obligation === OBLIGATION_MANDATORY;
    this.narrow = t.size <= 32;
    const c = gen.rules;
    const routesAreMoves =
      this.narrow &&
      this.mandatory &&
      c.precedence.length === 0 &&
      !c.prefixes &&
      c.flying.every((f) => f === 0);
    this.ndirs = c.reverse.length;
    this.openLo = new Int32Array(this.ndirs);
    this.openHi = new Int32Array(this.ndirs);
    const dirBits = (dirs: Int8Array): number => dirs.reduce((m, d) => m | (1 << d), 0);
    this.jumpBits = Uint8Array.from({ length: 8 }, (_, code) => dirBits(c.firstJumpDirs[code]!));
    this.stepBits = Uint8Array.from({ length: 8 }, (_, code) => dirBits(c.stepDirs[code]!));
    this.fromLo = new Int32Array(8 * this.ndirs);
    this.fromHi = new Int32Array(8 * this.ndirs);
    this.wide = this.narrow
      ? null
      : new WideCaptureTest(
          t,
          c,
          this.jumpBits,
          [this.openLo, this.openHi],
          [this.fromLo, this.fromHi],
        );
    this.rot = t.rotated
      ? new RotatedCaptureTest(t, c, this.jumpBits, this.stepBits, this.openLo, this.fromLo)
      : null;
    this.plainRotated = this.rot !== null && c.flying.every((f) => f === 0);
    this.order = t.squareOrder;
    this.flying = c.flying;
    this.routes = routesAreMoves ? new RouteCounter(c, t) : null;
    this.walker = maskCapturesFit(c) ? new MaskCaptures(c, t) : null;
    this.captureWalk = this.walker !== null ? 'masks' : 'general';
    this.singles = this.walker !== null ? new SingleCaptures(c, t) : null;
  }

  load(board: Int8Array): void {
    this.board = board;
    const bits = this.bits;
    const bitOf = this.bitOf;
    bits.fill(0);
    for (let sq = 0; sq < board.length; sq++) {
      const code = board[sq]!;
      if (code === 0) continue;
      const bit = bitOf[sq]!;
      bits[((bit >> 5) << 3) + code]! |= 1 << bit;
      bits[((bit >> 5) << 3) + (code & 4)]! |= 1 << bit; // the colour's mask
    }
  }

  make(list: MoveList, i: number): void {
    const from = list.from[i]!;
    const to = list.to[i]!;
    const piece = list.piece[i]!;
    this.flipMover(from, to, list.moved[i]!, piece);
    this.board[from] = 0;
    if (list.ncap[i] !== 0) this.flipTaken(list, i, true);
    this.board[to] = piece;
  }

  // from and to may be one square (a capture round back to it): each writes its last state last
  unmake(list: MoveList, i: number): void {
    const from = list.from[i]!;
    const to = list.to[i]!;
    const moved = list.moved[i]!;
    this.flipMover(from, to, moved, list.piece[i]!);
    this.board[to] = 0;
    if (list.ncap[i] !== 0) this.flipTaken(list, i, false);
    this.board[from] = moved;
  }

  /**
   * The mover's change to the masks, the same both ways (an exclusive or): its code `moved` leaves
   * square `from` and its new code `piece` arrives on `to`, in the codes' masks and the colour's.
   */
  private flipMover(from: number, to: number, moved: number, piece: number): void {
    // The branch is on the move, not on the board: a two-word board runs both sides of it (moves
    // within a word and across), so its compiled make has both, and a one-word board (every move
    // within its word) changes each mask with one exclusive or: English perft about 3% faster.
    const bits = this.bits;
    const fromBit = this.bitOf[from]!;
    const toBit = this.bitOf[to]!;
    const f = (fromBit >> 5) << 3;
    const t = (toBit >> 5) << 3;
    if (f === t) {
      // both squares in one word (every move of a board up to 32 squares): the colour's mask
      // changes once, and the piece's once unless it crowns
      const both = (1 << fromBit) ^ (1 << toBit);
      bits[f + (moved & 4)]! ^= both;
      if (moved === piece) {
        bits[f + moved]! ^= both;
        return;
      }
    } else {
      bits[f + (moved & 4)]! ^= 1 << fromBit;
      bits[t + (piece & 4)]! ^= 1 << toBit;
    }
    bits[f + moved]! ^= 1 << fromBit;
    bits[t + piece]! ^= 1 << toBit;
  }
  private flipTaken(list: MoveList, i: number, take: boolean): void {
    const bits = this.bits;
    const end = list.start[i]! + list.ncap[i]!;
    for (let x = list.start[i]!; x < end; x++) {
      const sq = list.capSq[x]!;
      const code = list.capCode[x]!;
      const bit = this.bitOf[sq]!;
      const w = (bit >> 5) << 3;
      bits[w + code]! ^= 1 << bit;
      bits[w + (code & 4)]! ^= 1 << bit;
      this.board[sq] = take ? 0 : code;
    }
  }

  /** The empty squares of word `word` (0 low, 1 high). */
  private empty(word: number): number {
    const base = word << 3;
    return ~(this.bits[base]! | this.bits[base + 4]!) & (word === 0 ? this.boardLo : this.boardHi);
  }

  generate(side: number, list: MoveList, dropDuplicates: boolean): number {
    this.walkSteps = 0;
    if (this.hasCapture(side)) return this.captures(side, list, dropDuplicates);
    return this.steps(side, list);
  }

  countMoves(side: number, dropDuplicates: boolean): number {
    if (this.plainRotated) {
      const bits = this.bits;
      const empty = ~(bits[0]! | bits[4]!) & this.boardLo;
      const n = this.rot!.countSteps(bits, side, empty);
      if (n >= 0) return n;
      this.jumpLo = this.rot!.jumpLo;
      this.jumpHi = 0;
      this.flyingJumps = false;
      return this.countCaptures(side, dropDuplicates);
    }
    if (this.hasCapture(side)) return this.countCaptures(side, dropDuplicates);
    if (this.narrow) return this.countStepsNarrow(side);
    const c = this.rules;
    const bits = this.bits;
    const openLo = this.openLo;
    const openHi = this.openHi;
    const codes = this.t.codes[side]!;
    let n = 0;
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i]!;
      const pLo = bits[code]!;
      const pHi = bits[8 + code]!;
      if ((pLo | pHi) === 0) continue;
      if (c.flying[code] === 1) {
        n += this.rays(pLo, pHi, c.stepDirs[code]!);
        continue;
      }
      // one popcount per direction: the pieces whose neighbour that way is empty (`hasCapture`
      // left those squares in `openLo`/`openHi`; the high words are 0 up to 32 squares)
      const dirs = this.stepBits[code]!;
      if ((dirs & 1) !== 0) n += popcount(openLo[0]! & pLo) + popcount(openHi[0]! & pHi);
      if ((dirs & 2) !== 0) n += popcount(openLo[1]! & pLo) + popcount(openHi[1]! & pHi);
      if ((dirs & 4) !== 0) n += popcount(openLo[2]! & pLo) + popcount(openHi[2]! & pHi);
      if ((dirs & 8) !== 0) n += popcount(openLo[3]! & pLo) + popcount(openHi[3]! & pHi);
    }
    return n;
  }

  /** `countMoves` where the side has a capture (`hasCapture` has just said so). */
  private countCaptures(side: number, dropDuplicates: boolean): number {
    if (this.singles !== null && !this.flyingJumps) {
      const n = this.singles.count(this.bits, this.t.codes[side]!, this.fromLo, this.fromHi);
      if (n >= 0) return n;
    }
    if (this.routes !== null && !dropDuplicates) {
      return this.routes.count(this.board, this.bits, this.jumpLo, this.empty(0));
    }
    if (this.walker !== null) return this.walk(side, null, dropDuplicates);
    return this.captures(side, this.scratch, dropDuplicates);
  }

  /** `countMoves` without a capture on a board of at most 32 squares (the high words are 0). */
  private countStepsNarrow(side: number): number {
    const bits = this.bits;
    const open = this.openLo;
    const o0 = open[0]!;
    const o1 = open[1]!;
    const o2 = open[2]!;
    const o3 = open[3]!;
    const codes = this.t.codes[side]!;
    let n = 0;
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i]!;
      const p = bits[code]!;
      if (p === 0) continue;
      if (this.flying[code] === 1) {
        n += this.rays(p, 0, this.rules.stepDirs[code]!);
        continue;
      }
      // one popcount per direction: the pieces whose neighbour that way is empty
      const dirs = this.stepBits[code]!;
      if ((dirs & 1) !== 0) n += popcount(o0 & p);
      if ((dirs & 2) !== 0) n += popcount(o1 & p);
      if ((dirs & 4) !== 0) n += popcount(o2 & p);
      if ((dirs & 8) !== 0) n += popcount(o3 & p);
    }
    return n;
  }

  /**
   * Whether `side` has a capture: its pieces with a first jump are left in `jumpLo`/`jumpHi`
   * (short-range pieces of a code all at once: from each jump's landing square back over the
   * victim; flying pieces one by one).
   */
  private hasCapture(side: number): boolean {
    const rot = this.rot;
    if (rot === null && this.narrow) return this.hasCaptureNarrow(side);
    const bits = this.bits;
    const codes = this.t.codes[side]!;
    const eLo = ~(bits[0]! | bits[4]!) & this.boardLo;
    let flyers: number;
    let jLo: number;
    let jHi = 0;
    if (rot !== null) {
      flyers = rot.run(bits, side, eLo);
      jLo = rot.jumpLo;
    } else {
      const w = this.wide!;
      flyers = w.run(bits, codes, eLo, ~(bits[8]! | bits[12]!) & this.boardHi);
      jLo = w.jumpLo;
      jHi = w.jumpHi;
    }
    this.flyingJumps = false;
    // the flying codes with pieces and something to jump, piece by piece
    for (let code = 1; code < 8 && flyers !== 0; code++) {
      if (((flyers >> code) & 1) === 0) continue;
      this.flyingJumpers(bits[code]!, bits[8 + code]!, code);
      if ((this.jumpLo | this.jumpHi) !== 0) this.flyingJumps = true;
      jLo |= this.jumpLo;
      jHi |= this.jumpHi;
    }
    this.jumpLo = jLo;
    this.jumpHi = jHi;
    return (jLo | jHi) !== 0;
  }

  /** `hasCapture` on a board of at most 32 squares: the high words are all 0. */
  private hasCaptureNarrow(side: number): boolean {
    const c = this.rules;
    const bits = this.bits;
    const reverse = c.reverse;
    const empty = this.empty(0);
    const open = this.openLo;
    for (let d = 0; d < this.ndirs; d++) open[d] = along(this.t, reverse[d]!, empty);
    const codes = this.t.codes[side]!;
    const from = this.fromLo;
    let jumpers = 0;
    this.flyingJumps = false;
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i]!;
      const pieces = bits[code]!;
      if (pieces === 0) continue;
      const victims = victimMask(this.t, bits, code, 0);
      if (victims === 0) {
        // nothing to jump: no square to jump from
        this.fromLo.fill(0, code * this.ndirs, (code + 1) * this.ndirs);
        this.fromHi.fill(0, code * this.ndirs, (code + 1) * this.ndirs);
        continue;
      }
      if (c.flying[code] === 1) {
        this.flyingJumpers(pieces, 0, code);
        if (this.jumpLo !== 0) this.flyingJumps = true;
        jumpers |= this.jumpLo;
        continue;
      }
      const dirs = c.firstJumpDirs[code]!;
      const at = code * this.ndirs;
      for (let j = 0; j < dirs.length; j++) {
        const d = dirs[j]!;
        const over = open[d]! & victims;
        const jumps = over !== 0 ? along(this.t, reverse[d]!, over) : 0;
        from[at + d] = jumps;
        jumpers |= jumps & pieces;
      }
    }
    this.jumpLo = jumpers;
    this.jumpHi = 0;
    return jumpers !== 0;
  }

  /**
   * A rotated one-word mask as a mask with square sq at bit sq (to be read in square order): one
   * table load per byte.
   */
  private inSquareOrder(x: number): number {
    const order = this.order;
    return (
      order[x & 255]! |
      order[256 + ((x >>> 8) & 255)]! |
      order[512 + ((x >>> 16) & 255)]! |
      order[768 + (x >>> 24)]!
    );
  }

  /** The captures of the pieces in `jumpLo`/`jumpHi`: the general generator's list. */
  private captures(side: number, list: MoveList, dropDuplicates: boolean): number {
    const singles = this.singles;
    if (singles !== null && !this.flyingJumps) {
      const codes = this.t.codes[side]!;
      if (singles.count(this.bits, codes, this.fromLo, this.fromHi) >= 0) {
        const n = this.listSquares(this.jumpLo, this.jumpHi);
        return singles.write(this.board, list, this.squares, n, this.fromLo, this.fromHi);
      }
    }
    if (this.walker !== null) return this.walk(side, list, dropDuplicates);
    const n = this.mandatory
      ? this.gen.capturesOf(
          this.board,
          list,
          this.squares,
          this.listSquares(this.jumpLo, this.jumpHi),
          dropDuplicates,
        )
      : this.gen.generate(this.board, side, list, dropDuplicates);
    this.walkSteps = this.gen.walkSteps;
    return n;
  }

  /** The captures of the pieces in `jumpLo`/`jumpHi` by the mask walk, into `list` or counted. */
  private walk(side: number, list: MoveList | null, drop: boolean): number {
    const eLo = this.empty(0);
    const eHi = this.empty(1);
    const n = this.listSquares(this.jumpLo, this.jumpHi);
    const codes = this.t.codes[side]!;
    return this.walker!.walk(this.board, this.bits, codes, this.squares, n, list, drop, eLo, eHi);
  }

  /** The squares of the two-word mask (lo, hi), in square order, into `squares`; returns how many. */
  private listSquares(lo: number, hi: number): number {
    const squares = this.squares;
    let n = 0;
    if (this.rotated) lo = this.inSquareOrder(lo);
    for (let w = 0; w < 2; w++) {
      let m = w === 0 ? lo : hi;
      while (m !== 0) {
        const bit = (w << 5) + 31 - Math.clz32(m & -m);
        m &= m - 1;
        squares[n++] = this.rotated ? bit : this.sqOf[bit]!;
      }
    }
    return n;
  }

  /** The flying pieces of `code` on (lo, hi) with a first jump, into `jumpLo`/`jumpHi`. */
  private flyingJumpers(lo: number, hi: number, code: number): void {
    const n = this.listSquares(lo, hi);
    let jLo = 0;
    let jHi = 0;
    for (let i = 0; i < n; i++) {
      const sq = this.squares[i]!;
      if (!canJump(this.rules, this.moveTables, this.board, sq, code)) continue;
      const bit = this.bitOf[sq]!;
      if (bit < 32) jLo |= 1 << bit;
      else jHi |= 1 << bit;
    }
    this.jumpLo = jLo;
    this.jumpHi = jHi;
  }

  /** The number of non-capturing moves of flying pieces on (lo, hi) along `dirs`. */
  private rays(lo: number, hi: number, dirs: Int8Array): number {
    const next = this.rules.next;
    const size = this.rules.size;
    const b = this.board;
    const np = this.listSquares(lo, hi);
    let n = 0;
    for (let k = 0; k < np; k++) {
      const sq = this.squares[k]!;
      for (let i = 0; i < dirs.length; i++) {
        const base = dirs[i]! * size;
        for (let t = next[base + sq]!; t >= 0 && b[t] === 0; t = next[base + t]!) n++;
      }
    }
    return n;
  }

  /**
   * Write the non-capturing moves of `side` (which has no capture), in square order: only the
   * pieces that have one are listed for the writer (a short-range piece with an empty neighbour
   * along a step direction, as `hasCapture` left them in `openLo`/`openHi`; every flying piece).
   */
  private steps(side: number, list: MoveList): number {
    const bits = this.bits;
    const openLo = this.openLo;
    const openHi = this.openHi;
    const codes = this.t.codes[side]!;
    let lo = 0;
    let hi = 0;
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i]!;
      const pLo = bits[code]!;
      const pHi = bits[8 + code]!;
      if ((pLo | pHi) === 0) continue;
      if (this.rules.flying[code] === 1) {
        lo |= pLo;
        hi |= pHi;
        continue;
      }
      const dirs = this.stepBits[code]!;
      for (let d = 0; d < 4; d++) {
        if (((dirs >> d) & 1) === 0) continue;
        lo |= openLo[d]! & pLo;
        hi |= openHi[d]! & pHi;
      }
    }
    const np = this.listSquares(lo, hi);
    list.clear();
    writeSteps(this.rules, this.moveTables, this.board, list, this.squares, 0, np);
    return list.count;
  }
}
