/**
 * What the endgame databases say about a position, in the players' terms: the exact result
 * ("White wins", "draw") for analysis, and the computer's draw decisions. One home for both, so
 * the CLI, the match runner and the web app word and decide alike.
 *
 * A draw decision follows the table alone where one covers the position: a drawn ending is a draw
 * to accept, to offer and to claim; a won ending never is (the computer plays it out); a lost one
 * is a draw gladly taken. Where no table covers the position there is no decision here, and the
 * caller falls back on its own judgement (the evaluation, the stage of the game).
 */
import { colorIndex, type Color, type Position } from '@damka/rules';
import type { EgdbProber } from './probe.ts';
import { EGDB_SPREAD, EGDB_WIN, MATE_BOUND } from '../score.ts';

/** The exact result with best play: the winner, or null for a draw. */
export interface TableVerdict {
  readonly winner: Color | null;
}

/** The tables' verdict on `position`, or undefined when no table covers it. */
export function tableVerdict(
  prober: EgdbProber | null | undefined,
  position: Position,
): TableVerdict | undefined {
  if (!prober) return undefined;
  const value = prober.probe(position);
  if (value === 'unknown') return undefined;
  if (value === 'draw') return { winner: null };
  const mover = position.turn;
  const other: Color = colorIndex(mover) === 0 ? 'black' : 'white';
  return { winner: value === 'win' ? mover : other };
}

/** "White wins", "Black wins", "Draw". */
export function verdictText(verdict: TableVerdict): string {
  if (verdict.winner === null) return 'Draw';
  return `${verdict.winner === 'white' ? 'White' : 'Black'} wins`;
}

/**
 * The computer's (playing `side`) answer to a draw in `position` by the tables: `accept` (also:
 * offer, claim) in a drawn or lost ending, `decline` in a won one, undefined when no table covers
 * the position.
 */
export function tableDrawDecision(
  prober: EgdbProber | null | undefined,
  position: Position,
  side: Color,
): 'accept' | 'decline' | undefined {
  const verdict = tableVerdict(prober, position);
  if (!verdict) return undefined;
  return verdict.winner === side ? 'decline' : 'accept';
}

/**
 * Whether a search score (side to move's view) is a win the tables proved somewhere in the search
 * (score.ts: `EGDB_WIN` less the plies, plus a bounded evaluation), not an estimate in men: +1 a
 * known win, -1 a known loss, 0 neither.
 */
export function knownTableResult(score: number): 1 | -1 | 0 {
  const a = Math.abs(score);
  if (a < EGDB_WIN - EGDB_SPREAD - 1000 || a > MATE_BOUND) return 0;
  return score > 0 ? 1 : -1;
}
