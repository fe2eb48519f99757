/**
 * Node `worker_threads` entry of a helper search thread (threads.ts): builds the searcher its
 * settings describe and runs the main thread's messages. `threads-node.ts` starts it, as the
 * build's `threads-worker-node.js` beside the bundle that asks or this source under tsx.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { getVariant } from '@damka/rules';
import { PatternTable } from './patterns.ts';
import { Searcher } from './search.ts';
import { openEgdb } from './egdb/files-node.ts';
import { createHelperRunner, type HelperMessage, type HelperSettings } from './threads.ts';

if (!parentPort) throw new Error('threads-worker-node.ts must run in a worker thread');
const port = parentPort;
const settings = workerData as HelperSettings;
const variant = getVariant(settings.variant, settings.options);
if (!variant.ok) throw new Error(variant.error);
const patterns =
  settings.patterns === undefined
    ? undefined
    : settings.patterns === null
      ? null
      : new PatternTable(settings.patterns.weights, settings.patterns.geometry);
const egdb =
  settings.egdbDir === undefined ? null : (openEgdb(variant.value, settings.egdbDir) ?? null);
const searcher = new Searcher(variant.value, {
  ttBits: settings.ttBits,
  sharedTable: settings.table,
  ...(settings.weights ? { weights: settings.weights } : {}),
  ...(patterns !== undefined ? { patterns } : {}),
  // as the engine: a search that does not model burn rights probes only board-only tables
  ...(egdb?.boardOnly ? { egdb } : {}),
});
const runner = createHelperRunner(searcher, settings);
port.on('message', (message: HelperMessage) => runner.handle(message));
port.postMessage('ready');
