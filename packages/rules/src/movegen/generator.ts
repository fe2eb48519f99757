/**
 * The one legal-move generator behind everything: perft, the engine, the friendly `Position` API,
 * the server and the web app all read its output, so they can never disagree.
 *
 * It works on a plain `Int8Array` of piece codes and writes into a preallocated `MoveList`; all
 * variant behaviour comes from `CompiledRules` tables. Captures are found by a depth-first walk of
 * jumps: pieces jumped under end-of-move removal are marked dead (they still block and cannot be
 * jumped again), under immediate removal they are lifted from the board while the walk is below
 * them. Competing captures are ranked by a numeric key built from the precedence steps, keeping only
 * the best as the walk finds them, so nothing is sorted or filtered afterwards.
 */
import { BLACK_BIT, KING, MAN } from '../types.ts';
import {
  EARLIEST_KING_BITS,
  OBLIGATION_MANDATORY,
  PROMOTE_AND_STOP,
  STEP_EARLIEST_KING,
  STEP_KING_PRIORITY,
  STEP_QUALITY,
  STEP_QUANTITY,
  STEP_SCALE,
  STEP_WITH_KING,
  type CompiledRules,
} from '../variants/compile.ts';
import { KIND_CAPTURE, KIND_SPLIT, KIND_STEP, MoveList } from './move-list.ts';

/** Deepest capture chain the scratch stack holds (81 points, 40 enemy pieces at most). */
const MAX_JUMPS = 96;

export class MoveGenerator {
  readonly rules: CompiledRules;
  private board: Int8Array = new Int8Array(0);
  private list: MoveList = new MoveList(1, 1);
  private readonly dead: Uint8Array;
  private readonly stackCap = new Int16Array(MAX_JUMPS);
  private readonly stackCode = new Int8Array(MAX_JUMPS);
  private readonly stackLand = new Int16Array(MAX_JUMPS);
  private readonly stackLandCode = new Int8Array(MAX_JUMPS);
  private sp = 0;
  private origin = 0;
  private originCode = 0;
  private bestKey = -1;
  private drop = true;

  constructor(rules: CompiledRules) {
    this.rules = rules;
    this.dead = new Uint8Array(rules.size);
  }

  /**
   * Write every legal move of `side` (0 white, 1 black) into `list`; returns the count.
   * `dropDuplicates`: captures with the same start, end and captured set are listed once
   * (decision 13); otherwise every distinct route is listed.
   */
  generate(board: Int8Array, side: number, list: MoveList, dropDuplicates = true): number {
    const c = this.rules;
    list.clear();
    this.board = board;
    this.list = list;
    this.drop = dropDuplicates;
    this.bestKey = -1;
    const me = side === 0 ? 0 : BLACK_BIT;
    const size = c.size;
    for (let sq = 0; sq < size; sq++) {
      const code = board[sq]!;
      if (code === 0 || (code & BLACK_BIT) !== me) continue;
      this.origin = sq;
      this.originCode = code;
      this.sp = 0;
      board[sq] = 0; // the moving piece does not block its own path
      this.jump(sq, code, -1, -1);
      board[sq] = code;
    }
    if (list.count > 0) {
      if (c.prefixes) this.addPrefixes();
      if (c.obligation === OBLIGATION_MANDATORY) return list.count;
    }
    this.steps(me);
    return list.count;
  }

  /** True if `side` has any capture (cheaper than generating when only the answer matters). */
  hasCapture(board: Int8Array, side: number, scratch: MoveList): boolean {
    const c = this.rules.strict;
    if (c === this.rules) {
      this.generate(board, side, scratch, true);
      return scratch.count > 0 && scratch.kind[0] === KIND_CAPTURE;
    }
    return strictGenerator(c).hasCapture(board, side, scratch);
  }

  private jump(sq: number, code: number, lastDir: number, skipDir: number): boolean {
    const c = this.rules;
    const b = this.board;
    const size = c.size;
    const next = c.next;
    const dirs = this.sp === 0 ? c.firstJumpDirs[code]! : c.nextJumpDirs[code]!;
    const noReverse = lastDir >= 0 && !c.allowReversal ? c.reverse[lastDir]! : -1;
    const immediate = c.immediateRemoval;
    let found = false;
    if (c.flying[code] === 0) {
      for (let i = 0; i < dirs.length; i++) {
        const d = dirs[i]!;
        if (d === noReverse) continue;
        const over = next[d * size + sq]!;
        if (over < 0) continue;
        const victim = b[over]!;
        if (victim === 0 || this.dead[over] === 1 || c.capturable[code * 8 + victim] === 0) continue;
        const land = next[d * size + over]!;
        if (land < 0 || b[land] !== 0) continue;
        found = true;
        const sp = this.sp++;
        this.stackCap[sp] = over;
        this.stackCode[sp] = victim;
        this.stackLand[sp] = land;
        if (immediate) b[over] = 0;
        else this.dead[over] = 1;
        const mid = c.promoteMid[code * size + land]!;
        if (mid === PROMOTE_AND_STOP) {
          this.stackLandCode[sp] = code;
          this.record(land, code);
        } else {
          const now = mid > 0 ? mid : code;
          this.stackLandCode[sp] = now;
          if (!this.jump(land, now, d, -1)) this.record(land, now);
        }
        if (immediate) b[over] = victim;
        else this.dead[over] = 0;
        this.sp = sp;
      }
      return found;
    }
    for (let i = 0; i < dirs.length; i++) {
      const d = dirs[i]!;
      if (d === noReverse || d === skipDir) continue;
      const base = d * size;
      let over = next[base + sq]!;
      while (over >= 0 && b[over] === 0) over = next[base + over]!;
      if (over < 0) continue;
      const victim = b[over]!;
      if (this.dead[over] === 1 || c.capturable[code * 8 + victim] === 0) continue;
      const first = next[base + over]!;
      if (first < 0 || b[first] !== 0) continue;
      found = true;
      const sp = this.sp++;
      this.stackCap[sp] = over;
      this.stackCode[sp] = victim;
      this.stackLandCode[sp] = code;
      if (immediate) b[over] = 0;
      else this.dead[over] = 1;
      // Landing rule (FMJD 4.6): if the capture can go on from some landing square it must land on
      // one of those. Going straight on is the same route from every landing square, so it is
      // explored from the first one only (skipDir) — the "keep" route convention.
      let goesOn = false;
      for (let land = first; land >= 0 && b[land] === 0; land = next[base + land]!) {
        this.stackLand[sp] = land;
        if (this.jump(land, code, d, land === first ? -1 : d)) goesOn = true;
      }
      if (!goesOn) {
        for (let land = first; land >= 0 && b[land] === 0; land = next[base + land]!) {
          this.stackLand[sp] = land;
          this.record(land, code);
        }
      }
      if (immediate) b[over] = victim;
      else this.dead[over] = 0;
      this.sp = sp;
    }
    return found;
  }

  /** A complete capture sequence ends on `to` with the capturing piece now `code`. */
  private record(to: number, code: number): void {
    const c = this.rules;
    const n = this.sp;
    const key = c.precedence.length === 0 ? 0 : this.rank(n);
    const list = this.list;
    if (key < this.bestKey) return;
    if (key > this.bestKey) {
      list.clear();
      this.bestKey = key;
    }
    let hash = 0;
    for (let i = 0; i < n; i++) hash ^= c.squareHash[this.stackCap[i]!]!;
    if (this.drop) {
      for (let j = 0; j < list.count; j++) {
        if (list.to[j] !== to || list.from[j] !== this.origin || list.ncap[j] !== n || list.hash[j] !== hash) continue;
        if (this.sameAsStack(j, n)) return;
      }
    }
    list.reserve(n);
    const i = list.count++;
    const at = list.used;
    list.from[i] = this.origin;
    list.to[i] = to;
    list.moved[i] = this.originCode;
    const promoted = c.promoteEnd[code * c.size + to]!;
    list.piece[i] = promoted !== 0 ? promoted : code;
    list.kind[i] = KIND_CAPTURE;
    list.ncap[i] = n;
    list.start[i] = at;
    list.hash[i] = hash;
    list.capSq.set(this.stackCap.subarray(0, n), at);
    list.capCode.set(this.stackCode.subarray(0, n), at);
    list.land.set(this.stackLand.subarray(0, n), at);
    list.landCode.set(this.stackLandCode.subarray(0, n), at);
    list.used = at + n;
  }

  private sameAsStack(j: number, n: number): boolean {
    const list = this.list;
    const at = list.start[j]!;
    for (let x = 0; x < n; x++) {
      const sq = this.stackCap[x];
      let found = false;
      for (let y = 0; y < n; y++) {
        if (list.capSq[at + y] === sq) {
          found = true;
          break;
        }
      }
      if (!found) return false;
    }
    return true;
  }

  /** The precedence key of the capture on the stack: higher is preferred. */
  private rank(n: number): number {
    const c = this.rules;
    let key = 0;
    for (let s = 0; s < c.precedence.length; s++) {
      const step = c.precedence[s]!;
      let part = 0;
      if (step === STEP_QUANTITY) part = n;
      else if (step === STEP_QUALITY) {
        for (let i = 0; i < n; i++) if ((this.stackCode[i]! & 3) !== MAN) part++;
      } else if (step === STEP_WITH_KING || step === STEP_KING_PRIORITY) {
        part = (this.originCode & 3) !== MAN ? 1 : 0;
      } else if (step === STEP_EARLIEST_KING) {
        for (let i = 0; i < n && i < EARLIEST_KING_BITS; i++) {
          if ((this.stackCode[i]! & 3) !== MAN) part += 2 ** (EARLIEST_KING_BITS - 1 - i);
        }
      }
      key = key * STEP_SCALE[step]! + part;
    }
    return key;
  }

  /** House rules where a capture may stop early: add every proper prefix of each capture. */
  private addPrefixes(): void {
    const c = this.rules;
    const list = this.list;
    const full = list.count;
    for (let m = 0; m < full; m++) {
      const n = list.ncap[m]!;
      for (let k = 1; k < n; k++) {
        const at = list.start[m]!;
        const to = list.land[at + k - 1]!;
        let hash = 0;
        for (let x = 0; x < k; x++) hash ^= c.squareHash[list.capSq[at + x]!]!;
        let dup = false;
        for (let j = 0; j < list.count && !dup; j++) {
          if (list.from[j] !== list.from[m] || list.to[j] !== to || list.ncap[j] !== k || list.hash[j] !== hash) continue;
          dup = samePrefix(list, j, at, k);
        }
        if (dup) continue;
        list.reserve(k);
        const i = list.count++;
        const dst = list.used;
        const code = list.landCode[at + k - 1]!;
        const promoted = c.promoteEnd[code * c.size + to]!;
        list.from[i] = list.from[m]!;
        list.to[i] = to;
        list.moved[i] = list.moved[m]!;
        list.piece[i] = promoted !== 0 ? promoted : code;
        list.kind[i] = KIND_CAPTURE;
        list.ncap[i] = k;
        list.start[i] = dst;
        list.hash[i] = hash;
        list.capSq.copyWithin(dst, at, at + k);
        list.capCode.copyWithin(dst, at, at + k);
        list.land.copyWithin(dst, at, at + k);
        list.landCode.copyWithin(dst, at, at + k);
        list.used = dst + k;
      }
    }
  }

  /** Non-capturing moves (and king splits) of the side with colour bit `me`. */
  private steps(me: number): void {
    const c = this.rules;
    const b = this.board;
    const size = c.size;
    const next = c.next;
    const list = this.list;
    let lastMan = -1;
    if (c.lastManDirs[MAN | me]!.length > 0) lastMan = loneMan(b, me, size);
    for (let sq = 0; sq < size; sq++) {
      const code = b[sq]!;
      if (code === 0 || (code & BLACK_BIT) !== me) continue;
      const dirs = c.stepDirs[code]!;
      if (c.flying[code] === 1) {
        for (let i = 0; i < dirs.length; i++) {
          const base = dirs[i]! * size;
          for (let to = next[base + sq]!; to >= 0 && b[to] === 0; to = next[base + to]!) {
            list.addStep(sq, to, code, code, KIND_STEP);
          }
        }
      } else {
        for (let i = 0; i < dirs.length; i++) {
          const to = next[dirs[i]! * size + sq]!;
          if (to < 0 || b[to] !== 0) continue;
          const promoted = c.promoteEnd[code * size + to]!;
          list.addStep(sq, to, code, promoted !== 0 ? promoted : code, KIND_STEP);
        }
        if (sq === lastMan) {
          const back = c.lastManDirs[code]!;
          for (let i = 0; i < back.length; i++) {
            const to = next[back[i]! * size + sq]!;
            if (to >= 0 && b[to] === 0) list.addStep(sq, to, code, code, KIND_STEP);
          }
        }
      }
      if (c.kingSplit && (code & 3) === KING) {
        const targets = c.splitTargets[(me === 0 ? 0 : size) + sq]!;
        for (let i = 0; i < targets.length; i++) {
          const to = targets[i]!;
          if (b[to] === 0) list.addStep(sq, to, code, MAN | me, KIND_SPLIT);
        }
      }
    }
  }
}

function samePrefix(list: MoveList, j: number, at: number, k: number): boolean {
  const bj = list.start[j]!;
  for (let x = 0; x < k; x++) {
    const sq = list.capSq[at + x];
    let found = false;
    for (let y = 0; y < k; y++) {
      if (list.capSq[bj + y] === sq) {
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}

/** The square of `me`'s only piece if it is a man, else -1. */
function loneMan(b: Int8Array, me: number, size: number): number {
  let found = -1;
  for (let sq = 0; sq < size; sq++) {
    const code = b[sq]!;
    if (code === 0 || (code & BLACK_BIT) !== me) continue;
    if (found >= 0 || (code & 3) !== MAN) return -1;
    found = sq;
  }
  return found;
}

const strictCache = new WeakMap<CompiledRules, MoveGenerator>();
function strictGenerator(c: CompiledRules): MoveGenerator {
  let g = strictCache.get(c);
  if (!g) {
    g = new MoveGenerator(c);
    strictCache.set(c, g);
  }
  return g;
}

/** Play move `i` of `list` on `board` (in place). */
export function makeMove(board: Int8Array, list: MoveList, i: number): void {
  const from = list.from[i]!;
  const to = list.to[i]!;
  if (list.kind[i] === KIND_SPLIT) {
    board[from] = list.piece[i]!;
    board[to] = list.piece[i]!;
    return;
  }
  board[from] = 0;
  const at = list.start[i]!;
  const end = at + list.ncap[i]!;
  for (let x = at; x < end; x++) board[list.capSq[x]!] = 0;
  board[to] = list.piece[i]!;
}

/** Take back move `i` of `list` played by `makeMove`. */
export function unmakeMove(board: Int8Array, list: MoveList, i: number): void {
  const from = list.from[i]!;
  const to = list.to[i]!;
  board[to] = 0;
  if (list.kind[i] === KIND_SPLIT) {
    board[from] = list.moved[i]!;
    return;
  }
  const at = list.start[i]!;
  const end = at + list.ncap[i]!;
  for (let x = at; x < end; x++) board[list.capSq[x]!] = list.capCode[x]!;
  board[from] = list.moved[i]!;
}
