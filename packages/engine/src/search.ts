/**
 * The search: iterative deepening with root aspiration windows over principal-variation alpha-beta
 * (negamax) with a transposition table, late-move reductions, single-reply extensions, ProbCut (per
 * variant: `Weights.probCut`) and a capture quiescence search, on one mutable board with
 * make/unmake. Its parts have their own modules: move ordering (ordering.ts), the per-ply keys and
 * bitboards (path.ts), the rule state (`PlyStates` of @damka/rules), the principal variation
 * (pv.ts), scores (score.ts), time (time.ts). Nothing is allocated per node. Captures are
 * compulsory in most variants, so a position whose side to move must capture is never evaluated:
 * quiescence plays captures until it is quiet, and one evaluator pass both tells a quiet leaf and
 * scores it. The searcher works on raw boards and move lists; `engine.ts` adds `Position` on top.
 */
import {
  KIND_CAPTURE,
  MoveList,
  PlyStates,
  boardMovesFor,
  type BoardMoves,
  type Variant,
} from '@damka/rules';
import { Evaluator, NOT_QUIET } from './evaluate/index.ts';
import { NO_CUTOFF, TranspositionTable } from './tt.ts';
import { MoveOrdering, RootOrder, moveIdOf, reductionTable } from './ordering.ts';
import type { PatternTable } from './patterns.ts';
import type { Weights } from './weights.ts';
import { SearchClock, timeBudget, type SearchLimits } from './time.ts';
import { PvTable } from './pv.ts';
import type { EgdbProber } from './egdb/probe.ts';
import { NOT_KNOWN, SearchTables } from './egdb/in-search.ts';
import { DRAW, INF, MATE, MATE_BOUND, noiseOf } from './score.ts';
import { SearchPath } from './path.ts';
import { seeKingMoves } from './king-boards.ts';
import { burnedScore, type BurnPrices } from './burn.ts';
import type { RawInfo, RawResult, RunOptions } from './search-types.ts';

export { MATE, MATE_BOUND, moveIdOf, timeBudget, type SearchLimits };
export type { RawInfo, RawResult, RunOptions };

/** Deepest ply the search reaches (iterations, extensions and quiescence together). */
export const MAX_PLY = 128;
/**
 * Capture-walk steps counted as one node against a node limit (`longWalk`). A step costs about an
 * eighth of a Dhamet node; before this, a Dhamet search of 10,000 nodes spent 21 s walking.
 */
const WALK_NODE = 64;
/** Single-reply extensions stop at this ply so forced lines cannot run away. */
const MAX_EXTENSION_PLY = 64;
/**
 * Root aspiration: from this depth an iteration first searches a window this wide (hundredths of a
 * man) on each side of the last score; a side that fails is widened, doubling each time, and past
 * sixteen times the first width the window is opened fully.
 */
const ASPIRATION_DEPTH = 5;
const ASPIRATION_WINDOW = 50;
/** One search thread's state for one variant. Reused between searches (keeps its TT). */
export class Searcher {
  readonly variant: Variant;
  readonly evaluator: Evaluator;
  readonly tt: TranspositionTable;
  /** The move generator that owns the searched board (make/unmake go through it). */
  private readonly moves: BoardMoves;
  private readonly lists: MoveList[] = [];
  /** Move ordering: scores, killers and history (ordering.ts). */
  private readonly ordering: MoveOrdering;
  private readonly pv = new PvTable(MAX_PLY);
  private readonly mandatory: boolean;
  /** The rule state of each ply (compulsory opening, burn rights), kept by `play`. */
  private readonly states: PlyStates;
  /** What a move that gives the opponent a burn right costs: a man, or a king (`burned`). */
  private readonly burnPrices: BurnPrices;
  /** ProbCut margin per ply (`Weights.probCut`), 0 when off. */
  private readonly probCut: number;
  /** Late-move reductions (`reductionTable`) and the first move number reduced (`Weights`). */
  private readonly reductions: Int8Array;
  private readonly reduceFrom: number;
  private readonly noMoveScore: number;
  private readonly drawPlies: number;
  /** Endgame databases probed below the root where they may know the node (egdb/in-search.ts). */
  private readonly tables: SearchTables;

  private board: Int8Array = new Int8Array(0);
  /** Keys, reversible plies and bitboards of the game and the line searched (path.ts). */
  readonly path: SearchPath;
  private rootIndex = 0;
  private noise = 0;
  private noiseSeed = 0;
  private readonly clock = new SearchClock();
  private aborted = false;
  /** The node limit, less the nodes long capture walks count for (`longWalk`). */
  private nodeLimit = Infinity;
  private selDepth = 0;
  /** Nodes searched by the current (or last) search. */
  nodes = 0;
  private readonly rootOrder = new RootOrder();
  private bestIndex = 0;
  /** Moves into quiescence may wait (`play`): where evaluation reads no board (bitboards). */
  private readonly deferMakes: boolean;
  /** The ply whose move waits to be made on the board (-1: none), and the move's index. */
  private deferred = -1;
  private deferredMove = 0;

  /** `ttBits`: log2 of the transposition table's entries. */
  constructor(
    variant: Variant,
    options: {
      ttBits?: number;
      weights?: Partial<Weights>;
      patterns?: PatternTable | null;
      egdb?: EgdbProber | null;
      /** A transposition table shared with other threads' searchers (threads.ts). */
      sharedTable?: SharedArrayBuffer;
    } = {},
  ) {
    this.variant = variant;
    this.tables = new SearchTables(options.egdb ?? null, MAX_PLY);
    this.evaluator = new Evaluator(variant, options.weights, options.patterns);
    this.path = new SearchPath(variant, this.evaluator);
    this.tt = new TranspositionTable(options.ttBits ?? 20, options.sharedTable);
    this.moves = boardMovesFor(variant.compiled);
    this.ordering = new MoveOrdering(variant.topology.size, MAX_PLY);
    for (let i = 0; i <= MAX_PLY; i++) this.lists.push(new MoveList());
    const rules = variant.rules;
    this.mandatory = rules.capture.obligation === 'mandatory';
    this.states = new PlyStates(variant, MAX_PLY);
    this.probCut = this.evaluator.weights.probCut;
    this.reductions = reductionTable(this.evaluator.weights.reduction / 100);
    this.reduceFrom = this.evaluator.weights.reduceFrom;
    this.noMoveScore = rules.noMoveMeans === 'win' ? MATE : -MATE;
    this.burnPrices = {
      man: Math.abs(this.evaluator.weights.man),
      king: Math.abs(this.evaluator.weights.king),
      inverted: this.noMoveScore > 0,
    };
    let quiet = 0x3fffffff; // no limit, as an integer: Infinity would change the searcher's shape
    for (const d of rules.draws) if (d.kind === 'quietMoves') quiet = Math.min(quiet, d.moves * 2);
    this.drawPlies = quiet;
    this.deferMakes = this.path.bitboards;
    seeKingMoves(this.moves, variant.compiled, this.lists[1]!);
  }

  /**
   * Forget what was learnt (a new game, a bench run): the history, and the table unless `table` is
   * false (a helper thread's new game: the main thread clears the table they share).
   */
  clear(table = true): void {
    if (table) this.tt.clear();
    this.ordering.clear();
  }

  /** Ask the running search to stop (from a callback); it returns its best move so far. */
  stop(): void {
    this.clock.stopRequested = true;
  }

  /** The root move list of the last search (index `RawResult.index` refers to it). */
  get rootList(): MoveList {
    return this.lists[0]!;
  }

  /** Search `board` with `side` to move. The board is restored before returning. */
  run(board: Int8Array, side: number, options: RunOptions): RawResult {
    const limits = options.limits;
    this.clock.start(limits, options.stopFlag);
    this.board = board;
    this.moves.load(board);
    this.nodes = 0;
    this.selDepth = 0;
    this.aborted = false;
    this.deferred = -1;
    this.noise = options.noise ?? 0;
    this.noiseSeed = (options.seed ?? 0) | 0;
    this.states.root(options.openingPly ?? -1, board, side, options.kingRuns);
    this.tables.root(board);
    this.nodeLimit = limits.nodes ?? Infinity;
    this.tt.newSearch();
    this.ordering.newSearch();

    const histLen = options.historyLo?.length ?? 0;
    const need = histLen + MAX_PLY + 2;
    const path = this.path;
    path.reserve(need);
    if (histLen > 0) {
      path.keysLo.set(options.historyLo!, 0);
      path.keysHi.set(options.historyHi!, 0);
    }
    this.rootIndex = histLen;
    path.setRoot(board, side, histLen, options.reversiblePlies ?? 0);

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
    this.ordering.scoreAll(list, 0, side, this.ttMoveAt(0));
    this.rootOrder.start(this.ordering.scoresAt(0), n);
    this.bestIndex = this.rootOrder.order[0]!;
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
        time: this.clock.elapsed(),
        pv: bestPv,
        rootCount: 1,
      };
    }

    const maxDepth = Math.min(limits.depth ?? MAX_PLY - 8, MAX_PLY - 8);
    // helper threads of odd number search every iteration a ply deeper (threads.ts)
    const deeper = (options.helper ?? 0) & 1;
    for (let depth = 1 + deeper; depth <= maxDepth; depth++) {
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
        if (this.pv.rootLength > 0 && this.iterationImproved) {
          bestScore = this.iterationScore;
          bestPv = this.pv.line();
        }
        break;
      }
      completed = depth;
      bestScore = score;
      bestPv = this.pv.line();
      this.clock.abortAllowed = true;
      options.onIteration?.({
        depth,
        selDepth: this.selDepth,
        score,
        nodes: this.nodes,
        time: this.clock.elapsed(),
        pv: bestPv,
      });
      if (this.aborted || this.clock.stopRequested) break;
      if (this.clock.softExpired()) break;
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
      time: this.clock.elapsed(),
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
    this.moves.load(board);
    const list = this.lists[0]!;
    const out = new Int32Array(list.count);
    this.clock.abortAllowed = true;
    this.path.loadBits(board, this.rootIndex);
    for (let i = 0; i < list.count; i++) {
      this.play(list, i, 0);
      let score = -this.negamax(depth - 1, 1, -INF, INF, side ^ 1, true);
      score = this.burned(score, 1, side);
      this.unplay(list, i, 0);
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
    this.pv.start(0);
    const previousBest = this.bestIndex;
    for (let k = 0; k < n; k++) {
      const i = this.rootOrder.order[k]!;
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
      score = this.burned(score, 1, side);
      this.unplay(list, i, 0);
      if (this.aborted) break;
      this.rootOrder.scores[i] = score;
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          this.bestIndex = i;
          this.pv.update(0, moveIdOf(list, i));
          if (k > 0 || i !== previousBest) this.iterationImproved = true;
          // | 0 turns a negated draw's -0, a double, into 0 (scores are integers): a double in a
          // field that held small integers changes the shape of every searcher, and the compiled
          // search of each other searcher is thrown away when it first meets it
          this.iterationScore = score | 0;
          if (alpha >= beta) break;
        }
      }
    }
    if (!this.aborted) {
      this.rootOrder.iterated(this.bestIndex, n);
      const lo = this.path.keysLo[this.rootIndex]!;
      const hi = this.path.keysHi[this.rootIndex]!;
      this.tt.storeResult(lo, hi, moveIdOf(list, this.bestIndex), best, origAlpha, beta, depth, 0);
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
    if (!this.enter(ply)) return 0;
    const idx = this.rootIndex + ply;
    const keysLo = this.path.keysLo;
    const keysHi = this.path.keysHi;
    const lo = keysLo[idx]!;
    const hi = keysHi[idx]!;
    const rev = this.path.rev[idx]!;
    if (rev >= this.drawPlies) return DRAW;
    for (let j = idx - 4, stop = idx - rev; j >= stop && j >= 0; j -= 2) {
      if (((keysLo[j]! ^ lo) | (keysHi[j]! ^ hi)) === 0) return DRAW;
    }
    const known = this.known(ply, side, idx);
    if (known !== NOT_KNOWN) return known;

    const pvNode = beta - alpha > 1;
    let ttMove = 0;
    const slot = this.tt.probe(lo, hi);
    if (slot >= 0) {
      ttMove = this.tt.move(slot);
      if (!pvNode) {
        const s = this.tt.cutoff(slot, depth, alpha, beta, ply);
        if (s !== NO_CUTOFF) return s;
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
      const cut = s - margin; // computed ahead: see score.ts
      if (s >= raised) return cut;
    }

    const noMove = this.noMoveScore - Math.sign(this.noMoveScore) * ply; // ahead: see score.ts
    const n = this.generate(side, ply);
    if (n === 0) return noMove;
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
    let bestK = 0;
    for (let k = 0; k < n; k++) {
      const i = ordering.pick(ply, k, n);
      const id = moveIdOf(list, i);
      const quiet = list.kind[i] !== KIND_CAPTURE && list.piece[i] === list.moved[i];
      this.play(list, i, ply, newDepth <= 0);
      let score: number;
      if (k === 0) {
        score = -this.negamax(newDepth, ply + 1, -beta, -alpha, side ^ 1, prune);
      } else {
        let r = 0;
        if (depth >= 3 && k >= this.reduceFrom && quiet && !capturing && id !== k0 && id !== k1) {
          r = this.reductions[(depth < 63 ? depth : 63) * 64 + (k < 63 ? k : 63)]!;
          if (pvNode && r > 1) r--;
          r = Math.min(r, newDepth - 1);
        }
        score = -this.negamax(newDepth - r, ply + 1, -alpha - 1, -alpha, side ^ 1, prune);
        if (score > alpha && !this.aborted && (r > 0 || score < beta)) {
          score = -this.negamax(newDepth, ply + 1, -beta, -alpha, side ^ 1, prune);
        }
      }
      score = this.burned(score, ply + 1, side);
      this.unplay(list, i, ply);
      if (this.aborted) return 0;
      if (score > best) {
        best = score;
        bestMove = id;
        bestK = k;
        if (score > alpha) {
          alpha = score;
          this.pv.update(ply, id);
          if (alpha >= beta) {
            if (quiet) ordering.cutoff(id, ply);
            break;
          }
        }
      }
    }
    if (best > origAlpha) ordering.learned(list, ply, side, bestK);
    this.tt.storeResult(lo, hi, bestMove, best, origAlpha, beta, depth, ply);
    return best;
  }

  /** Play captures until the side to move has none; a forced capture is never cut by stand-pat. */
  private quiesce(ply: number, alpha: number, beta: number, side: number): number {
    if (!this.enter(ply)) return 0;
    const idx = this.rootIndex + ply;
    const known = this.known(ply, side, idx);
    if (known !== NOT_KNOWN) return known;
    // most leaves are quiet: a cheap scan answers without generating the move list
    if (!this.states.scripted(ply)) {
      const quiet = this.path.evaluate(this.board, side, idx, true);
      if (quiet !== NOT_QUIET) return this.noisy(quiet, idx);
    }
    const noMove = this.noMoveScore - Math.sign(this.noMoveScore) * ply; // ahead: see score.ts
    const n = this.generate(side, ply);
    if (n === 0) return noMove;
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
      this.play(list, i, ply, true);
      let score = -this.quiesce(ply + 1, -beta, -alpha, side ^ 1);
      score = this.burned(score, ply + 1, side);
      this.unplay(list, i, ply);
      if (this.aborted) return 0;
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          this.pv.update(ply, moveIdOf(list, i));
          if (alpha >= beta) break;
        }
      }
    }
    return best;
  }

  /** Count a node at `ply` (polling the clock); false when the search is stopping. */
  private enter(ply: number): boolean {
    this.nodes++;
    if ((this.nodes & 255) === 0 && this.clock.expired()) this.aborted = true;
    if (this.nodes >= this.nodeLimit) this.aborted = true;
    if (this.aborted) return false;
    this.pv.start(ply);
    if (ply > this.selDepth) this.selDepth = ply;
    return true;
  }

  /** The score of a node known without search (deepest ply, endgame databases), or NOT_KNOWN. */
  private known(ply: number, side: number, idx: number): number {
    if (ply >= MAX_PLY - 2) return this.evaluate(side, idx);
    if (!this.tables.covers(ply)) return NOT_KNOWN;
    // the tables read the board: the move that waits is made first. Under huff rules the tables
    // do not apply (they have none), so no rule state is needed; the root is never probed.
    if (this.deferred >= 0) this.makeDeferred();
    return this.tables.score(this.board, side, ply, this.path, idx);
  }

  private evaluate(side: number, idx: number): number {
    return this.noisy(this.path.evaluate(this.board, side, idx, false), idx);
  }

  /** A level's evaluation noise, fixed per position (its key) and seed. */
  private noisy(e: number, idx: number): number {
    return this.noise === 0 ? e : e + noiseOf(this.path.keysLo[idx]!, this.noiseSeed, this.noise);
  }

  /** Huff rules: the score of the move that led to `ply`, less the burn right it gave (burn.ts). */
  private burned(score: number, ply: number, side: number): number {
    if (this.states.offence[ply] === 0) return score;
    return burnedScore(score, ply, side, this.board, this.lists[ply - 1]!, this.burnPrices);
  }

  private ttMoveAt(ply: number): number {
    const idx = this.rootIndex + ply;
    const slot = this.tt.probe(this.path.keysLo[idx]!, this.path.keysHi[idx]!);
    return slot >= 0 ? this.tt.move(slot) : 0;
  }

  private generate(side: number, ply: number): number {
    const list = this.lists[ply]!;
    if (this.deferred >= 0) this.makeDeferred();
    const n = this.states.restrict(list, this.moves.generate(side, list, true), ply);
    if (this.moves.walkSteps >= WALK_NODE) this.longWalk(this.moves.walkSteps);
    return n;
  }

  /**
   * A generation whose capture walk was long (flying kings among pieces taken as jumped: up to
   * `WALK_LIMIT` steps, seconds of work) counts `WALK_NODE` steps as a node against the node limit
   * and polls the clock at once, so neither limit waits for hundreds of such generations.
   */
  private longWalk(steps: number): void {
    this.nodeLimit -= Math.floor(steps / WALK_NODE);
    if (this.nodes >= this.nodeLimit || this.clock.expired()) this.aborted = true;
  }

  /** Make the move that waits (`play`): the board is then the node's. */
  private makeDeferred(): void {
    this.moves.make(this.lists[this.deferred]!, this.deferredMove);
    this.deferred = -1;
  }

  /**
   * Make move i at `ply`: rule state and path entry of `ply + 1`. Into quiescence (`leaf`) most
   * nodes end at the evaluation, which reads the path's bitboards, not the board: the path skips
   * the key (see `SearchPath.play`) and the board move waits until the node generates (or asks
   * the endgame tables).
   */
  private play(list: MoveList, i: number, ply: number, leaf = false): void {
    this.tables.played(list, i, ply);
    this.states.make(list, i, ply);
    this.path.play(list, i, this.rootIndex + ply + 1, !leaf || this.noise !== 0);
    if (leaf && this.deferMakes) {
      this.deferred = ply;
      this.deferredMove = i;
    } else this.moves.make(list, i);
  }

  private unplay(list: MoveList, i: number, ply: number): void {
    this.path.unplay(list, i);
    if (this.deferred === ply) this.deferred = -1;
    else this.moves.unmake(list, i);
  }
}
