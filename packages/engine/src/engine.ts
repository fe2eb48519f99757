/**
 * `Engine`: the friendly face of the search for every caller (CLI, worker, web, protocols). It
 * takes a `Position` and the game so far, applies a level and limits, and answers with a legal
 * `Move`, its score and principal variation.
 *
 * It contains no DOM or Node API, so the same code runs in a Node worker thread and a browser Web
 * Worker. The move it returns always comes from `position.legalMoves()`, so no caller can receive
 * a move the rules package would refuse.
 */
import { MAN, colorIndex, type Move, type Position, type Variant } from '@damka/rules';
import { BLUNDER_LOSS, MAX_LEVEL, levelSettings, playsBestBookMove, usesBook } from './levels.ts';
import { MATE, MATE_BOUND, Searcher, moveIdOf, type RawInfo, type SearchLimits } from './search.ts';
import type { RawResult } from './search-types.ts';
import type { PatternTable } from './patterns.ts';
import type { Weights } from './weights.ts';
import type { EgdbProber } from './egdb/probe.ts';
import type { BookChoice, OpeningBook } from './book/book.ts';
import { mulberry32 } from '@damka/rules';
import type { SearchHelpers } from './threads.ts';

export interface SearchOptions {
  readonly limits?: SearchLimits;
  /** 1–8; 8 (default) is full strength. */
  readonly level?: number;
  /** Earlier positions of the game, oldest first, not including `position` (repetitions, draws). */
  readonly history?: readonly Position[];
  /** Called after every completed iteration. */
  readonly onInfo?: (info: SearchInfo) => void;
  /** Shared stop flag: set element 0 to non-zero from another thread to stop the search. */
  readonly stopFlag?: Int32Array;
  /** Analysis: report every iteration, do not play a single reply at once. */
  readonly analysis?: boolean;
  /** Play from the engine's opening book when it has one (levels 6–8; default true). */
  readonly book?: boolean;
}

export interface SearchInfo {
  readonly depth: number;
  readonly selDepth: number;
  /** Hundredths of a man, for the side to move. */
  readonly score: number;
  /** Moves to a forced win (positive) or loss (negative), when one is found. */
  readonly mate?: number;
  readonly nodes: number;
  readonly time: number;
  readonly nps: number;
  readonly pv: readonly Move[];
}

export interface SearchResult extends SearchInfo {
  /** The move to play; undefined only when the side to move has no legal move. */
  readonly move: Move | undefined;
  /** Threads that searched, when helper threads joined (threads.ts); `nodes` counts them all. */
  readonly threads?: number;
}

export interface EngineOptions {
  /** log2 of the transposition table's entries (default 20: 16 MB). */
  readonly ttBits?: number;
  readonly weights?: Partial<Weights>;
  /** The men's structure table (patterns.ts): null for none; by default the variant's own. */
  readonly patterns?: PatternTable | null;
  /** Seed of the levels' randomness (default: a random seed). */
  readonly seed?: number;
  /** Endgame databases to probe in the search (egdb/probe.ts); none by default. */
  readonly egdb?: EgdbProber | null;
  /** The variant's opening book (book/), played from levels 6–8; none by default. */
  readonly book?: OpeningBook | null;
  /**
   * Helper threads sharing the search's table (threads.ts; on Node `startHelpers`): they join
   * searches bounded by time at full strength. The table is theirs, so `ttBits` is ignored.
   */
  readonly helpers?: SearchHelpers;
}

/** When no limit is given at all: one second per move. */
const DEFAULT_LIMITS: SearchLimits = { moveTime: 1000 };

/** The identity used by the search for a `Move` object (see `moveIdOf`). */
export function moveIdOfMove(variant: Variant, move: Move): number {
  let hash = 0;
  for (const sq of move.captures) hash ^= variant.compiled.squareHash[sq]!;
  const kind = move.kind === 'capture' ? 1 : move.kind === 'split' ? 2 : 0;
  return move.from | (move.to << 7) | (kind << 14) | (1 << 16) | (hash & 0xfffe0000) | 0;
}

export class Engine {
  readonly variant: Variant;
  private readonly searcher: Searcher;
  private readonly random: () => number;
  private book: OpeningBook | null;
  private readonly helpers: SearchHelpers | null;

  constructor(variant: Variant, options: EngineOptions = {}) {
    this.variant = variant;
    this.helpers = options.helpers ?? null;
    const helpers = this.helpers;
    this.searcher = new Searcher(variant, {
      ...(helpers
        ? { ttBits: helpers.ttBits, sharedTable: helpers.table }
        : options.ttBits !== undefined
          ? { ttBits: options.ttBits }
          : {}),
      ...(options.weights ? { weights: options.weights } : {}),
      ...(options.patterns !== undefined ? { patterns: options.patterns } : {}),
      // a search that does not model burn rights probes only tables of board-only rules
      ...(options.egdb?.boardOnly ? { egdb: options.egdb } : {}),
    });
    this.random = mulberry32(options.seed ?? Math.floor(Math.random() * 0x7fffffff));
    this.book = options.book ?? null;
  }

  /** Give the engine its opening book (loaded later than the engine was made), or take it away. */
  setBook(book: OpeningBook | null): void {
    this.book = book;
  }

  /** Forget what earlier searches learnt (start of a new game). */
  newGame(): void {
    this.searcher.clear();
    this.helpers?.newGame();
  }

  /** Threads a search bounded by time runs on (1 without helpers). */
  get threads(): number {
    return 1 + (this.helpers?.count ?? 0);
  }

  /** Stop the running search (from an `onInfo` callback); it returns its best move so far. */
  stop(): void {
    this.searcher.stop();
  }

  /** The best move at full strength within `limits` (default one second). */
  hint(position: Position, options: Omit<SearchOptions, 'level'> = {}): Move | undefined {
    return this.search(position, { ...options, level: 8 }).move;
  }

  /** Analysis: every iteration reported through `onInfo`; the final result returned. */
  analyse(position: Position, options: SearchOptions = {}): SearchResult {
    return this.search(position, { level: 8, ...options, analysis: true });
  }

  /** Choose a move for the side to move of `position`. */
  search(position: Position, options: SearchOptions = {}): SearchResult {
    if (position.variant !== this.variant && position.variant.id !== this.variant.id) {
      throw new Error(`engine plays ${this.variant.id}, position is ${position.variant.id}`);
    }
    const legal = position.legalMoves();
    const level = levelSettings(options.level ?? 8, this.variant.id);
    const given = options.limits ?? {};
    const hasLimit =
      given.depth !== undefined ||
      given.nodes !== undefined ||
      given.moveTime !== undefined ||
      given.clock !== undefined ||
      given.infinite === true;
    let limits: SearchLimits = hasLimit ? given : level.depth !== undefined ? {} : DEFAULT_LIMITS;
    if (level.depth !== undefined) {
      limits = { ...limits, depth: Math.min(limits.depth ?? level.depth, level.depth) };
    }
    if (legal.length === 0) {
      return {
        move: undefined,
        depth: 0,
        selDepth: 0,
        score: 0,
        nodes: 0,
        time: 0,
        nps: 0,
        pv: [],
      };
    }
    // a weighted draw among the book's moves, with the engine's seeded random numbers; the
    // strongest level plays the best one (see "Where books are used" in docs/book.md)
    const bookLevel = options.level ?? MAX_LEVEL;
    const pick =
      this.book && options.book !== false && !options.analysis && usesBook(bookLevel)
        ? playsBestBookMove(bookLevel)
          ? this.book.best(position)
          : this.book.choose(position, () => this.unit())
        : undefined;
    const bookDepth = this.book?.file.depth ?? 0;
    // a book move is a search of the book's depth: played at once where this search could go no
    // deeper, else only if the search below does not
    if (pick && limits.depth !== undefined && limits.depth <= bookDepth) return bookResult(pick);
    const board = position.board();
    const side = colorIndex(position.turn);
    const history = options.history ?? [];
    const historyLo = new Int32Array(history.length);
    const historyHi = new Int32Array(history.length);
    history.forEach((p, i) => {
      const [lo, hi] = this.searcher.path.hash(p.board(), colorIndex(p.turn));
      historyLo[i] = lo;
      historyHi[i] = hi;
    });
    const seed = Math.floor(this.random() * 0x7fffffff);
    const root = {
      historyLo,
      historyHi,
      reversiblePlies: reversiblePlies(history, position),
      openingPly: position.openingPly,
      kingRuns: position.kingRuns,
    };
    // helpers join a search bounded by time at full strength, never one of fixed depth or
    // nodes (its result stays the same on every run), nor a single reply played at once
    const helpers =
      this.helpers !== null &&
      limits.depth === undefined &&
      limits.nodes === undefined &&
      level.noise === 0 &&
      level.margin === 0 &&
      level.blunder === 0 &&
      (legal.length > 1 || options.analysis === true)
        ? this.helpers
        : null;
    helpers?.start({
      board: Int8Array.from(board),
      side,
      ...root,
      // the age the search is about to stamp (its start moves the table's age on by one)
      age: (this.searcher.tt.currentAge + 1) & 63,
    });
    let raw: RawResult;
    let helperNodes: number;
    try {
      raw = this.searcher.run(board, side, {
        limits,
        ...root,
        noise: level.noise,
        seed,
        ...(options.stopFlag ? { stopFlag: options.stopFlag } : {}),
        ...(options.analysis ? { analysis: true } : {}),
        ...(options.onInfo
          ? { onIteration: (info: RawInfo) => options.onInfo!(this.info(position, info)) }
          : {}),
      });
    } finally {
      helperNodes = helpers?.stop() ?? 0;
    }
    // the nodes of every thread, as other engines count them
    if (helperNodes > 0) raw = { ...raw, nodes: raw.nodes + helperNodes };
    if (pick && raw.depth <= bookDepth) return bookResult(pick, raw.nodes, raw.time);
    let id = raw.index >= 0 ? moveIdOf(this.searcher.rootList, raw.index) : 0;
    let score = raw.score;
    let pvIds = raw.pv;
    if (
      (level.margin > 0 || level.blunder > 0) &&
      raw.rootCount > 1 &&
      raw.depth >= 1 &&
      Math.abs(raw.score) < MATE_BOUND
    ) {
      const scores = this.searcher.scoreRootMoves(board, side, raw.depth);
      if (scores) {
        let max = -Infinity;
        for (const s of scores) max = Math.max(max, s);
        const list = this.searcher.rootList;
        // a blunder (a move scoring BLUNDER_LOSS or more below the best) with the level's
        // probability, when there is one; else any move within the margin
        const blunders: number[] = [];
        const near: number[] = [];
        for (let i = 0; i < scores.length; i++) {
          if (scores[i]! <= max - BLUNDER_LOSS) blunders.push(i);
          if (scores[i]! >= max - level.margin) near.push(i);
        }
        const blunder = level.blunder > 0 && this.unit() < level.blunder && blunders.length > 0;
        const candidates = blunder ? blunders : near;
        if (candidates.length > 0 && max < MATE_BOUND) {
          const pick = candidates[Math.floor(this.unit() * candidates.length)]!;
          const pickedId = moveIdOf(list, pick);
          if (pickedId !== id) {
            id = pickedId;
            score = scores[pick]!;
            pvIds = [pickedId];
          }
        }
      }
    }
    const move = legal.find((m) => moveIdOfMove(this.variant, m) === id) ?? legal[0]!;
    const info = this.info(position, { ...raw, selDepth: 0, score, pv: pvIds });
    return {
      ...info,
      move,
      pv: info.pv.length > 0 && info.pv[0] === move ? info.pv : [move],
      ...(helpers !== null && helperNodes > 0 ? { threads: 1 + helpers.count } : {}),
    };
  }

  /** A seeded random number in [0, 1). */
  private unit(): number {
    return (this.random() >>> 0) / 2 ** 32;
  }

  private info(position: Position, raw: RawInfo & { selDepth?: number }): SearchInfo {
    const pv = this.pvMoves(position, raw.pv);
    const mate = mateIn(raw.score);
    return {
      depth: raw.depth,
      selDepth: raw.selDepth ?? 0,
      score: raw.score,
      ...(mate !== undefined ? { mate } : {}),
      nodes: raw.nodes,
      time: Math.round(raw.time),
      nps: raw.time > 0 ? Math.round((raw.nodes * 1000) / raw.time) : 0,
      pv,
    };
  }

  /** Turn move ids into `Move` objects by replaying them on `position` (stops at a mismatch). */
  private pvMoves(position: Position, ids: readonly number[]): Move[] {
    const out: Move[] = [];
    let p = position;
    for (const id of ids) {
      const m = p.legalMoves().find((x) => moveIdOfMove(this.variant, x) === id);
      if (!m) break;
      out.push(m);
      p = p.play(m);
    }
    return out;
  }
}

/** Moves (not plies) to a forced result for the side to move: positive wins, negative loses. */
export function mateIn(score: number): number | undefined {
  if (score > MATE_BOUND) return Math.ceil((MATE - score) / 2);
  if (score < -MATE_BOUND) return -Math.ceil((MATE + score) / 2);
  return undefined;
}

/** Plies since the last capture or man move, read from the game's positions. */
export function reversiblePlies(history: readonly Position[], position: Position): number {
  let count = 0;
  let after = position.board();
  for (let i = history.length - 1; i >= 0; i--) {
    const before = history[i]!.board();
    if (!reversibleStep(before, after)) break;
    count++;
    after = before;
  }
  return count;
}

/** Same pieces in number, and every man where it was: only a king (or queen) moved. */
function reversibleStep(before: Int8Array, after: Int8Array): boolean {
  let a = 0;
  let b = 0;
  for (let sq = 0; sq < before.length; sq++) {
    const x = before[sq]!;
    const y = after[sq]!;
    if (x !== 0) a++;
    if (y !== 0) b++;
    if (((x & 3) === MAN || (y & 3) === MAN) && x !== y) return false;
  }
  return a === b;
}

/** The result of playing a book move (after `nodes` searched in `time` ms, when a search ran). */
function bookResult(pick: BookChoice, nodes = 0, time = 0): SearchResult {
  return {
    move: pick.move,
    depth: 0,
    selDepth: 0,
    score: pick.score,
    nodes,
    time: Math.round(time),
    nps: time > 0 ? Math.round((nodes * 1000) / time) : 0,
    pv: [pick.move],
  };
}
