/**
 * Starting one of the engine's Node worker threads (the engine worker, the book builder's, the
 * puzzle builder's): the build's JavaScript file beside the bundle that asks (scripts/build.mjs
 * puts them in one folder), or the TypeScript source beside the caller's source under tsx when the
 * caller runs from sources (tests, development). One home for this, so that every worker starts
 * the same way.
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
