/**
 * The per-ply rule state (Stockfish's StateInfo, for draughts): the facts the rules need at a ply
 * that the board and the side to move do not hold.
 *
 * - How far into a compulsory opening the game is (Dhamet's ten plies, docs/rules.md §5.17,
 *   docs/decisions.md item 12): while it applies, the one scripted move is the only legal move.
 * - Whether the move that led to a ply broke a capture rule the opponent may punish (the
 *   `burnedPieces` and `souffle` huff rules, docs/decisions.md house-rule options and item 12): the
 *   opponent's burn right.
 * - The king-move limit (Frisian Art. 17, docs/rules.md §5.12): for each player, the king that
 *   made his last non-capturing moves and how many in a row; when that count reaches the limit
 *   and the player still has a man, that king may not make another non-capturing move. A player
 *   without men is never bound, and men never come back, so the count is simply ignored for him.
 *
 * `Position` reads one record through `OpeningScript` and keeps its burn right as squares; perft and
 * the search walk a `PlyStates` stack, one record per ply in preallocated typed arrays: `make`
 * writes ply + 1 from ply and the move played, and unmake costs nothing (the record of ply is left
 * as it was). `restrict` applies a record to a freshly generated list, so no caller filters moves by
 * the opening itself.
 */
import { KIND_CAPTURE, KIND_STEP, type MoveList } from './movegen/move-list.ts';
import { BLACK_BIT, MAN } from './types.ts';
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

/**
 * The king-move counts of one ply (Frisian Art. 17), index 0 for the side to move and 1 for the
 * other: the square of the king counted (-1: none) and its non-capturing moves in a row.
 */
export interface KingRuns {
  readonly square: readonly [number, number];
  readonly moves: readonly [number, number];
}

/** No king counted for either side: every position read from a FEN (which carries no count). */
export const NO_KING_RUNS: KingRuns = { square: [-1, -1], moves: [0, 0] };

/** The rule state of every ply of a walk (perft, search): a stack of records, one per ply. */
export class PlyStates {
  readonly script: OpeningScript;
  readonly huff: number;
  /** Consecutive non-capturing moves one king may make while its side has a man; 0: no limit. */
  readonly kingLimit: number;
  /** Per ply: plies of the compulsory opening played, -1 once it no longer applies. */
  readonly opening: Int16Array;
  /** Per ply: 1 when the move that led here broke a capture rule (the opponent's burn right). */
  readonly offence: Uint8Array;
  /**
   * Per ply, at `2 * ply` for the side to move and `2 * ply + 1` for the other (king-move limit
   * only): the counted king's square, its non-capturing moves in a row, and the side's men
   * (-1 when the walk began without a board: then the limit is not applied, since it cannot be
   * told whether the side is bound).
   */
  readonly runSquare: Int16Array;
  readonly runMoves: Uint8Array;
  readonly men: Int16Array;

  constructor(variant: Variant, plies: number) {
    this.script = openingScript(variant);
    this.huff = huffRule(variant);
    this.kingLimit = variant.compiled.kingMoveLimit;
    this.opening = new Int16Array(plies + 1).fill(-1);
    this.offence = new Uint8Array(plies + 1);
    const runs = this.kingLimit > 0 ? 2 * (plies + 1) : 0;
    this.runSquare = new Int16Array(runs).fill(-1);
    this.runMoves = new Uint8Array(runs);
    this.men = new Int16Array(runs).fill(-1);
  }

  /**
   * Start a walk: ply 0 is `openingPly` into the script (-1: the opening does not apply). Under a
   * king-move limit, `board` (with `side` to move) gives the men of each side and `runs` the counts
   * the game has reached (none for a position read from a FEN); without a board the limit is off.
   */
  root(openingPly: number, board?: Int8Array, side = 0, runs: KingRuns = NO_KING_RUNS): void {
    this.opening[0] = openingPly >= 0 && openingPly < this.script.length ? openingPly : -1;
    this.offence[0] = 0;
    if (this.kingLimit === 0) return;
    for (let k = 0; k < 2; k++) {
      this.runSquare[k] = runs.square[k]!;
      this.runMoves[k] = runs.moves[k]!;
      this.men[k] = -1;
    }
    if (board !== undefined) {
      const mine = side === 0 ? 0 : BLACK_BIT;
      let own = 0;
      let other = 0;
      for (let sq = 0; sq < board.length; sq++) {
        const code = board[sq]!;
        if ((code & 3) !== MAN) continue;
        if ((code & BLACK_BIT) === mine) own++;
        else other++;
      }
      this.men[0] = own;
      this.men[1] = other;
    }
  }

  /** The king-move counts of `ply` (the side to move first). */
  kingRuns(ply: number): KingRuns {
    if (this.kingLimit === 0) return NO_KING_RUNS;
    const at = 2 * ply;
    return {
      square: [this.runSquare[at]!, this.runSquare[at + 1]!],
      moves: [this.runMoves[at]!, this.runMoves[at + 1]!],
    };
  }

  /** Whether the side to move at `ply` has a king that reached the limit (and still has a man). */
  private bound(ply: number): boolean {
    const at = 2 * ply;
    return this.kingLimit > 0 && this.runMoves[at]! >= this.kingLimit && this.men[at]! > 0;
  }

  /**
   * Whether the record restricts the moves at `ply` (the compulsory opening decides them, or a
   * king has reached the king-move limit): callers generate and `restrict` instead of counting.
   */
  scripted(ply: number): boolean {
    return this.opening[ply]! >= 0 || this.bound(ply);
  }

  /** Whether the record may restrict the moves at `ply + 1` (see `scripted`). */
  scriptedNext(ply: number): boolean {
    return (
      this.script.next(this.opening[ply]!) >= 0 ||
      (this.kingLimit > 0 &&
        this.runMoves[2 * ply + 1]! >= this.kingLimit &&
        this.men[2 * ply + 1]! > 0)
    );
  }

  /** Of `n` moves generated into `list` at `ply`, keep those the record allows; the new count. */
  restrict(list: MoveList, n: number, ply: number): number {
    const o = this.opening[ply]!;
    if (o >= 0) return this.script.restrict(list, n, o);
    if (!this.bound(ply)) return n;
    // the counted king may still capture, but not step (captures come first and are kept)
    const king = this.runSquare[2 * ply]!;
    let kept = 0;
    for (let i = 0; i < n; i++) {
      if (list.kind[i] === KIND_STEP && list.from[i] === king) continue;
      if (kept !== i) swapMoves(list, kept, i);
      kept++;
    }
    list.count = kept;
    return kept;
  }

  /** Write the record of `ply + 1` after move `i` of `list`, the list generated at `ply`. */
  make(list: MoveList, i: number, ply: number): void {
    const o = this.opening[ply]!;
    this.opening[ply + 1] = o < 0 ? -1 : this.script.next(o);
    this.offence[ply + 1] = this.huff !== HUFF_NONE && huffOffence(this.huff, list, i) ? 1 : 0;
    if (this.kingLimit > 0) this.makeRuns(list, i, ply);
  }

  /** The king-move counts of `ply + 1`: the mover's after his move, the opponent's after losses. */
  private makeRuns(list: MoveList, i: number, ply: number): void {
    const at = 2 * ply;
    const next = at + 2;
    const moved = list.moved[i]!;
    let men = this.men[at]!;
    if (men > 0 && (moved & 3) === MAN && (list.piece[i]! & 3) !== MAN) men--; // crowned
    // the mover: a non-capturing king move counts (one more for the same king), anything else resets
    if (list.kind[i] === KIND_STEP && (moved & 3) !== MAN) {
      const same = this.runSquare[at] === list.from[i];
      this.runMoves[next + 1] = same ? Math.min(this.runMoves[at]! + 1, 255) : 1;
      this.runSquare[next + 1] = list.to[i]!;
    } else {
      this.runMoves[next + 1] = 0;
      this.runSquare[next + 1] = -1;
    }
    this.men[next + 1] = men;
    // the opponent: his count ends when the counted king is captured
    let square = this.runSquare[at + 1]!;
    let theirMen = this.men[at + 1]!;
    const start = list.start[i]!;
    for (let x = start, end = start + list.ncap[i]!; x < end; x++) {
      if (list.capSq[x] === square) square = -1;
      if (theirMen > 0 && (list.capCode[x]! & 3) === MAN) theirMen--;
    }
    this.runSquare[next] = square;
    this.runMoves[next] = square < 0 ? 0 : this.runMoves[at + 1]!;
    this.men[next] = theirMen;
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
