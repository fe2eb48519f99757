/**
 * The puzzle generator: finds positions where the side to move wins decisively by one line only
 * (a shot winning material, a breakthrough to a king, a won ending), from the positions of real
 * games or of Damka's self-play, and verifies them with deeper search.
 *
 * Built on the engine's public `Engine.analyse` only: every legal first move is played and the
 * position after it searched, so each alternative gets its own full score (not a bound). That
 * costs one search per legal move, so positions are first screened cheaply (scan.ts), and the
 * verification scores the moves in the order a shallower pass ranks them and stops as soon as a
 * second move wins too (the common way a candidate fails): a rejected candidate costs two or three
 * deep searches instead of one per legal move, while an accepted one has every move scored in full.
 * The solution line then follows the best line while the solver's move stays the only winning one,
 * up to `MAX_SOLVER_MOVES`.
 *
 * Where endgame databases are given (`egdb`), a position after a first move that they cover is
 * scored by them, exactly (a table win, a draw, a loss), and the search only supplies the line:
 * a won ending is then verified without the horizon of a search. The engines searching should
 * probe the same tables, so that lines entering them are scored alike.
 */
import { formatMove, parseMove, Position, type Color, type Move } from '@damka/rules';
import { MATE, MATE_BOUND } from '../search.ts';
import { EGDB_WIN } from '../score.ts';
import { Engine } from '../engine.ts';
import type { EgdbProber } from '../egdb/probe.ts';
import { knownTableResult, tableVerdict } from '../egdb/verdict.ts';
import type { PuzzleSource } from './set.ts';
import { rate } from './rating.ts';

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
  /** The score is the endgame tables' exact verdict, not a search's. */
  readonly exact?: boolean;
}

export interface VerifyOptions {
  /** Depth of the search of the position (each move's reply is searched one ply less). */
  readonly depth: number;
  /** Node cap of each search (default 2,000,000). */
  readonly nodes?: number;
  /** Endgame tables: the positions they cover are scored exactly by them. */
  readonly egdb?: EgdbProber | null | undefined;
}

/** The tables' exact score of `child` for `mover`, who has just moved into it, or undefined. */
function tableScore(
  egdb: EgdbProber | null | undefined,
  child: Position,
  mover: Color,
): number | undefined {
  const verdict = tableVerdict(egdb, child);
  if (!verdict) return undefined;
  return verdict.winner === null ? 0 : verdict.winner === mover ? EGDB_WIN : -EGDB_WIN;
}

/** Every legal move with its own score at `depth`, best first. */
export function scoreMoves(
  engine: Engine,
  position: Position,
  options: VerifyOptions,
): ScoredMove[] {
  return scoreUntilRefuted(engine, position, options, position.legalMoves(), false);
}

/**
 * The moves of `order` (every legal move, in the order to search them) scored at the options'
 * depth, best first; with `cut`, scoring stops as soon as two moves score above
 * `ALTERNATIVE_CEILING` (then no move can be the unique solution, and the list is partial), and
 * with `firstMustWin` (an order whose first move a shallower pass found best) as soon as the first
 * move scores below `WIN_SCORE`: a candidate whose likely solution does not win is given up.
 */
export function scoreUntilRefuted(
  engine: Engine,
  position: Position,
  options: VerifyOptions,
  order: readonly Move[],
  cut: boolean,
  firstMustWin = false,
): ScoredMove[] {
  const out: ScoredMove[] = [];
  const noMoveMeans = position.variant.rules.noMoveMeans;
  let winning = 0;
  for (const move of order) {
    const child = position.play(move);
    let scored: ScoredMove;
    if (child.legalMoves().length === 0) {
      // the opponent cannot move: the game ends here
      scored = { move, score: noMoveMeans === 'loss' ? MATE - 1 : -(MATE - 1), pv: [move] };
    } else {
      const r = engine.analyse(child, {
        limits: { depth: Math.max(1, options.depth - 1), nodes: options.nodes ?? 2_000_000 },
      });
      const exact = tableScore(options.egdb, child, position.turn);
      scored =
        exact === undefined
          ? { move, score: -r.score, pv: [move, ...r.pv] }
          : { move, score: exact, pv: [move, ...r.pv], exact: true };
    }
    out.push(scored);
    if (scored.score > ALTERNATIVE_CEILING) winning++;
    if (cut && winning >= 2) break;
    if (firstMustWin && out.length === 1 && scored.score < WIN_SCORE) break;
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

export interface FindOptions extends VerifyOptions {
  /**
   * The engine that rates the puzzle's difficulty (rating.ts) with a fresh table; by default
   * `findPuzzle`'s own, whose table is then cleared.
   */
  readonly rater?: Engine;
}

export interface FoundPuzzle {
  readonly fen: string;
  /** Move texts, the solver's first and last. */
  readonly line: readonly string[];
  readonly rating: number;
  readonly themes: readonly string[];
  /** The first move's score at the verification depth. */
  readonly score: number;
  /** The endgame tables scored the first moves (all or some): a won ending verified exactly. */
  readonly byTables: boolean;
}

/** Positions no puzzle can start from: a compulsory opening or a pending huff. */
export function unsuitable(position: Position): boolean {
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
 * A verified puzzle from `position`, or undefined: it passes `verifyPuzzle` at `depth` (which
 * leaves `engine`'s table cleared). The first move is checked at `depth`; the
 * solver's later moves (when they have a choice) at two plies less, and the line ends where the
 * solver's best move is no longer the only winning one.
 */
export function findPuzzle(
  engine: Engine,
  position: Position,
  options: FindOptions,
): FoundPuzzle | undefined {
  const legal = position.legalMoves();
  if (unsuitable(position) || legal.length < 2) return undefined;
  // a cheap look first: where a shallow search already sees two moves close together, a deep one
  // nearly always does too (most candidates end here, at a fraction of the full cost); its order
  // (best first) is the order of the deep pass, which stops at the second winning move
  let order: readonly Move[] = legal;
  let shallow: ScoredMove[] | undefined;
  if (options.depth >= 6) {
    shallow = scoreMoves(engine, position, { depth: options.depth - 4, egdb: options.egdb });
    const [a, b] = [shallow[0]!, shallow[1]!];
    if (b.score > a.score - UNIQUE_MARGIN / 2 && b.score > ALTERNATIVE_CEILING) return undefined;
    order = shallow.map((s) => s.move);
  }
  const scored = scoreUntilRefuted(engine, position, options, order, true, shallow !== undefined);
  if (scored.length < legal.length || uniquenessFault(scored) !== undefined) return undefined;
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
      const s = scoreUntilRefuted(
        engine,
        afterReply,
        {
          depth: Math.max(2, options.depth - 2),
          ...(options.nodes !== undefined ? { nodes: options.nodes } : {}),
          egdb: options.egdb,
        },
        ours,
        true,
      );
      if (s.length < ours.length || uniquenessFault(s) !== undefined) break;
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
  if (first.score > MATE_BOUND || knownTableResult(first.score) === 1) themes.push('forced-win');
  // the passes above share the table the search filled before them, and a score on the margin
  // may come out otherwise from an empty one: the found line must pass the check `verifyPuzzle`
  // makes at the same depth (a fresh table), the one a set's verification repeats deeper
  if (verifyPuzzle(engine, position.fen, texts, options.depth, options.egdb) !== undefined) {
    return undefined;
  }
  const rating = rate(options.rater ?? engine, position, first.move, options.depth, {
    solverMoves,
    sacrifice,
    // the first moves a shallow look rates within half a man of the solution: the tempting ones
    tempting: shallow ? temptingMoves(shallow, first.move) : 0,
  });
  const byTables = scored.some((s) => s.exact === true);
  return { fen: position.fen, line: texts, rating, themes, score: first.score, byTables };
}

export function sameMoveIdentity(a: Move, b: Move): boolean {
  return (
    a.from === b.from &&
    a.to === b.to &&
    a.kind === b.kind &&
    a.captures.length === b.captures.length &&
    a.captures.every((sq, i) => sq === b.captures[i])
  );
}

/** Other first moves a shallow pass scores within half a man of `solution`. */
function temptingMoves(shallow: readonly ScoredMove[], solution: Move): number {
  const own = shallow.find((s) => sameMoveIdentity(s.move, solution));
  if (!own) return 0;
  return shallow.filter((s) => s !== own && s.score >= own.score - 50).length;
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

/**
 * Why a stored puzzle fails (a move not legal, the first move not unique at `depth`, or where
 * `egdb` covers the positions after the first moves, by the tables), or undefined.
 */
export function verifyPuzzle(
  engine: Engine,
  fen: string,
  line: readonly string[],
  depth: number,
  egdb?: EgdbProber | null,
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
  const scored = scoreMoves(engine, start.value, { depth, egdb });
  const fault = uniquenessFault(scored);
  if (fault) return fault;
  if (!sameMoveIdentity(scored[0]!.move, first!)) return 'the search prefers another first move';
  return undefined;
}

/**
 * The difficulty of a stored puzzle measured again (rating.ts), for a set rated by an older
 * scale: `depth` is the set's verification depth. Undefined when the line does not replay.
 */
export function rateStoredPuzzle(
  engine: Engine,
  fen: string,
  line: readonly string[],
  themes: readonly string[],
  depth: number,
): number | undefined {
  const start = Position.fromFen(engine.variant, fen);
  if (!start.ok || line.length === 0) return undefined;
  const first = parseMove(start.value, line[0]!);
  if (!first.ok) return undefined;
  const shallow = depth >= 6 ? scoreMoves(engine, start.value, { depth: depth - 4 }) : undefined;
  return rate(engine, start.value, first.value, depth, {
    solverMoves: (line.length + 1) / 2,
    sacrifice: themes.includes('sacrifice'),
    tempting: shallow ? temptingMoves(shallow, first.value) : 0,
  });
}
