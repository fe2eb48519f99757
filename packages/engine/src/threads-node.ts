/**
 * Helper search threads on Node (threads.ts): `startHelpers` fills an engine's helper pool with
 * worker threads. The threads are unreferenced, so they never keep a finished command alive;
 * `close` ends them sooner.
 */
import type { Variant } from '@damka/rules';
import { startWorker } from './worker-start-node.ts';
import { MAX_THREADS, startHelperPool, type HelperOptions, type SearchHelpers } from './threads.ts';

export { MAX_THREADS, type HelperOptions };

/** Helper threads on Node: `ready` resolves once every thread has loaded (or ended). */
export interface NodeSearchHelpers extends SearchHelpers {
  ready(): Promise<void>;
}

/**
 * Start the helper threads of an engine of `variant` (pass the result as `helpers`). A thread
 * takes a few hundred milliseconds to load its code; searches started before then run without it
 * (a long analysis may wait for `ready` first).
 */
export function startHelpers(variant: Variant, options: HelperOptions): NodeSearchHelpers {
  const loaded: Promise<void>[] = [];
  const pool = startHelperPool(variant, options, (settings, lost) => {
    const worker = startWorker(
      import.meta.url,
      './threads-worker-node.ts',
      './threads-worker-node.js',
      settings,
    );
    worker.unref();
    worker.on('error', lost);
    worker.on('exit', lost);
    // its first message says it is ready; an end or an error settles the wait too
    loaded.push(
      new Promise<void>((resolve) => {
        worker.once('message', () => resolve());
        worker.once('exit', () => resolve());
        worker.once('error', () => resolve());
      }),
    );
    return {
      post: (message) => worker.postMessage(message),
      end: async () => void (await worker.terminate()),
    };
  });
  return {
    ...pool,
    async ready() {
      await Promise.all(loaded);
    },
  };
}
