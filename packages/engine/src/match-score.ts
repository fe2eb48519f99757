/**
 * A match's score in numbers and words: the tally of wins, draws and losses, the Elo difference
 * with its 95% interval, the score line and a text progress bar. Forfeits (a side failed) are
 * shown apart from the games played out, and only the latter give an Elo. Kept apart from the runner
 * (match.ts), which re-exports it, so that both stay short.
 */

export interface MatchTally {
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly played: number;
}

/** Games the player won and lost because a side failed (an illegal move, a crash, silence). */
export interface MatchForfeits {
  readonly won: number;
  readonly lost: number;
}

export interface EloEstimate {
  /** Elo difference (player minus opponent); ±Infinity for a clean sweep. */
  readonly elo: number;
  /** 95% interval bounds. */
  readonly low: number;
  readonly high: number;
}

/** Elo from a score fraction. */
export function eloOf(score: number): number {
  if (score <= 0) return -Infinity;
  if (score >= 1) return Infinity;
  // `+ 0` turns the -0 of an even score into 0
  return -400 * Math.log10(1 / score - 1) + 0;
}

/** Elo difference and 95% interval from per-game results (1, 0.5, 0). */
export function eloEstimate(results: readonly number[]): EloEstimate {
  const n = results.length;
  if (n === 0) return { elo: NaN, low: -Infinity, high: Infinity };
  const mean = results.reduce((a, b) => a + b, 0) / n;
  const variance = results.reduce((a, x) => a + (x - mean) ** 2, 0) / n;
  const z = 1.96;
  if (mean === 1 || mean === 0) {
    // a clean sweep has no spread to measure: use the Wilson bound of n results out of n
    const bound = n / (n + z * z);
    return mean === 1
      ? { elo: Infinity, low: eloOf(bound), high: Infinity }
      : { elo: -Infinity, low: -Infinity, high: eloOf(1 - bound) };
  }
  const se = Math.sqrt(variance / n);
  return {
    elo: eloOf(mean),
    low: eloOf(Math.max(0, mean - z * se)),
    high: eloOf(Math.min(1, mean + z * se)),
  };
}

/**
 * "+3 =10 −7: 40.0%, Elo −70 (95%: −190 to +45)". With forfeits, the games played out are scored
 * apart from them: "+3 =10 −6 over 19 games played out: 42.1%, Elo … ; forfeits +0 −1", and with
 * none played out there is no Elo: "no game played out, no Elo; forfeits +2 −0".
 */
export function formatScore(
  report: MatchTally & { elo: EloEstimate; forfeits?: MatchForfeits },
): string {
  const e = (x: number) =>
    Number.isFinite(x) ? `${x > 0 ? '+' : ''}${Math.round(x)}` : x > 0 ? '+inf' : '-inf';
  const { won = 0, lost = 0 } = report.forfeits ?? {};
  const wins = report.wins - won;
  const losses = report.losses - lost;
  const played = report.played - won - lost;
  const forfeits = won + lost > 0 ? `; forfeits +${won} -${lost} (a side failed)` : '';
  if (played <= 0) return `no game played out, no Elo${forfeits}`;
  const total = wins + report.draws / 2;
  const pct = ((total / played) * 100).toFixed(1);
  return (
    `+${wins} =${report.draws} -${losses}` +
    (forfeits ? ` over ${played} games played out` : '') +
    `: ${pct}%, Elo ${e(report.elo.elo)} (95%: ${e(report.elo.low)} to ${e(report.elo.high)})` +
    forfeits
  );
}

/**
 * A text progress bar: `[#####---------------] 5/20`. Past the total (a puzzle build's last game
 * may find several puzzles) the bar is full and the count says how far past.
 */
export function progressBar(done: number, total: number, width = 20): string {
  const filled = total > 0 ? Math.min(width, Math.max(0, Math.round((done / total) * width))) : 0;
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`;
}
