/**
 * Perft: the number of leaf nodes of the legal-move tree to a fixed depth, the standard check of a
 * move generator against published tables. Runs on one mutable board with make/unmake and one
 * preallocated move list per ply; the last ply is bulk-counted (its moves are counted, not played).
 * A compulsory opening (Dhamet) is followed while it applies. Rules that fit 32-bit bitboards
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
import type { CompiledRules } from './variants/compile.ts';
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
  private readonly lists: MoveList[] = [];
  private readonly drop: boolean;
  private readonly script: ReadonlyArray<{ from: number; to: number }>;
  /** The bitboard walk when the rules qualify for it, else null. */
  private readonly bitboard: BitboardPerft | null;

  constructor(
    rules: CompiledRules,
    options: PerftOptions = {},
    script: ReadonlyArray<{ from: number; to: number }> = [],
  ) {
    this.gen = new MoveGenerator(rules);
    this.drop = options.duplicates !== 'keep';
    this.script = script;
    this.bitboard = options.generator === 'general' ? null : bitboardPerftFor(rules, this.drop);
  }

  /** Leaves at `depth` below a board with `side` to move; `openingPly` into the script, or -1. */
  count(board: Int8Array, side: number, depth: number, openingPly = -1): number {
    if (depth <= 0) return 1;
    if (this.bitboard !== null && openingPly < 0) return this.bitboard.count(board, side, depth);
    return this.walk(board, side, depth, 0, openingPly);
  }

  /** Per-move counts at the root ("divide"): index i of the root list → leaves below it. */
  divide(
    board: Int8Array,
    side: number,
    depth: number,
    openingPly = -1,
  ): { list: MoveList; counts: number[] } {
    const list = this.listAt(0);
    this.generate(board, side, list, openingPly);
    const counts: number[] = [];
    for (let i = 0; i < list.count; i++) {
      makeMove(board, list, i);
      const next = openingPly >= 0 && openingPly + 1 < this.script.length ? openingPly + 1 : -1;
      counts.push(
        depth <= 1
          ? 1
          : this.bitboard !== null && next < 0
            ? this.bitboard.count(board, side ^ 1, depth - 1)
            : this.walk(board, side ^ 1, depth - 1, 1, next),
      );
      unmakeMove(board, list, i);
    }
    return { list, counts };
  }

  private listAt(ply: number): MoveList {
    while (this.lists.length <= ply) this.lists.push(new MoveList());
    return this.lists[ply]!;
  }

  private generate(board: Int8Array, side: number, list: MoveList, openingPly: number): number {
    const n = this.gen.generate(board, side, list, this.drop);
    if (openingPly < 0) return n;
    const s = this.script[openingPly]!;
    for (let i = 0; i < n; i++) {
      if (list.from[i] === s.from && list.to[i] === s.to) {
        // keep just the scripted move: move it to slot 0
        list.from[0] = list.from[i]!;
        list.to[0] = list.to[i]!;
        list.moved[0] = list.moved[i]!;
        list.piece[0] = list.piece[i]!;
        list.kind[0] = list.kind[i]!;
        list.ncap[0] = list.ncap[i]!;
        list.start[0] = list.start[i]!;
        list.hash[0] = list.hash[i]!;
        list.count = 1;
        return 1;
      }
    }
    list.count = 0;
    return 0;
  }

  private walk(
    board: Int8Array,
    side: number,
    depth: number,
    ply: number,
    openingPly: number,
  ): number {
    // Bulk counting: the last ply only needs how many moves there are, which the generator can
    // tell without writing non-captures (the scripted opening still needs the full list).
    if (depth === 1 && openingPly < 0) return this.gen.countMoves(board, side, this.drop);
    const list = this.listAt(ply);
    const n = this.generate(board, side, list, openingPly);
    if (depth === 1) return n;
    const next = openingPly >= 0 && openingPly + 1 < this.script.length ? openingPly + 1 : -1;
    // The last two plies together: the generator counts every reply without a list per child.
    if (depth === 2 && next < 0) return this.gen.countReplies(board, side, list, this.drop);
    let total = 0;
    for (let i = 0; i < n; i++) {
      makeMove(board, list, i);
      total += this.walk(board, side ^ 1, depth - 1, ply + 1, next);
      unmakeMove(board, list, i);
    }
    return total;
  }
}

/** Perft of a position (convenience wrapper). */
export function perft(position: Position, depth: number, options: PerftOptions = {}): number {
  const v = position.variant;
  const script = v.rules.forcedOpening.map((text) => {
    const parts = text.split(/[-x:]/);
    return { from: v.squares.parse(parts[0]!), to: v.squares.parse(parts[parts.length - 1]!) };
  });
  const p = new Perft(v.compiled, options, script);
  return p.count(position.board(), colorIndex(position.turn), depth, position.openingPly);
}
