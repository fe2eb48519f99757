/**
 * The draw rules of a variant (`rules.draws`) as counters carried from one position of a game to
 * the next. `advanceDraws` updates them after a move or a burn; `drawReason` says whether the
 * position reached is drawn, and by which rule.
 *
 * Counters are kept per game rather than per position because the rules count history (moves
 * since the last capture, since a material balance arose). A game set up from a FEN starts every
 * counter at zero: nothing before it is known. Counts in the rules are moves per player; they are
 * held as plies, and a count of N moves runs out after 2N plies — when each player has played N
 * moves (docs/decisions.md item 3: "moves" are moves per player).
 *
 * Semantics, following docs/decisions.md and docs/rules.md §5.x, and where those are silent what lidraughts
 * (the server most others copy) does:
 * - `quietMoves` (FMJD 6.2, FMJD-64 7.2.5, English 40-move rule, Spanish, Italian, Czech): the
 *   count restarts after every capture and every move of a man; anything else continues it. A king
 *   split (house rule) creates men and a burn removes a piece: both restart it too.
 * - `endgame` (FMJD 6.3/6.4, FMJD-64 7.2.4/7.2.7/7.2.8, Iberian 3K v 1K): the count starts when
 *   the material arises (the move creating it is not counted) and is not reset by later quiet
 *   moves or by a promotion within the same rule. A capture creates a new material balance and
 *   restarts it — so when a capture turns a 16-move ending into a 5-move ending the 5-move count
 *   starts at that capture (docs/decisions.md item 1), and 4 kings v 1 becoming 3 v 1 restarts 7.2.4 ("counted
 *   from the moment this material balance arose"). Where the rule needs the long diagonal held
 *   (7.2.7: the lone king on it), the count runs while it is held and starts afresh each time it is
 *   taken again.
 * - `kingsBothSides` (7.2.6): counts plies since the last capture or promotion while both sides have
 *   kings; the total number of pieces picks the limit (30 moves for 4–5 pieces, 60 for 6–7).
 * - `onePieceEach` (Turkish, docs/decisions.md item 8) and `oneKingEach` (Dhamet one sultan each): drawn at once
 *   — unless the side to move has a capture, which then decides the game (pydraughts' comment on the
 *   official Turkish rule: "immediately if there can't be a forced capture").
 * - `repetition`: the same placement of all pieces with the same side to move (docs/rules.md §2 note 8);
 *   the game counts occurrences with `positionKey` and passes the number in.
 */
import { BLACK_BIT, EMPTY, MAN, type Color } from '../types.ts';
import type { Topology } from '../topology/topology.ts';
import type { DrawRule, Rules } from '../variants/rules.ts';
import type { Move, Position } from '../position.ts';
import type { OutcomeReason } from './outcome.ts';

/** Draw-rule counters after some position of a game. */
export interface DrawState {
  /** Moves played since the game record began. */
  readonly ply: number;
  /** Consecutive plies without a capture or a man move. */
  readonly quietPlies: number;
  /** Plies since the last capture, promotion or other change of material. */
  readonly balancePlies: number;
  /**
   * Per entry of `rules.draws`: for an `endgame` rule whose material is on the board, the ply at
   * which its count began; -1 otherwise (and for other kinds of rule).
   */
  readonly endgameStart: readonly number[];
}

/** What happened between two positions, as far as draw counters care. */
export type DrawEvent =
  | { readonly kind: 'move'; readonly move: Move }
  /** a piece burned under a huff rule: a change of material, not a move */
  | { readonly kind: 'burn' };

/** The counters for a game starting at `position`. */
export function initialDraws(rules: Rules, position: Position): DrawState {
  return {
    ply: 0,
    quietPlies: 0,
    balancePlies: 0,
    endgameStart: rules.draws.map((rule) =>
      rule.kind === 'endgame' && endgameSide(rule, position) ? 0 : -1,
    ),
  };
}

/** The counters after `event` led from the position of `state` to `after`. */
export function advanceDraws(
  rules: Rules,
  state: DrawState,
  event: DrawEvent,
  after: Position,
): DrawState {
  const move = event.kind === 'move' ? event.move : undefined;
  const ply = state.ply + (move ? 1 : 0);
  const materialChanged = !move || move.kind !== 'step';
  const promoted = move !== undefined && move.moved.role !== move.piece.role;
  const manMoved = move !== undefined && move.moved.role === 'man';
  const quietPlies = materialChanged || manMoved ? 0 : state.quietPlies + 1;
  const balancePlies = materialChanged || promoted ? 0 : state.balancePlies + 1;
  const endgameStart = rules.draws.map((rule, i) => {
    if (rule.kind !== 'endgame' || !endgameSide(rule, after)) return -1;
    const before = state.endgameStart[i] ?? -1;
    return before >= 0 && !materialChanged ? before : ply;
  });
  return { ply, quietPlies, balancePlies, endgameStart };
}

/**
 * The draw rule that ends the game at `position`, if any, checked in the order of `rules.draws`.
 * `repetitions`: how many times this position (same side to move) has now occurred in the game.
 */
export function drawReason(
  rules: Rules,
  state: DrawState,
  position: Position,
  repetitions: number,
): OutcomeReason | undefined {
  for (let i = 0; i < rules.draws.length; i++) {
    const rule = rules.draws[i]!;
    switch (rule.kind) {
      case 'repetition':
        if (repetitions >= rule.times) return { code: 'repetition', times: rule.times };
        break;
      case 'quietMoves':
        if (state.quietPlies >= 2 * rule.moves) return { code: 'quietMoves', moves: rule.moves };
        break;
      case 'endgame': {
        const start = state.endgameStart[i] ?? -1;
        if (start < 0 || state.ply - start < 2 * rule.moves) break;
        const side = endgameSide(rule, position);
        if (!side) break;
        return {
          code: 'endgame',
          moves: rule.moves,
          strong: side.strong,
          strongMen: side.men,
          strongKings: side.kings,
          ...(rule.longDiagonal ? { longDiagonal: rule.longDiagonal } : {}),
        };
      }
      case 'kingsBothSides': {
        const m = position.material();
        if (m.whiteKings === 0 || m.blackKings === 0) break;
        const pieces = m.white + m.black;
        const band = rule.byPieces.find(([min, max]) => pieces >= min && pieces <= max);
        if (band && state.balancePlies >= 2 * band[2]) {
          return { code: 'kingsBothSides', moves: band[2], pieces };
        }
        break;
      }
      case 'onePieceEach': {
        const m = position.material();
        if (m.white === 1 && m.black === 1 && !hasCapture(position))
          return { code: 'onePieceEach' };
        break;
      }
      case 'oneKingEach': {
        const m = position.material();
        if (
          m.white === 1 &&
          m.black === 1 &&
          m.whiteKings === 1 &&
          m.blackKings === 1 &&
          !hasCapture(position)
        ) {
          return { code: 'oneKingEach' };
        }
        break;
      }
    }
  }
  return undefined;
}

/** How far each running count has got, for display ("quiet moves: 12 of 25"). */
export interface DrawProgress {
  readonly rule: DrawRule;
  /** Moves each played so far under this rule (plies / 2, rounded down). */
  readonly moves: number;
  /** The rule's limit in moves each. */
  readonly limit: number;
}

/** The move-count rules currently counting, with their progress. */
export function drawProgress(rules: Rules, state: DrawState, position: Position): DrawProgress[] {
  const out: DrawProgress[] = [];
  rules.draws.forEach((rule, i) => {
    if (rule.kind === 'quietMoves' && state.quietPlies > 0) {
      out.push({ rule, moves: Math.floor(state.quietPlies / 2), limit: rule.moves });
    } else if (rule.kind === 'endgame') {
      const start = state.endgameStart[i] ?? -1;
      if (start >= 0)
        out.push({ rule, moves: Math.floor((state.ply - start) / 2), limit: rule.moves });
    } else if (rule.kind === 'kingsBothSides') {
      const m = position.material();
      const band = rule.byPieces.find(
        ([min, max]) => m.white + m.black >= min && m.white + m.black <= max,
      );
      if (band && m.whiteKings > 0 && m.blackKings > 0) {
        out.push({ rule, moves: Math.floor(state.balancePlies / 2), limit: band[2] });
      }
    }
  });
  return out;
}

/**
 * A compact identity of a position for repetition: side to move and every square's piece. Two
 * positions with the same key are "the same position" of the repetition rules.
 */
export function positionKey(position: Position): string {
  return (
    (position.turn === 'white' ? 'w' : 'b') +
    String.fromCharCode(...position.board().map((c) => 48 + c))
  );
}

type EndgameRule = Extract<DrawRule, { kind: 'endgame' }>;

/** If `rule`'s material is on the board: the strong side and its men and kings. */
export function endgameSide(
  rule: EndgameRule,
  position: Position,
): { strong: Color; men: number; kings: number } | undefined {
  const board = position.board();
  const m = position.material();
  for (const strong of ['white', 'black'] as const) {
    const [pieces, kings, weakPieces, weakKings] =
      strong === 'white'
        ? [m.white, m.whiteKings, m.black, m.blackKings]
        : [m.black, m.blackKings, m.white, m.whiteKings];
    if (weakPieces !== 1 || weakKings !== 1) continue;
    if (
      pieces < rule.strongPieces[0] ||
      pieces > rule.strongPieces[1] ||
      kings < rule.minStrongKings
    )
      continue;
    if (rule.longDiagonal) {
      const holder: Color =
        rule.longDiagonal === 'weak' ? (strong === 'white' ? 'black' : 'white') : strong;
      if (!holdsLongDiagonal(position.variant.topology, board, holder)) continue;
    }
    return { strong, men: pieces - kings, kings };
  }
  return undefined;
}

function hasCapture(position: Position): boolean {
  return position.legalMoves().some((m) => m.kind === 'capture');
}

/** Does a king of `color` stand on the board's long diagonal? */
function holdsLongDiagonal(t: Topology, board: Int8Array, color: Color): boolean {
  const bit = color === 'white' ? 0 : BLACK_BIT;
  for (const sq of longDiagonal(t)) {
    const code = board[sq]!;
    if (code !== EMPTY && (code & BLACK_BIT) === bit && (code & 3) !== MAN) return true;
  }
  return false;
}

const diagonals = new WeakMap<Topology, readonly number[]>();

/**
 * The squares of the long diagonal (the "main road", a1–h8 on the usual board, h1–a8 on the
 * mirrored one): the one diagonal running corner to corner through playable squares.
 */
export function longDiagonal(t: Topology): readonly number[] {
  const hit = diagonals.get(t);
  if (hit) return hit;
  const n = Math.min(t.width, t.height);
  const rising: number[] = [];
  const falling: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = t.grid[i * t.width + i] ?? -1;
    if (a >= 0) rising.push(a);
    const b = t.grid[i * t.width + (t.width - 1 - i)] ?? -1;
    if (b >= 0) falling.push(b);
  }
  const squares =
    t.kind !== 'diagonal' ? [] : rising.length === n ? rising : falling.length === n ? falling : [];
  diagonals.set(t, squares);
  return squares;
}
