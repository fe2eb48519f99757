/**
 * The board's input state machine: which piece is selected, which landing squares the user has
 * picked so far and which legal moves still fit them. It is a pure function of (state, context,
 * pressed square) → (next state, event), so clicks, drags and the keyboard all share it and it can
 * be tested without a DOM.
 *
 * Multi-captures are entered step by step: after a piece is picked, every pressed square must
 * appear, in order, among the landing squares (`path`) of the remaining candidates. Candidates are
 * narrowed until one remains, which is then played — so a capture whose route is ambiguous (same
 * start and end, different captured pieces) is resolved by the landing squares the user chose.
 * Pressing the final square directly plays the move at once when it is the only one ending there
 * and no other route lands there on its way; otherwise the press counts as a step, and pressing
 * the same square again ends the move there. A route whose every landing has been pressed is
 * played even when a longer route ends on the same square.
 */
import type { BoardColor, BoardMove, BoardPiece, Square } from './types.ts';

export interface SelectionState {
  /** The picked piece's square, or -1. */
  readonly selected: Square;
  /** Landing squares pressed since the piece was picked, in order. */
  readonly via: readonly Square[];
  /** Legal moves still consistent with `selected` and `via`. */
  readonly candidates: readonly BoardMove[];
  /** The square just pressed when every remaining candidate ends there. */
  readonly ending?: Square;
}

/** What the board knows when a square is pressed. */
export interface InputContext {
  readonly moves: readonly BoardMove[];
  readonly pieces: ReadonlyArray<BoardPiece | null | undefined>;
  /** Whose pieces answer the user (`none`: view only). Picking one that cannot move is refused. */
  readonly movable: BoardColor | 'both' | 'none';
  /** Squares that act on a single press when nothing is selected (e.g. pieces that may be burned). */
  readonly targets: readonly Square[];
}

export type InputEvent =
  | { readonly type: 'none' }
  | { readonly type: 'select'; readonly square: Square }
  | { readonly type: 'narrow'; readonly square: Square }
  | { readonly type: 'cancel' }
  | { readonly type: 'move'; readonly move: BoardMove }
  | { readonly type: 'refuse'; readonly from: Square; readonly to: Square }
  | { readonly type: 'target'; readonly square: Square };

export const IDLE: SelectionState = { selected: -1, via: [], candidates: [] };

/** Position in `path` of the last element of `via` when `via` is a subsequence of it, else -1. */
export function matchVia(path: readonly Square[], via: readonly Square[]): number {
  let at = -1;
  for (const sq of via) {
    at = path.indexOf(sq, at + 1);
    if (at < 0) return -1;
  }
  return at;
}

function sameSquares(a: readonly Square[], b: readonly Square[]): boolean {
  return a.length === b.length && a.every((sq, i) => sq === b[i]);
}

/** The same landings and the same captured squares. */
function sameRoute(a: BoardMove, b: BoardMove): boolean {
  return (
    sameSquares(a.path, b.path) &&
    a.captures.length === b.captures.length &&
    a.captures.every((sq) => b.captures.includes(sq))
  );
}

/** Whether the user may act at all: a move from this square exists or its owner is movable. */
function isOwnPiece(ctx: InputContext, sq: Square): boolean {
  const piece = ctx.pieces[sq];
  if (!piece || ctx.movable === 'none') return false;
  return ctx.movable === 'both' || piece.color === ctx.movable;
}

function movesFrom(ctx: InputContext, sq: Square): BoardMove[] {
  return ctx.moves.filter((m) => m.from === sq);
}

/** Pick up the piece on `sq` (or refuse it when it has no legal move). */
function pick(ctx: InputContext, sq: Square): { state: SelectionState; event: InputEvent } | null {
  const mine = movesFrom(ctx, sq);
  if (mine.length > 0) {
    return {
      state: { selected: sq, via: [], candidates: mine },
      event: { type: 'select', square: sq },
    };
  }
  if (isOwnPiece(ctx, sq)) {
    return { state: IDLE, event: { type: 'refuse', from: sq, to: -1 } };
  }
  return null;
}

/** The result of pressing (clicking, dropping on, or pressing Enter over) square `sq`. */
export function press(
  state: SelectionState,
  ctx: InputContext,
  sq: Square,
): { state: SelectionState; event: InputEvent } {
  if (ctx.movable === 'none') return { state: IDLE, event: { type: 'none' } };
  if (state.selected < 0) {
    if (ctx.targets.includes(sq)) return { state: IDLE, event: { type: 'target', square: sq } };
    return pick(ctx, sq) ?? { state: IDLE, event: { type: 'none' } };
  }
  if (sq === state.selected && state.via.length === 0) {
    return { state: IDLE, event: { type: 'cancel' } };
  }
  // The last landing pressed again: the one route that has ended there is chosen.
  if (state.via.length > 0 && sq === state.via[state.via.length - 1]) {
    const ended = state.candidates.filter(
      (m) => m.to === sq && matchVia(m.path, state.via) === m.path.length - 1,
    );
    if (ended.length === 1) return { state: IDLE, event: { type: 'move', move: ended[0]! } };
  }
  const via = [...state.via, sq];
  const matches = state.candidates.filter((m) => matchVia(m.path, via) >= 0);
  if (matches.length === 1) return { state: IDLE, event: { type: 'move', move: matches[0]! } };
  if (matches.length > 1) {
    // A route that lands here on its way and goes on: the press is a step of that route, not the
    // end of another, so nothing is played yet (pressing this square again ends a route here).
    if (matches.some((m) => matchVia(m.path, via) < m.path.length - 1)) {
      return {
        state: { selected: state.selected, via, candidates: matches },
        event: { type: 'narrow', square: sq },
      };
    }
    // Every remaining route ends here. The one whose landings are exactly those pressed is played
    // when it took more than this press to name it, or when this square is pressed a second time
    // (a king's step beside a capture ending on the same square); otherwise the pressed landings
    // are kept and the route's next square is asked for.
    // Routes the board cannot tell apart (a king's step and a king split onto the same square)
    // are handed on as one: the page that knows the rules asks which was meant.
    if (matches.every((m) => sameRoute(m, matches[0]!))) {
      return { state: IDLE, event: { type: 'move', move: matches[0]! } };
    }
    const exact = matches.filter((m) => sameSquares(m.path, via));
    if (exact.length === 1 && (via.length > 1 || state.ending === sq)) {
      return { state: IDLE, event: { type: 'move', move: exact[0]! } };
    }
    const narrowed = { selected: state.selected, via: state.via, candidates: matches, ending: sq };
    return { state: narrowed, event: { type: 'narrow', square: sq } };
  }
  // No candidate fits: another piece of the mover is picked instead, else the attempt is refused.
  if (state.via.length === 0 && sq !== state.selected) {
    const other = pick(ctx, sq);
    if (other) return other;
  }
  return { state: IDLE, event: { type: 'refuse', from: state.selected, to: sq } };
}

/** Drop the selection. */
export function cancel(state: SelectionState): { state: SelectionState; event: InputEvent } {
  return { state: IDLE, event: state.selected < 0 ? { type: 'none' } : { type: 'cancel' } };
}

/**
 * Squares to highlight as the next landing squares: for each candidate, the square after the last
 * pressed one along its path, plus each candidate's final square.
 */
export function destinations(state: SelectionState): Square[] {
  if (state.selected < 0) return [];
  const out = new Set<Square>();
  for (const m of state.candidates) {
    const at = matchVia(m.path, state.via);
    const next = m.path[at + 1];
    if (next !== undefined) out.add(next);
    out.add(m.to);
  }
  return [...out];
}

/** Squares from which some legal move starts. */
export function movableSquares(moves: readonly BoardMove[]): Square[] {
  return [...new Set(moves.map((m) => m.from))];
}

/** Keep a selection valid after new moves arrive: the same piece stays picked if it still moves. */
export function refresh(state: SelectionState, moves: readonly BoardMove[]): SelectionState {
  if (state.selected < 0) return state;
  const mine = moves.filter((m) => m.from === state.selected);
  if (mine.length === 0) return IDLE;
  return { selected: state.selected, via: [], candidates: mine };
}
