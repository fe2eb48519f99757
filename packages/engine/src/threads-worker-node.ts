/**
 * Node `worker_threads` entry of a helper search thread (threads.ts): runs the main thread's
 * messages on the searcher its settings describe (threads-helper.ts), probing the endgame
 * databases of the engine's folder. `threads-node.ts` starts it, as the build's
 * `threads-worker-node.js` beside the bundle that asks or this source under tsx.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openEgdb } from './egdb/files-node.ts';
import { helperRunnerFor } from './threads-helper.ts';
import type { HelperMessage, HelperSettings } from './threads.ts';

if (!parentPort) throw new Error('threads-worker-node.ts must run in a worker thread');
const port = parentPort;
const settings = workerData as HelperSettings;
const dir = settings.egdbDir;
const runner = helperRunnerFor(
  settings,
  dir === undefined ? undefined : (variant) => openEgdb(variant, dir) ?? null,
);
port.on('message', (message: HelperMessage) => runner.handle(message));
port.postMessage('ready');
