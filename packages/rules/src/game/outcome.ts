/**
 * How a game ends: who won (or nobody) and why, as data a user interface can translate — a reason
 * `code` with its parameters — plus a ready English sentence for logs, the CLI and tests.
 *
 * Reasons are a discriminated union so that a translation table keyed by `code` is checked by the
 * compiler. The English text is built from the same fields, never stored separately, so the two
 * cannot drift apart.
 */
import type { Color } from '../types.ts';

/** Why a game ended. Counts of moves are moves per player. */
export type OutcomeReason =
  /** `color` had no legal move on its turn (`noPieces`: none left at all) */
  | { readonly code: 'noMoves'; readonly color: Color; readonly noPieces: boolean }
  | { readonly code: 'resignation'; readonly color: Color }
  | { readonly code: 'agreement' }
  /** the same position with the same side to move for the `times`-th time */
  | { readonly code: 'repetition'; readonly times: number }
  /** `moves` moves each without a capture or a man move */
  | { readonly code: 'quietMoves'; readonly moves: number }
  /**
   * A strong side against a lone king not won within `moves` moves each. `strongMen`/`strongKings`:
   * the strong side's material when the count ran out; `longDiagonal`: the rule that applies while
   * the lone king (`weak`) or a strong king (`strong`) holds the long diagonal.
   */
  | {
      readonly code: 'endgame';
      readonly moves: number;
      readonly strong: Color;
      readonly strongMen: number;
      readonly strongKings: number;
      readonly longDiagonal?: 'weak' | 'strong';
    }
  /** both sides have kings and the material did not change for `moves` moves each */
  | { readonly code: 'kingsBothSides'; readonly moves: number; readonly pieces: number }
  | { readonly code: 'onePieceEach' }
  | { readonly code: 'oneKingEach' };

export type OutcomeCode = OutcomeReason['code'];

/** The end of a game. */
export interface Outcome {
  /** The winner, or `undefined` for a draw. */
  readonly winner: Color | undefined;
  readonly reason: OutcomeReason;
  /**
   * House rule `materialAdjudication`: the game ended in a draw by `reason`, and the piece counts
   * below decided it (equal counts leave it drawn).
   */
  readonly adjudication?: { readonly white: number; readonly black: number };
  /** `variant.rules.noMoveMeans` was `win`: having no move won the game. */
  readonly giveaway?: boolean;
  /** The English sentence for this outcome. */
  readonly text: string;
}

/** True for the reasons that make a game drawn (before any material adjudication). */
export function isDrawReason(reason: OutcomeReason): boolean {
  return reason.code !== 'noMoves' && reason.code !== 'resignation';
}

/** "White" / "Black". */
export function colorName(color: Color): string {
  return color === 'white' ? 'White' : 'Black';
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The English description of a reason alone, e.g. "25 king-only moves each". */
export function describeReason(reason: OutcomeReason): string {
  switch (reason.code) {
    case 'noMoves':
      return reason.noPieces
        ? `${colorName(reason.color)} has no pieces left`
        : `${colorName(reason.color)} cannot move`;
    case 'resignation':
      return `${colorName(reason.color)} resigned`;
    case 'agreement':
      return 'agreed by both players';
    case 'repetition':
      return `the same position ${reason.times} times with the same side to move`;
    case 'quietMoves':
      return `${reason.moves} king-only moves each, without a capture`;
    case 'endgame': {
      const pieces = plural(reason.strongMen + reason.strongKings, 'piece');
      const where =
        reason.longDiagonal === 'weak'
          ? ' on the long diagonal'
          : reason.longDiagonal === 'strong'
            ? ', a strong king holding the long diagonal'
            : '';
      return `${pieces} against a lone king${where}, not won within ${plural(reason.moves, 'move')}`;
    }
    case 'kingsBothSides':
      return `kings on both sides and no change of material for ${plural(reason.moves, 'move')} each (${reason.pieces} pieces)`;
    case 'onePieceEach':
      return 'one piece each';
    case 'oneKingEach':
      return 'one king each';
  }
}

/**
 * Build an outcome: the winner follows from the reason (and, for a draw, from material adjudication
 * when `material` is given); the English text is written from the result.
 */
export function makeOutcome(
  reason: OutcomeReason,
  options: {
    readonly noMoveMeans?: 'loss' | 'win';
    /** piece counts, given only when the house rule `materialAdjudication` is on */
    readonly material?: { readonly white: number; readonly black: number };
  } = {},
): Outcome {
  if (reason.code === 'noMoves') {
    const giveaway = options.noMoveMeans === 'win';
    const winner = giveaway ? reason.color : opposite(reason.color);
    const text = `${colorName(winner)} wins: ${describeReason(reason)}${giveaway ? ' (give-away: no move wins)' : ''}`;
    return giveaway ? { winner, reason, giveaway, text } : { winner, reason, text };
  }
  if (reason.code === 'resignation') {
    const winner = opposite(reason.color);
    return { winner, reason, text: `${colorName(winner)} wins: ${describeReason(reason)}` };
  }
  const m = options.material;
  if (m) {
    const adjudication = { white: m.white, black: m.black };
    if (m.white !== m.black) {
      const winner: Color = m.white > m.black ? 'white' : 'black';
      const [more, fewer] = winner === 'white' ? [m.white, m.black] : [m.black, m.white];
      return {
        winner,
        reason,
        adjudication,
        text: `${colorName(winner)} wins on material, ${more} pieces to ${fewer} (drawn: ${describeReason(reason)})`,
      };
    }
    return {
      winner: undefined,
      reason,
      adjudication,
      text: `Draw: ${describeReason(reason)}; equal material, ${m.white} pieces each`,
    };
  }
  return { winner: undefined, reason, text: `Draw: ${describeReason(reason)}` };
}

function opposite(color: Color): Color {
  return color === 'white' ? 'black' : 'white';
}
