/**
 * Why a move the user tried was refused, in words. When `@damka/rules` exports `explainMove`
 * (looked up by name at run time, so the app works before and after it is exported) its reason is
 * used: translated for the codes the catalogues know, its English sentence otherwise. Without it,
 * the answer is derived from the legal moves alone — a compulsory capture, the compulsory opening,
 * a piece that cannot move — or a plain "not a legal move".
 */
import * as rules from '@damka/rules';
import { formatMove, type Move, type Position, type Square } from '@damka/rules';
import type { Locale, MessageKey, Translate } from '../i18n/index.ts';

/** The part of the rules' `Explanation` the app reads. */
interface Explanation {
  readonly legal: boolean;
  readonly code: string;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly moves: readonly Move[];
  readonly text: string;
}

type Explainer = (p: Position, attempt: { from: Square; to: Square }) => Explanation;

function rulesExplainer(): Explainer | undefined {
  const fn: unknown = Reflect.get(rules, 'explainMove');
  return typeof fn === 'function' ? (fn as Explainer) : undefined;
}

/** Codes whose message takes no values. */
const FIXED: Readonly<Record<string, MessageKey>> = {
  kingLandsRightBehind: 'refusedLandRightBehind',
  kingStopsBehindKing: 'refusedStopBehindKing',
  gameOver: 'refusedGameOver',
};

/** Words for a refused attempt: `to` is -1 when a piece without a legal move was picked. */
export function explainRefusal(
  position: Position,
  from: Square,
  to: Square,
  t: Translate,
  locale: Locale = 'en',
): string {
  const names = position.variant.squares.names;
  const list = (moves: readonly Move[]) =>
    [...new Set(moves.map((m) => names[m.from] ?? String(m.from)))].join(', ');
  const explain = rulesExplainer();
  if (explain && to >= 0) {
    try {
      const e = explain(position, { from, to });
      if (e && !e.legal && typeof e.text === 'string') {
        if (e.code === 'captureCompulsory' && e.moves.length > 0) {
          return t('refusedCaptureHere', { squares: list(e.moves) });
        }
        if (e.code === 'forcedOpening' && e.moves[0]) {
          return t('refusedOpening', { move: formatMove(position, e.moves[0]) });
        }
        if (e.code === 'moreValuableCapture' && e.moves.length > 0) {
          return t('refusedValue', { squares: list(e.moves) });
        }
        if (e.code === 'kingMoveLimit') {
          return t('refusedKingMoveLimit', { n: String(e.params?.limit ?? '') });
        }
        const fixed = FIXED[e.code];
        if (fixed) return t(fixed);
        if (e.code === 'illegalShape' && locale !== 'en') return t('refused');
        return e.text;
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
