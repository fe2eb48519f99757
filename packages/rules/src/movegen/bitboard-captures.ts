/**
 * The capture walk of the bitboard perft (`bitboard-perft.ts`): whether a side has a capture,
 * how many capture routes a position has (counted without recording when every route is a move of
 * its own), and the collection of the captures of a ply with their precedence key, duplicates
 * merged when asked. Jumps of all pieces of a code in one direction are one mask and a rotate.
 * `BitboardPerft` extends it with the tree walk.
 */
import {
  EARLIEST_KING_BITS as IMPORTED_EARLIEST_KING_BITS,
  PROMOTE_AND_STOP as IMPORTED_PROMOTE_AND_STOP,
  STEP_EARLIEST_KING as IMPORTED_STEP_EARLIEST_KING,
  STEP_KING_PRIORITY as IMPORTED_STEP_KING_PRIORITY,
  STEP_QUALITY as IMPORTED_STEP_QUALITY,
  STEP_QUANTITY as IMPORTED_STEP_QUANTITY,
  STEP_SCALE as IMPORTED_STEP_SCALE,
  STEP_WITH_KING as IMPORTED_STEP_WITH_KING,
} from '../variants/compile.ts';
import { MAN as IMPORTED_MAN } from '../types.ts';
import {
  INITIAL_MOVES,
  PlyMoves,
  STRIDE,
  popcount as importedPopcount,
  rotl as importedRotl,
  type BitboardPerftTables,
} from './bitboard-perft-tables.ts';

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
const popcount = importedPopcount;
const rotl = importedRotl;

export class BitboardCaptures {
  protected readonly t: BitboardPerftTables;
  protected readonly drop: boolean;
  /** Capture routes are counted without being recorded: duplicates kept and no precedence. */
  protected readonly routesAreMoves: boolean;
  protected state = new Int32Array(STRIDE * 16);
  protected readonly plies: PlyMoves[] = [];
  // Tables copied out of `t` into fields: one property load less in the hot loops.
  protected readonly rot: Int8Array;
  protected readonly r0: number;
  protected readonly r1: number;
  protected readonly r2: number;
  protected readonly r3: number;
  protected readonly stepSrc: Int32Array;
  protected readonly jumpSrc: Int32Array;
  protected readonly nextJumpSrc: Int32Array;
  protected readonly boardMask: number;
  protected readonly mayCapture: Int32Array;
  protected readonly sharedVictims: Uint8Array;
  /** Scratch of the capture walk: the victims each piece code of the side to move may jump. */
  protected readonly victims = new Int32Array(8);
  /** Scratch of the capture walk: the opponent's pieces that are not men. */
  protected kingMask = 0;
  // The capture being collected.
  protected walkList: PlyMoves;
  protected walkCount = 0;
  protected walkFrom = 0;
  protected walkCode = 0;
  protected bestKey = -1;

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

  protected plyAt(ply: number): PlyMoves {
    while (this.plies.length <= ply) this.plies.push(new PlyMoves(INITIAL_MOVES));
    return this.plies[ply]!;
  }

  /**
   * True when `side` can capture: `p1`–`p3` are its men, queens and kings, `o1`–`o3` the
   * opponent's.
   */
  protected hasCapture(
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
  protected prepareVictims(at: number, side: number): void {
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

  /**
   * Capture routes of `side` counted without being recorded (duplicates kept, no precedence:
   * every complete route is a move).
   */
  protected countRoutes(at: number, side: number, empty: number): number {
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
  protected further(code: number, v: number, empty: number): number {
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
  protected routes(at: number, code: number, dead: number, empty: number, lastDir: number): number {
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
  protected collectCaptures(ply: number, side: number, empty: number): number {
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
  protected walk(
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
  protected record(
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
  protected rank(n: number, kings: number, earliest: number): number {
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
