/**
 * Node `worker_threads` entry of the book builder: runs `buildBook` for the job in `workerData`
 * and reports to its parent (book/build-node.ts starts it). The build runs here, not on the
 * caller's thread, so that the caller stays free to answer a signal: it sets the shared stop flag,
 * and the search in hand stops at once instead of after seconds or minutes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { getVariant } from '@damka/rules';
import { buildBook } from './build.ts';
import type { BookBuildJob, BookBuildReport } from './build-node.ts';

if (!parentPort) throw new Error('build-worker-node.ts must run in a worker thread');
const port = parentPort;
const job = workerData as BookBuildJob;
const report = (message: BookBuildReport) => port.postMessage(message);

try {
  const variant = getVariant(job.variant, job.variantOptions);
  if (!variant.ok) throw new Error(variant.error);
  const cpuStart = process.cpuUsage();
  const { book, complete } = await buildBook(variant.value, job.options, job.previous, {
    onEntry: (entries, searched) => report({ type: 'entry', entries, searched }),
    save: (book) => report({ type: 'save', book }),
    stopFlag: job.stopFlag,
    shouldStop: () => {
      const used = process.cpuUsage(cpuStart);
      return used.user + used.system > job.cpuLimit;
    },
  });
  report({ type: 'done', book, complete });
} catch (error) {
  report({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}
