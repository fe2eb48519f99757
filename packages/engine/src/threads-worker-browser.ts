/**
 * Browser module-worker entry of a helper search thread (threads.ts), started by
 * `threads-browser.ts` from inside the engine's own worker. A browser worker gets no start-up
 * data, so its first message is its settings (threads-helper.ts builds its searcher from them,
 * once the variant's pattern table is fetched); the messages after it are the main thread's.
 */
import { helperAfterTables } from './threads-helper.ts';
import type { HelperMessage, HelperSettings } from './threads.ts';

/** The part of a dedicated worker's global scope this entry uses (no DOM types needed). */
interface WorkerScope {
  onmessage: ((event: { data: HelperSettings | HelperMessage }) => void) | null;
}

const scope = globalThis as unknown as WorkerScope;
let handle: ((message: HelperMessage) => void) | undefined;
scope.onmessage = (event) => {
  if (handle) handle(event.data as HelperMessage);
  // the variant's pattern table is fetched first, as the engine's worker fetched it
  else handle = helperAfterTables(event.data as HelperSettings);
};
