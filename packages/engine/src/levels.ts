/**
 * Playing levels 1–8: how deep the engine looks, how much noise it adds to its evaluation, how
 * far below the best score a move may be and still be chosen at random, and how often it blunders.
 *
 * Level 1 plays like a first-time player: he sees only his own move, so he picks any legal move
 * (its margin covers every move, and among captures he does not look for the biggest), and he
 * often overlooks the reply: with probability `blunder` it plays one of the moves that a one-ply
 * look with captures (quiescence) shows to lose at least `BLUNDER_LOSS` against the best move —
 * a man left where it can be taken. In Antidraughts the evaluation's goal is inverted, so there
 * the same rule picks a move that keeps material the player should give away (Give-away checkers'
 * level 1 never blunders: see `VARIANT_LEVELS`). A blunder
 * is always a legal move, drawn with the engine's seeded random numbers, and a win that the
 * one-ply look sees is still played. So a player who simply takes the biggest capture beats
 * level 1 more often than not (two games in three or more in most variants). From level 2 the
 * engine chooses by its search (with quiescence) and prefers good moves; from level 3 up the
 * choice margin stays well under the value of a man, so a piece is never given away for nothing,
 * and a forced win is always played. Levels 1–7 are bounded by depth, which a free core reaches
 * well within the web app's time per level, so a level plays the same on a slow device; level 8
 * is full strength within its time. The steps between depths are chosen so that each level
 * scores about two games in three or more against the one below (the ladder,
 * packages/engine/bench/ladder.ts); a few variants need other steps (`VARIANT_LEVELS`).
 */

export interface LevelSettings {
  /** Iteration cap (undefined: only the time / node limits apply). */
  readonly depth: number | undefined;
  /** Evaluation noise amplitude, in hundredths of a man. */
  readonly noise: number;
  /** Moves scoring within this of the best may be chosen at random (0: always the best). */
  readonly margin: number;
  /**
   * Probability (0–1) of choosing, when there is one, a move that scores `BLUNDER_LOSS` or more
   * below the best at the level's depth (a beginner overlooking the reply); 0: never.
   */
  readonly blunder: number;
}

/** How much worse than the best move (hundredths of a man) a move must score to be a blunder. */
export const BLUNDER_LOSS = 60;

export const MIN_LEVEL = 1;
export const MAX_LEVEL = 8;

/**
 * The lowest level that plays from the opening book (book/): a book move is the deep search's
 * choice, stronger than levels 1–5 should play, and the same few lines would make a beginner's
 * games repetitive in a way his own mistakes do not.
 */
export const BOOK_MIN_LEVEL = 6;

/** Whether `level` (clamped and rounded as `levelSettings` does) plays from the opening book. */
export function usesBook(level: number): boolean {
  return clampLevel(level) >= BOOK_MIN_LEVEL;
}

/** Whether `level` (clamped and rounded as above) plays a book position's best move, not a draw. */
export function playsBestBookMove(level: number): boolean {
  return clampLevel(level) === MAX_LEVEL;
}

function clampLevel(level: number): number {
  return Math.min(
    MAX_LEVEL,
    Math.max(MIN_LEVEL, Math.round(Number.isFinite(level) ? level : MAX_LEVEL)),
  );
}

const LEVELS: readonly LevelSettings[] = [
  { depth: 1, noise: 0, margin: 100_000, blunder: 0.2 },
  { depth: 2, noise: 30, margin: 50, blunder: 0 },
  { depth: 3, noise: 20, margin: 30, blunder: 0 },
  { depth: 4, noise: 8, margin: 12, blunder: 0 },
  { depth: 5, noise: 4, margin: 6, blunder: 0 },
  { depth: 6, noise: 0, margin: 0, blunder: 0 },
  { depth: 8, noise: 0, margin: 0, blunder: 0 },
  { depth: undefined, noise: 0, margin: 0, blunder: 0 },
];

/**
 * Per variant, the levels that differ from the table above (level number → changed fields).
 * Give-away variants: a random mover there loses less often to the biggest-capture player (taking
 * is not what wins), so Antidraughts' level 1 blunders more often to stay below it. Give-away
 * checkers' fitted evaluation counts a man for its owner, and a one-ply look with it is a poor
 * judge there: a move it calls a blunder often gives a man well (level 1 blundering half the time
 * scored 75% against the biggest-capture player, and level 2 only 35% against it), so its level 1
 * never blunders and picks among the moves that one-ply look scores within 0.6 man of its best
 * (then 6.7% against the biggest-capture player, and level 2 72.5% against it, 60 games each).
 * One ply more is worth less there (the side to move is often forced), so Give-away's levels 4–7
 * take bigger steps, with noise up to level 6. Level 7 searched to depth 15 with the hand-set
 * evaluation (at depth 13 it scored only about half against level 6); with the fitted one level
 * 8 scored only 37.5% against that (20 games), and at depth 12 level 7 scores 85.0% against level
 * 6 (60 games) and level 8 82.5% against it (20).
 * Antidraughts with its second fitted evaluation: one ply more scored only 60–63% at several
 * steps (depth 4 over 3, 6 over 5, 8 over 7; 60 games each), so levels 4–7 look two plies further
 * each (depths 5, 7, 9 and 11: 83.3%, 86.7%, 71.7% and 81.7% over the level below), and level 1
 * blunders half the time (at 0.3 it won 55% of 20 games against the biggest-capture player).
 * Israeli 6x6: a small board where a deeper search gains less: depth 6 scored 63.5% against
 * depth 5, and level 8 at its node budget 60–62.5% against depth 9 or 11 (40–100 games), so level
 * 5 keeps level 4's noise and margin, level 6 searches to depth 6 and level 7 to depth 8 (each
 * pair 65–75% over 100 games); over 60 games level 5 then scored only 61.7% against level 4, so
 * level 4 adds more noise and margin (16 and 24; then 74.2%, 81.7% and 75.8% for levels 4–6 over
 * the level below, 60 games each). Israeli: level 5 scored 60.0% against level 4 (60 games), so
 * level 4 adds noise 12 and margin 18 (then 65.0% and 68.3% for levels 4 and 5).
 * Dhamet: with ProbCut, and with openings that differ after its compulsory opening (before, every
 * ladder game began the same way), one ply more from depth 5 scored only 57.5% and from depth 6
 * 61.7% (60 games each), so level 5 keeps level 4's noise and margin (73.3% over level 4), level 6
 * looks two plies further (depth 7: 80.0% over level 5) and level 7 two more (depth 9, about 0.1 s
 * a move on average in the ladder's games: 66.7% over level 6; level 8 80.0% over it, 20 games).
 * International: with the learned pattern table one ply from depth 5 to 6 scored only 52.5% (20
 * games), so levels 6 and 7 look two plies further each (7 and 9; depth 9 takes about 20 ms a move
 * on average, at most 0.3 s in a probe game).
 * Russian and Brazilian: depth 6 scored only 60.0% and 56.7% against level 5 (60 games each), so
 * level 5 keeps level 4's noise and margin (then 67.5% and 66.7%; level 5 over level 4 69.2% and
 * 65.8%, 60 games each).
 * Frisian and Breakthrough: level 4 scored only 60% against level 3 (20 games each), so level 3
 * adds more noise (30, as level 2; with its margin of 30 a move losing a man still looks at least
 * 40 worse than the best, so it is still never chosen).
 * Breakthrough with its race terms: level 5 scored only 55% against level 4 (20 games; 4 over 3
 * 85%), so level 4 added more noise and margin (20 each); over 60 games that made level 4 only
 * 58.3% against level 3, and with 9 each (between level 3's 30 and level 5's 4 and 6) both steps
 * hold (76.7% and 71.7%).
 */
const VARIANT_LEVELS: Readonly<Record<string, Readonly<Record<number, Partial<LevelSettings>>>>> = {
  antidraughts: {
    1: { blunder: 0.5 },
    4: { depth: 5 },
    5: { depth: 7 },
    6: { depth: 9 },
    7: { depth: 11 },
  },
  giveaway: {
    1: { blunder: 0, margin: 60 },
    4: { depth: 5 },
    5: { depth: 7, noise: 8, margin: 12 },
    6: { depth: 10, noise: 8, margin: 12 },
    7: { depth: 12 },
  },
  'israeli-6x6': { 4: { noise: 16, margin: 24 }, 5: { noise: 8, margin: 12 }, 7: { depth: 8 } },
  israeli: { 4: { noise: 12, margin: 18 } },
  dhamet: { 5: { noise: 8, margin: 12 }, 6: { depth: 7, noise: 4, margin: 6 }, 7: { depth: 9 } },
  international: { 6: { depth: 7 }, 7: { depth: 9 } },
  russian: { 5: { noise: 8, margin: 12 } },
  brazilian: { 5: { noise: 8, margin: 12 } },
  frisian: { 3: { noise: 30 } },
  breakthrough: { 3: { noise: 30 }, 4: { noise: 9, margin: 9 } },
};

/** The settings of a level (clamped to 1–8, rounded), for a variant when its id is given. */
export function levelSettings(level: number, variantId?: string): LevelSettings {
  const n = clampLevel(level);
  const base = LEVELS[n - 1]!;
  const changed = variantId === undefined ? undefined : VARIANT_LEVELS[variantId]?.[n];
  return changed ? { ...base, ...changed } : base;
}
