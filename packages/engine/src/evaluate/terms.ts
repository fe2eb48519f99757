/**
 * The evaluation's arithmetic on counts, shared by every form: each form (square pass, one-word
 * and two-word bitboards) counts pieces, kings, runaway men, loose pieces and the men's shape its
 * own fastest way, then hands the counts here, where each term is weighted and the draw-ish
 * endings are scaled. One home for what a count is worth.
 */
import type { EvalTables } from './tables.ts';

/**
 * A bitboard form of the evaluation (`bits.ts`, `wide-bits.ts`; see `Evaluator.evaluateBits`):
 * `codes[at + code]` and on wide boards `codes[at + 8 + code]` are the piece-code masks,
 * `tableSum` the sum of `pst` over the board; at a `leaf`, `NOT_QUIET` unless the position is quiet.
 */
export type BitsForm = (
  tb: EvalTables,
  codes: Int32Array,
  at: number,
  tableSum: number,
  side: number,
  leaf: boolean,
) => number;

/**
 * The men's shape terms from their counts (White's point of view): `formation`, `tail` and
 * `mobility` are White's count minus Black's, a wing count is left-wing men minus right-wing men,
 * `tempo` White's ranks advanced minus Black's.
 */
export function shapeScore(
  tb: EvalTables,
  formation: number,
  tail: number,
  mobility: number,
  whiteWing: number,
  blackWing: number,
  tempo: number,
): number {
  const wingGap = Math.max(0, Math.abs(whiteWing) - 1) - Math.max(0, Math.abs(blackWing) - 1);
  const margin = tb.tempoMargin;
  const tempoGap = tempo > margin ? tempo - margin : tempo < -margin ? tempo + margin : 0;
  // Math.imul: a count times a weight never gives -0 (0 times a negative weight), which the
  // compiled code, built for small integers, would have to leave (weights are integers)
  return (
    Math.imul(formation, tb.wFormation) +
    Math.imul(tail, tb.wTail) +
    Math.imul(mobility, tb.wManMobility) -
    Math.imul(wingGap, tb.wWing) +
    Math.imul(tempoGap, tb.wTempoGap)
  );
}

/**
 * The race at the crowning row (White's point of view): `whiteNear` and `blackNear` count each
 * side's men one step from crowning with a free square to step to. The side to move with one
 * crowns at once; otherwise each of the other side's is a threat it must meet.
 */
export function raceScore(
  tb: EvalTables,
  side: number,
  whiteNear: number,
  blackNear: number,
): number {
  const mine = side === 0 ? whiteNear : blackNear;
  const own =
    mine > 0 ? tb.wCrownNow : 0 - Math.imul(tb.wCrownThreat, side === 0 ? blackNear : whiteNear);
  return side === 0 ? own : 0 - own;
}

/**
 * The terms computed from the counts of a pass, shared by both forms of the evaluation.
 *
 * Every table field and every comparison here runs on every call, the rare endings (one piece
 * each, a lone king) included, and only the results choose: V8 compiles this function (inside
 * each form that calls it) from what earlier calls ran, and code that first runs after that
 * throws the compiled form away — a recompilation of the whole evaluation, once for each ending
 * the search first reaches. The arithmetic is the same as written with early exits.
 */
export function finish(
  tb: EvalTables,
  score: number,
  side: number,
  whitePieces: number,
  blackPieces: number,
  whiteKings: number,
  blackKings: number,
  whiteRunaway: number,
  blackRunaway: number,
  looseCount: number,
): number {
  const onePieceDraw = tb.onePieceDraw;
  const oneKingDraw = tb.oneKingDraw;
  const drawish = tb.drawishFlying;
  const loose = tb.wLoose;
  const double = tb.wDouble;
  const divisor = tb.wDivisor;
  const fewPieces = tb.wFewPieces;
  const evenKings = tb.wEvenKings;
  const tempo = tb.wTempo;
  const simplify = tb.wSimplify;
  // (a - 1) | (b - 1) is 0 exactly when a and b are both 1 (counts are never negative)
  const onePieceEach = ((whitePieces - 1) | (blackPieces - 1)) === 0;
  const oneKingEach = ((whiteKings - 1) | (blackKings - 1)) === 0;
  if (onePieceEach && (onePieceDraw || (oneKingDraw && oneKingEach))) return 0;
  // a runaway man counts only while the opponent has no king to catch it
  if (blackKings === 0) score += whiteRunaway;
  if (whiteKings === 0) score -= blackRunaway;
  // 0 - score, not -score, and | 0, not Math.trunc: neither gives -0 (see Math.imul below)
  let own = side === 0 ? score : 0 - score;
  // Math.imul: no count ever gives -0 (a negative weight times no loose piece), which the
  // compiled code, built for small integers, would have to leave
  own -= Math.imul(loose, looseCount) + (looseCount > 1 ? double : 0);
  // trading down when ahead: the lead in pieces (at most two either way) times the pieces gone
  const lead = whitePieces - blackPieces;
  const capped = lead > 2 ? 2 : lead < -2 ? -2 : lead;
  const gone = tb.startPieces - whitePieces - blackPieces;
  const traded = Math.imul(Math.imul(capped, gone > 0 ? gone : 0), simplify);
  own += side === 0 ? traded : 0 - traded;
  // under flying kings: a lone king against at most three pieces is usually a draw; the side
  // ahead with three pieces or fewer against a king rarely wins; nor does one man more when both
  // sides have as many kings
  const whiteLoneKing = ((whitePieces - 1) | (whiteKings - 1)) === 0;
  const blackLoneKing = ((blackPieces - 1) | (blackKings - 1)) === 0;
  const whiteFew = whitePieces <= 3;
  const blackFew = blackPieces <= 3;
  const whiteAhead = (side === 0 ? own : 0 - own) > 0;
  const aheadFew = whiteAhead ? whiteFew : blackFew;
  const behindKings = (whiteAhead ? blackKings : whiteKings) > 0;
  const menGap = whitePieces - whiteKings - (blackPieces - blackKings);
  // (menGap + 1) >>> 0 is at most 2 exactly when menGap is -1, 0 or 1
  const menLevel = (menGap + 1) >>> 0 <= 2;
  const kingsLevel = whiteKings === blackKings && whiteKings > 0;
  const divisorsSet = fewPieces + evenKings > 2;
  let by = 1;
  if ((whiteLoneKing && blackFew) || (blackLoneKing && whiteFew)) by = divisor;
  else if (divisorsSet && behindKings && aheadFew) by = fewPieces;
  else if (divisorsSet && kingsLevel && menLevel) by = evenKings;
  if (drawish) own = (own / by) | 0;
  return own + tempo;
}
