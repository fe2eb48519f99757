/**
 * `Position`: an immutable, validated position with the friendly API the UI, server and engine
 * share — `legalMoves()` as plain `Move` objects, `play(move)`, piece look-ups.
 *
 * It wraps the fast generator (one generator, so no layer can disagree with another) and carries
 * the few facts a board alone does not: whose turn it is, and its record of the per-ply rule state
 * (`ply-state.ts`, shared with perft and the search): how far into a compulsory opening the game
 * is, and which enemy pieces may be burned after a skipped capture (huff rules).
 */
import {
  BLACK_BIT,
  EMPTY,
  MAN,
  colorIndex,
  colorOf,
  err,
  ok,
  opposite,
  pieceOf,
  roleOf,
  type Color,
  type Piece,
  type Result,
  type Square,
} from './types.ts';
import type { Setup } from './fen.ts';
import { parseFen, makeFen, type FenError } from './fen.ts';
import type { Variant } from './variant.ts';
import { KIND_CAPTURE, KIND_SPLIT, MoveList } from './movegen/move-list.ts';
import { makeMove, MoveGenerator } from './movegen/generator.ts';
import {
  HUFF_NONE,
  HUFF_SOUFFLE,
  NO_KING_RUNS,
  PlyStates,
  huffOffence,
  huffRule,
  openingScript,
  type KingRuns,
} from './ply-state.ts';

/** One legal move. `path` lists the landing square after each jump (ends with `to`). */
export interface Move {
  readonly kind: 'step' | 'capture' | 'split';
  readonly from: Square;
  readonly to: Square;
  /** Captured squares in the order they are jumped. */
  readonly captures: readonly Square[];
  readonly path: readonly Square[];
  /** The piece before the move, and after it (promotion shown here). */
  readonly moved: Piece;
  readonly piece: Piece;
  /** Captured pieces, parallel to `captures`. */
  readonly captured: readonly Piece[];
}

export interface PositionError {
  readonly part: 'turn' | 'square' | 'pieces';
  readonly square?: Square;
  readonly message: string;
}

/**
 * The move list every `legalMoves()` generates into: its moves are copied out as `Move` objects at
 * once, so one list serves all positions (a fresh one per call was most of the cost of replaying).
 */
const SCRATCH = new MoveList();

export class Position {
  readonly variant: Variant;
  readonly turn: Color;
  /** Plies played of the variant's compulsory opening; -1 once it no longer applies. */
  readonly openingPly: number;
  /** Pieces of the side to move's opponent that may now be burned (huff rules), else empty. */
  readonly burnable: readonly Square[];
  /** Under a king-move limit (Frisian): each side's counted king and its moves in a row. */
  readonly kingRuns: KingRuns;
  private readonly cells: Int8Array;
  private moves: Move[] | undefined;

  private constructor(
    variant: Variant,
    cells: Int8Array,
    turn: Color,
    openingPly: number,
    burnable: readonly Square[],
    kingRuns: KingRuns = NO_KING_RUNS,
  ) {
    this.variant = variant;
    this.cells = cells;
    this.turn = turn;
    this.openingPly = openingPly;
    this.burnable = burnable;
    this.kingRuns = kingRuns;
  }

  /** The variant's start position. */
  static start(variant: Variant): Position {
    const setup = parseFen(variant, variant.rules.startFen);
    if (!setup.ok) throw new Error(`bad start FEN for ${variant.id}: ${setup.error.message}`);
    const opening = openingScript(variant).first;
    return new Position(variant, setup.value.board.slice(), setup.value.turn, opening, []);
  }

  /** Validate a setup against the variant's rules. */
  static fromSetup(variant: Variant, setup: Setup): Result<Position, PositionError> {
    const t = variant.topology;
    if (setup.board.length !== t.size) {
      return err({
        part: 'pieces',
        message: `board has ${setup.board.length} squares, ${variant.id} has ${t.size}`,
      });
    }
    const start = parseFen(variant, variant.rules.startFen);
    // a king split adds a man, so under that house rule a side may outgrow its starting count
    const limit =
      start.ok && !variant.rules.kingSplit
        ? Math.max(countPieces(start.value.board).white, variant.rules.maxPieces ?? 0)
        : t.size;
    const counts = countPieces(setup.board);
    for (const [color, n] of [
      ['white', counts.white],
      ['black', counts.black],
    ] as const) {
      if (n > limit) {
        return err({
          part: 'pieces',
          message: `${color} has ${n} pieces; ${variant.id} starts with ${limit}`,
        });
      }
    }
    for (let sq = 0; sq < t.size; sq++) {
      const code = setup.board[sq]!;
      if (code === EMPTY) continue;
      if ((code & 3) === 0)
        return err({
          part: 'square',
          square: sq,
          message: `invalid piece code on ${variant.squares.names[sq]}`,
        });
      // a piece never rests where a move ending there changes it: a man on its crowning row, an
      // Israeli 6x6 queen on its own home row (it becomes a king there)
      const promoted = variant.compiled.promoteEnd[code * t.size + sq]!;
      if (promoted !== 0 && promoted !== code) {
        const name = variant.squares.names[sq];
        return err({
          part: 'square',
          square: sq,
          message:
            (code & 3) === MAN
              ? `a ${colorOf(code)} man cannot stand on ${name}, its crowning row`
              : `a ${colorOf(code)} ${roleOf(code)} cannot stand on ${name}: ` +
                `a ${roleOf(code)} ending its move there becomes a ${roleOf(promoted)}`,
        });
      }
    }
    // the compulsory opening applies from the start position only
    const atStart =
      start.ok && sameBoard(start.value.board, setup.board) && setup.turn === start.value.turn;
    const opening = atStart ? openingScript(variant).first : -1;
    return ok(new Position(variant, setup.board.slice(), setup.turn, opening, []));
  }

  /** Parse and validate a FEN in one step. */
  static fromFen(variant: Variant, fen: string): Result<Position, FenError | PositionError> {
    const setup = parseFen(variant, fen);
    if (!setup.ok) return setup;
    return Position.fromSetup(variant, setup.value);
  }

  get fen(): string {
    return makeFen(this.variant, this.setup());
  }

  setup(): Setup {
    return { turn: this.turn, board: this.cells.slice() };
  }

  /** A copy of the piece codes (for fast layers: engine, perft). */
  board(): Int8Array {
    return this.cells.slice();
  }

  pieceAt(sq: Square): Piece | undefined {
    return pieceOf(this.cells[sq] ?? EMPTY);
  }

  /** Every legal move of the side to move, duplicates of one capture merged (docs/decisions.md item 13). */
  legalMoves(): readonly Move[] {
    if (this.moves) return this.moves;
    const list = SCRATCH;
    list.clear();
    this.variant.generator.generate(this.cells, colorIndex(this.turn), list, true);
    openingScript(this.variant).restrict(list, list.count, this.openingPly);
    if (this.variant.compiled.kingMoveLimit > 0) this.plyStates().restrict(list, list.count, 0);
    this.moves = movesFromList(list);
    return this.moves;
  }

  /** A one-ply rule state rooted here (king-move limit): restricts and plays like perft's. */
  private plyStates(): PlyStates {
    const states = new PlyStates(this.variant, 1);
    states.root(-1, this.cells, colorIndex(this.turn), this.kingRuns);
    return states;
  }

  /** The compulsory opening's next move (from/to), if the opening still applies. */
  scriptedMove(): { from: Square; to: Square } | undefined {
    return openingScript(this.variant).at(this.openingPly);
  }

  /** Play a legal move (as returned by `legalMoves`), giving the next position. */
  play(move: Move): Position {
    const cells = this.cells.slice();
    const list = toList(move);
    makeMove(cells, list, 0);
    const opening = openingScript(this.variant).next(this.openingPly);
    const burnable = this.offenders(move);
    let runs = NO_KING_RUNS;
    if (this.variant.compiled.kingMoveLimit > 0) {
      const states = this.plyStates();
      states.make(list, 0, 0);
      runs = states.kingRuns(1);
    }
    return new Position(this.variant, cells, opposite(this.turn), opening, burnable, runs);
  }

  /** Under huff rules: remove one of `burnable` (not a move; the same side then moves). */
  burn(sq: Square): Result<Position, string> {
    if (!this.burnable.includes(sq))
      return err(`the piece on ${this.variant.squares.names[sq] ?? sq} cannot be burned`);
    const cells = this.cells.slice();
    cells[sq] = EMPTY;
    return ok(new Position(this.variant, cells, this.turn, this.openingPly, [], this.kingRuns));
  }

  /**
   * Pieces liable to be burned after `move` under burn / souffle rules: none unless the move broke
   * a capture rule (`huffOffence`, the test perft and the search read too); then every piece that
   * could have made a capture the base rules require (where it stands after the move), and under
   * souffle the piece that cut its capture short.
   */
  private offenders(move: Move): Square[] {
    const huff = huffRule(this.variant);
    if (huff === HUFF_NONE) return [];
    const played = this.legalMoves().findIndex(
      (m) => m.from === move.from && m.to === move.to && sameSet(m.captures, move.captures),
    );
    const all = new MoveList();
    this.variant.generator.generate(this.cells, colorIndex(this.turn), all, true);
    openingScript(this.variant).restrict(all, all.count, this.openingPly);
    if (played < 0 || !huffOffence(huff, all, played)) return [];
    const strict = new MoveList();
    new MoveGenerator(this.variant.compiled.strict).generate(
      this.cells,
      colorIndex(this.turn),
      strict,
      true,
    );
    const out = new Set<Square>();
    if (huff === HUFF_SOUFFLE && move.kind === 'capture') out.add(move.to);
    for (const m of movesFromList(strict)) out.add(m.from === move.from ? move.to : m.from);
    return [...out];
  }

  /** Number of pieces of each colour. */
  material(): { white: number; black: number; whiteKings: number; blackKings: number } {
    let white = 0;
    let black = 0;
    let whiteKings = 0;
    let blackKings = 0;
    for (const code of this.cells) {
      if (code === EMPTY) continue;
      const king = (code & 3) !== MAN;
      if (code & BLACK_BIT) {
        black++;
        if (king) blackKings++;
      } else {
        white++;
        if (king) whiteKings++;
      }
    }
    return { white, black, whiteKings, blackKings };
  }
}

function sameBoard(a: Int8Array, b: Int8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

function countPieces(board: Int8Array): { white: number; black: number } {
  let white = 0;
  let black = 0;
  for (const code of board) {
    if (code === EMPTY) continue;
    if (code & BLACK_BIT) black++;
    else white++;
  }
  return { white, black };
}

/** Convert the generator's typed-array list into `Move` objects. */
export function movesFromList(list: MoveList): Move[] {
  const out: Move[] = [];
  for (let i = 0; i < list.count; i++) out.push(moveAt(list, i));
  return out;
}

export function moveAt(list: MoveList, i: number): Move {
  const at = list.start[i]!;
  const n = list.ncap[i]!;
  const captures: Square[] = [];
  const captured: Piece[] = [];
  const path: Square[] = [];
  for (let x = 0; x < n; x++) {
    captures.push(list.capSq[at + x]!);
    captured.push(pieceOf(list.capCode[at + x]!)!);
    path.push(list.land[at + x]!);
  }
  const kind =
    list.kind[i] === KIND_CAPTURE ? 'capture' : list.kind[i] === KIND_SPLIT ? 'split' : 'step';
  if (kind !== 'capture') path.push(list.to[i]!);
  return {
    kind,
    from: list.from[i]!,
    to: list.to[i]!,
    captures,
    captured,
    path,
    moved: pieceOf(list.moved[i]!)!,
    piece: pieceOf(list.piece[i]!)!,
  };
}

/** A one-move list holding `move`, for make/unmake on raw boards. */
export function toList(move: Move): MoveList {
  const list = new MoveList(1, Math.max(1, move.captures.length));
  const code = (p: Piece) =>
    (p.color === 'white' ? 0 : BLACK_BIT) | (p.role === 'man' ? 1 : p.role === 'queen' ? 2 : 3);
  list.count = 1;
  list.from[0] = move.from;
  list.to[0] = move.to;
  list.moved[0] = code(move.moved);
  list.piece[0] = code(move.piece);
  list.kind[0] = move.kind === 'capture' ? KIND_CAPTURE : move.kind === 'split' ? KIND_SPLIT : 0;
  list.ncap[0] = move.captures.length;
  list.start[0] = 0;
  move.captures.forEach((sq, x) => {
    list.capSq[x] = sq;
    list.capCode[x] = code(move.captured[x]!);
    list.land[x] = move.path[x]!;
  });
  list.used = move.captures.length;
  return list;
}
