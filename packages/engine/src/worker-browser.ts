/**
 * Browser Web Worker entry: connects the engine host to the worker's global scope. Load it as a
 * module worker: `new Worker(new URL('./worker-browser.ts', import.meta.url), { type: 'module' })`.
 * Without cross-origin isolation there is no `SharedArrayBuffer`; the page then stops a search by
 * terminating the worker and keeping the best move of the last `info` message.
 */
import { createEngineHost } from './host.ts';
import type { EngineRequest, EngineResponse } from './protocol.ts';

/** The part of a dedicated worker's global scope this entry uses (no DOM types needed). */
interface WorkerScope {
  postMessage(message: EngineResponse): void;
  onmessage: ((event: { data: EngineRequest }) => void) | null;
}

const scope = globalThis as unknown as WorkerScope;
const host = createEngineHost((message) => scope.postMessage(message));
scope.onmessage = (event) => host.handle(event.data);
