/**
 * Helper search threads in a browser (threads.ts): `startBrowserHelpers` starts `threads - 1`
 * module workers from inside the engine's own worker. Shared memory needs the page to be
 * cross-origin isolated; how many threads a page uses is the app's choice. The helpers probe no
 * endgame databases (the browser's engine has none).
 */
import type { Variant } from '@damka/rules';
import { sharedTableBuffer } from './tt.ts';
import {
  MAX_THREADS,
  controlBuffer,
  helperControl,
  type HelperSettings,
  type SearchHelpers,
} from './threads.ts';

/** The browser's Worker, as far as this module uses it (no DOM types needed). */
interface BrowserWorker {
  postMessage(message: unknown): void;
  terminate(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: { preventDefault(): void }) => void) | null;
}

/** The browser's Worker constructor (the engine is built without the DOM's types). */
declare const Worker: new (url: URL, options: { type: 'module' }) => BrowserWorker;

/** Start the helper threads of an engine of `variant` in a browser worker. */
export function startBrowserHelpers(
  variant: Variant,
  options: { readonly threads: number; readonly ttBits?: number },
): SearchHelpers {
  const count = Math.min(MAX_THREADS, Math.max(1, Math.floor(options.threads))) - 1;
  if (count < 1) throw new Error('helper threads need threads of 2 or more');
  const ttBits = options.ttBits ?? 20;
  const table = sharedTableBuffer(ttBits);
  const control = controlBuffer(count);
  const alive = new Array<boolean>(count).fill(false);
  const workers = Array.from({ length: count }, (_, i) => {
    // written out so that the app's bundler sees a worker and builds its entry as one
    const worker = new Worker(new URL('./threads-worker-browser.ts', import.meta.url), {
      type: 'module',
    });
    const settings: HelperSettings = {
      variant: variant.id,
      options: variant.options,
      ttBits,
      table,
      control,
      index: i + 1,
    };
    worker.postMessage(settings);
    alive[i] = true;
    worker.onmessage = () => {};
    // a helper that fails only loses its help: it is not posted to or waited for again
    worker.onerror = (event) => {
      event.preventDefault();
      alive[i] = false;
      Atomics.store(new Int32Array(control), 2 + i, 0);
    };
    return worker;
  });
  const steer = helperControl(control, count, (i, message) => {
    if (alive[i]) workers[i]!.postMessage(message);
  });
  return {
    count,
    table,
    ttBits,
    ...steer,
    async close() {
      for (const w of workers) w.terminate();
    },
  };
}
