/**
 * A Node client for the engine worker: runs searches in a `worker_threads` thread so the caller's
 * event loop stays free, and stops them at once through a shared flag.
 */
import type { Worker } from 'node:worker_threads';
import { startWorker } from './worker-start-node.ts';
import type { EngineRequest, EngineResponse, WireGame, WireInfo, WireResult } from './protocol.ts';
import type { SearchLimits } from './search.ts';

export interface ClientSearch {
  readonly game: WireGame;
  readonly level?: number;
  readonly limits?: SearchLimits;
  readonly analyse?: boolean;
  readonly onInfo?: (info: WireInfo) => void;
}

export class NodeEngineClient {
  private readonly worker: Worker;
  private readonly stopFlag = new Int32Array(new SharedArrayBuffer(4));
  private nextId = 1;
  private readonly pending = new Map<
    number,
    {
      resolve: (r: WireResult) => void;
      reject: (e: Error) => void;
      onInfo?: (info: WireInfo) => void;
    }
  >();
  private readonly ready: Promise<void>;

  /**
   * Start a worker; `seed` fixes the levels' randomness (tests); `book` lets levels 6–8 play from
   * the opening books (off by default; `damka hub` turns it on unless its `book` parameter is false);
   * `threads` above 1 gives searches bounded by time helper threads (threads.ts).
   */
  constructor(options: { seed?: number; ttBits?: number; book?: boolean; threads?: number } = {}) {
    this.worker = startWorker(import.meta.url, './worker-node.ts', './worker-node.js');
    let markReady: () => void = () => {};
    this.ready = new Promise((resolve) => (markReady = resolve));
    this.worker.on('message', (message: EngineResponse) => {
      if (message.type === 'ready') return markReady();
      const p = this.pending.get(message.id);
      if (!p) return;
      if (message.type === 'info') p.onInfo?.(message.info);
      else if (message.type === 'result') {
        this.pending.delete(message.id);
        p.resolve(message.result);
      } else {
        this.pending.delete(message.id);
        p.reject(new Error(message.message));
      }
    });
    this.worker.on('error', (e) => {
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    });
    this.post({
      type: 'init',
      stopBuffer: this.stopFlag.buffer as SharedArrayBuffer,
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      ...(options.ttBits !== undefined ? { ttBits: options.ttBits } : {}),
      ...(options.book !== undefined ? { book: options.book } : {}),
      ...(options.threads !== undefined ? { threads: options.threads } : {}),
    });
  }

  /** Search (or analyse) in the worker; resolves with the result. */
  async search(request: ClientSearch): Promise<WireResult> {
    // Clear the flag before waiting, so a stop() issued right after search() (same tick) holds.
    Atomics.store(this.stopFlag, 0, 0);
    await this.ready;
    const id = this.nextId++;
    return new Promise<WireResult>((resolve, reject) => {
      this.pending.set(id, {
        resolve,
        reject,
        ...(request.onInfo ? { onInfo: request.onInfo } : {}),
      });
      this.post({
        type: request.analyse ? 'analyse' : 'search',
        id,
        game: request.game,
        ...(request.level !== undefined ? { level: request.level } : {}),
        ...(request.limits ? { limits: request.limits } : {}),
      });
    });
  }

  /** Stop the running search: it answers with its best move so far. */
  stop(): void {
    Atomics.store(this.stopFlag, 0, 1);
    this.post({ type: 'stop' });
  }

  newGame(): void {
    this.post({ type: 'new-game' });
  }

  /** End the worker thread. */
  async close(): Promise<void> {
    await this.worker.terminate();
  }

  private post(message: EngineRequest): void {
    this.worker.postMessage(message);
  }
}
