/**
 * Playing levels 1–8: how deep the engine looks, how much noise it adds to its evaluation, and how
 * far below the best score a move may be and still be chosen at random.
 *
 * Level 1 is for a first game: any legal move at random (its margin covers every move), so a
 * player who simply takes the biggest capture beats it about half the time. From level 2 the
 * engine looks at captures (quiescence) and prefers good moves; from level 3 up the choice margin
 * stays well under the value of a man, so a piece is never given away for nothing, and a forced
 * win is always played. Levels 1–7 are bounded by depth, which a free core reaches well within the
 * web app's time per level, so a level plays the same on a slow device; level 8 is full strength
 * within its time. The steps between depths are chosen so that each level scores about two games
 * in three or more against the one below (the ladder, packages/engine/bench/ladder.ts).
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
  { depth: 1, noise: 60, margin: 100_000 },
  { depth: 2, noise: 30, margin: 50 },
  { depth: 3, noise: 20, margin: 30 },
  { depth: 4, noise: 8, margin: 12 },
  { depth: 5, noise: 4, margin: 6 },
  { depth: 6, noise: 0, margin: 0 },
  { depth: 8, noise: 0, margin: 0 },
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
