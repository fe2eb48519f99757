/**
 * The capture walk of the mask backend (mask-moves.ts): the general generator's capture list
 * (generator.ts), written from the piece masks, for the rules whose capture fields it covers.
 *
 * The walk is the general generator's, step for step — pieces in square order, a piece's jump
 * directions in table order, depth first, a flying piece's landing squares nearest first and the
 * "keep" route convention — so the two lists agree move for move (perft-backends.test.ts checks
 * it). What the masks change: where a square is empty or holds a piece that may still be taken is
 * one bit test instead of three table loads, the pieces already taken are one two-word mask (so
 * "captured set" comparisons for dropped duplicates are two integer compares), and the last ply of
 * a walk can count the moves without writing them.
 *
 * It takes only the compiled capture fields it follows (`maskCapturesFit`): compulsory captures,
 * no precedence or the majority rule alone, pieces taken at the end of the move (a taken piece
 * blocks and is never jumped twice), and no early stops.
 * Every other capture rule stays with the general generator.
 */
import {
  OBLIGATION_MANDATORY,
  PROMOTE_AND_STOP,
  STEP_QUANTITY,
  type CompiledRules,
} from '../variants/compile.ts';
import { KIND_CAPTURE, putMove, type MoveList } from './move-list.ts';
import { victimMask, type MaskTables } from './masks.ts';
import { barredDir, jumpDirs } from './tables.ts';

/** Deepest capture chain (as the general generator's MAX_JUMPS). */
const MAX_JUMPS = 96;

/** Whether the capture walk follows the capture rules of `c`. */
export function maskCapturesFit(c: CompiledRules): boolean {
  if (c.obligation !== OBLIGATION_MANDATORY || c.prefixes || c.immediateRemoval) return false;
  if (c.kingLanding !== 0) return false;
  return (
    c.precedence.length === 0 || (c.precedence.length === 1 && c.precedence[0] === STEP_QUANTITY)
  );
}

/** Whether bit `bit` (0–63) is set in the two-word mask (lo, hi): shifts count modulo 32. */
function has(bit: number, lo: number, hi: number): boolean {
  return (((bit < 32 ? lo : hi) >>> bit) & 1) === 1;
}

export class MaskCaptures {
  private readonly c: CompiledRules;
  private readonly t: MaskTables;
  private readonly sqOf: Int8Array;
  private readonly bitOf: Int8Array;
  private readonly size: number;
  private readonly ndirs: number;
  /** `nb[d * 64 + bit]`: the bit of the neighbour along d, or -1. */
  private readonly nb: Int8Array;
  /** The majority rule: only the captures taking the most pieces. */
  private readonly majority: boolean;
  /** `victimLo/Hi[code]`: the squares of the pieces `code` may take (set by `prepare`). */
  private readonly victimLo = new Int32Array(8);
  private readonly victimHi = new Int32Array(8);
  // the walk's state
  private board: Int8Array = new Int8Array(0);
  private list: MoveList | null = null;
  private drop = true;
  private emptyLo = 0;
  private emptyHi = 0;
  private deadLo = 0;
  private deadHi = 0;
  private origin = 0;
  private originCode = 0;
  private firstForward = true;
  private best = -1;
  private sp = 0;
  private readonly stackCap = new Int8Array(MAX_JUMPS);
  private readonly stackCode = new Int8Array(MAX_JUMPS);
  private readonly stackLand = new Int8Array(MAX_JUMPS);
  private readonly stackLandCode = new Int8Array(MAX_JUMPS);
  /** The moves found so far (from, to, captured set): for dropping duplicates and for counting. */
  private found = 0;
  private foundFrom = new Int16Array(64);
  private foundTo = new Int16Array(64);
  private foundLo = new Int32Array(64);
  private foundHi = new Int32Array(64);

  constructor(c: CompiledRules, t: MaskTables) {
    this.c = c;
    this.t = t;
    this.sqOf = t.sqOf;
    this.bitOf = t.bitOf;
    this.size = c.size;
    this.ndirs = c.reverse.length;
    this.majority = c.precedence.length === 1;
    this.nb = new Int8Array(this.ndirs * 64).fill(-1);
    for (let d = 0; d < this.ndirs; d++) {
      for (let sq = 0; sq < c.size; sq++) {
        const to = c.next[d * c.size + sq]!;
        if (to >= 0) this.nb[d * 64 + t.bitOf[sq]!] = t.bitOf[to]!;
      }
    }
  }

  /**
   * The captures of the pieces on `from[0..n)` — the side to move's pieces with a first jump, in
   * square order — into `list` (null: only counted); returns the number of moves. `bits` are the
   * backend's piece masks (see `victimMask`), `codes` the side's piece codes, (emptyLo, emptyHi)
   * the empty squares.
   */
  walk(
    board: Int8Array,
    bits: Int32Array,
    codes: Int8Array,
    from: Int16Array,
    n: number,
    list: MoveList | null,
    drop: boolean,
    emptyLo: number,
    emptyHi: number,
  ): number {
    this.board = board;
    this.list = list;
    this.drop = drop;
    this.best = -1;
    this.found = 0;
    this.deadLo = 0;
    this.deadHi = 0;
    if (list !== null) list.clear();
    // a man crowned on the way takes with the crowned code's victims: every code of the side
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i]!;
      this.victimLo[code] = victimMask(this.t, bits, code, 0);
      this.victimHi[code] = victimMask(this.t, bits, code, 1);
    }
    for (let k = 0; k < n; k++) {
      const sq = from[k]!;
      const bit = this.bitOf[sq]!;
      this.origin = sq;
      this.originCode = board[sq]!;
      this.sp = 0;
      // the moving piece does not block its own path
      this.emptyLo = bit < 32 ? emptyLo | (1 << bit) : emptyLo;
      this.emptyHi = bit < 32 ? emptyHi : emptyHi | (1 << bit);
      this.jump(bit, this.originCode, -1, -1);
    }
    return this.found;
  }

  /** The jumps on from `at` of the piece now `code`; false when there is none. */
  private jump(at: number, code: number, lastDir: number, skipDir: number): boolean {
    const c = this.c;
    const nb = this.nb;
    const dirs = jumpDirs(c, code, this.sp === 0, this.firstForward);
    const noReverse = barredDir(c, lastDir);
    const vLo = this.victimLo[code]! & ~this.deadLo;
    const vHi = this.victimHi[code]! & ~this.deadHi;
    const eLo = this.emptyLo;
    const eHi = this.emptyHi;
    let found = false;
    if (c.flying[code] === 0) {
      for (let i = 0; i < dirs.length; i++) {
        const d = dirs[i]!;
        if (d === noReverse) continue;
        const over = nb[d * 64 + at]!;
        if (over < 0 || !has(over, vLo, vHi)) continue;
        const land = nb[d * 64 + over]!;
        if (land < 0 || !has(land, eLo, eHi)) continue;
        found = true;
        const sp = this.sp++;
        if (sp === 0) this.firstForward = c.forwardDir[code * this.ndirs + d] === 1;
        this.push(sp, over, land);
        // crowned on the way: go on as the new code, or stop there (PROMOTE_AND_STOP, below 0)
        const mid = c.promoteMid[code * this.size + this.sqOf[land]!]!;
        const now = mid > 0 ? mid : code;
        this.stackLandCode[sp] = now;
        if (mid === PROMOTE_AND_STOP || !this.jump(land, now, d, -1)) this.record(land, now);
        this.pop(sp, over);
      }
      return found;
    }
    for (let i = 0; i < dirs.length; i++) {
      const d = dirs[i]!;
      if (d === noReverse || d === skipDir) continue;
      const base = d * 64;
      let over = nb[base + at]!;
      while (over >= 0 && has(over, eLo, eHi)) over = nb[base + over]!;
      if (over < 0 || !has(over, vLo, vHi)) continue;
      const first = nb[base + over]!;
      if (first < 0 || !has(first, eLo, eHi)) continue;
      found = true;
      const sp = this.sp++;
      this.push(sp, over, first);
      this.stackLandCode[sp] = code;
      // Landing rule (FMJD 4.6), as the general generator walks it: land where the capture goes on
      // if any landing square allows it; straight on is explored from the first landing only.
      let goesOn = false;
      for (let land = first; land >= 0 && has(land, eLo, eHi); land = nb[base + land]!) {
        this.stackLand[sp] = land;
        if (this.jump(land, code, d, land === first ? -1 : d)) goesOn = true;
      }
      if (!goesOn) {
        for (let land = first; land >= 0 && has(land, eLo, eHi); land = nb[base + land]!) {
          this.stackLand[sp] = land;
          this.record(land, code);
        }
      }
      this.pop(sp, over);
    }
    return found;
  }

  /** Jump `sp` takes the piece on bit `over` and lands on bit `land`. */
  private push(sp: number, over: number, land: number): void {
    this.stackCap[sp] = over;
    this.stackCode[sp] = this.board[this.sqOf[over]!]!;
    this.stackLand[sp] = land;
    if (over < 32) this.deadLo |= 1 << over;
    else this.deadHi |= 1 << over;
  }

  /** Undo `push`: the piece on `over` may be taken again, the stack is `sp` deep. */
  private pop(sp: number, over: number): void {
    if (over < 32) this.deadLo ^= 1 << over;
    else this.deadHi ^= 1 << over;
    this.sp = sp;
  }

  /** A complete capture (the stack) ends on bit `toBit` with the capturing piece now `code`. */
  private record(toBit: number, code: number): void {
    const n = this.sp;
    const key = this.majority ? n : 0;
    if (key < this.best) return;
    const list = this.list;
    if (key > this.best) {
      this.best = key;
      this.found = 0;
      if (list !== null) list.clear();
    }
    const to = this.sqOf[toBit]!;
    const from = this.origin;
    const lo = this.deadLo;
    const hi = this.deadHi;
    if (this.drop) {
      // the first entry is compared also when none is found yet (its test then cannot return):
      // the compiled walk never meets these reads first at the second capture of a search
      const found = this.found;
      const fTo = this.foundTo;
      const fFrom = this.foundFrom;
      const fLo = this.foundLo;
      const fHi = this.foundHi;
      let j = 0;
      do {
        const same = ((fTo[j]! ^ to) | (fFrom[j]! ^ from) | (fLo[j]! ^ lo) | (fHi[j]! ^ hi)) === 0;
        if (same && j < found) return;
        j++;
      } while (j < found);
    }
    const k = this.found++;
    if (k >= this.foundTo.length) this.growFound();
    this.foundFrom[k] = from;
    this.foundTo[k] = to;
    this.foundLo[k] = lo;
    this.foundHi[k] = hi;
    if (list !== null) this.write(list, to, code);
  }

  /** Append the capture on the stack, ending on square `to` as `code`, to `list`. */
  private write(list: MoveList, to: number, code: number): void {
    const c = this.c;
    const sqOf = this.sqOf;
    const n = this.sp;
    list.reserve(n);
    const i = list.count++;
    const at = list.used;
    const promoted = c.promoteEnd[code * this.size + to]!;
    let hash = 0;
    for (let x = 0; x < n; x++) {
      const sq = sqOf[this.stackCap[x]!]!;
      hash ^= c.squareHash[sq]!;
      list.capSq[at + x] = sq;
      list.capCode[at + x] = this.stackCode[x]!;
      list.land[at + x] = sqOf[this.stackLand[x]!]!;
      list.landCode[at + x] = this.stackLandCode[x]!;
    }
    const piece = promoted !== 0 ? promoted : code;
    putMove(list, i, this.origin, to, this.originCode, piece, KIND_CAPTURE, n, at, hash);
    list.used = at + n;
  }

  private growFound(): void {
    const n = this.foundTo.length * 2;
    const from = new Int16Array(n);
    const to = new Int16Array(n);
    const lo = new Int32Array(n);
    const hi = new Int32Array(n);
    from.set(this.foundFrom);
    to.set(this.foundTo);
    lo.set(this.foundLo);
    hi.set(this.foundHi);
    this.foundFrom = from;
    this.foundTo = to;
    this.foundLo = lo;
    this.foundHi = hi;
  }
}
