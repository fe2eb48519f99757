/**
 * Building an opening book on a worker thread (Node): `startBookBuild` runs the builder
 * (book/build.ts) in book/build-worker-node.ts and hands its progress and saves to the caller,
 * which writes the files. A search of a deep book takes seconds to minutes and never gives the
 * thread it runs on a turn; on a worker, the caller's thread stays free, so a Ctrl-C is answered at
 * once: `stop()` sets a shared flag that the search reads every few hundred nodes.
 */
import type { Options } from '@damka/rules';
import type { BookBuildOptions } from './build.ts';
import type { BookFile } from './format.ts';
import { startWorker, workerJob, type WorkerFailure } from '../worker-start-node.ts';

/** What the worker builds (plain data: it crosses to the worker thread). */
export interface BookBuildJob {
  readonly variant: string;
  readonly variantOptions: Options;
  readonly options: BookBuildOptions;
  readonly previous: BookFile | undefined;
  /** Set to 1 to stop (`BookBuild.stop`). */
  readonly stopFlag: Int32Array;
  /** Microseconds of the process's CPU after which the build stops (Infinity: none). */
  readonly cpuLimit: number;
}

/** The worker's messages. */
export type BookBuildReport =
  | { readonly type: 'entry'; readonly entries: number; readonly searched: boolean }
  | { readonly type: 'save'; readonly book: BookFile }
  | { readonly type: 'done'; readonly book: BookFile; readonly complete: boolean }
  | WorkerFailure;

export interface BookBuildCallbacks {
  readonly onEntry?: (entries: number, searched: boolean) => void;
  /** Write the book so far; an error it throws ends the build with that error. */
  readonly save: (book: BookFile) => void;
}

export interface BookBuild {
  /** The book and whether it is complete (false: stopped, run again to resume). */
  readonly done: Promise<{ book: BookFile; complete: boolean }>;
  /** Stop now: the search in hand ends, its position is left for the next run, the book is saved. */
  stop(): void;
}

/** Start building `job` on a worker thread. */
export function startBookBuild(
  job: Omit<BookBuildJob, 'stopFlag'>,
  callbacks: BookBuildCallbacks,
): BookBuild {
  const stopFlag = new Int32Array(new SharedArrayBuffer(4));
  const worker = startWorker(import.meta.url, './build-worker-node.ts', './book-build-worker.js', {
    ...job,
    stopFlag,
  } satisfies BookBuildJob);
  const done = workerJob<BookBuildReport, { book: BookFile; complete: boolean }>(
    worker,
    "the book builder's thread",
    (report) => {
      if (report.type === 'entry') callbacks.onEntry?.(report.entries, report.searched);
      else if (report.type === 'save') callbacks.save(report.book);
      else return { done: { book: report.book, complete: report.complete } };
      return undefined;
    },
  );
  return { done, stop: () => Atomics.store(stopFlag, 0, 1) };
}
