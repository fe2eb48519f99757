/**
 * Helper search threads in a browser (threads.ts): `startBrowserHelpers` fills an engine's helper
 * pool with module workers, started from inside the engine's own worker. Shared memory needs the
 * page to be cross-origin isolated; how many threads a page uses is the app's choice. The helpers
 * probe no endgame databases (the browser's engine has none).
 */
import type { Variant } from '@damka/rules';
import { startHelperPool, type SearchHelpers } from './threads.ts';

/** The browser's Worker, as far as this module uses it (no DOM types needed). */
interface BrowserWorker {
  postMessage(message: unknown): void;
  terminate(): void;
  onerror: ((event: { preventDefault(): void }) => void) | null;
}

/** The browser's Worker constructor (the engine is built without the DOM's types). */
declare const Worker: new (url: URL, options: { type: 'module' }) => BrowserWorker;

/** Start the helper threads of an engine of `variant` in a browser worker. */
export function startBrowserHelpers(
  variant: Variant,
  options: { readonly threads: number; readonly ttBits?: number },
): SearchHelpers {
  return startHelperPool(variant, options, (settings, lost) => {
    // written out so that the app's bundler sees a worker and builds its entry as one
    const worker = new Worker(new URL('./threads-worker-browser.ts', import.meta.url), {
      type: 'module',
    });
    // a browser worker gets no start-up data: its settings are its first message
    worker.postMessage(settings);
    worker.onerror = (event) => {
      event.preventDefault();
      lost();
    };
    return {
      post: (message) => worker.postMessage(message),
      end: async () => worker.terminate(),
    };
  });
}
