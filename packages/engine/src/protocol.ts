/**
 * The engine's message protocol between a host (UI thread, CLI) and an engine worker, the same for
 * Node `worker_threads` and browser Web Workers.
 *
 * Messages are plain structured-cloneable data. A position travels as a FEN (or the variant's start)
 * plus the moves played from it, so the worker rebuilds the whole game: repetitions, draw counters
 * and Dhamet's compulsory opening are known to the search. Stopping uses a shared flag when the
 * platform offers `SharedArrayBuffer` (a search is synchronous inside the worker and cannot read
 * messages while it runs); the `stop` message is sent as well for completeness.
 */
import type { Options, Square } from '@damka/rules';
import type { SearchLimits } from './search.ts';
import type { SearchInfo, SearchResult } from './engine.ts';

/** A move on the wire: identified by from, to and the captured squares (docs/decisions.md item 13). */
export interface WireMove {
  readonly from: Square;
  readonly to: Square;
  readonly captures?: readonly Square[];
  /**
   * A king split (house rule `kingSplit`): the king on `from` becomes a man and a man appears on
   * `to`. Without this flag the same from and to name the king's step, so the flag is required.
   */
  readonly split?: boolean;
}

/** Where to search: a variant, a starting FEN (default: the variant's start) and moves from it. */
export interface WireGame {
  readonly variant: string;
  readonly options?: Options;
  readonly fen?: string;
  readonly moves?: readonly WireMove[];
}

export interface InitRequest {
  readonly type: 'init';
  /** Four bytes shared with the host; a non-zero int32 stops the running search. */
  readonly stopBuffer?: SharedArrayBuffer;
  /** Seed for levels' randomness (tests); default random. */
  readonly seed?: number;
  readonly ttBits?: number;
  /** Play from the opening books at levels 6–8 where the host has them (default false). */
  readonly book?: boolean;
  /**
   * Threads a search bounded by time runs on, where the host can start helper threads (Node);
   * default 1.
   */
  readonly threads?: number;
}

export interface SearchRequest {
  readonly type: 'search' | 'analyse';
  readonly id: number;
  readonly game: WireGame;
  readonly level?: number;
  readonly limits?: SearchLimits;
}

export interface StopRequest {
  readonly type: 'stop';
}

export interface NewGameRequest {
  readonly type: 'new-game';
}

export type EngineRequest = InitRequest | SearchRequest | StopRequest | NewGameRequest;

/** Progress after an iteration (the search's own record, PV as moves: plain data already). */
export type WireInfo = SearchInfo;

/** The result of a search; its move is undefined only when the side to move has no legal move. */
export type WireResult = SearchResult;

export type EngineResponse =
  | { readonly type: 'ready' }
  | { readonly type: 'info'; readonly id: number; readonly info: WireInfo }
  | { readonly type: 'result'; readonly id: number; readonly result: WireResult }
  | { readonly type: 'error'; readonly id: number; readonly message: string };
