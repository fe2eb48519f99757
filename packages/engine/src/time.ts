/**
 * Time management: the limits a search may be given (depth, nodes, move time, a game clock,
 * infinite), how a clock becomes a budget for one move — a soft limit after which no new
 * iteration starts, and a hard one at which the search is stopped — and the `SearchClock` the
 * search polls, which also answers a stop asked from a callback or from another thread.
 */

/** What the search may do; every field optional, several may combine (the first reached wins). */
export interface SearchLimits {
  /** Iterations to complete (plies, before extensions and quiescence). */
  readonly depth?: number;
  /** Stop after about this many nodes. */
  readonly nodes?: number;
  /** Milliseconds for this move. */
  readonly moveTime?: number;
  /** A game clock: the mover's remaining time, increment per move, moves to the next control. */
  readonly clock?: {
    readonly time: number;
    readonly increment?: number;
    readonly movesToGo?: number;
  };
  /** Search until stopped (or until the maximum depth). */
  readonly infinite?: boolean;
}

/** Milliseconds: `soft` — do not start another iteration after it; `hard` — abort the search. */
export function timeBudget(limits: SearchLimits): { soft: number; hard: number } {
  if (limits.infinite) return { soft: Infinity, hard: Infinity };
  if (limits.moveTime !== undefined) {
    // a fixed time per move banks nothing: time left unused is lost, so a new iteration starts
    // whenever time remains, and an unfinished one still plays a move it has found better
    const t = Math.max(1, limits.moveTime);
    const hard = Math.max(1, t - 2);
    return { soft: hard, hard };
  }
  if (limits.clock) {
    const { time, increment = 0, movesToGo } = limits.clock;
    const left = Math.max(0, time - 50);
    const base = left / Math.min(movesToGo ?? 30, 30) + increment * 0.75;
    const hard = Math.max(1, Math.min(base * 3, left * 0.4));
    return { soft: Math.min(base, hard), hard };
  }
  return { soft: Infinity, hard: Infinity };
}

export const now: () => number =
  typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();

/** One search's clock and stop requests. */
export class SearchClock {
  // a time from the start: the field holds a fraction from its first value, and never changes
  // shape when the first search sets it (which cost other searchers' compiled code)
  private startTime = now();
  private hardDeadline = Infinity;
  private softDeadline = Infinity;
  private infinite = false;
  private stopFlag: Int32Array | undefined;
  /** Asked to stop from a callback (`Searcher.stop`). */
  stopRequested = false;
  /** The hard deadline may stop the search only once an iteration has completed. */
  abortAllowed = false;

  /** Start timing a search with `limits`; `stopFlag`: a shared flag set from another thread. */
  start(limits: SearchLimits, stopFlag: Int32Array | undefined): void {
    this.startTime = now();
    const budget = timeBudget(limits);
    this.hardDeadline = this.startTime + budget.hard;
    this.softDeadline = this.startTime + budget.soft;
    this.infinite = limits.infinite === true;
    this.stopFlag = stopFlag;
    this.stopRequested = false;
    this.abortAllowed = false;
  }

  /** Milliseconds since the start. */
  elapsed(): number {
    return now() - this.startTime;
  }

  /** Whether the search must stop now: asked to, or past the hard deadline. */
  expired(): boolean {
    if (this.stopRequested || (this.stopFlag !== undefined && Atomics.load(this.stopFlag, 0) !== 0))
      return true;
    return this.abortAllowed && now() >= this.hardDeadline;
  }

  /** Whether no new iteration should start. */
  softExpired(): boolean {
    return !this.infinite && now() >= this.softDeadline;
  }
}
