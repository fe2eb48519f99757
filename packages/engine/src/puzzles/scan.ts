/**
 * Where puzzles are looked for: the positions of a game (a real one, or Damka's self-play) are
 * screened cheaply and only the few that pass are handed to `findPuzzle` (generate.ts), whose
 * deep verification costs a search per legal move.
 *
 * Two screens. `puzzlesFromGame` takes the game's own positions, for real games whose credit must
 * stay true: a shallow search of each, and a candidate where the mover's score jumps from
 * balanced to winning (the opponent just erred). `puzzlesNearGame`, for self-play, also tries
 * every move the side to move could have played instead of its own: each position one move off
 * the game is searched at a very shallow depth (the parent's value is the best of its children,
 * so that costs nothing more), and a child where the other side now wins while the parent was not
 * lost is a candidate (a mistake that allows a shot). That finds several times more puzzles per
 * second of search than the game's own positions alone, because the self-play game itself and the
 * deep checks are shared by many candidates; the verification of each puzzle is the same.
 */
import { Position, type Move, type Variant } from '@damka/rules';
import { Engine } from '../engine.ts';
import { mulberry32 } from '@damka/rules';
import {
  ALTERNATIVE_CEILING,
  findPuzzle,
  unsuitable,
  WIN_SCORE,
  type FindOptions,
  type FoundPuzzle,
} from './generate.ts';

export interface ScanOptions extends FindOptions {
  /** Depth of the screening of each position (default depth - 4, at least 2). */
  readonly scanDepth?: number;
  /** Depth of the first look at each position one move off the game (default depth - 6, at least 2). */
  readonly branchDepth?: number;
  /** Candidates tried one move off each game position, at most (default 2). */
  readonly perPosition?: number;
  /** Plies at the game's start that are never puzzles (default 6). */
  readonly skipPlies?: number;
  /** Start positions (FEN) already in the set: not searched again. */
  readonly known?: ReadonlySet<string>;
}

/** Statistics of one scan. */
export interface ScanStats {
  /** Positions screened by a shallow search. */
  positions: number;
  /** Positions verified in full (all first moves scored at the verification depth). */
  candidates: number;
}

/** A screened score good enough to look closer (the mover wins about a man or more). */
const SCREEN_SCORE = WIN_SCORE - 30;

export type GamePuzzle = FoundPuzzle & { ply: number };

/**
 * Puzzles from one game's positions (`positions[i]` before the i-th move): screened at the scan
 * depth, verified at the full depth. A found puzzle's next two positions are not tried (the same
 * combination, one move on).
 */
export function puzzlesFromGame(
  engine: Engine,
  positions: readonly Position[],
  options: ScanOptions,
  stats: ScanStats = { positions: 0, candidates: 0 },
): GamePuzzle[] {
  const scanDepth = options.scanDepth ?? Math.max(2, options.depth - 4);
  const skip = options.skipPlies ?? 6;
  const found: GamePuzzle[] = [];
  engine.newGame();
  let previous: number | undefined;
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i]!;
    if (p.legalMoves().length === 0) break;
    stats.positions++;
    const quick = engine.analyse(p, { limits: { depth: scanDepth } }).score;
    const before = previous;
    previous = quick;
    if (i < skip || unsuitable(p) || p.legalMoves().length < 2) continue;
    if (quick < SCREEN_SCORE || (before !== undefined && before < -ALTERNATIVE_CEILING)) continue;
    if (found.length > 0 && i - found[found.length - 1]!.ply <= 2) continue;
    if (options.known?.has(p.fen)) continue;
    stats.candidates++;
    const puzzle = findPuzzle(engine, p, options);
    if (puzzle) found.push({ ...puzzle, ply: i });
  }
  return found;
}

/**
 * Puzzles one move off a game: at each of its positions, every legal move is tried as the
 * mistake, and the positions after the mistakes that allow a shot are verified (the game's own
 * move among them). `ply` is the ply of the position after the mistake.
 */
export function puzzlesNearGame(
  engine: Engine,
  positions: readonly Position[],
  options: ScanOptions,
  stats: ScanStats = { positions: 0, candidates: 0 },
): GamePuzzle[] {
  const scanDepth = options.scanDepth ?? Math.max(2, options.depth - 4);
  const branchDepth = options.branchDepth ?? Math.max(2, options.depth - 6);
  const perPosition = options.perPosition ?? 2;
  const skip = options.skipPlies ?? 6;
  const found: GamePuzzle[] = [];
  const seen = new Set<string>();
  const lines = new Set<string>();
  engine.newGame();
  for (let i = Math.max(0, skip - 1); i < positions.length; i++) {
    const parent = positions[i]!;
    const moves = parent.legalMoves();
    if (moves.length === 0) break;
    if (moves.length < 2) continue;
    // every child's shallow score, for its mover; the parent's value is the best of them
    let parentValue = -Infinity;
    const children: Array<{ child: Position; score: number; played: boolean }> = [];
    const next = positions[i + 1];
    for (const move of moves) {
      const child = parent.play(move);
      const replies = child.legalMoves();
      if (replies.length === 0) {
        parentValue = Infinity;
        continue;
      }
      stats.positions++;
      const score = engine.analyse(child, { limits: { depth: branchDepth } }).score;
      parentValue = Math.max(parentValue, -score);
      if (score < SCREEN_SCORE || replies.length < 2 || unsuitable(child)) continue;
      if (seen.has(child.fen) || options.known?.has(child.fen)) continue;
      children.push({ child, score, played: next !== undefined && next.fen === child.fen });
    }
    // a lost position has no mistake to punish
    if (parentValue < -ALTERNATIVE_CEILING) continue;
    // the game's own move first, then the mistakes the shallow look punishes most
    children.sort((a, b) => Number(b.played) - Number(a.played) || b.score - a.score);
    let tried = 0;
    for (const { child } of children) {
      if (tried >= perPosition) break;
      seen.add(child.fen);
      tried++;
      // a second, deeper look before the full verification
      stats.positions++;
      if (engine.analyse(child, { limits: { depth: scanDepth } }).score < SCREEN_SCORE) continue;
      stats.candidates++;
      const puzzle = findPuzzle(engine, child, options);
      // the same shot still on the board a move later is the same puzzle
      const key = puzzle?.line.join(' ');
      if (puzzle && !lines.has(key!)) {
        lines.add(key!);
        found.push({ ...puzzle, ply: i + 1 });
      }
    }
  }
  return found;
}

/**
 * The positions of one self-play game: a few random opening plies from `seed`, then two engines
 * at a weak level (so that mistakes happen and can be punished), up to `maxPlies`. `stopFlag`, a
 * flag another thread may set, reaches every search: once it is set the game ends where it is, with
 * only the moves searched in full (a stopped search's move is not played), so a caller that passes
 * it must read it afterwards and give the shortened game up.
 */
export function selfPlayPositions(
  variant: Variant,
  seed: number,
  level = 3,
  maxPlies = 160,
  stopFlag?: Int32Array,
): Position[] {
  const random = mulberry32(seed);
  const engine = new Engine(variant, { ttBits: 16, seed });
  const stopped = () => stopFlag !== undefined && Atomics.load(stopFlag, 0) !== 0;
  let p = Position.start(variant);
  const positions: Position[] = [p];
  for (let ply = 0; ply < maxPlies && !stopped(); ply++) {
    const legal = p.legalMoves();
    if (legal.length === 0) break;
    let move: Move | undefined;
    if (ply < 4 && p.openingPly < 0) move = legal[(random() >>> 0) % legal.length];
    else {
      const history = positions.slice(0, -1);
      move = engine.search(p, { level, history, ...(stopFlag ? { stopFlag } : {}) }).move;
      if (stopped()) break;
    }
    if (!move) break;
    p = p.play(move);
    if (p.burnable.length > 0) break;
    positions.push(p);
  }
  return positions;
}
