/**
 * Score conventions of the search, in hundredths of a man from the side to move's point of view:
 * a draw is 0, a position won `n` plies from the root scores `MATE - n`, and everything beyond
 * `MATE_BOUND` is a forced result. The transposition table stores a mate score relative to the
 * node that stored it (`toTT`) and turns it back into one relative to the root where it is read
 * (`fromTT`), so a mate found through a transposition keeps its true distance.
 */

/** A won position `n` plies from the root scores `MATE - n`. */
export const MATE = 30000;
/** Scores beyond this are forced wins or losses. */
export const MATE_BOUND = MATE - 1000;
/** Above every score: the open window's bounds. */
export const INF = 32000;
export const DRAW = 0;
/**
 * An endgame database's known win, `ply` plies from the root, scores `EGDB_WIN - ply` plus the
 * evaluation (kept within `EGDB_SPREAD`), so the search prefers progress among won positions;
 * always below `MATE_BOUND`, as the database gives no distance to the end.
 */
export const EGDB_WIN = 20000;
export const EGDB_SPREAD = 2000;

/*
 * `toTT` and `fromTT` compute both shifted scores on every call and then choose (as the search
 * computes a blocked side's score and ProbCut's return ahead of the branch that needs them): V8
 * compiles the search from the operations earlier calls ran, and one first run late, at the first
 * mate score for instance, would throw the compiled search away.
 */

/** A score at `ply` as the transposition table stores it. */
export function toTT(score: number, ply: number): number {
  const win = score + ply;
  const loss = score - ply;
  return score > MATE_BOUND ? win : score < -MATE_BOUND ? loss : score;
}

/** A stored score read back at `ply`. */
export function fromTT(score: number, ply: number): number {
  const win = score - ply;
  const loss = score + ply;
  return score > MATE_BOUND ? win : score < -MATE_BOUND ? loss : score;
}

/** A level's evaluation noise for the position with key half `key`: fixed per position and seed. */
export function noiseOf(key: number, seed: number, noise: number): number {
  let h = Math.imul(key ^ seed, 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return ((h >>> 0) % (2 * noise + 1)) - noise;
}
