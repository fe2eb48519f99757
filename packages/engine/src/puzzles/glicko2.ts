/**
 * Glicko-2 (Glickman, "Example of the Glicko-2 system", 2012): the local puzzle rating of the web
 * trainer. Each solved or failed puzzle is one rating period with one game against the puzzle's
 * own rating; the puzzle's deviation is fixed, the player's rating, deviation and volatility move.
 * Pure arithmetic, no state: the caller stores the `Rating` it gets back.
 */

export interface Rating {
  /** Glicko scale (1500 for a new player). */
  readonly rating: number;
  /** Rating deviation (350 for a new player). */
  readonly rd: number;
  /** Volatility (0.06 for a new player). */
  readonly vol: number;
}

/** One game of a rating period: the opponent and the score (1 win, 0 loss, 0.5 draw). */
export interface RatedGame {
  readonly rating: number;
  readonly rd: number;
  readonly score: number;
}

export const NEW_RATING: Rating = { rating: 1500, rd: 350, vol: 0.06 };

/** The system constant τ: how much the volatility may change (0.5 as in the paper's example). */
export const TAU = 0.5;
const SCALE = 173.7178;
const EPSILON = 0.000001;
/** A deviation never grows beyond a new player's nor shrinks below this (keeps ratings moving). */
const MIN_RD = 30;

function g(phi: number): number {
  return 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
}

/** The player's rating after one rating period with `games` (none: only the deviation grows). */
export function updateRating(
  player: Rating,
  games: readonly RatedGame[],
  tau = TAU,
  minRd = 0,
): Rating {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  const sigma = player.vol;
  if (games.length === 0) {
    const grown = Math.sqrt(phi * phi + sigma * sigma) * SCALE;
    return { rating: player.rating, rd: Math.min(350, grown), vol: sigma };
  }
  let vInv = 0;
  let sum = 0;
  for (const game of games) {
    const muJ = (game.rating - 1500) / SCALE;
    const gJ = g(game.rd / SCALE);
    const e = 1 / (1 + Math.exp(-gJ * (mu - muJ)));
    vInv += gJ * gJ * e * (1 - e);
    sum += gJ * (game.score - e);
  }
  const v = 1 / vInv;
  const delta = v * sum;
  // the new volatility: the Illinois algorithm on f(x) as in step 5 of the paper
  const a = Math.log(sigma * sigma);
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  for (let i = 0; i < 100 && Math.abs(B - A) > EPSILON; i++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  const newSigma = Math.exp(A / 2);
  const phiStar = Math.sqrt(phi * phi + newSigma * newSigma);
  const newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const newMu = mu + newPhi * newPhi * sum;
  return {
    rating: newMu * SCALE + 1500,
    rd: Math.min(350, Math.max(minRd, newPhi * SCALE)),
    vol: newSigma,
  };
}

/** The trainer's step: one puzzle (rating, fixed deviation 75) solved or failed. */
export function ratePuzzle(player: Rating, puzzleRating: number, solved: boolean): Rating {
  return updateRating(
    player,
    [{ rating: puzzleRating, rd: 75, score: solved ? 1 : 0 }],
    TAU,
    MIN_RD,
  );
}
