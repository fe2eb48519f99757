/**
 * Browser module-worker entry of a helper search thread (threads.ts), started by
 * `threads-browser.ts` from inside the engine's own worker. A browser worker gets no start-up
 * data, so its first message is its settings; it answers `ready` once its searcher is built and
 * then runs the main thread's messages.
 */
import { getVariant } from '@damka/rules';
import { PatternTable } from './patterns.ts';
import { Searcher } from './search.ts';
import { createHelperRunner, type HelperMessage, type HelperSettings } from './threads.ts';

/** The part of a dedicated worker's global scope this entry uses (no DOM types needed). */
interface WorkerScope {
  postMessage(message: 'ready'): void;
  onmessage: ((event: { data: HelperSettings | HelperMessage }) => void) | null;
}

const scope = globalThis as unknown as WorkerScope;
let runner: { handle(message: HelperMessage): void } | undefined;
scope.onmessage = (event) => {
  if (runner) {
    runner.handle(event.data as HelperMessage);
    return;
  }
  const settings = event.data as HelperSettings;
  const variant = getVariant(settings.variant, settings.options);
  if (!variant.ok) throw new Error(variant.error);
  const patterns =
    settings.patterns === undefined
      ? undefined
      : settings.patterns === null
        ? null
        : new PatternTable(settings.patterns.weights, settings.patterns.geometry);
  const searcher = new Searcher(variant.value, {
    ttBits: settings.ttBits,
    sharedTable: settings.table,
    ...(settings.weights ? { weights: settings.weights } : {}),
    ...(patterns !== undefined ? { patterns } : {}),
  });
  runner = createHelperRunner(searcher, settings);
  scope.postMessage('ready');
};
