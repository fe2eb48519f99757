/**
 * Game review arithmetic, shared by the CLI (`damka review`) and the web app's review screen: how
 * much a move lost, what that loss is called, and each side's accuracy. Pure functions on scores
 * in hundredths of a man from the mover's side, so both front ends mark the same moves.
 *
 * Scores are clamped to ±`CLAMP` first: a forced win (a mate score near 30,000) and a four-man
 * lead are both "won", and a move that keeps a won game won loses little however the raw score
 * moves. Accuracy follows the familiar chess-site recipe: each score becomes a winning chance
 * (a logistic curve), a move's accuracy falls exponentially with the chance it gave away, and a
 * side's accuracy is the mean over its moves.
 */

/** Scores beyond this are all "won" (or "lost") for review purposes (hundredths of a man). */
export const CLAMP = 600;

export type MoveClass = 'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder';

/** Losses (hundredths of a man, after clamping) from which a move is marked. */
export const THRESHOLDS = { inaccuracy: 40, mistake: 90, blunder: 180 } as const;

/** The PDN NAG of each mark: $6 ?!, $2 ?, $4 ?? (none for good moves). */
export const NAGS: Readonly<Record<MoveClass, string | undefined>> = {
  best: undefined,
  good: undefined,
  inaccuracy: '$6',
  mistake: '$2',
  blunder: '$4',
};

export function clampScore(score: number): number {
  return Math.max(-CLAMP, Math.min(CLAMP, score));
}

/**
 * The loss of a move: the best move's score minus the played move's, both for the mover, clamped,
 * never negative (a deeper look after the move may find more than the search before it did).
 */
export function moveLoss(bestScore: number, playedScore: number): number {
  return Math.max(0, clampScore(bestScore) - clampScore(playedScore));
}

/** The mark a move earns by its loss; `best` when it was the engine's own choice. */
export function classifyMove(loss: number, wasBest = false): MoveClass {
  if (wasBest) return 'best';
  if (loss >= THRESHOLDS.blunder) return 'blunder';
  if (loss >= THRESHOLDS.mistake) return 'mistake';
  if (loss >= THRESHOLDS.inaccuracy) return 'inaccuracy';
  return 'good';
}

/** Chance of winning (0–100) for a score in hundredths of a man. */
export function winChance(score: number): number {
  return 50 + 50 * (2 / (1 + Math.exp(-0.004 * clampScore(score))) - 1);
}

/** Accuracy (0–100) of one move from the mover's scores before (best) and after (played). */
export function moveAccuracy(bestScore: number, playedScore: number): number {
  const drop = Math.max(0, winChance(bestScore) - winChance(playedScore));
  return Math.max(0, Math.min(100, 103.1668 * Math.exp(-0.04354 * drop) - 3.1669));
}

/** One reviewed move's figures, as the summary needs them. */
export interface ScoredPly {
  /** Who moved: 0 white, 1 black. */
  readonly side: 0 | 1;
  readonly best: number;
  readonly played: number;
  readonly mark: MoveClass;
}

export interface SideSummary {
  /** Mean move accuracy, rounded to one decimal; undefined when the side made no move. */
  readonly accuracy: number | undefined;
  readonly inaccuracies: number;
  readonly mistakes: number;
  readonly blunders: number;
}

/** Accuracy and mark counts for white (index 0) and black (index 1). */
export function summarize(plies: readonly ScoredPly[]): [SideSummary, SideSummary] {
  const side = (s: 0 | 1): SideSummary => {
    const own = plies.filter((p) => p.side === s);
    const sum = own.reduce((t, p) => t + moveAccuracy(p.best, p.played), 0);
    return {
      accuracy: own.length > 0 ? Math.round((sum / own.length) * 10) / 10 : undefined,
      inaccuracies: own.filter((p) => p.mark === 'inaccuracy').length,
      mistakes: own.filter((p) => p.mark === 'mistake').length,
      blunders: own.filter((p) => p.mark === 'blunder').length,
    };
  };
  return [side(0), side(1)];
}
