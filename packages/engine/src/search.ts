/**
 * The search: iterative deepening with root aspiration windows over principal-variation alpha-beta
 * (negamax) with a transposition table, move ordering (ordering.ts), late-move reductions,
 * single-reply extensions, ProbCut (per variant: `Weights.probCut`) and a capture quiescence
 * search, on one mutable board with make/unmake.
 *
 * Built for speed without per-node allocation: one preallocated `MoveList` and score array per
 * ply, Zobrist keys updated incrementally in two int32 halves, the game history and search path
 * kept in typed arrays (repetition and reversible-move draws are read from them). Captures are
 * compulsory in most variants, so a position where the side to move must capture is never
 * evaluated: quiescence plays captures until the position is quiet. Most leaves are quiet, so one
 * evaluator pass both tells a quiet leaf and scores it (no move list). On boards of at most 32
 * squares the path also carries one bitboard per piece code (two words above 32 squares) and the piece-square sum, updated by
 * each move, and the evaluator works on those instead of the squares. The searcher works on raw
 * boards and move lists only; `engine.ts` adds `Position` and `Move` on top.
 */
import {
  KIND_CAPTURE as IMPORTED_KIND_CAPTURE,
  KIND_SPLIT as IMPORTED_KIND_SPLIT,
  MAN as IMPORTED_MAN,
  MoveGenerator,
  MoveList,
  PlyStates,
  makeMove as importedMakeMove,
  unmakeMove as importedUnmakeMove,
  type Variant,
} from '@damka/rules';
import {
  BITS_STRIDE as IMPORTED_BITS_STRIDE,
  Evaluator,
  NOT_QUIET as IMPORTED_NOT_QUIET,
} from './evaluate/index.ts';
import {
  BOUND_EXACT as IMPORTED_BOUND_EXACT,
  BOUND_LOWER as IMPORTED_BOUND_LOWER,
  BOUND_UPPER as IMPORTED_BOUND_UPPER,
  TranspositionTable,
} from './tt.ts';
import { variantKeys, type ZobristKeys } from './zobrist.ts';
import { MoveOrdering, moveIdOf } from './ordering.ts';
import type { PatternTable } from './patterns.ts';
import type { Weights } from './weights.ts';

// Imported bindings read in hot loops are copied to module constants: under a TypeScript loader
// (tsx) each read of an imported binding is a getter call, a measurable cost per node.
const KIND_CAPTURE = IMPORTED_KIND_CAPTURE;
const KIND_SPLIT = IMPORTED_KIND_SPLIT;
const MAN = IMPORTED_MAN;
const makeMove = importedMakeMove;
const unmakeMove = importedUnmakeMove;
const BOUND_EXACT = IMPORTED_BOUND_EXACT;
const BOUND_LOWER = IMPORTED_BOUND_LOWER;
const BOUND_UPPER = IMPORTED_BOUND_UPPER;
const NOT_QUIET = IMPORTED_NOT_QUIET;
const BITS_STRIDE = IMPORTED_BITS_STRIDE;

/** Deepest ply the search reaches (iterations, extensions and quiescence together). */
export const MAX_PLY = 128;
/** A won position `n` plies from the root scores `MATE - n`. */
export const MATE = 30000;
/** Scores beyond this are forced wins or losses. */
export const MATE_BOUND = MATE - 1000;
const INF = 32000;
const DRAW = 0;
/** Single-reply extensions stop at this ply so forced lines cannot run away. */
const MAX_EXTENSION_PLY = 64;
/**
 * Root aspiration: from this depth an iteration first searches a window this wide (hundredths of a
 * man) on each side of the last score; a side that fails is widened, doubling each time, and past
 * sixteen times the first width the window is opened fully.
 */
const ASPIRATION_DEPTH = 5;
const ASPIRATION_WINDOW = 50;
/**
 * Late-move reductions in plies by depth and move number (`depth * 64 + move`): 0.75 + ln(depth)
 * ln(move) / 2, one less in PV nodes; a reduced move that beats alpha is searched again in full.
 */
const LMR = new Int8Array(64 * 64);
for (let d = 1; d < 64; d++)
  for (let k = 1; k < 64; k++) LMR[d * 64 + k] = Math.floor(0.75 + (Math.log(d) * Math.log(k)) / 2);

/** What the search may do; every field optional, several may combine (the first reached wins). */
export interface SearchLimits {
  /** Iterations to complete (plies, before extensions and quiescence). */
  readonly depth?: number;
  /** Stop after about this many nodes. */
  readonly nodes?: number;
  /** Milliseconds for this move. */
  readonly moveTime?: number;
  /** A game clock: the mover's remaining time, increment per move, moves to the next control. */
  readonly clock?: {
    readonly time: number;
    readonly increment?: number;
    readonly movesToGo?: number;
  };
  /** Search until stopped (or until the maximum depth). */
  readonly infinite?: boolean;
}

/** Progress of the search after each completed iteration. Scores are for the side to move. */
export interface RawInfo {
  readonly depth: number;
  readonly selDepth: number;
  readonly score: number;
  readonly nodes: number;
  /** Milliseconds since the search started. */
  readonly time: number;
  /** Move ids of the principal variation, see `moveIdOf`. */
  readonly pv: readonly number[];
}

/** The raw result: the index of the chosen move in the root list. */
export interface RawResult {
  readonly index: number;
  readonly score: number;
  readonly depth: number;
  readonly nodes: number;
  readonly time: number;
  readonly pv: readonly number[];
  readonly rootCount: number;
}

export interface RunOptions {
  readonly limits: SearchLimits;
  /** Keys of earlier positions of the game, oldest first, and reversible plies before the root. */
  readonly historyLo?: Int32Array;
  readonly historyHi?: Int32Array;
  readonly reversiblePlies?: number;
  /** Dhamet: plies of the compulsory opening already played (-1 when not applicable). */
  readonly openingPly?: number;
  /** Evaluation noise amplitude (levels), in hundredths of a man. */
  readonly noise?: number;
  readonly seed?: number;
  /** A shared flag: a non-zero first element stops the search (set from another thread). */
  readonly stopFlag?: Int32Array;
  readonly onIteration?: (info: RawInfo) => void;
  /** Report every iteration and never stop early on a single reply (analysis). */
  readonly analysis?: boolean;
}

export { moveIdOf };

const now: () => number =
  typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();

/** One search thread's state for one variant. Reused between searches (keeps its TT). */
export class Searcher {
  readonly variant: Variant;
  readonly evaluator: Evaluator;
  readonly tt: TranspositionTable;
  private readonly gen: MoveGenerator;
  private readonly zob: ZobristKeys;
  private readonly size: number;
  private readonly lists: MoveList[] = [];
  /** Move ordering: scores, killers and history (ordering.ts). */
  private readonly ordering: MoveOrdering;
  private readonly pv = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvLen = new Int32Array(MAX_PLY + 1);
  private readonly mandatory: boolean;
  /** The rule state of each ply (compulsory opening, burn rights), kept by `play`. */
  private readonly states: PlyStates;
  /** What a move that gives the opponent a burn right costs: a man. */
  private readonly burnPenalty: number;
  /** ProbCut margin per ply (`Weights.probCut`), 0 when off. */
  private readonly probCut: number;
  private readonly noMoveScore: number;
  private readonly drawPlies: number;

  private board: Int8Array = new Int8Array(0);
  private keysLo = new Int32Array(0);
  private keysHi = new Int32Array(0);
  private rev = new Int32Array(0);
  /** Boards of at most 64 squares: piece-code masks (`BITS_STRIDE` words per ply), table sums. */
  private readonly bitboards: boolean;
  /** Words of bitboard state in use per ply: 8 (one word per code) or 16 (two words). */
  private readonly bitWords: number;
  private codeBits = new Int32Array(0);
  private tableSums = new Int32Array(0);
  private readonly pst: Int32Array;
  private rootIndex = 0;
  private noise = 0;
  private noiseSeed = 0;
  private stopFlag: Int32Array | undefined;
  private stopRequested = false;
  private aborted = false;
  private timeAbortAllowed = false;
  private hardDeadline = Infinity;
  private nodeLimit = Infinity;
  private startTime = 0;
  private selDepth = 0;
  /** Nodes searched by the current (or last) search. */
  nodes = 0;
  private rootScores = new Int32Array(0);
  private rootOrder = new Int32Array(0);
  private bestIndex = 0;

  /** `ttBits`: log2 of the transposition table's entries. */
  constructor(
    variant: Variant,
    options: { ttBits?: number; weights?: Partial<Weights>; patterns?: PatternTable | null } = {},
  ) {
    this.variant = variant;
    this.evaluator = new Evaluator(variant, options.weights, options.patterns);
    this.bitboards = this.evaluator.bits !== null || this.evaluator.wideBits !== null;
    this.bitWords = this.evaluator.bits !== null ? 8 : BITS_STRIDE;
    this.pst = this.evaluator.pst;
    this.tt = new TranspositionTable(options.ttBits ?? 20);
    this.gen = new MoveGenerator(variant.compiled);
    this.zob = variantKeys(variant);
    this.size = variant.topology.size;
    this.ordering = new MoveOrdering(this.size, MAX_PLY);
    for (let i = 0; i <= MAX_PLY; i++) this.lists.push(new MoveList());
    const rules = variant.rules;
    this.mandatory = rules.capture.obligation === 'mandatory';
    this.states = new PlyStates(variant, MAX_PLY);
    this.burnPenalty = Math.abs(this.evaluator.weights.man);
    this.probCut = this.evaluator.weights.probCut;
    this.noMoveScore = rules.noMoveMeans === 'win' ? MATE : -MATE;
    let quiet = Infinity;
    for (const d of rules.draws) if (d.kind === 'quietMoves') quiet = Math.min(quiet, d.moves * 2);
    this.drawPlies = quiet;
  }

  /** Forget everything learnt (transposition table, history): a new game, or a bench run. */
  clear(): void {
    this.tt.clear();
    this.ordering.clear();
  }

  /** Ask the running search to stop (from a callback); it returns its best move so far. */
  stop(): void {
    this.stopRequested = true;
  }

  /** The root move list of the last search (index `RawResult.index` refers to it). */
  get rootList(): MoveList {
    return this.lists[0]!;
  }

  /** Search `board` with `side` to move. The board is restored before returning. */
  run(board: Int8Array, side: number, options: RunOptions): RawResult {
    const limits = options.limits;
    this.startTime = now();
    this.board = board;
    this.nodes = 0;
    this.selDepth = 0;
    this.aborted = false;
    this.stopRequested = false;
    this.stopFlag = options.stopFlag;
    this.noise = options.noise ?? 0;
    this.noiseSeed = (options.seed ?? 0) | 0;
    this.states.root(options.openingPly ?? -1);
    this.nodeLimit = limits.nodes ?? Infinity;
    const budget = timeBudget(limits);
    this.hardDeadline = this.startTime + budget.hard;
    const softDeadline = this.startTime + budget.soft;
    this.timeAbortAllowed = false;
    this.tt.newSearch();
    this.ordering.newSearch();

    const histLen = options.historyLo?.length ?? 0;
    const need = histLen + MAX_PLY + 2;
    if (this.keysLo.length < need) {
      this.keysLo = new Int32Array(need);
      this.keysHi = new Int32Array(need);
      this.rev = new Int32Array(need);
      if (this.bitboards) {
        this.codeBits = new Int32Array(need * BITS_STRIDE);
        this.tableSums = new Int32Array(need);
      }
    }
    if (histLen > 0) {
      this.keysLo.set(options.historyLo!, 0);
      this.keysHi.set(options.historyHi!, 0);
    }
    this.rootIndex = histLen;
    const rootKey = this.hash(board, side);
    this.keysLo[histLen] = rootKey[0];
    this.keysHi[histLen] = rootKey[1];
    this.rev[histLen] = options.reversiblePlies ?? 0;
    this.loadBits();

    const n = this.generate(side, 0);
    const list = this.lists[0]!;
    if (n === 0) {
      return {
        index: -1,
        score: this.noMoveScore,
        depth: 0,
        nodes: 0,
        time: 0,
        pv: [],
        rootCount: 0,
      };
    }
    if (this.rootScores.length < n) {
      this.rootScores = new Int32Array(n * 2);
      this.rootOrder = new Int32Array(n * 2);
    }
    this.ordering.scoreAll(list, 0, side, this.ttMoveAt(0));
    const scores = this.ordering.scoresAt(0);
    const idx = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[b]! - scores[a]!);
    for (let k = 0; k < n; k++) this.rootOrder[k] = idx[k]!;
    this.bestIndex = this.rootOrder[0]!;
    let bestScore = 0;
    let bestPv: number[] = [moveIdOf(list, this.bestIndex)];
    let completed = 0;

    if (n === 1 && !options.analysis) {
      const score = this.evaluator.evaluate(board, side);
      return {
        index: 0,
        score,
        depth: 0,
        nodes: 0,
        time: now() - this.startTime,
        pv: bestPv,
        rootCount: 1,
      };
    }

    const maxDepth = Math.min(limits.depth ?? MAX_PLY - 8, MAX_PLY - 8);
    for (let depth = 1; depth <= maxDepth; depth++) {
      // aspiration: a narrow window around the last score, widened on each side that fails
      let score: number;
      if (depth >= ASPIRATION_DEPTH && Math.abs(bestScore) < MATE_BOUND) {
        let delta = ASPIRATION_WINDOW;
        let lo = bestScore - delta;
        let hi = bestScore + delta;
        for (;;) {
          score = this.searchRoot(depth, side, n, lo, hi);
          if (this.aborted) break;
          if (score <= lo) lo = Math.max(-INF, score - delta);
          else if (score >= hi) hi = Math.min(INF, score + delta);
          else break;
          delta *= 2;
          if (delta > ASPIRATION_WINDOW * 16) {
            lo = -INF;
            hi = INF;
          }
        }
      } else {
        score = this.searchRoot(depth, side, n, -INF, INF);
      }
      if (this.aborted) {
        // a move that finished this iteration above the previous best is still trustworthy
        if (this.pvLen[0]! > 0 && this.iterationImproved) {
          bestScore = this.iterationScore;
          bestPv = this.extractPv();
        }
        break;
      }
      completed = depth;
      bestScore = score;
      bestPv = this.extractPv();
      this.timeAbortAllowed = true;
      options.onIteration?.({
        depth,
        selDepth: this.selDepth,
        score,
        nodes: this.nodes,
        time: now() - this.startTime,
        pv: bestPv,
      });
      if (this.aborted || this.stopRequested) break;
      if (now() >= softDeadline && !limits.infinite) break;
      if (this.nodes >= this.nodeLimit) break;
      if (Math.abs(score) > MATE_BOUND && depth >= MATE - Math.abs(score) + 2 && !limits.infinite)
        break;
    }
    const index = this.bestIndex;
    return {
      index,
      score: bestScore,
      depth: completed,
      nodes: this.nodes,
      time: now() - this.startTime,
      pv:
        bestPv.length > 0 && bestPv[0] === moveIdOf(list, index) ? bestPv : [moveIdOf(list, index)],
      rootCount: n,
    };
  }

  /**
   * Score every root move with a full-window search of `depth` (levels pick among near-best moves).
   * Returns scores parallel to the root list of the last `run`, or undefined if stopped.
   */
  scoreRootMoves(board: Int8Array, side: number, depth: number): Int32Array | undefined {
    this.board = board;
    const list = this.lists[0]!;
    const out = new Int32Array(list.count);
    this.timeAbortAllowed = true;
    this.loadBits();
    for (let i = 0; i < list.count; i++) {
      this.play(list, i, 0);
      let score = -this.negamax(depth - 1, 1, -INF, INF, side ^ 1, true);
      score -= this.penalty(1);
      unmakeMove(board, list, i);
      if (this.aborted) return undefined;
      out[i] = score;
    }
    return out;
  }

  private iterationImproved = false;
  private iterationScore = 0;

  private searchRoot(depth: number, side: number, n: number, alpha: number, beta: number): number {
    const list = this.lists[0]!;
    const origAlpha = alpha;
    let best = -INF;
    this.iterationImproved = false;
    this.pvLen[0] = 0;
    const previousBest = this.bestIndex;
    for (let k = 0; k < n; k++) {
      const i = this.rootOrder[k]!;
      this.play(list, i, 0);
      let score: number;
      if (k === 0) {
        score = -this.negamax(depth - 1, 1, -beta, -alpha, side ^ 1, true);
      } else {
        score = -this.negamax(depth - 1, 1, -alpha - 1, -alpha, side ^ 1, true);
        if (score > alpha && score < beta && !this.aborted) {
          score = -this.negamax(depth - 1, 1, -beta, -alpha, side ^ 1, true);
        }
      }
      score -= this.penalty(1);
      unmakeMove(this.board, list, i);
      if (this.aborted) break;
      this.rootScores[i] = score;
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          this.bestIndex = i;
          this.updatePv(0, moveIdOf(list, i));
          if (k > 0 || i !== previousBest) this.iterationImproved = true;
          this.iterationScore = score;
          if (alpha >= beta) break;
        }
      }
    }
    if (!this.aborted) {
      // best first, the rest by this iteration's scores (stable)
      const rest = Array.from(this.rootOrder.subarray(0, n)).filter((i) => i !== this.bestIndex);
      rest.sort((a, b) => this.rootScores[b]! - this.rootScores[a]!);
      this.rootOrder[0] = this.bestIndex;
      for (let k = 0; k < rest.length; k++) this.rootOrder[k + 1] = rest[k]!;
      const lo = this.keysLo[this.rootIndex]!;
      const hi = this.keysHi[this.rootIndex]!;
      const bound = best >= beta ? BOUND_LOWER : best > origAlpha ? BOUND_EXACT : BOUND_UPPER;
      this.tt.store(lo, hi, moveIdOf(list, this.bestIndex), toTT(best, 0), depth, bound);
    }
    return best;
  }

  private negamax(
    depth: number,
    ply: number,
    alpha: number,
    beta: number,
    side: number,
    prune: boolean,
  ): number {
    if (depth <= 0) return this.quiesce(ply, alpha, beta, side);
    this.nodes++;
    if ((this.nodes & 255) === 0) this.poll();
    if (this.nodes >= this.nodeLimit) this.aborted = true;
    if (this.aborted) return 0;
    this.pvLen[ply] = ply;
    if (ply > this.selDepth) this.selDepth = ply;
    const idx = this.rootIndex + ply;
    const lo = this.keysLo[idx]!;
    const hi = this.keysHi[idx]!;
    const rev = this.rev[idx]!;
    if (rev >= this.drawPlies) return DRAW;
    for (let j = idx - 4, stop = idx - rev; j >= stop && j >= 0; j -= 2) {
      if (this.keysLo[j] === lo && this.keysHi[j] === hi) return DRAW;
    }
    if (ply >= MAX_PLY - 2) return this.evaluate(side, idx);

    const pvNode = beta - alpha > 1;
    let ttMove = 0;
    const slot = this.tt.probe(lo, hi);
    if (slot >= 0) {
      ttMove = this.tt.move(slot);
      if (!pvNode && this.tt.depth(slot) >= depth) {
        const s = fromTT(this.tt.score(slot), ply);
        const bound = this.tt.bound(slot);
        if (
          bound === BOUND_EXACT ||
          (bound === BOUND_LOWER && s >= beta) ||
          (bound === BOUND_UPPER && s <= alpha)
        ) {
          return s;
        }
      }
    }

    if (prune && this.probCut !== 0 && !pvNode && depth >= 3 && Math.abs(beta) < MATE_BOUND) {
      // a shallow search that beats beta by a margin growing with depth: expect the full one to
      // beat beta too (the shallow search itself, and all below it, does not prune this way)
      const margin = depth * this.probCut;
      const raised = beta + margin;
      const s = this.negamax(
        Math.max(1, ((depth * 2) / 5) | 0),
        ply,
        raised - 1,
        raised,
        side,
        false,
      );
      if (this.aborted) return 0;
      if (s >= raised) return s - margin;
    }

    const n = this.generate(side, ply);
    if (n === 0) return this.noMoveScore > 0 ? MATE - ply : -MATE + ply;
    const list = this.lists[ply]!;
    const ordering = this.ordering;
    ordering.scoreAll(list, ply, side, ttMove);
    const forced = n === 1 && ply < MAX_EXTENSION_PLY;
    const newDepth = forced ? depth : depth - 1;
    const capturing = list.kind[0] === KIND_CAPTURE;
    const k0 = ordering.killer(ply, 0);
    const k1 = ordering.killer(ply, 1);
    const origAlpha = alpha;
    let best = -INF;
    let bestMove = 0;
    for (let k = 0; k < n; k++) {
      const i = ordering.pick(ply, k, n);
      const id = moveIdOf(list, i);
      const quiet = list.kind[i] !== KIND_CAPTURE && list.piece[i] === list.moved[i];
      this.play(list, i, ply);
      let score: number;
      if (k === 0) {
        score = -this.negamax(newDepth, ply + 1, -beta, -alpha, side ^ 1, prune);
      } else {
        let r = 0;
        if (depth >= 3 && k >= 3 && quiet && !capturing && id !== k0 && id !== k1) {
          r = LMR[(depth < 63 ? depth : 63) * 64 + (k < 63 ? k : 63)]!;
          if (pvNode && r > 1) r--;
          if (r > newDepth - 1) r = newDepth - 1;
        }
        score = -this.negamax(newDepth - r, ply + 1, -alpha - 1, -alpha, side ^ 1, prune);
        if (score > alpha && !this.aborted && (r > 0 || score < beta)) {
          score = -this.negamax(newDepth, ply + 1, -beta, -alpha, side ^ 1, prune);
        }
      }
      score -= this.penalty(ply + 1);
      unmakeMove(this.board, list, i);
      if (this.aborted) return 0;
      if (score > best) {
        best = score;
        bestMove = id;
        if (score > alpha) {
          alpha = score;
          this.updatePv(ply, id);
          if (alpha >= beta) {
            if (quiet) ordering.cutoff(list, i, id, ply, side, depth);
            break;
          }
        }
      }
    }
    const bound = best >= beta ? BOUND_LOWER : best > origAlpha ? BOUND_EXACT : BOUND_UPPER;
    this.tt.store(lo, hi, bestMove, toTT(best, ply), depth, bound);
    return best;
  }

  /** Play captures until the side to move has none; a forced capture is never cut by stand-pat. */
  private quiesce(ply: number, alpha: number, beta: number, side: number): number {
    this.nodes++;
    if ((this.nodes & 255) === 0) this.poll();
    if (this.nodes >= this.nodeLimit) this.aborted = true;
    if (this.aborted) return 0;
    this.pvLen[ply] = ply;
    if (ply > this.selDepth) this.selDepth = ply;
    const idx = this.rootIndex + ply;
    if (ply >= MAX_PLY - 2) return this.evaluate(side, idx);
    // most leaves are quiet: a cheap scan answers without generating the move list
    if (!this.states.scripted(ply)) {
      const quiet = this.bitboards
        ? this.bitEvaluate(idx * BITS_STRIDE, this.tableSums[idx]!, side, true)
        : this.evaluator.evaluateQuiet(this.board, side);
      if (quiet !== NOT_QUIET) return this.noisy(quiet, idx);
    }
    const n = this.generate(side, ply);
    if (n === 0) return this.noMoveScore > 0 ? MATE - ply : -MATE + ply;
    const list = this.lists[ply]!;
    const hasCapture = list.kind[0] === KIND_CAPTURE;
    let best = -INF;
    if (!hasCapture || !this.mandatory) {
      const stand = this.evaluate(side, idx);
      if (!hasCapture || stand >= beta) return stand;
      best = stand;
      if (stand > alpha) alpha = stand;
    }
    // captures come first in the list; order them by pieces taken
    let m = 0;
    while (m < n && list.kind[m] === KIND_CAPTURE) m++;
    const ordering = this.ordering;
    ordering.scoreCaptures(list, ply, m);
    for (let k = 0; k < m; k++) {
      const i = ordering.pick(ply, k, m);
      this.play(list, i, ply);
      let score = -this.quiesce(ply + 1, -beta, -alpha, side ^ 1);
      score -= this.penalty(ply + 1);
      unmakeMove(this.board, list, i);
      if (this.aborted) return 0;
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          this.updatePv(ply, moveIdOf(list, i));
          if (alpha >= beta) break;
        }
      }
    }
    return best;
  }

  private evaluate(side: number, idx: number): number {
    const e = this.bitboards
      ? this.bitEvaluate(idx * BITS_STRIDE, this.tableSums[idx]!, side, false)
      : this.evaluator.evaluate(this.board, side);
    return this.noisy(e, idx);
  }

  /** The evaluator's bitboard form for this board (one word or two). */
  private bitEvaluate(at: number, tableSum: number, side: number, leaf: boolean): number {
    return this.bitWords === 8
      ? this.evaluator.evaluateBits(this.codeBits, at, tableSum, side, leaf)
      : this.evaluator.evaluateWideBits(this.codeBits, at, tableSum, side, leaf);
  }

  /** The root's bitboards and table sum, from the board (boards of at most 64 squares). */
  private loadBits(): void {
    if (!this.bitboards) return;
    const idx = this.rootIndex;
    this.tableSums[idx] = this.evaluator.loadBits(this.board, this.codeBits, idx * BITS_STRIDE);
  }

  /** A level's evaluation noise, fixed per position (its key) and seed. */
  private noisy(e: number, idx: number): number {
    if (this.noise === 0) return e;
    let h = Math.imul(this.keysLo[idx]! ^ this.noiseSeed, 0x9e3779b1);
    h ^= h >>> 15;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    return e + ((h >>> 0) % (2 * this.noise + 1)) - this.noise;
  }

  /** Huff rules: the move that led to `ply` gave the opponent a burn right (the rule state says). */
  private penalty(ply: number): number {
    return this.states.offence[ply] === 0 ? 0 : this.burnPenalty;
  }

  private poll(): void {
    if (
      this.stopRequested ||
      (this.stopFlag !== undefined && Atomics.load(this.stopFlag, 0) !== 0)
    ) {
      this.aborted = true;
      return;
    }
    if (this.timeAbortAllowed && now() >= this.hardDeadline) this.aborted = true;
  }

  private ttMoveAt(ply: number): number {
    const idx = this.rootIndex + ply;
    const slot = this.tt.probe(this.keysLo[idx]!, this.keysHi[idx]!);
    return slot >= 0 ? this.tt.move(slot) : 0;
  }

  private generate(side: number, ply: number): number {
    const list = this.lists[ply]!;
    return this.states.restrict(list, this.gen.generate(this.board, side, list, true), ply);
  }

  /**
   * Make move i of the list generated at `ply`: the rule state, incremental key, reversible-ply
   * counter (and bitboards) of `ply + 1` are written from those of `ply`.
   */
  private play(list: MoveList, i: number, ply: number): void {
    const idx = this.rootIndex + ply + 1;
    this.states.make(list, i, ply);
    const z = this.zob;
    const size = this.size;
    const from = list.from[i]!;
    const to = list.to[i]!;
    const moved = list.moved[i]!;
    const piece = list.piece[i]!;
    let lo = this.keysLo[idx - 1]! ^ z.sideLo;
    let hi = this.keysHi[idx - 1]! ^ z.sideHi;
    if (this.bitboards) this.playBits(list, i, idx);
    if (list.kind[i] === KIND_SPLIT) {
      lo ^= z.lo[moved * size + from]! ^ z.lo[piece * size + from]! ^ z.lo[piece * size + to]!;
      hi ^= z.hi[moved * size + from]! ^ z.hi[piece * size + from]! ^ z.hi[piece * size + to]!;
      this.rev[idx] = 0;
    } else {
      lo ^= z.lo[moved * size + from]! ^ z.lo[piece * size + to]!;
      hi ^= z.hi[moved * size + from]! ^ z.hi[piece * size + to]!;
      const at = list.start[i]!;
      const ncap = list.ncap[i]!;
      for (let x = at; x < at + ncap; x++) {
        const k = list.capCode[x]! * size + list.capSq[x]!;
        lo ^= z.lo[k]!;
        hi ^= z.hi[k]!;
      }
      this.rev[idx] =
        ncap === 0 && (moved & 3) !== MAN && moved === piece ? this.rev[idx - 1]! + 1 : 0;
    }
    this.keysLo[idx] = lo;
    this.keysHi[idx] = hi;
    makeMove(this.board, list, i);
  }

  /** The bitboards and table sum at `idx` after move i, from those at `idx - 1`. */
  private playBits(list: MoveList, i: number, idx: number): void {
    const bits = this.codeBits;
    const pst = this.pst;
    const size = this.size;
    const from = list.from[i]!;
    const to = list.to[i]!;
    const moved = list.moved[i]!;
    const piece = list.piece[i]!;
    const at = idx * BITS_STRIDE;
    const before = at - BITS_STRIDE;
    for (let c = 0, words = this.bitWords; c < words; c++) bits[at + c] = bits[before + c]!;
    let sum = this.tableSums[idx - 1]! - pst[moved * size + from]! + pst[piece * size + to]!;
    // square sq is bit sq % 32 (a shift count is taken mod 32) of word sq >> 5
    const fromWord = at + ((from >> 5) << 3);
    const toWord = at + ((to >> 5) << 3);
    bits[fromWord + moved] = bits[fromWord + moved]! ^ (1 << from);
    if (list.kind[i] === KIND_SPLIT) {
      // the king becomes two men: one on its square, one on `to`
      bits[fromWord + piece] = bits[fromWord + piece]! | (1 << from);
      bits[toWord + piece] = bits[toWord + piece]! | (1 << to);
      sum += pst[piece * size + from]!;
    } else {
      bits[toWord + piece] = bits[toWord + piece]! ^ (1 << to);
      const start = list.start[i]!;
      const end = start + list.ncap[i]!;
      for (let x = start; x < end; x++) {
        const code = list.capCode[x]!;
        const sq = list.capSq[x]!;
        const w = at + ((sq >> 5) << 3) + code;
        bits[w] = bits[w]! ^ (1 << sq);
        sum -= pst[code * size + sq]!;
      }
    }
    this.tableSums[idx] = sum;
  }

  /** Full key of a board (for the root). */
  hash(board: Int8Array, side: number): [number, number] {
    let lo = 0;
    let hi = 0;
    const size = this.size;
    for (let sq = 0; sq < size; sq++) {
      const code = board[sq]!;
      if (code === 0) continue;
      lo ^= this.zob.lo[code * size + sq]!;
      hi ^= this.zob.hi[code * size + sq]!;
    }
    if (side === 1) {
      lo ^= this.zob.sideLo;
      hi ^= this.zob.sideHi;
    }
    return [lo, hi];
  }

  private updatePv(ply: number, id: number): void {
    const row = ply * MAX_PLY;
    this.pv[row + ply] = id;
    const childLen = ply + 1 <= MAX_PLY - 1 ? this.pvLen[ply + 1]! : ply + 1;
    const childRow = (ply + 1) * MAX_PLY;
    let j = ply + 1;
    for (; j < childLen; j++) this.pv[row + j] = this.pv[childRow + j]!;
    this.pvLen[ply] = j;
  }

  private extractPv(): number[] {
    const out: number[] = [];
    for (let j = 0; j < this.pvLen[0]!; j++) out.push(this.pv[j]!);
    return out;
  }
}

function toTT(score: number, ply: number): number {
  if (score > MATE_BOUND) return score + ply;
  if (score < -MATE_BOUND) return score - ply;
  return score;
}

function fromTT(score: number, ply: number): number {
  if (score > MATE_BOUND) return score - ply;
  if (score < -MATE_BOUND) return score + ply;
  return score;
}

/** Milliseconds: `soft` — do not start another iteration after it; `hard` — abort the search. */
export function timeBudget(limits: SearchLimits): { soft: number; hard: number } {
  if (limits.infinite) return { soft: Infinity, hard: Infinity };
  if (limits.moveTime !== undefined) {
    const t = Math.max(1, limits.moveTime);
    return { soft: t * 0.55, hard: Math.max(1, t - 2) };
  }
  if (limits.clock) {
    const { time, increment = 0, movesToGo } = limits.clock;
    const left = Math.max(0, time - 50);
    const base = left / Math.min(movesToGo ?? 30, 30) + increment * 0.75;
    const hard = Math.max(1, Math.min(base * 3, left * 0.4));
    return { soft: Math.min(base, hard), hard };
  }
  return { soft: Infinity, hard: Infinity };
}
