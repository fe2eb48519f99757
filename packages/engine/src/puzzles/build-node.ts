/**
 * Building a puzzle set on a worker thread (Node): `startPuzzleBuild` runs the builder
 * (puzzles/build.ts) in puzzles/build-worker-node.ts and hands each game it finishes to the
 * caller, which keeps the set and the progress and writes them. A game's searches take seconds
 * and never give the thread they run on a turn; on a worker, the caller's thread stays free, so a
 * Ctrl-C is answered at once: `stop()` sets a shared flag that every search of the build reads
 * every few hundred nodes.
 */
import type { Options } from '@damka/rules';
import type { PuzzleBuildOptions, PuzzleGame, PuzzleSkip } from './build.ts';
import { startWorker, workerJob, type WorkerFailure } from '../worker-start-node.ts';

/** What the worker builds (plain data: it crosses to the worker thread). */
export interface PuzzleBuildJob {
  readonly variant: string;
  readonly variantOptions: Options;
  readonly options: PuzzleBuildOptions;
  /** The endgame tables the worker opens (their folder, at most `limit` pieces); null: none. */
  readonly egdb: { readonly dir: string; readonly limit: number | undefined } | null;
  /** Set to 1 to stop (`PuzzleBuild.stop`). */
  readonly stopFlag: Int32Array;
}

/** The worker's messages. */
export type PuzzleBuildReport =
  | { readonly type: 'game'; readonly game: PuzzleGame }
  | { readonly type: 'skip'; readonly skip: PuzzleSkip }
  | { readonly type: 'done'; readonly stopped: boolean }
  | WorkerFailure;

export interface PuzzleBuildCallbacks {
  /** A game searched in full: save it; an error it throws ends the build with that error. */
  readonly onGame: (game: PuzzleGame) => void;
  /** A file or game of the PDN files left out, and why (`PuzzleBuildHooks.onSkip`). */
  readonly onSkip?: (skip: PuzzleSkip) => void;
}

export interface PuzzleBuild {
  /** Whether the build was stopped (`stop`); false: it reached its target or its limits. */
  readonly done: Promise<{ stopped: boolean }>;
  /** Stop now: the search in hand ends and its game is left for the next run. */
  stop(): void;
}

/** Start building `job` on a worker thread. */
export function startPuzzleBuild(
  job: Omit<PuzzleBuildJob, 'stopFlag'>,
  callbacks: PuzzleBuildCallbacks,
): PuzzleBuild {
  const stopFlag = new Int32Array(new SharedArrayBuffer(4));
  const worker = startWorker(
    import.meta.url,
    './build-worker-node.ts',
    './puzzles-build-worker.js',
    {
      ...job,
      stopFlag,
    } satisfies PuzzleBuildJob,
  );
  const done = workerJob<PuzzleBuildReport, { stopped: boolean }>(
    worker,
    "the puzzle builder's thread",
    (report) => {
      if (report.type === 'game') callbacks.onGame(report.game);
      else if (report.type === 'skip') callbacks.onSkip?.(report.skip);
      else return { done: { stopped: report.stopped } };
      return undefined;
    },
  );
  return { done, stop: () => Atomics.store(stopFlag, 0, 1) };
}
