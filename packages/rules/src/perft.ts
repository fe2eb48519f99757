/**
 * Perft: the number of leaf nodes of the legal-move tree to a fixed depth, the standard check of a
 * move generator against published tables. It walks the generator the engine plays with
 * (`boardMovesFor`, movegen/board-moves.ts): generate, make, recurse, unmake, one preallocated
 * move list per ply; the last ply is bulk-counted by the generator's own `countMoves`. A
 * compulsory opening (Dhamet) is followed while it applies, read from the per-ply rule state
 * (`ply-state.ts`) the search reads too.
 */
import { colorIndex } from './types.ts';
import type { Position } from './position.ts';
import { MoveList } from './movegen/move-list.ts';
import { boardMovesFor, type BoardMoves } from './movegen/board-moves.ts';
import type { Variant } from './variant.ts';
import { HUFF_NONE, PlyStates } from './ply-state.ts';

export interface PerftOptions {
  /** Count every distinct capture route (`keep`) or merge equal captures (`drop`, default). */
  readonly duplicates?: 'keep' | 'drop';
  /**
   * `auto` (default): the backend `boardMovesFor` picks from the compiled rules, the one the engine
   * plays with. `general` always uses the general generator (for cross-checking the backends).
   */
  readonly generator?: 'auto' | 'general';
}

export class Perft {
  private readonly moves: BoardMoves;
  /**
   * One list per ply, made as the walk first reaches it. Begun with one list, not empty: an empty
   * array literal has another element kind than a filled one, and code compiled for the filled
   * kind by an earlier walk would be thrown away at the first ply of every new one.
   */
  private readonly lists: MoveList[] = [new MoveList()];
  private readonly drop: boolean;
  /** The rule state of each ply of the walk (the compulsory opening). */
  private states: PlyStates;
  private readonly variant: Variant;
  /** Bulk counting skips the game-over test, so it is off where a crowning ends the game (Breakthrough). */
  private readonly bulk: boolean;
  /**
   * The rule state never restricts a list and nothing reads it (no compulsory opening, no huff
   * rule, no king-move limit) and bulk counting applies: `walkPlain` leaves the state out.
   */
  private readonly plain: boolean;

  constructor(variant: Variant, options: PerftOptions = {}) {
    this.moves = boardMovesFor(variant.compiled, options.generator ?? 'auto');
    this.drop = options.duplicates !== 'keep';
    this.variant = variant;
    this.states = new PlyStates(variant, 32);
    this.bulk = !variant.compiled.crowningWins;
    const s = this.states;
    this.plain = this.bulk && s.script.length === 0 && s.huff === HUFF_NONE && s.kingLimit === 0;
  }

  /** The generator backend in use ('masks' or 'general'). */
  get backend(): BoardMoves['backend'] {
    return this.moves.backend;
  }

  /** Leaves at `depth` below a board with `side` to move; `openingPly` into the script, or -1. */
  count(board: Int8Array, side: number, depth: number, openingPly = -1): number {
    if (depth <= 0) return 1;
    this.root(depth, openingPly, board, side);
    this.moves.load(board);
    if (this.plain) {
      return depth === 1 ? this.moves.countMoves(side, this.drop) : this.walkPlain(side, depth, 0);
    }
    return this.walk(side, depth, 0);
  }

  /** Per-move counts at the root ("divide"): index i of the root list → leaves below it. */
  divide(
    board: Int8Array,
    side: number,
    depth: number,
    openingPly = -1,
  ): { list: MoveList; counts: number[] } {
    this.root(depth, openingPly, board, side);
    this.moves.load(board);
    const list = this.listAt(0);
    const n = this.generate(side, list, 0);
    const counts: number[] = [];
    for (let i = 0; i < n; i++) {
      this.states.make(list, i, 0);
      this.moves.make(list, i);
      counts.push(depth <= 1 ? 1 : this.walk(side ^ 1, depth - 1, 1));
      this.moves.unmake(list, i);
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

  private generate(side: number, list: MoveList, ply: number): number {
    return this.states.restrict(list, this.moves.generate(side, list, this.drop), ply);
  }

  /**
   * `walk` where the rule state is plain (see `plain`), for depth >= 2: the children of a node two
   * plies above the leaves are counted in its own loop, not in a call of their own.
   */
  private walkPlain(side: number, depth: number, ply: number): number {
    const moves = this.moves;
    const list = this.listAt(ply);
    const n = moves.generate(side, list, this.drop);
    let total = 0;
    if (depth === 2) {
      for (let i = 0; i < n; i++) {
        moves.make(list, i);
        total += moves.countMoves(side ^ 1, this.drop);
        moves.unmake(list, i);
      }
      return total;
    }
    for (let i = 0; i < n; i++) {
      moves.make(list, i);
      total += this.walkPlain(side ^ 1, depth - 1, ply + 1);
      moves.unmake(list, i);
    }
    return total;
  }

  private walk(side: number, depth: number, ply: number): number {
    const states = this.states;
    // bulk counting: the last ply needs only how many moves there are (a scripted opening ply
    // still needs the list, which the rule state restricts)
    if (depth === 1 && this.bulk && !states.scripted(ply))
      return this.moves.countMoves(side, this.drop);
    const list = this.listAt(ply);
    const n = this.generate(side, list, ply);
    if (depth === 1) return n;
    const moves = this.moves;
    let total = 0;
    for (let i = 0; i < n; i++) {
      states.make(list, i, ply);
      moves.make(list, i);
      total += this.walk(side ^ 1, depth - 1, ply + 1);
      moves.unmake(list, i);
    }
    return total;
  }
}

/** Perft of a position (convenience wrapper). */
export function perft(position: Position, depth: number, options: PerftOptions = {}): number {
  const p = new Perft(position.variant, options);
  return p.count(position.board(), colorIndex(position.turn), depth, position.openingPly);
}
