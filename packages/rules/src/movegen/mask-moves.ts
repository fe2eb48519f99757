/**
 * The mask backend of `BoardMoves` (board-moves.ts), for boards of at most 64 squares: next to the
 * board it keeps one two-word mask per piece code (masks.ts has the layout), updated by `make` and
 * `unmake`, so nothing is read square by square to learn where the pieces are.
 *
 * Whether the side to move has a capture is a few masked shifts per direction for short-range
 * pieces (every piece of a code at once) and a ray per flying king; a position with a capture goes
 * to the capture walk on the masks (mask-captures.ts) where it follows the capture rules, else to
 * the general generator; both decide precedence, duplicates and routes alike. Otherwise the
 * non-captures are written from the masks in the general generator's order (square order, then
 * the piece's directions), and counted — perft's last ply, or any caller that needs only the
 * number — by one popcount per direction. So every list is the general generator's list, and the
 * tests compare the two move for move.
 */
import { OBLIGATION_MANDATORY, PROMOTE_AND_STOP, type CompiledRules } from '../variants/compile.ts';
import type { MoveGenerator } from './generator.ts';
import { MoveList } from './move-list.ts';
import { popcount, victimMask, type MaskTables } from './masks.ts';
import { canJump, writeSteps, type MoveTables } from './tables.ts';
import { makeMove, unmakeMove } from './make.ts';
import { MaskCaptures, maskCapturesFit } from './mask-captures.ts';
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
  /** Pieces with a first jump, found by `hasCapture`; `jumpers` holds their squares in order. */
  private jumpLo = 0;
  private jumpHi = 0;
  private readonly jumpers = new Int16Array(64);
  /**
   * Every capture route is a move of its own (captures compulsory and complete, no precedence) on
   * a board of at most 32 squares with short-range pieces only: with duplicates kept, captures are
   * counted on the masks.
   */
  private readonly routesAreMoves: boolean;
  private readonly ndirs: number;
  /** At most 32 squares: the high words stay 0. */
  private readonly narrow: boolean;
  /** Captures compulsory: a position with a capture lists captures only. */
  private readonly mandatory: boolean;
  // Tables copied into fields: one property load less in the hot loops.
  private readonly shift: Int8Array;
  private readonly maskLo: Int32Array;
  private readonly maskHi: Int32Array;
  private readonly up: Uint8Array;
  private readonly boardLo: number;
  private readonly boardHi: number;
  private readonly bitOf: Int8Array;
  private readonly sqOf: Int8Array;
  /** Every direction is one rotation (the layout of masks.ts up to 32 squares). */
  private readonly rotated: boolean;
  /** The capture walk on the masks (mask-captures.ts), where it follows the rules; else null. */
  private readonly walker: MaskCaptures | null;

  constructor(gen: MoveGenerator, t: MaskTables) {
    this.rules = gen.rules;
    this.gen = gen;
    this.t = t;
    this.moveTables = gen.tables;
    this.shift = t.shift;
    this.maskLo = t.maskLo;
    this.maskHi = t.maskHi;
    this.up = t.up;
    this.boardLo = t.boardLo;
    this.boardHi = t.boardHi;
    this.bitOf = t.bitOf;
    this.sqOf = t.sqOf;
    this.rotated = t.rotated;
    this.mandatory = gen.rules.obligation === OBLIGATION_MANDATORY;
    this.narrow = t.size <= 32;
    const c = gen.rules;
    this.routesAreMoves =
      this.narrow &&
      this.mandatory &&
      c.precedence.length === 0 &&
      !c.prefixes &&
      c.flying.every((f) => f === 0);
    this.ndirs = c.reverse.length;
    this.walker = maskCapturesFit(c, t) ? new MaskCaptures(c, t) : null;
    this.captureWalk = this.walker !== null ? 'masks' : 'general';
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
      bits[((bit >> 5) << 3) + (code & 4)]! |= 1 << bit;
    }
  }

  make(list: MoveList, i: number): void {
    makeMove(this.board, list, i);
    this.flip(list, i);
  }

  unmake(list: MoveList, i: number): void {
    unmakeMove(this.board, list, i);
    this.flip(list, i);
  }

  /**
   * Move `i`'s change to the piece masks, the same both ways (an exclusive or): the mover's code
   * leaves `from`, its new code arrives on `to`, each taken piece leaves its square.
   */
  private flip(list: MoveList, i: number): void {
    const bitOf = this.bitOf;
    this.toggle(bitOf[list.from[i]!]!, list.moved[i]!);
    this.toggle(bitOf[list.to[i]!]!, list.piece[i]!);
    const end = list.start[i]! + list.ncap[i]!;
    for (let x = list.start[i]!; x < end; x++)
      this.toggle(bitOf[list.capSq[x]!]!, list.capCode[x]!);
  }

  /** Piece `code` appears on or leaves bit `bit`: its code's mask and its colour's mask. */
  private toggle(bit: number, code: number): void {
    const base = (bit >> 5) << 3;
    this.bits[base + code]! ^= 1 << bit;
    this.bits[base + (code & 4)]! ^= 1 << bit;
  }

  /** The empty squares of word `word` (0 low, 1 high). */
  private empty(word: number): number {
    const base = word << 3;
    return ~(this.bits[base]! | this.bits[base + 4]!) & (word === 0 ? this.boardLo : this.boardHi);
  }

  generate(side: number, list: MoveList, dropDuplicates: boolean): number {
    if (this.hasCapture(side)) return this.captures(side, list, dropDuplicates);
    return this.steps(side, list);
  }

  countMoves(side: number, dropDuplicates: boolean): number {
    if (this.hasCapture(side)) {
      if (this.routesAreMoves && !dropDuplicates) return this.countRoutes();
      if (this.walker !== null) return this.walk(side, null, dropDuplicates);
      return this.captures(side, this.scratch, dropDuplicates);
    }
    const c = this.rules;
    const bits = this.bits;
    const eLo = this.empty(0);
    const eHi = this.empty(1);
    const codes = this.t.codes[side]!;
    let n = 0;
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i]!;
      const pLo = bits[code]!;
      const pHi = bits[8 + code]!;
      if ((pLo | pHi) === 0) continue;
      const dirs = c.stepDirs[code]!;
      if (c.flying[code] === 1) {
        n += this.rays(pLo, pHi, dirs);
        continue;
      }
      // each piece's step along d lands on a different square: one popcount per direction
      if (this.narrow) {
        for (let j = 0; j < dirs.length; j++) n += popcount(this.along(dirs[j]!, pLo) & eLo);
        continue;
      }
      for (let j = 0; j < dirs.length; j++) {
        const d = dirs[j]!;
        n += popcount(this.alongLo(d, pLo, pHi) & eLo) + popcount(this.alongHi(d, pLo, pHi) & eHi);
      }
    }
    return n;
  }

  /**
   * Whether `side` has a capture: its pieces with a first jump are left in `jumpLo`/`jumpHi`
   * (short-range pieces of a code all at once: from each jump's landing square back over the
   * victim; flying pieces one by one).
   */
  private hasCapture(side: number): boolean {
    if (this.narrow) return this.hasCaptureNarrow(side);
    const c = this.rules;
    const bits = this.bits;
    const reverse = c.reverse;
    const eLo = this.empty(0);
    const eHi = this.empty(1);
    const codes = this.t.codes[side]!;
    let jLo = 0;
    let jHi = 0;
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i]!;
      const pLo = bits[code]!;
      const pHi = bits[8 + code]!;
      if ((pLo | pHi) === 0) continue;
      const vLo = victimMask(this.t, bits, code, 0);
      const vHi = victimMask(this.t, bits, code, 1);
      if ((vLo | vHi) === 0) continue;
      if (c.flying[code] === 1) {
        this.flyingJumpers(pLo, pHi, code);
        jLo |= this.jumpLo;
        jHi |= this.jumpHi;
        continue;
      }
      const dirs = c.firstJumpDirs[code]!;
      for (let j = 0; j < dirs.length; j++) {
        const d = dirs[j]!;
        // from the empty squares back over a victim to a piece: the pieces with a jump along d
        const r = reverse[d]!;
        const bLo = this.alongLo(r, eLo, eHi) & vLo;
        const bHi = this.alongHi(r, eLo, eHi) & vHi;
        if ((bLo | bHi) === 0) continue;
        jLo |= this.alongLo(r, bLo, bHi) & pLo;
        jHi |= this.alongHi(r, bLo, bHi) & pHi;
      }
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
    const codes = this.t.codes[side]!;
    let jumpers = 0;
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i]!;
      const pieces = bits[code]!;
      if (pieces === 0) continue;
      const victims = victimMask(this.t, bits, code, 0);
      if (victims === 0) continue;
      if (c.flying[code] === 1) {
        this.flyingJumpers(pieces, 0, code);
        jumpers |= this.jumpLo;
        continue;
      }
      const dirs = c.firstJumpDirs[code]!;
      for (let j = 0; j < dirs.length; j++) {
        const d = dirs[j]!;
        const r = reverse[d]!;
        const over = this.along(r, empty) & victims;
        if (over !== 0) jumpers |= this.along(r, over) & pieces;
      }
    }
    this.jumpLo = jumpers;
    this.jumpHi = 0;
    return jumpers !== 0;
  }

  /**
   * The number of capture routes of the pieces in `jumpLo` (boards of at most 32 squares), each
   * complete route once: the move count when every route is a move of its own. Walked on the
   * masks with the general generator's jump rules (short-range pieces only).
   */
  private countRoutes(): number {
    const b = this.board;
    const empty = this.empty(0);
    let total = 0;
    let m = this.jumpLo;
    while (m !== 0) {
      const bit = m & -m;
      m ^= bit;
      const code = b[this.sqOf[31 - Math.clz32(bit)]!]!;
      // the capturing piece leaves its square: it may land there again later in the route
      total += this.routes(bit, code, 0, empty | bit, -1, true);
    }
    return total;
  }

  /** Complete routes on from the piece `code` on square bit `at`; 0 when it has no jump. */
  private routes(
    at: number,
    code: number,
    dead: number,
    empty: number,
    lastDir: number,
    forward: boolean,
  ): number {
    const c = this.rules;
    const dirs =
      lastDir < 0
        ? c.firstJumpDirs[code]!
        : forward
          ? c.nextJumpDirs[code]!
          : c.afterSidewaysJumpDirs[code]!;
    const noReverse = lastDir >= 0 && !c.allowReversal ? c.reverse[lastDir]! : -1;
    const victims = victimMask(this.t, this.bits, code, 0) & ~dead;
    let total = 0;
    for (let i = 0; i < dirs.length; i++) {
      const d = dirs[i]!;
      if (d === noReverse) continue;
      const over = this.along(d, at) & victims;
      if (over === 0) continue;
      const land = this.along(d, over) & empty;
      if (land === 0) continue;
      const mid = c.promoteMid[code * c.size + this.sqOf[31 - Math.clz32(land)]!]!;
      if (mid === PROMOTE_AND_STOP) {
        total++;
        continue;
      }
      const first = lastDir < 0 ? c.forwardDir[code * this.ndirs + d] === 1 : forward;
      const more = this.routes(
        land,
        mid > 0 ? mid : code,
        dead | over,
        c.immediateRemoval ? empty | over : empty,
        d,
        first,
      );
      total += more > 0 ? more : 1;
    }
    return total;
  }

  /** A rotated one-word mask as a mask with square sq at bit sq (to be read in square order). */
  private inSquareOrder(x: number): number {
    let out = 0;
    while (x !== 0) {
      const bit = x & -x;
      x ^= bit;
      out |= 1 << this.sqOf[31 - Math.clz32(bit)]!;
    }
    return out;
  }

  /** The captures of the pieces in `jumpLo`/`jumpHi`: the general generator's list. */
  private captures(side: number, list: MoveList, dropDuplicates: boolean): number {
    if (this.walker !== null) return this.walk(side, list, dropDuplicates);
    if (!this.mandatory) return this.gen.generate(this.board, side, list, dropDuplicates);
    const squares = this.jumpers;
    let n = 0;
    const lo = this.rotated ? this.inSquareOrder(this.jumpLo) : this.jumpLo;
    for (let w = 0; w < 2; w++) {
      let m = w === 0 ? lo : this.jumpHi;
      while (m !== 0) {
        const bit = m & -m;
        m ^= bit;
        const at = (w << 5) + 31 - Math.clz32(bit);
        squares[n++] = this.rotated ? at : this.sqOf[at]!;
      }
    }
    return this.gen.capturesOf(this.board, list, squares, n, dropDuplicates);
  }

  /** The captures of the pieces in `jumpLo`/`jumpHi` by the mask walk, into `list` or counted. */
  private walk(side: number, list: MoveList | null, dropDuplicates: boolean): number {
    const bits = this.bits;
    const eLo = this.empty(0);
    const eHi = this.empty(1);
    return this.walker!.walk(
      this.board,
      bits,
      this.t.codes[side]!,
      this.jumpLo,
      this.jumpHi,
      list,
      dropDuplicates,
      eLo,
      eHi,
    );
  }

  /**
   * Low word of the squares of (lo, hi) moved one step along direction d: boards of more than 32
   * squares, where every direction is one shift (masks.ts).
   */
  private alongLo(d: number, lo: number, hi: number): number {
    const k = d * 2;
    const s = this.shift[k]!;
    const x = lo & this.maskLo[k]!;
    return this.up[d] === 1 ? x << s : (x >>> s) | ((hi & this.maskHi[k]!) << (32 - s));
  }

  /** High word of the squares of (lo, hi) moved one step along direction d (as `alongLo`). */
  private alongHi(d: number, lo: number, hi: number): number {
    const k = d * 2;
    const s = this.shift[k]!;
    const y = hi & this.maskHi[k]!;
    return this.up[d] === 0 ? y >>> s : (y << s) | ((lo & this.maskLo[k]!) >>> (32 - s));
  }

  /** The squares of one-word mask x moved one step along direction d (boards of 32 squares). */
  private along(d: number, x: number): number {
    const k = d * 2;
    if (this.rotated) {
      const y = x & this.maskLo[k]!;
      const r = this.shift[k]!;
      return (y << r) | (y >>> (32 - r));
    }
    return this.up[d] === 1
      ? ((x & this.maskLo[k]!) << this.shift[k]!) |
          ((x & this.maskLo[k + 1]!) << this.shift[k + 1]!)
      : ((x & this.maskLo[k]!) >>> this.shift[k]!) |
          ((x & this.maskLo[k + 1]!) >>> this.shift[k + 1]!);
  }

  /** The flying pieces of `code` on (lo, hi) with a first jump, into `jumpLo`/`jumpHi`. */
  private flyingJumpers(lo: number, hi: number, code: number): void {
    const c = this.rules;
    const b = this.board;
    let jLo = 0;
    let jHi = 0;
    for (let w = 0; w < 2; w++) {
      let m = w === 0 ? lo : hi;
      while (m !== 0) {
        const bit = m & -m;
        m ^= bit;
        const sq = this.sqOf[(w << 5) + 31 - Math.clz32(bit)]!;
        if (!canJump(c, this.moveTables, b, sq, code)) continue;
        if (w === 0) jLo |= bit;
        else jHi |= bit;
      }
    }
    this.jumpLo = jLo;
    this.jumpHi = jHi;
  }

  /** The number of non-capturing moves of flying pieces on (lo, hi) along `dirs`. */
  private rays(lo: number, hi: number, dirs: Int8Array): number {
    const next = this.rules.next;
    const size = this.rules.size;
    const b = this.board;
    let n = 0;
    for (let w = 0; w < 2; w++) {
      let m = w === 0 ? lo : hi;
      while (m !== 0) {
        const bit = m & -m;
        m ^= bit;
        const sq = this.sqOf[(w << 5) + 31 - Math.clz32(bit)]!;
        for (let i = 0; i < dirs.length; i++) {
          const base = dirs[i]! * size;
          for (let t = next[base + sq]!; t >= 0 && b[t] === 0; t = next[base + t]!) n++;
        }
      }
    }
    return n;
  }

  /** Write the non-capturing moves of `side` (which has no capture), in square order. */
  private steps(side: number, list: MoveList): number {
    const c = this.rules;
    const b = this.board;
    const bits = this.bits;
    const size = c.size;
    const codes = this.t.codes[side]!;
    list.clear();
    list.reserveMoves(size * 2);
    let mLo = 0;
    let mHi = 0;
    for (let i = 0; i < codes.length; i++) {
      mLo |= bits[codes[i]!]!;
      mHi |= bits[8 + codes[i]!]!;
    }
    const used = list.used;
    let n = 0;
    if (this.rotated) mLo = this.inSquareOrder(mLo);
    for (let w = 0; w < 2; w++) {
      let m = w === 0 ? mLo : mHi;
      while (m !== 0) {
        const bit = m & -m;
        m ^= bit;
        const at = (w << 5) + 31 - Math.clz32(bit);
        const sq = this.rotated ? at : this.sqOf[at]!;
        if (n + size > list.from.length) {
          list.count = n;
          list.reserveMoves(n + size + 16);
        }
        n = writeSteps(c, this.moveTables, b, list, n, sq, b[sq]!, used);
      }
    }
    list.count = n;
    return n;
  }
}
