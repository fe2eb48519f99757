/**
 * The page's side of the computer player: one lazily started module Worker, one question at a time,
 * answers matched by id so a question abandoned (undo, new game) is never answered late.
 */
import type { Entry, GameSetup } from '../game/record.ts';
import type { ThinkRequest, WorkerAnswer } from './protocol.ts';

export class ComputerPlayer {
  private worker: Worker | null = null;
  private nextId = 1;
  private pending: { id: number; resolve: (e: Entry | null) => void } | null = null;

  private start(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('./computer.worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (e: MessageEvent<WorkerAnswer>) => {
      const a = e.data;
      const p = this.pending;
      if (!p || p.id !== a.id) return;
      this.pending = null;
      p.resolve(a.type === 'entry' ? a.entry : null);
    };
    w.onerror = () => {
      const p = this.pending;
      this.pending = null;
      p?.resolve(null);
    };
    this.worker = w;
    return w;
  }

  /** Ask for the entry to play; resolves null when the question is abandoned or fails. */
  think(setup: GameSetup, entries: readonly Entry[]): Promise<Entry | null> {
    this.abandon();
    const id = this.nextId++;
    const req: ThinkRequest = { type: 'think', id, setup, entries };
    return new Promise((resolve) => {
      this.pending = { id, resolve };
      this.start().postMessage(req);
    });
  }

  /** Forget the question in flight (its answer will be dropped). */
  abandon(): void {
    const p = this.pending;
    this.pending = null;
    p?.resolve(null);
  }

  dispose(): void {
    this.abandon();
    this.worker?.terminate();
    this.worker = null;
  }
}
