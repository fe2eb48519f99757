/**
 * The move generator that plays: one object per search (or perft) that owns a board, generates
 * its legal moves into a `MoveList`, counts them, and makes and unmakes them. The engine's search
 * and perft both take theirs from `boardMovesFor`, so perft counts exactly the code the engine
 * plays with.
 *
 * Two backends give the same lists, move for move and in the same order:
 * - `MaskMoves` (mask-moves.ts): boards of at most 64 squares, piece masks kept through
 *   make/unmake; non-captures and move counts come from the masks (a popcount per direction), and
 *   captures from a walk on the masks (mask-captures.ts) where it follows the capture rules, else
 *   from the general generator. Chosen from the compiled rules through explicit lists of the
 *   features it supports (masks.ts, mask-captures.ts), never from a variant id.
 * - `GeneralMoves` (here): the general generator over the board, for every other rule set.
 */
import type { CompiledRules } from '../variants/compile.ts';
import { MoveGenerator } from './generator.ts';
import { makeMove, unmakeMove } from './make.ts';
import { MoveList } from './move-list.ts';
import { maskTablesFor } from './masks.ts';
import { MaskMoves } from './mask-moves.ts';

export interface BoardMoves {
  readonly rules: CompiledRules;
  /** Which backend this is: 'masks' or 'general' (tests and benchmarks report it). */
  readonly backend: 'masks' | 'general';
  /**
   * Who writes capture lists: 'masks' (the capture walk on the masks, mask-captures.ts, for the
   * capture rules it follows) or 'general' (the general generator).
   */
  readonly captureWalk: 'masks' | 'general';
  /**
   * Work on `board` from now on: it is read once here, and from then on changes only through
   * `make` and `unmake` (which write it in place).
   */
  load(board: Int8Array): void;
  /**
   * Write every legal move of `side` (0 white, 1 black) into `list`; returns the count.
   * `dropDuplicates`: captures with the same start, end and captured set are listed once.
   */
  generate(side: number, list: MoveList, dropDuplicates: boolean): number;
  /**
   * Steps the general generator's capture walk took in the last `generate` (0 when it did not
   * walk). A few rule sets can make one generation walk for seconds (`WALK_LIMIT`); the search
   * reads this to keep its time and node limits (engine search.ts).
   */
  readonly walkSteps: number;
  /** The number `generate` would return, without writing non-captures where it can. */
  countMoves(side: number, dropDuplicates: boolean): number;
  /** Play move `i` of `list` (generated on this board). */
  make(list: MoveList, i: number): void;
  /** Take back move `i` of `list`, the last one made. */
  unmake(list: MoveList, i: number): void;
}

/** The general generator over a board: the backend for rules no faster backend takes. */
export class GeneralMoves implements BoardMoves {
  readonly rules: CompiledRules;
  readonly backend = 'general' as const;
  readonly captureWalk = 'general' as const;
  private readonly gen: MoveGenerator;
  private board: Int8Array = new Int8Array(0);
  /** A list for `countMoves`. */
  private readonly scratch: MoveList;

  constructor(gen: MoveGenerator, scratch: MoveList) {
    this.rules = gen.rules;
    this.gen = gen;
    this.scratch = scratch;
  }

  load(board: Int8Array): void {
    this.board = board;
  }

  generate(side: number, list: MoveList, dropDuplicates: boolean): number {
    return this.gen.generate(this.board, side, list, dropDuplicates);
  }

  get walkSteps(): number {
    return this.gen.walkSteps;
  }

  countMoves(side: number, dropDuplicates: boolean): number {
    return this.gen.generate(this.board, side, this.scratch, dropDuplicates);
  }

  make(list: MoveList, i: number): void {
    makeMove(this.board, list, i);
  }

  unmake(list: MoveList, i: number): void {
    unmakeMove(this.board, list, i);
  }
}

/**
 * The fastest backend the compiled rules qualify for (`general`: always the general generator,
 * to cross-check the backends against it). Each call gives a new object: one per search or walk.
 */
export function boardMovesFor(
  rules: CompiledRules,
  backend: 'auto' | 'general' = 'auto',
): BoardMoves {
  const gen = new MoveGenerator(rules);
  const tables = backend === 'auto' ? maskTablesFor(rules) : null;
  return tables === null ? new GeneralMoves(gen, new MoveList()) : new MaskMoves(gen, tables);
}
