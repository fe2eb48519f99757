/**
 * How a web game ends, beyond the moves themselves: the rules package's outcomes (every variant's
 * draw rules — repetition, quiet-move counts, endgame counts, one piece each…) turned into the
 * app's `GameResult`, draws by agreement, loss on time, and the computer's answer to a draw offer.
 * The sentences shown to the user are built here from the reason code and its parameters, through
 * the message catalogues, so every language gets the counts and colours of the actual game.
 */
import type { Color, Outcome, OutcomeReason } from '@damka/rules';
import type { Translate } from '../i18n/index.ts';

/** Why a game ended: the rules' reason codes (resignation as `resign`) plus loss on time. */
export type ResultReason =
  | 'noMoves'
  | 'resign'
  | 'repetition'
  | 'quietMoves'
  | 'endgame'
  | 'kingsBothSides'
  | 'onePieceEach'
  | 'oneKingEach'
  | 'agreement'
  | 'timeout';

export interface GameResult {
  /** null = draw */
  readonly winner: Color | null;
  readonly reason: ResultReason;
  /** The side the reason is about (who had no move, who resigned, whose flag fell). */
  readonly side: Color | null;
  /** The rules' reason with its parameters (move counts, material), when the rules ended the game. */
  readonly detail?: OutcomeReason;
  /** House rule `materialAdjudication`: the piece counts that decided a drawn game. */
  readonly adjudication?: { readonly white: number; readonly black: number };
}

/** The app's result for an outcome of the rules' `Game`. */
export function resultOfOutcome(outcome: Outcome): GameResult {
  const r = outcome.reason;
  const reason: ResultReason = r.code === 'resignation' ? 'resign' : r.code;
  const side = r.code === 'noMoves' || r.code === 'resignation' ? r.color : null;
  return {
    winner: outcome.winner ?? null,
    reason,
    side,
    detail: r,
    ...(outcome.adjudication ? { adjudication: outcome.adjudication } : {}),
  };
}

/** `color`'s flag fell: the opponent wins (he always has a piece while the game goes on). */
export function timeoutResult(color: Color): GameResult {
  return { winner: color === 'white' ? 'black' : 'white', reason: 'timeout', side: color };
}

/**
 * The computer's draw decisions follow the endgame tables where one covers the position (drawn or
 * lost: accept; won: decline; `ui/analysis-egdb.ts`), and otherwise look at its evaluation and at
 * the stage of the game. In the
 * opening (fewer than `DRAW_OPENING_PLIES` plies from the variant's start position, or nearly
 * every piece still on the board) it
 * declines every offer: nothing has been decided yet. In the middlegame it accepts only when it
 * stands worse by more than a quarter of a man; in the endgame (at most `DRAW_ENDGAME_SHARE` of the
 * pieces left) when it stands no better than a quarter of a man, a draw it cannot expect to better.
 */
export const DRAW_ACCEPT_CENTIMEN = 25;
/** Plies played before the computer considers any draw offer. */
export const DRAW_OPENING_PLIES = 20;
/** Share of the starting pieces above which the game is still in its opening. */
export const DRAW_OPENING_SHARE = 0.85;
/** Share of the starting pieces at or below which the game is in its endgame. */
export const DRAW_ENDGAME_SHARE = 0.4;

export type GameStage = 'opening' | 'middlegame' | 'endgame';

/**
 * The stage of a game: `plies` played since the start, `fromStart` when that start was the
 * variant's own start position (a game set up from a FEN has no opening moves to count),
 * `pieces` on the board now and `fullPieces` in the variant's start position.
 */
export function gameStage(
  plies: number,
  fromStart: boolean,
  pieces: number,
  fullPieces: number,
): GameStage {
  const share = fullPieces > 0 ? pieces / fullPieces : 0;
  if ((fromStart && plies < DRAW_OPENING_PLIES) || share > DRAW_OPENING_SHARE) return 'opening';
  return share <= DRAW_ENDGAME_SHARE ? 'endgame' : 'middlegame';
}

/**
 * Whether the computer accepts a draw offer. `score`: the evaluation in centi-men from the side to
 * move's view (null: no evaluation, so it declines); `computerToMove`: whether that side is the
 * computer; `stage`: the game's stage (`gameStage`); `table`: the endgame tables' decision for the
 * computer, when a table covers the position — it overrides the rest.
 */
export function computerAcceptsDraw(
  score: number | null,
  computerToMove: boolean,
  stage: GameStage,
  table?: 'accept' | 'decline',
): boolean {
  if (table !== undefined) return table === 'accept';
  if (stage === 'opening') return false;
  if (score === null || !Number.isFinite(score)) return false;
  const own = computerToMove ? score : -score;
  return stage === 'endgame' ? own <= DRAW_ACCEPT_CENTIMEN : own < -DRAW_ACCEPT_CENTIMEN;
}

/** "White wins" / "Draw". */
export function resultTitle(t: Translate, r: GameResult): string {
  return r.winner ? t('winner', { color: t(r.winner) }) : t('draw');
}

/**
 * The reason of a result as a sentence in the page's language, with the game's own figures.
 * `crowned`: the game ended on a crowning that wins (Breakthrough), which leaves the loser without
 * a move; it is worded as the crowning, not as a blocked side.
 */
export function resultReason(
  t: Translate,
  r: GameResult,
  giveaway: boolean,
  crowned = false,
): string {
  const base =
    crowned && r.reason === 'noMoves' && r.winner
      ? t('reasonCrowned', { color: t(r.winner) })
      : reasonSentence(t, r, giveaway);
  const a = r.adjudication;
  if (!a) return base;
  if (a.white === a.black) return `${base} ${t('reasonMaterialEqual', { n: a.white })}`;
  return `${base} ${t('reasonMaterial', {
    color: t(a.white > a.black ? 'white' : 'black'),
    more: Math.max(a.white, a.black),
    fewer: Math.min(a.white, a.black),
  })}`;
}

function reasonSentence(t: Translate, r: GameResult, giveaway: boolean): string {
  const side = r.side ? t(r.side) : '';
  const d = r.detail;
  switch (r.reason) {
    case 'noMoves':
      return giveaway
        ? t('reasonNoMovesGiveaway', { color: side })
        : t('reasonNoMoves', { color: side });
    case 'resign':
      return t('reasonResign', { color: side });
    case 'repetition':
      return t('reasonRepetition', { n: d?.code === 'repetition' ? d.times : 3 });
    case 'quietMoves':
      return t('reasonQuietMoves', { n: d?.code === 'quietMoves' ? d.moves : '?' });
    case 'endgame': {
      if (d?.code !== 'endgame') return t('draw');
      const text = t('reasonEndgame', {
        color: t(d.strong),
        pieces: d.strongMen + d.strongKings,
        n: d.moves,
      });
      if (d.longDiagonal === 'weak') return `${text} ${t('reasonLongDiagonalWeak')}`;
      if (d.longDiagonal === 'strong') return `${text} ${t('reasonLongDiagonalStrong')}`;
      return text;
    }
    case 'kingsBothSides':
      return d?.code === 'kingsBothSides'
        ? t('reasonKingsBothSides', { n: d.moves, pieces: d.pieces })
        : t('draw');
    case 'onePieceEach':
      return t('reasonOnePieceEach');
    case 'oneKingEach':
      return t('reasonOneKingEach');
    case 'agreement':
      return t('reasonAgreement');
    case 'timeout':
      return t('reasonTimeout', { color: side });
  }
}
