/**
 * Move ordering (Stockfish's movepick, for draughts): the order in which the search tries the
 * moves of a node, so that the best is usually first and the rest are cut off. One home for the
 * scores, the killers and the history the search feeds back, and the pick that both the main
 * search and quiescence use.
 *
 * Order: the transposition table's move; captures by pieces taken, then kings taken, then
 * crowning; a quiet crowning step; the two killers of the ply (quiet moves that cut off at this
 * ply before); the rest by history: per side and from-to, the odds that a quiet move tried is its
 * node's best — raised for the best move of every node that beat alpha, lowered for each quiet
 * move tried before it there (Scan's history; it replaced counts of cutoffs weighted by depth
 * squared, which ignored the moves that failed, after self-play in seven rule sets). Moves
 * stay where the generator wrote them: `pick` brings the best remaining one forward in a per-ply
 * slot array by one selection-sort step, so a node cut off after a few moves never sorts the rest.
 * The late-move reductions, which read that order (how far down it a move comes), live here too.
 */
import { KIND_CAPTURE, KIND_STEP, MAN, type MoveList } from '@damka/rules';

/** A compact move identity: from, to, kind and the high bits of the captured-set hash. */
export function moveIdOf(list: MoveList, i: number): number {
  return (
    list.from[i]! |
    (list.to[i]! << 7) |
    (list.kind[i]! << 14) |
    (1 << 16) |
    (list.hash[i]! & 0xfffe0000) |
    0
  );
}

/** History odds: certainty, and the start of every entry (even odds). */
const ODDS_ONE = 4096;
const ODDS_EVEN = 2048;

/** The ordering state of one search thread: scores and slots per ply, killers, history. */
export class MoveOrdering {
  private readonly size: number;
  /** Per ply: the score of each move of the list. */
  private readonly scores: Int32Array[] = [];
  /** Per ply: the search order of the move list (list indices), sorted as the search goes. */
  private readonly slots: Int32Array[] = [];
  private readonly killers: Int32Array;
  /** `history[side * size² + from * size + to]`: odds of `ODDS_ONE` (see `learned`). */
  private readonly history: Int32Array;

  constructor(size: number, plies: number) {
    this.size = size;
    this.killers = new Int32Array(plies * 2);
    this.history = new Int32Array(2 * size * size).fill(ODDS_EVEN);
    for (let i = 0; i <= plies; i++) {
      this.scores.push(new Int32Array(128));
      this.slots.push(new Int32Array(128));
    }
  }

  /** Forget everything learnt: a new game, or a bench run. */
  clear(): void {
    this.history.fill(ODDS_EVEN);
    this.killers.fill(0);
  }

  /** A new search: killers are forgotten, the history is kept. */
  newSearch(): void {
    this.killers.fill(0);
  }

  /** The killers of `ply`: the newer (`k` 0) and the older (`k` 1). */
  killer(ply: number, k: number): number {
    return this.killers[ply * 2 + k]!;
  }

  /** The scores of the moves at `ply`, as `scoreAll` or `scoreCaptures` left them. */
  scoresAt(ply: number): Int32Array {
    return this.scores[ply]!;
  }

  /** A capture's score: pieces taken, then kings taken, then crowning. */
  captureScore(list: MoveList, i: number): number {
    let kings = 0;
    const at = list.start[i]!;
    const ncap = list.ncap[i]!;
    // counted on every capture (not only when a king is taken), so the compiled search never
    // meets the count's first increment late
    for (let x = 0; x < ncap; x++) kings += (list.capCode[at + x]! & 3) !== MAN ? 1 : 0;
    return ncap * 1000 + kings * 100 + (list.piece[i] !== list.moved[i] ? 50 : 0);
  }

  /** Score every move of `list` at `ply` for `side` to move, and reset the ply's order. */
  scoreAll(list: MoveList, ply: number, side: number, ttMove: number): void {
    const n = list.count;
    this.reserve(ply, n);
    const scores = this.scores[ply]!;
    const k0 = this.killers[ply * 2]!;
    const k1 = this.killers[ply * 2 + 1]!;
    const size = this.size;
    const base = side * size * size;
    const slots = this.slots[ply]!;
    for (let i = 0; i < n; i++) {
      const id = moveIdOf(list, i);
      const kind = list.kind[i]!;
      const crowns = list.piece[i] !== list.moved[i];
      let s: number;
      if (id === ttMove) s = 1 << 30;
      else if (kind === KIND_CAPTURE) s = (1 << 26) + this.captureScore(list, i);
      else if (kind === KIND_STEP && crowns) s = 1 << 25;
      else if (id === k0) s = (1 << 24) + 1;
      else if (id === k1) s = 1 << 24;
      else s = this.history[base + list.from[i]! * size + list.to[i]!]!;
      scores[i] = s;
      slots[i] = i;
    }
  }

  /** Score the first `m` moves of `list` (its captures) for quiescence, and reset the order. */
  scoreCaptures(list: MoveList, ply: number, m: number): void {
    this.reserve(ply, list.count);
    const scores = this.scores[ply]!;
    for (let i = 0; i < m; i++) scores[i] = this.captureScore(list, i);
    const slots = this.slots[ply]!;
    for (let x = 0; x < m; x++) slots[x] = x;
  }

  /**
   * The list index of the move to try `k`-th of `n` at `ply`: one selection-sort step brings the
   * best-scored remaining move to place k (call with k = 0, 1, 2, … in turn).
   */
  pick(ply: number, k: number, n: number): number {
    const scores = this.scores[ply]!;
    const slots = this.slots[ply]!;
    let bi = k;
    let bs = scores[k]!;
    for (let j = k + 1; j < n; j++) {
      if (scores[j]! > bs) {
        bs = scores[j]!;
        bi = j;
      }
    }
    if (bi !== k) {
      const t = slots[k]!;
      slots[k] = slots[bi]!;
      slots[bi] = t;
      scores[bi] = scores[k]!;
      scores[k] = bs;
    }
    return slots[k]!;
  }

  /** A quiet move `id` cut off at `ply`: it becomes the ply's newer killer. */
  cutoff(id: number, ply: number): void {
    const k0 = this.killers[ply * 2]!;
    if (k0 !== id) {
      this.killers[ply * 2 + 1] = k0;
      this.killers[ply * 2] = id;
    }
  }

  /**
   * A node at `ply` (`side` to move) beat alpha with the move it tried `bestK`-th: each quiet move
   * tried before it loses a 64th of its odds, the best (if quiet) gains a 64th of what it lacks.
   */
  learned(list: MoveList, ply: number, side: number, bestK: number): void {
    const slots = this.slots[ply]!;
    const size = this.size;
    const base = side * size * size;
    const history = this.history;
    for (let k = 0; k <= bestK; k++) {
      const i = slots[k]!;
      if (list.kind[i] === KIND_CAPTURE || list.piece[i] !== list.moved[i]) continue;
      const h = base + list.from[i]! * size + list.to[i]!;
      const v = history[h]!;
      history[h] = k === bestK ? v + ((ODDS_ONE - v) >> 6) : v - (v >> 6);
    }
  }

  private reserve(ply: number, n: number): void {
    if (this.scores[ply]!.length < n) this.scores[ply] = new Int32Array(n * 2);
    if (this.slots[ply]!.length < n) this.slots[ply] = new Int32Array(n * 2);
  }
}

/**
 * The order of the root moves across iterations: first by the move ordering's scores, then after
 * each completed iteration the best move first and the rest by that iteration's scores.
 */
export class RootOrder {
  /** List indices in search order. */
  order = new Int32Array(0);
  /** The last iteration's score of each root move, by list index. */
  scores = new Int32Array(0);

  /** Order `n` root moves by `scores` (the ordering's, highest first; ties keep list order). */
  start(scores: Int32Array, n: number): void {
    if (this.order.length < n) {
      this.order = new Int32Array(n * 2);
      this.scores = new Int32Array(n * 2);
    }
    const order = this.order;
    for (let k = 0; k < n; k++) order[k] = k;
    sortStable(order, 0, n, scores);
  }

  /** After an iteration: `best` first, the rest by this iteration's scores (stable). */
  iterated(best: number, n: number): void {
    const order = this.order;
    let at = order.indexOf(best);
    if (at < 0 || at >= n) at = 0;
    for (let k = at; k > 0; k--) order[k] = order[k - 1]!;
    order[0] = best;
    sortStable(order, 1, n, this.scores);
  }
}

/**
 * Sort `order[from..to)` (list indices) by `scores[index]`, highest first, equal scores in their
 * present order: an insertion sort in place (a root has a few dozen moves), with no arrays or
 * closures made per iteration.
 */
function sortStable(order: Int32Array, from: number, to: number, scores: Int32Array): void {
  for (let k = from + 1; k < to; k++) {
    const i = order[k]!;
    const s = scores[i]!;
    let j = k - 1;
    while (j >= from && scores[order[j]!]! < s) {
      order[j + 1] = order[j]!;
      j--;
    }
    order[j + 1] = i;
  }
}

/**
 * Late-move reductions in plies by depth and move number (`depth * 64 + move`): 0.75 + ln(depth)
 * ln(move) · scale, one less in PV nodes; a reduced move that beats alpha is searched again.
 */
export function reductionTable(scale: number): Int8Array {
  const t = new Int8Array(64 * 64);
  for (let d = 1; d < 64; d++)
    for (let k = 1; k < 64; k++)
      t[d * 64 + k] = Math.floor(0.75 + Math.log(d) * Math.log(k) * scale);
  return t;
}
