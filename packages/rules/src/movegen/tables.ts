/**
 * Per-square move tables derived from `CompiledRules` for the generator's hot paths.
 *
 * The compiled rules give directions per piece code and a neighbour table per direction; reading
 * them costs several dependent loads per direction. Here the targets of a short-range piece are
 * listed per (piece code, square) in one flat array, so a step or first-jump test is one load of
 * the target and one of the board. Built once per `CompiledRules` and shared. `canJump`, the
 * one-jump look-ahead the generator and the mask backend both start with, reads them here.
 */
import type { CompiledRules } from '../variants/compile.ts';
import { KIND_STEP, type MoveList } from './move-list.ts';

export interface MoveTables {
  /** Slots per (code, square) entry: the most directions any piece has, plus a -1 terminator. */
  readonly width: number;
  /** `step[(code * size + sq) * width + k]`: k-th one-step target of a short-range piece, -1 ends. */
  readonly step: Int16Array;
  /**
   * `jumpOver` / `jumpLand` at the same index: the k-th first jump of a short-range piece
   * (square jumped, landing square; only where both exist on the board), -1 ends.
   */
  readonly jumpOver: Int16Array;
  readonly jumpLand: Int16Array;
}

const cache = new WeakMap<CompiledRules, MoveTables>();

/** The tables for `c` (built on first use). */
export function moveTables(c: CompiledRules): MoveTables {
  const hit = cache.get(c);
  if (hit) return hit;
  const size = c.size;
  const next = c.next;
  const width = c.reverse.length + 1;
  const step = new Int16Array(8 * size * width).fill(-1);
  const jumpOver = new Int16Array(8 * size * width).fill(-1);
  const jumpLand = new Int16Array(8 * size * width).fill(-1);
  for (let code = 1; code < 8; code++) {
    const steps = c.stepDirs[code]!;
    const jumps = c.firstJumpDirs[code]!;
    for (let sq = 0; sq < size; sq++) {
      const at = (code * size + sq) * width;
      let k = 0;
      for (let i = 0; i < steps.length; i++) {
        const to = next[steps[i]! * size + sq]!;
        if (to >= 0) step[at + k++] = to;
      }
      k = 0;
      for (let i = 0; i < jumps.length; i++) {
        const d = jumps[i]!;
        const over = next[d * size + sq]!;
        if (over < 0) continue;
        const land = next[d * size + over]!;
        if (land < 0) continue;
        jumpOver[at + k] = over;
        jumpLand[at + k] = land;
        k++;
      }
    }
  }
  const tables: MoveTables = { width, step, jumpOver, jumpLand };
  cache.set(c, tables);
  return tables;
}

/** True when the piece `code` on `sq` has at least one first jump (the capture walk's first level). */
export function canJump(
  c: CompiledRules,
  t: MoveTables,
  b: Int8Array,
  sq: number,
  code: number,
): boolean {
  const capturable = c.capturable;
  const cbase = code * 8;
  if (c.flying[code] === 0) {
    const jumpOver = t.jumpOver;
    const jumpLand = t.jumpLand;
    for (let k = (code * c.size + sq) * t.width; ; k++) {
      const over = jumpOver[k]!;
      if (over < 0) return false;
      const victim = b[over]!;
      if (victim !== 0 && capturable[cbase + victim] !== 0 && b[jumpLand[k]!] === 0) return true;
    }
  }
  const dirs = c.firstJumpDirs[code]!;
  const next = c.next;
  const size = c.size;
  for (let i = 0; i < dirs.length; i++) {
    const base = dirs[i]! * size;
    let over = next[base + sq]!;
    while (over >= 0 && b[over] === 0) over = next[base + over]!;
    if (over < 0 || capturable[cbase + b[over]!] === 0) continue;
    const land = next[base + over]!;
    if (land >= 0 && b[land] === 0) return true;
  }
  return false;
}

/**
 * Append the non-capturing moves of the pieces on `squares[lo..hi)` to `list`, in the general
 * generator's order (square order as given, a piece's step directions in table order, a flying
 * piece's squares nearest first). The general generator and the mask backend both write their
 * steps here; moves go straight into the list's arrays, room for a piece's moves made once.
 */
export function writeSteps(
  c: CompiledRules,
  t: MoveTables,
  b: Int8Array,
  list: MoveList,
  squares: Int16Array,
  lo: number,
  hi: number,
): void {
  const size = c.size;
  const next = c.next;
  const step = t.step;
  const width = t.width;
  const promoteEnd = c.promoteEnd;
  const used = list.used;
  let n = list.count;
  // The list's arrays in locals, refreshed only when the list grows: this runs at nearly every
  // node, and a call per move costs more than the write.
  let from = list.from;
  let to = list.to;
  let moved = list.moved;
  let piece = list.piece;
  let kind = list.kind;
  let ncap = list.ncap;
  let start = list.start;
  let hash = list.hash;
  for (let k = lo; k < hi; k++) {
    const sq = squares[k]!;
    const code = b[sq]!;
    if (n + size > from.length) {
      list.count = n;
      list.reserveMoves(n + size + 16);
      from = list.from;
      to = list.to;
      moved = list.moved;
      piece = list.piece;
      kind = list.kind;
      ncap = list.ncap;
      start = list.start;
      hash = list.hash;
    }
    const pbase = code * size;
    if (c.flying[code] === 0) {
      // a short-range piece: the step table, one empty target per direction at most
      for (let x = (pbase + sq) * width; ; x++) {
        const t = step[x]!;
        if (t < 0) break;
        if (b[t] !== 0) continue;
        const promoted = promoteEnd[pbase + t]!;
        from[n] = sq;
        to[n] = t;
        moved[n] = code;
        piece[n] = promoted !== 0 ? promoted : code;
        kind[n] = KIND_STEP;
        ncap[n] = 0;
        start[n] = used;
        hash[n] = 0;
        n++;
      }
      continue;
    }
    // a flying piece: each direction's empty squares, nearest first
    const dirs = c.stepDirs[code]!;
    for (let i = 0; i < dirs.length; i++) {
      const base = dirs[i]! * size;
      for (let t = next[base + sq]!; t >= 0 && b[t] === 0; t = next[base + t]!) {
        from[n] = sq;
        to[n] = t;
        moved[n] = code;
        piece[n] = code;
        kind[n] = KIND_STEP;
        ncap[n] = 0;
        start[n] = used;
        hash[n] = 0;
        n++;
      }
    }
  }
  list.count = n;
}

/**
 * The directions a capturing piece, now `code`, may jump in next: its first jumps at the start of
 * the capture (`first`), else those allowed after a first jump forward (`forward`) or sideways.
 */
export function jumpDirs(
  c: CompiledRules,
  code: number,
  first: boolean,
  forward: boolean,
): Int8Array {
  return first
    ? c.firstJumpDirs[code]!
    : forward
      ? c.nextJumpDirs[code]!
      : c.afterSidewaysJumpDirs[code]!;
}

/** The direction a capture may not take after a jump along `lastDir` (straight back), or -1. */
export function barredDir(c: CompiledRules, lastDir: number): number {
  // both fields are read on every call (the first jump's too, at index 0), so the compiled walk
  // never meets their reads first at a later jump
  const back = c.reverse[lastDir >= 0 ? lastDir : 0]!;
  const allowed = c.allowReversal;
  return lastDir >= 0 && !allowed ? back : -1;
}
