/**
 * Helper search threads on Node (threads.ts): `startHelpers` starts `threads - 1` worker threads
 * for one engine and gives the engine what it needs to share its table with them. The threads are
 * unreferenced, so they never keep a finished command alive; `close` ends them sooner.
 */
import type { Variant } from '@damka/rules';
import { startWorker } from './worker-start-node.ts';
import { sharedTableBuffer } from './tt.ts';
import type { PatternTable } from './patterns.ts';
import type { Weights } from './weights.ts';
import {
  MAX_THREADS,
  controlBuffer,
  helperControl,
  type HelperMessage,
  type HelperSettings,
  type SearchHelpers,
} from './threads.ts';

export { MAX_THREADS };

export interface HelperOptions {
  /** Threads in all, the engine's own included (2 or more to start any helper). */
  readonly threads: number;
  /** The shared table's size, log2 entries (default 20, as an engine's). */
  readonly ttBits?: number;
  readonly weights?: Partial<Weights>;
  /** The engine's pattern table when it is not the variant's own (null: none). */
  readonly patterns?: PatternTable | null;
  /** The folder of endgame databases the engine probes, for the helpers to probe too. */
  readonly egdbDir?: string;
}

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
  const count = Math.min(MAX_THREADS, Math.max(1, Math.floor(options.threads))) - 1;
  if (count < 1) throw new Error('helper threads need threads of 2 or more');
  const ttBits = options.ttBits ?? 20;
  const table = sharedTableBuffer(ttBits);
  const control = controlBuffer(count);
  const alive = new Array<boolean>(count).fill(true);
  const loaded: Promise<void>[] = [];
  const workers = Array.from({ length: count }, (_, i) => {
    const settings: HelperSettings = {
      variant: variant.id,
      options: variant.options,
      ttBits,
      table,
      control,
      index: i + 1,
      ...(options.weights ? { weights: options.weights } : {}),
      ...(options.patterns !== undefined
        ? {
            patterns:
              options.patterns === null
                ? null
                : { weights: options.patterns.weights, geometry: options.patterns.geometry },
          }
        : {}),
      ...(options.egdbDir !== undefined ? { egdbDir: options.egdbDir } : {}),
    };
    const worker = startWorker(
      import.meta.url,
      './threads-worker-node.ts',
      './threads-worker-node.js',
      settings,
    );
    worker.unref();
    // a helper that fails or ends only loses its help: it is not posted to or waited for again
    const lost = () => {
      alive[i] = false;
      Atomics.store(new Int32Array(control), 2 + i, 0);
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    loaded.push(
      new Promise<void>((resolve) => {
        worker.once('message', () => resolve());
        worker.once('exit', () => resolve());
        worker.once('error', () => resolve());
      }),
    );
    return worker;
  });
  const steer = helperControl(control, count, (i: number, message: HelperMessage) => {
    if (alive[i]) workers[i]!.postMessage(message);
  });
  return {
    count,
    table,
    ttBits,
    ...steer,
    async ready() {
      await Promise.all(loaded);
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
