/**
 * Node `worker_threads` entry: connects the engine host to the parent port. `client-node.ts` starts
 * it: the build's `worker-node.js` beside the bundle that asks (scripts/build.mjs puts them in one
 * folder), or this source under tsx when the caller runs from sources (tests).
 * Its engines probe the endgame databases of the cache folder (egdb/files-node.ts) when some
 * were built there; with none the search is as before. Levels 6–8 play from the variant's opening
 * book (book/), loaded when a game of that variant first asks for a move. An `init` asking for
 * more than one thread gives each engine helper threads (threads-node.ts).
 */
import { parentPort } from 'node:worker_threads';
import { createEngineHost } from './host.ts';
import { defaultEgdbDir, openEgdb } from './egdb/files-node.ts';
import { startHelpers } from './threads-node.ts';
import { loadBook } from './book/load.ts';
import type { EngineRequest } from './protocol.ts';

if (!parentPort) throw new Error('worker-node.ts must run in a worker thread');
const port = parentPort;
const host = createEngineHost(
  (message) => port.postMessage(message),
  (variant) => openEgdb(variant),
  loadBook,
  (variant, { threads, ttBits, egdb }) =>
    startHelpers(variant, {
      threads,
      ...(ttBits !== undefined ? { ttBits } : {}),
      ...(egdb ? { egdbDir: defaultEgdbDir() } : {}),
    }),
);
port.on('message', (message: EngineRequest) => host.handle(message));
