/**
 * Playing levels 1–8: how deep the engine looks, how much noise it adds to its evaluation, and how
 * far below the best score a move may be and still be chosen at random.
 *
 * Low levels are weaker by being shallow and noisy, never by playing illegal or absurd moves: from
 * level 3 up the choice margin stays well under the value of a man, so a piece is never given away
 * for nothing, and a forced win is always played. Level 8 is full strength.
 */

export interface LevelSettings {
  /** Iteration cap (undefined: only the time / node limits apply). */
  readonly depth: number | undefined;
  /** Evaluation noise amplitude, in hundredths of a man. */
  readonly noise: number;
  /** Moves scoring within this of the best may be chosen at random (0: always the best). */
  readonly margin: number;
}

export const MIN_LEVEL = 1;
export const MAX_LEVEL = 8;

const LEVELS: readonly LevelSettings[] = [
  { depth: 1, noise: 60, margin: 90 },
  { depth: 2, noise: 40, margin: 60 },
  { depth: 3, noise: 25, margin: 30 },
  { depth: 4, noise: 15, margin: 20 },
  { depth: 6, noise: 8, margin: 10 },
  { depth: 8, noise: 4, margin: 4 },
  { depth: 12, noise: 0, margin: 0 },
  { depth: undefined, noise: 0, margin: 0 },
];

/** The settings of a level (clamped to 1–8, rounded). */
export function levelSettings(level: number): LevelSettings {
  const n = Math.min(
    MAX_LEVEL,
    Math.max(MIN_LEVEL, Math.round(Number.isFinite(level) ? level : MAX_LEVEL)),
  );
  return LEVELS[n - 1]!;
}
