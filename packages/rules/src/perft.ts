/**
 * Perft: the number of leaf nodes of the legal-move tree to a fixed depth, the standard check of a
 * move generator against published tables. Runs on one mutable board with make/unmake and one
 * preallocated move list per ply; the last ply is bulk-counted (its moves are counted, not played).
 * A compulsory opening (Dhamet) is followed while it applies, read from the per-ply rule state
 * (`ply-state.ts`) the search reads too. Rules that fit 32-bit bitboards
 * (chosen from the compiled rules: small board, short-range pieces, compulsory complete captures)
 * are counted by the bitboard walk of `movegen/bitboard-perft.ts` instead, several times faster.
 */
import { colorIndex } from './types.ts';
import type { Position } from './position.ts';
import { MoveList } from './movegen/move-list.ts';
import {
  MoveGenerator,
  makeMove as importedMakeMove,
  unmakeMove as importedUnmakeMove,
} from './movegen/generator.ts';
import { MoveCounter } from './movegen/count.ts';
import type { Variant } from './variant.ts';
import { PlyStates } from './ply-state.ts';
import { bitboardPerftFor, type BitboardPerft } from './movegen/bitboard-perft.ts';

// Module copies of the make/unmake functions: under a loader such as tsx each use of an imported
// binding goes through a getter, a measurable cost at every node of the tree.
const makeMove = importedMakeMove;
const unmakeMove = importedUnmakeMove;

export interface PerftOptions {
  /** Count every distinct capture route (`keep`) or merge equal captures (`drop`, default). */
  readonly duplicates?: 'keep' | 'drop';
  /**
   * `auto` (default): rules that fit 32-bit bitboards (at most 32 squares, short-range pieces,
   * compulsory complete captures) are counted by the bitboard walk of `movegen/bitboard-perft.ts`,
   * all others by the general generator. `general` always uses the general generator (for
   * cross-checking the two).
   */
  readonly generator?: 'auto' | 'general';
}

export class Perft {
  private readonly gen: MoveGenerator;
  /** The last ply (or two) counted without writing the moves. */
  private readonly counter: MoveCounter;
  private readonly lists: MoveList[] = [];
  private readonly drop: boolean;
  /** The rule state of each ply of the walk (the compulsory opening). */
  private states: PlyStates;
  private readonly variant: Variant;
  /** The bitboard walk when the rules qualify for it, else null. */
  private readonly bitboard: BitboardPerft | null;
  /** The counters skip the generator, so they are off where a crowning ends the game (Breakthrough). */
  private readonly bulk: boolean;

  constructor(variant: Variant, options: PerftOptions = {}) {
    const rules = variant.compiled;
    this.gen = new MoveGenerator(rules);
    this.counter = new MoveCounter(this.gen);
    this.drop = options.duplicates !== 'keep';
    this.variant = variant;
    this.states = new PlyStates(variant, 32);
    this.bitboard = options.generator === 'general' ? null : bitboardPerftFor(rules, this.drop);
    this.bulk = !rules.crowningWins;
  }

  /** Leaves at `depth` below a board with `side` to move; `openingPly` into the script, or -1. */
  count(board: Int8Array, side: number, depth: number, openingPly = -1): number {
    if (depth <= 0) return 1;
    this.root(depth, openingPly, board, side);
    if (this.bitboard !== null && !this.states.scripted(0)) {
      return this.bitboard.count(board, side, depth);
    }
    return this.walk(board, side, depth, 0);
  }

  /** Per-move counts at the root ("divide"): index i of the root list → leaves below it. */
  divide(
    board: Int8Array,
    side: number,
    depth: number,
    openingPly = -1,
  ): { list: MoveList; counts: number[] } {
    this.root(depth, openingPly, board, side);
    const list = this.listAt(0);
    this.generate(board, side, list, 0);
    const counts: number[] = [];
    for (let i = 0; i < list.count; i++) {
      this.states.make(list, i, 0);
      makeMove(board, list, i);
      counts.push(
        depth <= 1
          ? 1
          : this.bitboard !== null && !this.states.scripted(1)
            ? this.bitboard.count(board, side ^ 1, depth - 1)
            : this.walk(board, side ^ 1, depth - 1, 1),
      );
      unmakeMove(board, list, i);
    }
    return { list, counts };
  }

  /** Set the rule state of the root, with room for `depth` plies below it. */
  private root(depth: number, openingPly: number, board: Int8Array, side: number): void {
    if (this.states.opening.length <= depth + 1) {
      this.states = new PlyStates(this.variant, depth + 1);
    }
    this.states.root(openingPly, board, side);
  }

  private listAt(ply: number): MoveList {
    while (this.lists.length <= ply) this.lists.push(new MoveList());
    return this.lists[ply]!;
  }

  private generate(board: Int8Array, side: number, list: MoveList, ply: number): number {
    return this.states.restrict(list, this.gen.generate(board, side, list, this.drop), ply);
  }

  private walk(board: Int8Array, side: number, depth: number, ply: number): number {
    const states = this.states;
    // Bulk counting: the last ply only needs how many moves there are, which the generator can
    // tell without writing non-captures (the scripted opening still needs the full list).
    if (depth === 1 && this.bulk && !states.scripted(ply))
      return this.counter.countMoves(board, side, this.drop);
    const list = this.listAt(ply);
    const n = this.generate(board, side, list, ply);
    if (depth === 1) return n;
    // The last two plies together: the generator counts every reply without a list per child.
    if (depth === 2 && this.bulk && !states.scriptedNext(ply)) {
      return this.counter.countReplies(board, side, list, this.drop);
    }
    let total = 0;
    for (let i = 0; i < n; i++) {
      states.make(list, i, ply);
      makeMove(board, list, i);
      total += this.walk(board, side ^ 1, depth - 1, ply + 1);
      unmakeMove(board, list, i);
    }
    return total;
  }
}

/** Perft of a position (convenience wrapper). */
export function perft(position: Position, depth: number, options: PerftOptions = {}): number {
  const p = new Perft(position.variant, options);
  return p.count(position.board(), colorIndex(position.turn), depth, position.openingPly);
}
