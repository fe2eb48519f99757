/**
 * The puzzle generator: finds positions where the side to move wins decisively by one line only
 * (a shot winning material, a breakthrough to a king, a won ending), from the positions of real
 * games or of Damka's self-play, and verifies them with deeper search.
 *
 * Built on the engine's public `Engine.analyse` only: every legal first move is played and the
 * position after it searched, so each alternative gets its own full score (not a bound). That
 * costs one search per legal move, so positions are first screened cheaply: a shallow search of
 * every position of a game, and only where the mover's score jumps from balanced to winning (the
 * opponent just erred) are all moves scored at the verification depth. The solution line then
 * follows the best line while the solver's move stays the only winning one, up to `MAX_SOLVER_MOVES`.
 */
import { formatMove, parseMove, Position, type Move, type Variant } from '@damka/rules';
import { MATE, MATE_BOUND } from '../search.ts';
import { Engine } from '../engine.ts';
import { mulberry32 } from '../zobrist.ts';
import type { PuzzleSource } from './set.ts';

/** The best move must score at least this (hundredths of a man): a decisive advantage. */
export const WIN_SCORE = 150;
/** Every other first move must score this much less than the best ... */
export const UNIQUE_MARGIN = 150;
/** ... and no more than this: an alternative may not win as well. */
export const ALTERNATIVE_CEILING = 60;
/** The solver plays at most this many moves. */
export const MAX_SOLVER_MOVES = 6;

export interface ScoredMove {
  readonly move: Move;
  /** For the side to move before the move. */
  readonly score: number;
  /** The move and the best line after it. */
  readonly pv: readonly Move[];
}

export interface VerifyOptions {
  /** Depth of the search of the position (each move's reply is searched one ply less). */
  readonly depth: number;
  /** Node cap of each search (default 2,000,000). */
  readonly nodes?: number;
}

/** Every legal move with its own score at `depth`, best first. */
export function scoreMoves(
  engine: Engine,
  position: Position,
  options: VerifyOptions,
): ScoredMove[] {
  const out: ScoredMove[] = [];
  const noMoveMeans = position.variant.rules.noMoveMeans;
  for (const move of position.legalMoves()) {
    const child = position.play(move);
    if (child.legalMoves().length === 0) {
      // the opponent cannot move: the game ends here
      out.push({ move, score: noMoveMeans === 'loss' ? MATE - 1 : -(MATE - 1), pv: [move] });
      continue;
    }
    const r = engine.analyse(child, {
      limits: { depth: Math.max(1, options.depth - 1), nodes: options.nodes ?? 2_000_000 },
    });
    out.push({ move, score: -r.score, pv: [move, ...r.pv] });
  }
  return out.sort((a, b) => b.score - a.score);
}

/** Why scored moves do (undefined) or do not make a unique winning first move. */
export function uniquenessFault(scored: readonly ScoredMove[]): string | undefined {
  if (scored.length < 2) return 'only one legal move';
  const [best, second] = [scored[0]!, scored[1]!];
  if (best.score < WIN_SCORE) return `best move scores ${best.score}, below ${WIN_SCORE}`;
  if (second.score > ALTERNATIVE_CEILING) return `an alternative scores ${second.score}`;
  if (second.score > best.score - UNIQUE_MARGIN) return `an alternative is within the margin`;
  return undefined;
}

export interface FoundPuzzle {
  readonly fen: string;
  /** Move texts, the solver's first and last. */
  readonly line: readonly string[];
  readonly rating: number;
  readonly themes: readonly string[];
  /** The first move's score at the verification depth. */
  readonly score: number;
}

/** Positions no puzzle can start from: a compulsory opening or a pending huff. */
function unsuitable(position: Position): boolean {
  return position.openingPly >= 0 || position.burnable.length > 0;
}

/** Pieces of `color` minus the opponent's, kings counted three. */
function balance(position: Position, white: boolean): number {
  const m = position.material();
  const w = m.white + 2 * m.whiteKings;
  const b = m.black + 2 * m.blackKings;
  return white ? w - b : b - w;
}

/**
 * A verified puzzle from `position`, or undefined. The first move is checked at `depth`; the
 * solver's later moves (when they have a choice) at two plies less, and the line ends where the
 * solver's best move is no longer the only winning one.
 */
export function findPuzzle(
  engine: Engine,
  position: Position,
  options: VerifyOptions,
): FoundPuzzle | undefined {
  if (unsuitable(position) || position.legalMoves().length < 2) return undefined;
  // a cheap look first: where a shallow search already sees two moves close together, a deep one
  // nearly always does too (most candidates end here, at a fraction of the full cost)
  if (options.depth >= 8) {
    const shallow = scoreMoves(engine, position, { depth: options.depth - 4 });
    const [a, b] = [shallow[0]!, shallow[1]!];
    if (b.score > a.score - UNIQUE_MARGIN / 2 && b.score > ALTERNATIVE_CEILING) return undefined;
  }
  const scored = scoreMoves(engine, position, options);
  if (uniquenessFault(scored) !== undefined) return undefined;
  const first = scored[0]!;
  const white = position.turn === 'white';
  const line: Move[] = [first.move];
  let pv = first.pv.slice(1);
  let p = position.play(first.move);
  let solverMoves = 1;
  let promotes = first.move.moved.role === 'man' && first.move.piece.role !== 'man';
  while (solverMoves < MAX_SOLVER_MOVES) {
    const replies = p.legalMoves();
    if (replies.length === 0) break;
    const reply = replies.find((m) => pv[0] && sameMoveIdentity(m, pv[0])) ?? undefined;
    if (!reply) break;
    const afterReply = p.play(reply);
    const ours = afterReply.legalMoves();
    if (ours.length === 0) break;
    let next: ScoredMove;
    if (ours.length === 1) {
      const only = ours[0]!;
      const child = afterReply.play(only);
      const r =
        child.legalMoves().length === 0
          ? { pv: [] as Move[] }
          : engine.analyse(child, { limits: { depth: Math.max(1, options.depth - 3) } });
      next = { move: only, score: 0, pv: [only, ...r.pv] };
    } else {
      const s = scoreMoves(engine, afterReply, {
        depth: Math.max(2, options.depth - 2),
        ...(options.nodes !== undefined ? { nodes: options.nodes } : {}),
      });
      if (uniquenessFault(s) !== undefined) break;
      next = s[0]!;
    }
    line.push(reply, next.move);
    promotes ||= next.move.moved.role === 'man' && next.move.piece.role !== 'man';
    p = afterReply.play(next.move);
    pv = next.pv.slice(1);
    solverMoves++;
  }
  // texts, each written in the position it is played from
  const texts: string[] = [];
  let q = position;
  for (const m of line) {
    texts.push(formatMove(q, m));
    q = q.play(m);
  }
  const gain = balance(q, white) - balance(position, white);
  const second = position.play(first.move).legalMoves();
  const sacrifice = line.length > 1 && line[1]!.kind === 'capture' && first.move.kind !== 'capture';
  const m = position.material();
  const themes: string[] = [];
  const normal = position.variant.rules.noMoveMeans === 'loss';
  if (normal && sacrifice && gain >= 1) themes.push('shot');
  if (sacrifice) themes.push('sacrifice');
  if (promotes) themes.push('breakthrough');
  if (first.move.kind === 'capture') themes.push('capture-choice');
  if (!sacrifice && first.move.kind !== 'capture') themes.push('quiet');
  if (m.white + m.black <= Math.round(position.variant.topology.size / 4)) themes.push('ending');
  if ((white ? m.whiteKings : m.blackKings) > 0) themes.push('king');
  if (first.score > MATE_BOUND) themes.push('forced-win');
  const rating = difficulty(engine, position, first.move, options.depth, {
    solverMoves,
    sacrifice,
    quiet: first.move.kind !== 'capture',
    choices: position.legalMoves().length,
    forcedReplies: second.length === 1,
  });
  return { fen: position.fen, line: texts, rating, themes, score: first.score };
}

function sameMoveIdentity(a: Move, b: Move): boolean {
  return (
    a.from === b.from &&
    a.to === b.to &&
    a.kind === b.kind &&
    a.captures.length === b.captures.length &&
    a.captures.every((sq, i) => sq === b.captures[i])
  );
}

/**
 * Estimated difficulty on the Glicko scale: longer lines, sacrifices, quiet first moves, many
 * choices and a first move the search finds only late all make a puzzle harder. An estimate from
 * the position alone; solvers' results are not fed back.
 */
function difficulty(
  engine: Engine,
  position: Position,
  solution: Move,
  depth: number,
  f: {
    solverMoves: number;
    sacrifice: boolean;
    quiet: boolean;
    choices: number;
    forcedReplies: boolean;
  },
): number {
  // the shallowest depth from which the search keeps choosing the solution
  let foundAt = depth;
  engine.newGame();
  engine.analyse(position, {
    limits: { depth },
    onInfo: (info) => {
      const best = info.pv[0];
      if (best && sameMoveIdentity(best, solution)) foundAt = Math.min(foundAt, info.depth);
      else foundAt = depth;
    },
  });
  const r =
    700 +
    150 * (f.solverMoves - 1) +
    (f.sacrifice ? 200 : 0) +
    (f.quiet ? 120 : 0) +
    12 * Math.min(f.choices, 20) +
    70 * foundAt;
  return Math.round(Math.max(600, Math.min(2600, r)) / 10) * 10;
}

export interface ScanOptions extends VerifyOptions {
  /** Depth of the first, cheap screening of every position (default depth - 4, at least 2). */
  readonly scanDepth?: number;
  /** Plies at the game's start that are never puzzles (default 6). */
  readonly skipPlies?: number;
}

/** Statistics of one scan. */
export interface ScanStats {
  positions: number;
  candidates: number;
}

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
): Array<FoundPuzzle & { ply: number }> {
  const scanDepth = options.scanDepth ?? Math.max(2, options.depth - 4);
  const skip = options.skipPlies ?? 6;
  const found: Array<FoundPuzzle & { ply: number }> = [];
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
    if (quick < WIN_SCORE - 30 || (before !== undefined && before < -ALTERNATIVE_CEILING)) continue;
    if (found.length > 0 && i - found[found.length - 1]!.ply <= 2) continue;
    stats.candidates++;
    const puzzle = findPuzzle(engine, p, options);
    if (puzzle) found.push({ ...puzzle, ply: i });
  }
  return found;
}

/**
 * The positions of one self-play game: a few random opening plies from `seed`, then two engines
 * at a weak level (so that mistakes happen and can be punished), up to `maxPlies`.
 */
export function selfPlayPositions(
  variant: Variant,
  seed: number,
  level = 3,
  maxPlies = 160,
): Position[] {
  const random = mulberry32(seed);
  const engine = new Engine(variant, { ttBits: 16, seed });
  let p = Position.start(variant);
  const positions: Position[] = [p];
  for (let ply = 0; ply < maxPlies; ply++) {
    const legal = p.legalMoves();
    if (legal.length === 0) break;
    let move: Move | undefined;
    if (ply < 4 && p.openingPly < 0) move = legal[(random() >>> 0) % legal.length];
    else move = engine.search(p, { level, history: positions.slice(0, -1) }).move;
    if (!move) break;
    p = p.play(move);
    if (p.burnable.length > 0) break;
    positions.push(p);
  }
  return positions;
}

/** The credit of a real game: its event, players and date, read from its tags. */
export function sourceOfTags(tags: ReadonlyMap<string, string>): PuzzleSource {
  const tag = (...names: string[]): string | undefined => {
    for (const n of names) {
      for (const [k, v] of tags) {
        const value = v.trim();
        if (k.toLowerCase() === n.toLowerCase() && value !== '' && value !== '?') return value;
      }
    }
    return undefined;
  };
  const event = tag('Event');
  const white = tag('White', 'Bianco');
  const black = tag('Black', 'Nero');
  const date = tag('Date');
  return {
    ...(event ? { event } : {}),
    ...(white ? { white } : {}),
    ...(black ? { black } : {}),
    ...(date ? { date } : {}),
  };
}

/** Why a stored puzzle fails (a move not legal, the first move not unique at `depth`), or undefined. */
export function verifyPuzzle(
  engine: Engine,
  fen: string,
  line: readonly string[],
  depth: number,
): string | undefined {
  const start = Position.fromFen(engine.variant, fen);
  if (!start.ok) return `FEN: ${start.error.message}`;
  if (line.length % 2 === 0) return `the line has ${line.length} moves (the solver's must be last)`;
  let p = start.value;
  let first: Move | undefined;
  for (const text of line) {
    const m = parseMove(p, text);
    if (!m.ok) return `move '${text}': ${m.error.message}`;
    first ??= m.value;
    p = p.play(m.value);
  }
  engine.newGame();
  const scored = scoreMoves(engine, start.value, { depth });
  const fault = uniquenessFault(scored);
  if (fault) return fault;
  if (!sameMoveIdentity(scored[0]!.move, first!)) return 'the search prefers another first move';
  return undefined;
}
