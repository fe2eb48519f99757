/**
 * Move ordering (Stockfish's movepick, for draughts): the order in which the search tries the
 * moves of a node, so that the best is usually first and the rest are cut off. One home for the
 * scores, the killers and the history the search feeds back, and the pick that both the main
 * search and quiescence use.
 *
 * Order: the transposition table's move; captures by pieces taken, then kings taken, then
 * crowning; a quiet crowning step; the two killers of the ply (quiet moves that cut off at this
 * ply before); the rest by history (from-to counts of cutoffs, weighted by depth squared). Moves
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

/** The ordering state of one search thread: scores and slots per ply, killers, history. */
export class MoveOrdering {
  private readonly size: number;
  /** Per ply: the score of each move of the list. */
  private readonly scores: Int32Array[] = [];
  /** Per ply: the search order of the move list (list indices), sorted as the search goes. */
  private readonly slots: Int32Array[] = [];
  private readonly killers: Int32Array;
  private readonly history: Int32Array;

  constructor(size: number, plies: number) {
    this.size = size;
    this.killers = new Int32Array(plies * 2);
    this.history = new Int32Array(2 * size * size);
    for (let i = 0; i <= plies; i++) {
      this.scores.push(new Int32Array(128));
      this.slots.push(new Int32Array(128));
    }
  }

  /** Forget everything learnt: a new game, or a bench run. */
  clear(): void {
    this.history.fill(0);
    this.killers.fill(0);
  }

  /** A new search: killers are forgotten, history fades to an eighth. */
  newSearch(): void {
    this.killers.fill(0);
    for (let i = 0; i < this.history.length; i++) this.history[i] = this.history[i]! >> 3;
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

  /** A quiet move `id` (move i of `list`) cut off at `ply` searched to `depth`: learn from it. */
  cutoff(list: MoveList, i: number, id: number, ply: number, side: number, depth: number): void {
    const k0 = this.killers[ply * 2]!;
    if (k0 !== id) {
      this.killers[ply * 2 + 1] = k0;
      this.killers[ply * 2] = id;
    }
    const size = this.size;
    const h = side * size * size + list.from[i]! * size + list.to[i]!;
    const v = this.history[h]! + depth * depth;
    this.history[h] = v;
    if (v > 1 << 20)
      for (let x = 0; x < this.history.length; x++) this.history[x] = this.history[x]! >> 1;
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
