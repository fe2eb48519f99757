/**
 * Why a move the user tried was refused, in words of the page's language. The rules package's
 * `explainMove` names the rule as a code with parameters (squares, moves, counts, colours); each
 * code has its own message in every catalogue (`REASON_KEYS`, checked by the type system to
 * cover every code the rules can produce, and by test/catalogues.test.ts to exist in every
 * language), so no English sentence of the rules reaches a translated page. A piece picked with no
 * legal move at all (`to` = -1) is said from the legal moves: the compulsory opening, a compulsory
 * capture elsewhere, or "this piece has no legal move".
 */
import {
  explainMove,
  formatMove,
  type ExplanationCode,
  type Move,
  type Position,
  type Square,
} from '@damka/rules';
import type { MessageKey, Translate } from '../i18n/index.ts';

/** The message of each reason the rules can give for refusing a move. */
export const REASON_KEYS: Readonly<Record<Exclude<ExplanationCode, 'legal'>, MessageKey>> = {
  ambiguous: 'why_ambiguous',
  emptySquare: 'why_emptySquare',
  notYourPiece: 'why_notYourPiece',
  notYourTurn: 'refusedNotYourTurn',
  destinationOccupied: 'why_destinationOccupied',
  forcedOpening: 'why_forcedOpening',
  captureCompulsory: 'why_captureCompulsory',
  longerCapture: 'why_longerCapture',
  moreKingsCapture: 'why_moreKingsCapture',
  captureWithKing: 'why_captureWithKing',
  earlierKingCapture: 'why_earlierKingCapture',
  kingCaptureFirst: 'why_kingCaptureFirst',
  manCannotMoveBackward: 'why_manCannotMoveBackward',
  manCannotMoveSideways: 'why_manCannotMoveSideways',
  manCannotCaptureBackward: 'why_manCannotCaptureBackward',
  manCannotCaptureKing: 'why_manCannotCaptureKing',
  captureMustContinue: 'why_captureMustContinue',
  crowningEndsMove: 'why_crowningEndsMove',
  noReversal: 'why_noReversal',
  illegalShape: 'why_illegalShape',
  gameOver: 'why_gameOver',
  mustReplayLongestCapture: 'why_mustReplayLongestCapture',
  moreValuableCapture: 'why_moreValuableCapture',
  kingLandsRightBehind: 'why_kingLandsRightBehind',
  kingStopsBehindKing: 'why_kingStopsBehindKing',
  kingMoveLimit: 'why_kingMoveLimit',
};

/** Rules parameters that name a colour, shown in the page's language. */
const COLOR_PARAMS = ['turn', 'owner', 'player'] as const;

/** Words for a refused attempt: `to` is -1 when a piece without a legal move was picked. */
export function explainRefusal(position: Position, from: Square, to: Square, t: Translate): string {
  const names = position.variant.squares.names;
  const list = (moves: readonly Move[]) =>
    [...new Set(moves.map((m) => names[m.from] ?? String(m.from)))].join(', ');
  if (to >= 0) {
    try {
      const e = explainMove(position, { from, to });
      if (!e.legal && e.code !== 'legal') {
        const params: Record<string, string | number> = { ...e.params };
        for (const p of COLOR_PARAMS) {
          const c = params[p];
          if (c === 'white' || c === 'black') params[p] = t(c);
        }
        // a man of these rules may capture backward, but only after a forward jump
        const man = position.variant.rules.man;
        if (
          e.code === 'manCannotCaptureBackward' &&
          man.backwardCaptureOnlyAfterForward &&
          man.captures === 'all'
        ) {
          return t('why_manCaptureBackwardAfterForward', params);
        }
        return t(REASON_KEYS[e.code], params);
      }
    } catch {
      // an explanation must never break play; fall back to what the legal moves tell
    }
  }
  const legal = position.legalMoves();
  if (position.scriptedMove() && legal[0]) {
    return t('refusedOpening', { move: formatMove(position, legal[0]) });
  }
  const captures = legal.filter((m) => m.kind === 'capture');
  if (captures.length > 0 && captures.length === legal.length) {
    if (!captures.some((m) => m.from === from))
      return t('refusedCaptureHere', { squares: list(captures) });
    return t('refusedCapture');
  }
  if (to === -1) return t('refusedNoMove');
  return t('refused');
}
