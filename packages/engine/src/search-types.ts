/**
 * The searcher's own interface types: the options of one search (`Searcher.run`), the progress it
 * reports after each iteration and its raw result (a root-list index, before `engine.ts` turns it
 * into a `Move`). Kept apart from the search itself so that file holds only the search.
 */
import type { KingRuns } from '@damka/rules';
import type { SearchLimits } from './time.ts';

/** Progress of the search after each completed iteration. Scores are for the side to move. */
export interface RawInfo {
  readonly depth: number;
  readonly selDepth: number;
  readonly score: number;
  readonly nodes: number;
  /** Milliseconds since the search started. */
  readonly time: number;
  /** Move ids of the principal variation, see `moveIdOf`. */
  readonly pv: readonly number[];
}

/** The raw result: the index of the chosen move in the root list. */
export interface RawResult {
  readonly index: number;
  readonly score: number;
  readonly depth: number;
  readonly nodes: number;
  readonly time: number;
  readonly pv: readonly number[];
  readonly rootCount: number;
}

export interface RunOptions {
  readonly limits: SearchLimits;
  /** Keys of earlier positions of the game, oldest first, and reversible plies before the root. */
  readonly historyLo?: Int32Array;
  readonly historyHi?: Int32Array;
  readonly reversiblePlies?: number;
  /** Dhamet: plies of the compulsory opening already played (-1 when not applicable). */
  readonly openingPly?: number;
  /** Frisian: the king-move counts the game has reached (the king-move limit). */
  readonly kingRuns?: KingRuns;
  /** Evaluation noise amplitude (levels), in hundredths of a man. */
  readonly noise?: number;
  readonly seed?: number;
  /** A shared flag: a non-zero first element stops the search (set from another thread). */
  readonly stopFlag?: Int32Array;
  readonly onIteration?: (info: RawInfo) => void;
  /** Report every iteration and never stop early on a single reply (analysis). */
  readonly analysis?: boolean;
  /** A helper thread's number (threads.ts), 0 or absent for the main search. */
  readonly helper?: number;
}
