/**
 * The one legal-move generator behind everything: perft, the engine, the friendly `Position` API,
 * the server and the web app all read its output, so they can never disagree.
 *
 * It works on a plain `Int8Array` of piece codes and writes into a preallocated `MoveList`; all
 * variant behaviour comes from `CompiledRules` tables. Captures are found by a depth-first walk of
 * jumps: pieces jumped under end-of-move removal are marked dead (they still block and cannot be
 * jumped again), under immediate removal they are lifted from the board while the walk is below
 * them. Competing captures are ranked by a numeric key built from the precedence steps, keeping only
 * the best as the walk finds them, so nothing is sorted or filtered afterwards. Deep in a long
 * capture the walk answers states it has walked before from memory (walk-memo.ts), and one
 * generation takes at most `WALK_LIMIT` steps (docs/decisions.md item 17).
 */
import { BLACK_BIT, KING, MAN } from '../types.ts';
import {
  EARLIEST_KING_BITS,
  LANDING_BEHIND,
  LANDING_BEHIND_KING,
  OBLIGATION_MANDATORY,
  OBLIGATION_SOUFFLE,
  PROMOTE_AND_STOP,
  STEP_EARLIEST_KING,
  STEP_KING_PRIORITY,
  STEP_QUALITY,
  STEP_QUANTITY,
  STEP_SCALE,
  STEP_VALUE,
  STEP_WITH_KING,
  type CompiledRules,
} from '../variants/compile.ts';
import { KIND_CAPTURE, KIND_SPLIT, KIND_STEP, MoveList, putMove, putStep } from './move-list.ts';
import { barredDir, canJump, jumpDirs, moveTables, writeSteps, type MoveTables } from './tables.ts';
import { IdentityIndex } from './identity.ts';
import { HIT, NO_KEY, WalkMemo } from './walk-memo.ts';

export { makeMove, unmakeMove } from './make.ts';

/** Deepest capture chain the scratch stack holds (81 points, 40 enemy pieces at most). */
const MAX_JUMPS = 96;
/**
 * Jumps made before the walk consults its memory of states (walk-memo.ts): shorter captures are
 * cheap to walk again, and the common ones never pay for the lookup.
 */
const MEMO_FROM = 4;
/**
 * Steps of the capture walk one generation may take (docs/decisions.md item 17). Finding the
 * longest capture of a flying king among pieces that vanish as taken grows exponentially with
 * their count, and no other rule bounds it: past this many steps the walk stops and the list holds
 * the best captures found by then. Captures of real games take a few thousand steps; the longest
 * seen in play (a Dhamet king taking 17 men) takes about 340,000.
 */
export const WALK_LIMIT = 1_000_000;

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
  /** The squares taken on the stack, bit `sq & 31` of word `sq >> 5` (the memory's key). */
  private readonly taken = new Int32Array(3);
  private origin = 0;
  private originCode = 0;
  private bestKey = NO_KEY;
  private drop = true;
  /** Squares of the side to move's pieces, in square order (filled by each generation). */
  private readonly pieces: Int16Array;
  /**
   * Capture prefixes (rules where a capture may stop early): every landing from which the capture
   * goes on is a candidate stop, kept with the best precedence key of the full captures below it;
   * at the end only candidates leading to a best capture become moves.
   */
  private readonly pending = new MoveList(64, 256);
  private pendingKey = new Float64Array(64);
  /**
   * Hash indexes of `pending` and of the finished list by move identity: a board crowded with
   * flying kings can stop in tens of thousands of places, and a linear duplicate search per stop
   * made that quadratic (seconds per position).
   */
  private readonly pendingIndex = new IdentityIndex();
  private readonly listIndex = new IdentityIndex();
  /** Best precedence key recorded below the current landing (prefix rules only). */
  private subMax = NO_KEY;
  /** Whether the current capture's first jump went forward (see `afterSidewaysJumpDirs`). */
  private firstForward = true;
  private readonly ndirs: number;
  /** Step and first-jump tables (read by the mask backend, mask-moves.ts, too). */
  readonly tables: MoveTables;
  /** Whether the rules let the walk answer a state from memory (`memoRules`). */
  private readonly memoSafe: boolean;
  /** States walked from (walk-memo.ts), made at the first capture deep enough to use it. */
  private memo: WalkMemo | null = null;
  /** Whether the current generation may consult the memory (duplicates are dropped). */
  private memoOn = false;
  /** Steps the walk has taken in the current generation (see `WALK_LIMIT`). */
  private walked = 0;
  /** Whether the last generation stopped its walk at `WALK_LIMIT` (its captures may not be all). */
  cutShort = false;

  /** Steps the capture walk took in the last generation (the same for a position, always). */
  get walkSteps(): number {
    return this.walked;
  }

  /** `memo: false` walks every order again (the tests compare both walks). */
  constructor(rules: CompiledRules, options: { memo?: boolean } = {}) {
    this.rules = rules;
    this.ndirs = rules.topology.directions.length;
    this.dead = new Uint8Array(rules.size);
    this.pieces = new Int16Array(rules.size);
    this.tables = moveTables(rules);
    this.memoSafe = options.memo !== false && memoRules(rules);
  }

  /**
   * Write every legal move of `side` (0 white, 1 black) into `list`; returns the count.
   * `dropDuplicates`: captures with the same start, end and captured set are listed once
   * (docs/decisions.md item 13); otherwise every distinct route is listed.
   */
  generate(board: Int8Array, side: number, list: MoveList, dropDuplicates = true): number {
    const c = this.rules;
    this.begin(board, list, dropDuplicates);
    // a crowning has decided the game (Breakthrough): nobody moves any more
    if (c.crowningWins && hasKing(board)) return 0;
    const me = side === 0 ? 0 : BLACK_BIT;
    const pieces = this.pieces;
    const np = collectPieces(board, me, pieces);
    for (let k = 0; k < np; k++) {
      const sq = pieces[k]!;
      const code = board[sq]!;
      // Most pieces have no capture at all: a one-jump look-ahead skips the recursive walk and its
      // board edits for them (the walk finds nothing exactly when this finds nothing).
      if (!canJump(c, this.tables, board, sq, code)) continue;
      this.walkFrom(board, sq, code);
    }
    if (list.count > 0) {
      if (c.prefixes) this.addPrefixes(list);
      if (c.obligation === OBLIGATION_MANDATORY) return list.count;
    }
    this.steps(me, np);
    return list.count;
  }

  /**
   * Rules with compulsory captures: the list `generate` writes when the side to move has a
   * capture, given the squares of its pieces that have a first jump (`from[0..n)`, in square
   * order), for a caller that keeps piece masks and so skips the scan of the board.
   */
  capturesOf(board: Int8Array, list: MoveList, from: Int16Array, n: number, drop: boolean): number {
    this.begin(board, list, drop);
    for (let k = 0; k < n; k++) {
      const sq = from[k]!;
      this.walkFrom(board, sq, board[sq]!);
    }
    if (list.count > 0 && this.rules.prefixes) this.addPrefixes(list);
    return list.count;
  }

  /** A new list: `board` and `list` are the generation's, every walk's state starts afresh. */
  private begin(board: Int8Array, list: MoveList, drop: boolean): void {
    list.clear();
    this.board = board;
    this.list = list;
    this.drop = drop;
    this.memoOn = drop && this.memoSafe;
    this.walked = 0;
    this.cutShort = false;
    this.memo?.reset();
    this.bestKey = NO_KEY;
    this.pending.clear();
    this.pendingIndex.clear();
    this.subMax = NO_KEY;
  }

  /** Record every capture of the piece `code` on `sq` (lifted from the board while it walks). */
  private walkFrom(board: Int8Array, sq: number, code: number): void {
    this.origin = sq;
    this.originCode = code;
    this.sp = 0;
    this.memo?.start();
    board[sq] = 0; // the moving piece does not block its own path
    this.jump(sq, code, -1, -1);
    board[sq] = code;
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

  /**
   * The walk from `sq` after the jumps on the stack: records every capture that ends below it and
   * returns whether any jump goes on from here. Deep in a long capture the same state may have
   * been walked before in another order (walk-memo.ts); it is then answered from memory.
   */
  private jump(sq: number, code: number, lastDir: number, skipDir: number): boolean {
    if (this.sp < MEMO_FROM || !this.memoOn) return this.walk(sq, code, lastDir, skipDir);
    if (this.memo === null) {
      this.memo = new WalkMemo();
      this.memo.start();
    }
    const memo = this.memo;
    const packed =
      sq |
      (code << 7) |
      ((lastDir + 1) << 10) |
      ((skipDir + 1) << 15) |
      (this.firstForward ? 1 << 20 : 0);
    const taken = this.taken;
    const t0 = taken[0]!;
    const t1 = taken[1]!;
    const t2 = taken[2]!;
    if (memo.lookup(packed, t0, t1, t2) === HIT) {
      if (memo.hitBest > this.subMax) this.subMax = memo.hitBest;
      return memo.hitFound;
    }
    const found = this.walk(sq, code, lastDir, skipDir);
    if (this.cutShort) return found; // an answer cut short is not the state's
    memo.store(packed, t0, t1, t2, found, this.subMax);
    return found;
  }

  private walk(sq: number, code: number, lastDir: number, skipDir: number): boolean {
    // past the limit every state says "goes on" and records nothing, so no capture cut short is
    // ever recorded as complete; the first complete capture is found within a few dozen steps
    if (this.cutShort || ++this.walked > WALK_LIMIT) {
      this.cutShort = true;
      return true;
    }
    const c = this.rules;
    const b = this.board;
    const size = c.size;
    const next = c.next;
    const taken = this.taken;
    const dirs = jumpDirs(c, code, this.sp === 0, this.firstForward);
    const noReverse = barredDir(c, lastDir);
    const immediate = c.immediateRemoval;
    const souffle = c.obligation === OBLIGATION_SOUFFLE;
    let found = false;
    if (c.flying[code] === 0) {
      for (let i = 0; i < dirs.length; i++) {
        const d = dirs[i]!;
        if (d === noReverse) continue;
        const over = next[d * size + sq]!;
        if (over < 0) continue;
        const victim = b[over]!;
        if (victim === 0 || this.dead[over] === 1 || c.capturable[code * 8 + victim] === 0)
          continue;
        const land = next[d * size + over]!;
        if (land < 0 || b[land] !== 0) continue;
        found = true;
        const sp = this.sp++;
        if (sp === 0) this.firstForward = c.forwardDir[code * this.ndirs + d] === 1;
        this.stackCap[sp] = over;
        this.stackCode[sp] = victim;
        this.stackLand[sp] = land;
        taken[over >> 5] = taken[over >> 5]! ^ (1 << (over & 31));
        // both stores on every jump (one of them writes what is there): the compiled walk then
        // never meets the other removal rule's store first in a later variant
        b[over] = immediate ? 0 : victim;
        this.dead[over] = immediate ? 0 : 1;
        // a crowning that ends the capture (PROMOTE_AND_STOP, < 0) records it as the piece it was
        const mid = c.promoteMid[code * size + land]!;
        const now = mid > 0 ? mid : code;
        this.stackLandCode[sp] = now;
        const outer = this.subMax;
        this.subMax = NO_KEY;
        if (mid === PROMOTE_AND_STOP || !this.jump(land, now, d, -1)) this.record(land, now);
        else if (c.prefixes) this.candidate(land, now);
        if (this.subMax < outer) this.subMax = outer;
        b[over] = victim;
        this.dead[over] = 0;
        taken[over >> 5] = taken[over >> 5]! ^ (1 << (over & 31));
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
      taken[over >> 5] = taken[over >> 5]! ^ (1 << (over & 31));
      b[over] = immediate ? 0 : victim;
      this.dead[over] = immediate ? 0 : 1;
      // Landing rule (FMJD 4.6): if the capture can go on from some landing square it must land on
      // one of those. Going straight on is the same route from every landing square, so it is
      // explored from the first one only (skipDir) — the "keep" route convention. Where captures
      // may stop early, every landing square is a possible stop, so straight on is walked from each.
      // Thai kings land right behind each piece; a Killer king right behind a king taken last.
      const behind = c.kingLanding === LANDING_BEHIND;
      let goesOn = false;
      for (let land = first; land >= 0 && b[land] === 0; land = behind ? -1 : next[base + land]!) {
        this.stackLand[sp] = land;
        const outer = this.subMax;
        this.subMax = NO_KEY;
        if (this.jump(land, code, d, land === first || c.prefixes ? -1 : d)) {
          goesOn = true;
          if (c.prefixes) this.candidate(land, code);
        } else if (souffle) {
          // under the huff any stop is playable, even where another landing square goes on
          this.candidate(land, code);
        }
        if (this.subMax < outer) this.subMax = outer;
      }
      if (!goesOn) {
        const halt = behind || (c.kingLanding === LANDING_BEHIND_KING && (victim & 3) === KING);
        for (let land = first; land >= 0 && b[land] === 0; land = halt ? -1 : next[base + land]!) {
          this.stackLand[sp] = land;
          this.record(land, code);
        }
      }
      b[over] = victim;
      this.dead[over] = 0;
      taken[over >> 5] = taken[over >> 5]! ^ (1 << (over & 31));
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
    if (key > this.subMax) this.subMax = key;
    if (key < this.bestKey) return;
    if (key > this.bestKey) {
      list.clear();
      this.bestKey = key;
    }
    let hash = 0;
    for (let i = 0; i < n; i++) hash ^= c.squareHash[this.stackCap[i]!]!;
    if (this.drop) {
      // the arrays are read before the loop, also when the list is still empty: the compiled walk
      // then never meets these reads first at the first capture found beside another
      const lto = list.to;
      const lfrom = list.from;
      const lncap = list.ncap;
      const lhash = list.hash;
      const origin = this.origin;
      for (let j = 0; j < list.count; j++) {
        // every field compared on every listed capture (no early exit), for the same reason
        const differs =
          (lto[j]! ^ to) | (lfrom[j]! ^ origin) | (lncap[j]! ^ n) | (lhash[j]! ^ hash);
        if (differs !== 0) continue;
        if (this.sameAsStack(j, n)) return;
      }
    }
    list.reserve(n);
    const i = list.count++;
    const at = list.used;
    const promoted = c.promoteEnd[code * c.size + to]!;
    const piece = promoted !== 0 ? promoted : code;
    putMove(list, i, this.origin, to, this.originCode, piece, KIND_CAPTURE, n, at, hash);
    // Plain loops, not `set(subarray(…))`: a capture holds a handful of jumps, and each subarray
    // would be a fresh object per recorded capture.
    const capSq = list.capSq;
    const capCode = list.capCode;
    const land = list.land;
    const landCode = list.landCode;
    for (let x = 0; x < n; x++) {
      capSq[at + x] = this.stackCap[x]!;
      capCode[at + x] = this.stackCode[x]!;
      land[at + x] = this.stackLand[x]!;
      landCode[at + x] = this.stackLandCode[x]!;
    }
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
        // kings counted by adding 0 or 1: no increment that first runs when a king is first taken
        for (let i = 0; i < n; i++) part += (this.stackCode[i]! & 3) !== MAN ? 1 : 0;
      } else if (step === STEP_VALUE) {
        let kings = 0;
        for (let i = 0; i < n; i++) kings += (this.stackCode[i]! & 3) !== MAN ? 1 : 0;
        part = (n + kings) * 128 - kings;
      } else if (step === STEP_WITH_KING || step === STEP_KING_PRIORITY) {
        part = (this.originCode & 3) !== MAN ? 1 : 0;
      } else if (step === STEP_EARLIEST_KING) {
        for (let i = 0; i < n && i < EARLIEST_KING_BITS; i++) {
          part += (this.stackCode[i]! & 3) !== MAN ? 2 ** (EARLIEST_KING_BITS - 1 - i) : 0;
        }
      }
      key = key * STEP_SCALE[step]! + part;
    }
    return key;
  }

  /** A stop after the jump on the stack, landing on `to` as `code` (prefix rules only). */
  private candidate(to: number, code: number): void {
    const c = this.rules;
    const p = this.pending;
    const n = this.sp;
    let hash = 0;
    for (let i = 0; i < n; i++) hash ^= c.squareHash[this.stackCap[i]!]!;
    const j = this.pendingIndex.find(p, this.origin, to, n, hash, this.stackCap);
    if (j >= 0) {
      if (this.subMax > this.pendingKey[j]!) this.pendingKey[j] = this.subMax;
      return;
    }
    p.reserve(n);
    const i = p.count++;
    if (i >= this.pendingKey.length) {
      const keys = new Float64Array(this.pendingKey.length * 2);
      keys.set(this.pendingKey);
      this.pendingKey = keys;
    }
    this.pendingKey[i] = this.subMax;
    const at = p.used;
    const promoted = c.promoteEnd[code * c.size + to]!;
    const piece = promoted !== 0 ? promoted : code;
    putMove(p, i, this.origin, to, this.originCode, piece, KIND_CAPTURE, n, at, hash);
    for (let x = 0; x < n; x++) {
      p.capSq[at + x] = this.stackCap[x]!;
      p.capCode[at + x] = this.stackCode[x]!;
      p.land[at + x] = this.stackLand[x]!;
      p.landCode[at + x] = this.stackLandCode[x]!;
    }
    p.used = at + n;
    this.pendingIndex.add(p, i);
  }

  /**
   * House rules where a capture may stop early: every stop on the way of a best capture becomes a
   * move of its own, once per identity (from, to, captured set).
   */
  private addPrefixes(list: MoveList): void {
    const p = this.pending;
    if (p.count === 0) return;
    // pending stops are distinct already; each is checked against the complete captures
    const index = this.listIndex;
    index.clear();
    for (let j = 0; j < list.count; j++) index.add(list, j);
    for (let i = 0; i < p.count; i++) {
      // without precedence every stop on the way is legal; with it, only those on a best capture
      if (this.rules.precedence.length > 0 && this.pendingKey[i] !== this.bestKey) continue;
      const n = p.ncap[i]!;
      const at = p.start[i]!;
      const squares = p.capSq.subarray(at, at + n);
      if (index.find(list, p.from[i]!, p.to[i]!, n, p.hash[i]!, squares) >= 0) continue;
      list.reserve(n);
      const k = list.count++;
      const dst = list.used;
      const piece = p.piece[i]!;
      putMove(list, k, p.from[i]!, p.to[i]!, p.moved[i]!, piece, KIND_CAPTURE, n, dst, p.hash[i]!);
      for (let x = 0; x < n; x++) {
        list.capSq[dst + x] = p.capSq[at + x]!;
        list.capCode[dst + x] = p.capCode[at + x]!;
        list.land[dst + x] = p.land[at + x]!;
        list.landCode[dst + x] = p.landCode[at + x]!;
      }
      list.used = dst + n;
    }
  }

  /** Non-capturing moves (and king splits) of the side with colour bit `me`, pieces from `pieces`. */
  private steps(me: number, np: number): void {
    const c = this.rules;
    const b = this.board;
    const list = this.list;
    const pieces = this.pieces;
    const lastMan = c.lastManDirs[MAN | me]!.length > 0 ? loneMan(b, pieces, np) : -1;
    if (lastMan < 0 && !c.kingSplit) {
      writeSteps(c, this.tables, b, list, pieces, 0, np);
      return;
    }
    // house rules with moves outside the step tables: piece by piece, its extra moves after it
    const size = c.size;
    const next = c.next;
    const used = list.used;
    for (let k = 0; k < np; k++) {
      const sq = pieces[k]!;
      const code = b[sq]!;
      writeSteps(c, this.tables, b, list, pieces, k, k + 1);
      list.reserveMoves(list.count + size + 16);
      let n = list.count;
      if (sq === lastMan) {
        const back = c.lastManDirs[code]!;
        for (let i = 0; i < back.length; i++) {
          const t = next[back[i]! * size + sq]!;
          if (t >= 0 && b[t] === 0) putStep(list, n++, sq, t, code, code, KIND_STEP, used);
        }
      }
      if (c.kingSplit && (code & 3) === KING) {
        const targets = c.splitTargets[(me === 0 ? 0 : size) + sq]!;
        for (let i = 0; i < targets.length; i++) {
          const t = targets[i]!;
          if (b[t] === 0) putStep(list, n++, sq, t, code, MAN | me, KIND_SPLIT, used);
        }
      }
      list.count = n;
    }
  }
}

/** Fill `pieces` with the squares of the pieces with colour bit `me`; returns how many. */
function collectPieces(b: Int8Array, me: number, pieces: Int16Array): number {
  const size = b.length;
  let np = 0;
  for (let sq = 0; sq < size; sq++) {
    const code = b[sq]!;
    if (code !== 0 && (code & BLACK_BIT) === me) pieces[np++] = sq;
  }
  return np;
}

/** Whether any king stands on the board. */
function hasKing(b: Int8Array): boolean {
  for (let sq = 0; sq < b.length; sq++) if ((b[sq]! & 3) === KING) return true;
  return false;
}

/** The square of the side's only piece if it is a man, else -1. */
function loneMan(b: Int8Array, pieces: Int16Array, np: number): number {
  if (np !== 1) return -1;
  const sq = pieces[0]!;
  return (b[sq]! & 3) === MAN ? sq : -1;
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

/**
 * Whether the walk may answer a state from memory (walk-memo.ts): no precedence step reads the
 * order in which pieces were taken (Italian's earliest king does), so a capture's rank depends on
 * its set of pieces alone.
 */
function memoRules(c: CompiledRules): boolean {
  for (let s = 0; s < c.precedence.length; s++) {
    if (c.precedence[s] === STEP_EARLIEST_KING) return false;
  }
  return true;
}
