/**
 * Node `worker_threads` entry: connects the engine host to the parent port. Start it with
 * `new Worker(url, { execArgv: ['--import', 'tsx'] })` while running from TypeScript sources.
 */
import { parentPort } from 'node:worker_threads';
import { createEngineHost } from './host.ts';
import type { EngineRequest } from './protocol.ts';

if (!parentPort) throw new Error('worker-node.ts must run in a worker thread');
const port = parentPort;
const host = createEngineHost((message) => port.postMessage(message));
port.on('message', (message: EngineRequest) => host.handle(message));
