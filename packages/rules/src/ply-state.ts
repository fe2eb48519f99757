/**
 * The per-ply rule state (Stockfish's StateInfo, for draughts): the facts the rules need at a ply
 * that the board and the side to move do not hold.
 *
 * - How far into a compulsory opening the game is (Dhamet's ten plies, docs/rules.md §5.17,
 *   docs/decisions.md item 12): while it applies, the one scripted move is the only legal move.
 * - Whether the move that led to a ply broke a capture rule the opponent may punish (the
 *   `burnedPieces` and `souffle` huff rules, docs/decisions.md house-rule options and item 12): the
 *   opponent's burn right.
 * - Its home for the next such facts, the move-count limits (Frisian's king-move limit,
 *   docs/rules.md §5.12).
 *
 * `Position` reads one record through `OpeningScript` and keeps its burn right as squares; perft and
 * the search walk a `PlyStates` stack, one record per ply in preallocated typed arrays: `make`
 * writes ply + 1 from ply and the move played, and unmake costs nothing (the record of ply is left
 * as it was). `restrict` applies a record to a freshly generated list, so no caller filters moves by
 * the opening itself.
 */
import { KIND_CAPTURE, type MoveList } from './movegen/move-list.ts';
import { OBLIGATION_BURN, OBLIGATION_SOUFFLE } from './variants/compile.ts';
import type { Variant } from './variant.ts';

/** No huff rule: a skipped capture is simply illegal (or allowed and unpunished). */
export const HUFF_NONE = 0;
/** `burnedPieces`: playing no capture when one was available may be punished. */
export const HUFF_BURN = 1;
/** `souffle`: taking fewer pieces than the most available (or none) may be punished. */
export const HUFF_SOUFFLE = 2;

/** A variant's compulsory opening as square pairs, parsed once per variant. */
export class OpeningScript {
  readonly from: Int16Array;
  readonly to: Int16Array;
  readonly length: number;

  constructor(variant: Variant) {
    const pairs = variant.rules.forcedOpening.map((text) => {
      const parts = text.split(/[-x:]/);
      return [variant.squares.parse(parts[0]!), variant.squares.parse(parts[parts.length - 1]!)];
    });
    this.from = Int16Array.from(pairs.map((p) => p[0]!));
    this.to = Int16Array.from(pairs.map((p) => p[1]!));
    this.length = pairs.length;
  }

  /** The opening ply at the start position: 0 when the variant has a compulsory opening, else -1. */
  get first(): number {
    return this.length > 0 ? 0 : -1;
  }

  /** The opening ply after one more move from `ply` (-1 once the opening no longer applies). */
  next(ply: number): number {
    return ply >= 0 && ply + 1 < this.length ? ply + 1 : -1;
  }

  /** The scripted move at opening ply `ply`, or undefined when the opening does not apply. */
  at(ply: number): { from: number; to: number } | undefined {
    return ply >= 0 && ply < this.length ? { from: this.from[ply]!, to: this.to[ply]! } : undefined;
  }

  /**
   * Of `n` moves generated into `list`, keep what opening ply `ply` allows: all of them outside the
   * opening, else just the scripted move, brought to slot 0. Returns the new count.
   */
  restrict(list: MoveList, n: number, ply: number): number {
    if (ply < 0 || ply >= this.length) return n;
    const from = this.from[ply]!;
    const to = this.to[ply]!;
    for (let i = 0; i < n; i++) {
      if (list.from[i] === from && list.to[i] === to) {
        if (i !== 0) swapMoves(list, 0, i);
        list.count = 1;
        return 1;
      }
    }
    list.count = 0;
    return 0;
  }
}

const scripts = new WeakMap<Variant, OpeningScript>();

/** The variant's opening script (shared: parsed on first use). */
export function openingScript(variant: Variant): OpeningScript {
  let s = scripts.get(variant);
  if (s === undefined) {
    s = new OpeningScript(variant);
    scripts.set(variant, s);
  }
  return s;
}

/** The huff rule of a variant: `HUFF_NONE`, `HUFF_BURN` or `HUFF_SOUFFLE`. */
export function huffRule(variant: Variant): number {
  const o = variant.compiled.obligation;
  return o === OBLIGATION_BURN ? HUFF_BURN : o === OBLIGATION_SOUFFLE ? HUFF_SOUFFLE : HUFF_NONE;
}

/**
 * Under huff rule `huff`, whether move `i` of `list` (the whole list its mover had) broke a capture
 * rule: under `burnedPieces` a move that captures nothing while a capture was available; under
 * `souffle` one that takes fewer pieces than the most any move took. Captures come first in a list.
 */
export function huffOffence(huff: number, list: MoveList, i: number): boolean {
  if (huff === HUFF_NONE || list.count === 0 || list.kind[0] !== KIND_CAPTURE) return false;
  if (huff === HUFF_BURN) return list.kind[i] !== KIND_CAPTURE;
  let max = 0;
  for (let j = 0; j < list.count; j++)
    if (list.kind[j] === KIND_CAPTURE && list.ncap[j]! > max) max = list.ncap[j]!;
  return list.ncap[i]! < max;
}

/** The rule state of every ply of a walk (perft, search): a stack of records, one per ply. */
export class PlyStates {
  readonly script: OpeningScript;
  readonly huff: number;
  /** Per ply: plies of the compulsory opening played, -1 once it no longer applies. */
  readonly opening: Int16Array;
  /** Per ply: 1 when the move that led here broke a capture rule (the opponent's burn right). */
  readonly offence: Uint8Array;

  constructor(variant: Variant, plies: number) {
    this.script = openingScript(variant);
    this.huff = huffRule(variant);
    this.opening = new Int16Array(plies + 1).fill(-1);
    this.offence = new Uint8Array(plies + 1);
  }

  /** Start a walk: ply 0 is `openingPly` into the script (-1: the opening does not apply). */
  root(openingPly: number): void {
    this.opening[0] = openingPly >= 0 && openingPly < this.script.length ? openingPly : -1;
    this.offence[0] = 0;
  }

  /** Whether the compulsory opening decides the move at `ply`. */
  scripted(ply: number): boolean {
    return this.opening[ply]! >= 0;
  }

  /** Whether the compulsory opening still decides the move at `ply + 1`. */
  scriptedNext(ply: number): boolean {
    return this.script.next(this.opening[ply]!) >= 0;
  }

  /** Of `n` moves generated into `list` at `ply`, keep those the record allows; the new count. */
  restrict(list: MoveList, n: number, ply: number): number {
    const o = this.opening[ply]!;
    return o < 0 ? n : this.script.restrict(list, n, o);
  }

  /** Write the record of `ply + 1` after move `i` of `list`, the list generated at `ply`. */
  make(list: MoveList, i: number, ply: number): void {
    const o = this.opening[ply]!;
    this.opening[ply + 1] = o < 0 ? -1 : this.script.next(o);
    this.offence[ply + 1] = this.huff !== HUFF_NONE && huffOffence(this.huff, list, i) ? 1 : 0;
  }
}

/** Exchange moves a and b of a list (their jump records stay where they are). */
export function swapMoves(list: MoveList, a: number, b: number): void {
  let t: number;
  t = list.from[a]!;
  list.from[a] = list.from[b]!;
  list.from[b] = t;
  t = list.to[a]!;
  list.to[a] = list.to[b]!;
  list.to[b] = t;
  t = list.moved[a]!;
  list.moved[a] = list.moved[b]!;
  list.moved[b] = t;
  t = list.piece[a]!;
  list.piece[a] = list.piece[b]!;
  list.piece[b] = t;
  t = list.kind[a]!;
  list.kind[a] = list.kind[b]!;
  list.kind[b] = t;
  t = list.ncap[a]!;
  list.ncap[a] = list.ncap[b]!;
  list.ncap[b] = t;
  t = list.start[a]!;
  list.start[a] = list.start[b]!;
  list.start[b] = t;
  t = list.hash[a]!;
  list.hash[a] = list.hash[b]!;
  list.hash[b] = t;
}
