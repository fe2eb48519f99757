/**
 * A puzzle's difficulty on the trainer's Glicko-2 scale, from what can be measured when it is
 * found (docs/puzzles.md explains the scale):
 *
 * - `foundAt`: the shallowest depth from which a search with an empty table chooses the solution
 *   and keeps it at every deeper iteration up to the verification depth. Damka's levels are
 *   depth-bounded (levels.ts: depths 1, 2, 3, 4, 5, 6, 8), so this says which levels solve the
 *   puzzle and which fall for it; it carries most of the rating, 150 points a ply (the levels'
 *   ladder is about two games in three per step, some 120 Elo, and a ply is a bit more than a
 *   step for a human reading a combination).
 * - the solver's moves to play (120 points each after the first): a longer line to see through;
 * - tempting alternatives, first moves a shallow look scores within half a man of the solution
 *   (60 points each, at most four): the more of them, the likelier a wrong guess;
 * - a sacrifice first (100 points): giving material away is the move players look at last.
 *
 * The sum starts at 800 and is kept within 600–2600, rounded to tens. Solvers' results are not fed
 * back; the trainer's own ratings of players move against these fixed puzzle ratings.
 */
import type { Move, Position } from '@damka/rules';
import type { Engine } from '../engine.ts';

export interface RatingFeatures {
  readonly solverMoves: number;
  readonly sacrifice: boolean;
  readonly tempting: number;
}

export const RATING_MIN = 600;
/** A one-move puzzle that a one-ply search solves, with no tempting alternative. */
export const RATING_BASE = 800;
export const RATING_MAX = 2600;

/** The shallowest depth from which a fresh search keeps choosing `solution` (at most `depth`). */
export function depthFound(
  engine: Engine,
  position: Position,
  solution: Move,
  depth: number,
): number {
  let foundAt = depth;
  let holding = false;
  engine.newGame();
  engine.analyse(position, {
    limits: { depth },
    onInfo: (info) => {
      const best = info.pv[0];
      const same =
        best !== undefined &&
        best.from === solution.from &&
        best.to === solution.to &&
        best.captures.length === solution.captures.length &&
        best.captures.every((sq, i) => sq === solution.captures[i]);
      if (same && !holding) foundAt = info.depth;
      holding = same;
    },
  });
  return holding ? foundAt : depth;
}

/** The rating of features measured on a puzzle, `foundAt` included. */
export function ratingOf(foundAt: number, f: RatingFeatures): number {
  const r =
    RATING_BASE +
    150 * (Math.max(1, foundAt) - 1) +
    120 * (f.solverMoves - 1) +
    60 * Math.min(f.tempting, 4) +
    (f.sacrifice ? 100 : 0);
  return Math.round(Math.max(RATING_MIN, Math.min(RATING_MAX, r)) / 10) * 10;
}

/** The difficulty of the puzzle from `position` whose solution starts with `solution`. */
export function rate(
  engine: Engine,
  position: Position,
  solution: Move,
  depth: number,
  f: RatingFeatures,
): number {
  return ratingOf(depthFound(engine, position, solution, depth), f);
}
