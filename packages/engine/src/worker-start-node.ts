/**
 * Starting one of the engine's Node worker threads (the engine worker, the book builder's, the
 * puzzle builder's): the build's JavaScript file beside the bundle that asks (scripts/build.mjs
 * puts them in one folder), or the TypeScript source beside the caller's source under tsx when the
 * caller runs from sources (tests, development). One home for this, so that every worker starts
 * the same way.
 *
 * `workerJob` is the other half for the builders' workers (book, puzzles), which run one job each:
 * how their reports, their errors and their end settle the job, in one place.
 *
 * From sources the worker must load tsx first: on Node 20, `execArgv: ['--import', 'tsx']`
 * registers tsx's hooks too late for the worker's own entry module (ERR_UNKNOWN_FILE_EXTENSION),
 * so a two-line bootstrap registers them and then imports the entry.
 */
import { Worker } from 'node:worker_threads';

/**
 * Start the worker whose source is `source` and whose built file is `built`, both relative to
 * `callerUrl` (the caller's `import.meta.url`); `workerData` is handed to the worker.
 */
export function startWorker(
  callerUrl: string,
  source: string,
  built: string,
  workerData?: unknown,
): Worker {
  const fromSource = new URL(callerUrl).pathname.endsWith('.ts');
  const entry = new URL(fromSource ? source : built, callerUrl);
  const data = workerData === undefined ? {} : { workerData };
  if (!fromSource) return new Worker(entry, data);
  const api = import.meta.resolve('tsx/esm/api');
  const code =
    `import(${JSON.stringify(api)})` +
    `.then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(code, { eval: true, execArgv: [], ...data });
}

/** A report every job worker may post: the job failed with this message. */
export interface WorkerFailure {
  readonly type: 'error';
  readonly message: string;
}

/**
 * The outcome of the one job `worker` runs. `handle` reads each report the worker posts and returns
 * `{ done: result }` for the report that ends the job (undefined for the others); an error it
 * throws ends the job with that error. A `WorkerFailure` report, an error thrown in the worker or
 * its thread ending before the job did (`name` says whose, in that message) end it as an error.
 * The worker is terminated when the job ends, and reports after that are not read.
 */
export function workerJob<R extends { readonly type: string }, T>(
  worker: Worker,
  name: string,
  handle: (report: Exclude<R, WorkerFailure>) => { readonly done: T } | undefined,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      outcome();
    };
    worker.on('message', (report: R | WorkerFailure) => {
      if (settled) return;
      if (report.type === 'error') {
        const { message } = report as WorkerFailure;
        finish(() => reject(new Error(message)));
        return;
      }
      try {
        const end = handle(report as Exclude<R, WorkerFailure>);
        if (end !== undefined) finish(() => resolve(end.done));
      } catch (error) {
        finish(() => reject(error instanceof Error ? error : new Error(String(error))));
      }
    });
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code) =>
      finish(() => reject(new Error(`${name} ended (exit code ${code})`))),
    );
  });
}
