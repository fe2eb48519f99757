/**
 * The page's side of the computer: a lazily started module Worker running `@damka/engine` (so the
 * engine never weighs on the first page's JavaScript), one question at a time in arrival order, and
 * answers matched by id so a question abandoned (undo, new game, another position) is never
 * answered late.
 *
 * A search is synchronous inside the worker and cannot read messages. When the page is
 * cross-origin isolated (the server's headers make it so) a shared flag stops it and the worker
 * answers with its best so far, and a full-strength search may use several threads
 * (`computerThreads`); otherwise cancelling the running question terminates the worker, and the next question starts a
 * fresh one. Either way the page never waits for a search it no longer wants.
 */
import type { Entry, GameSetup } from '../game/record.ts';
import type { Analysis, FromWorker, Question, QuestionKind, ToWorker } from './protocol.ts';

export type { Analysis } from './protocol.ts';

/** Search time per playing level (levels 1–7 also stop at their depth, usually much sooner). */
const LEVEL_TIME_MS = [400, 400, 500, 600, 1000, 1200, 1500, 2000] as const;
/** The computer never answers faster than this, so its move can be seen coming. */
const MIN_THINK_MS = 350;
/** A hint: full strength, a short time. */
export const HINT_TIME_MS = 1000;
/** A quick evaluation, e.g. to answer a draw offer. */
export const EVALUATE_TIME_MS = 300;
/** An analysis runs until stopped or for this long. */
export const ANALYSIS_TIME_MS = 60_000;

export const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/**
 * Threads the computer searches on at full strength (level 8, hints, analysis) on a device with
 * `cores` logical processors, when the page is cross-origin isolated: one core is left to the page
 * (its drawing and input), and at most four search.
 */
export function computerThreads(cores: number): number {
  return Number.isFinite(cores) ? Math.max(1, Math.min(4, Math.floor(cores) - 1)) : 1;
}
export const DEFAULT_LEVEL = 3;

/** A level from stored data: an integer 1–8, or the default. */
export function levelOf(x: unknown): number {
  return typeof x === 'number' && Number.isInteger(x) && x >= 1 && x <= 8 ? x : DEFAULT_LEVEL;
}

interface Job {
  readonly id: number;
  readonly question: Question;
  readonly onInfo: ((a: Analysis) => void) | undefined;
  readonly resolve: (a: Analysis | null) => void;
  settled: boolean;
}

/** A running question: its final answer (null if cancelled or failed), and a way to cancel it. */
export interface Asked {
  readonly answer: Promise<Analysis | null>;
  cancel(): void;
}

/** One engine worker serving questions in order. */
export class EngineWorker {
  private worker: Worker | null = null;
  private stopFlag: Int32Array | null = null;
  private running: Job | null = null;
  private readonly queue: Job[] = [];
  private nextId = 1;

  /** Ask a question; `onInfo` receives an analysis's progress. */
  ask(
    type: QuestionKind,
    setup: GameSetup,
    entries: readonly Entry[],
    moveTime: number,
    extra: { level?: number; onInfo?: (a: Analysis) => void } = {},
  ): Asked {
    const id = this.nextId++;
    const question: Question = {
      type,
      id,
      setup,
      entries: [...entries],
      moveTime,
      ...(extra.level !== undefined ? { level: extra.level } : {}),
    };
    let job!: Job;
    const answer = new Promise<Analysis | null>((resolve) => {
      job = { id, question, onInfo: extra.onInfo, resolve, settled: false };
    });
    this.queue.push(job);
    this.pump();
    return { answer, cancel: () => this.cancel(job) };
  }

  /** Stop the worker and forget every question. */
  dispose(): void {
    for (const job of [...this.queue, ...(this.running ? [this.running] : [])]) settle(job, null);
    this.queue.length = 0;
    this.running = null;
    this.worker?.terminate();
    this.worker = null;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('./computer.worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (e: MessageEvent<FromWorker>) => this.receive(w, e.data);
    w.onerror = (e) => {
      e.preventDefault();
      console.error(`Damka engine worker failed: ${e.message}`);
      this.restart(w);
    };
    w.onmessageerror = () => this.restart(w);
    this.worker = w;
    this.stopFlag = null;
    if (typeof SharedArrayBuffer !== 'undefined' && globalThis.crossOriginIsolated === true) {
      const buffer = new SharedArrayBuffer(4);
      this.stopFlag = new Int32Array(buffer);
      const threads = computerThreads(globalThis.navigator?.hardwareConcurrency ?? 1);
      const init: ToWorker = { type: 'init', stopBuffer: buffer, threads };
      w.postMessage(init);
    }
    return w;
  }

  /** The worker failed: drop it, fail its question, go on with the next one in a new worker. */
  private restart(w: Worker): void {
    if (this.worker !== w) return;
    w.terminate();
    this.worker = null;
    const job = this.running;
    this.running = null;
    if (job) settle(job, null);
    this.pump();
  }

  private receive(w: Worker, a: FromWorker): void {
    const job = this.running;
    if (this.worker !== w || !job || job.id !== a.id) return;
    if (a.type === 'info') {
      if (!job.settled) job.onInfo?.(a.analysis);
      return;
    }
    this.running = null;
    // a refused question is a bug in the page or the engine: say so where developers look
    if (a.type === 'error') console.error(`Damka engine: ${a.message}`);
    settle(job, a.type === 'done' ? a.analysis : null);
    this.pump();
  }

  private pump(): void {
    if (this.running) return;
    const job = this.queue.shift();
    if (!job) return;
    this.running = job;
    const worker = this.start();
    // the worker is idle here: clear a stop that arrived after its last search had ended
    if (this.stopFlag) Atomics.store(this.stopFlag, 0, 0);
    worker.postMessage(job.question satisfies ToWorker);
  }

  private cancel(job: Job): void {
    if (job.settled) return;
    settle(job, null);
    const queued = this.queue.indexOf(job);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      return;
    }
    if (this.running !== job) return;
    if (this.stopFlag) {
      // the worker answers at once with its best so far; that answer is then dropped
      Atomics.store(this.stopFlag, 0, 1);
      return;
    }
    this.worker?.terminate();
    this.worker = null;
    this.running = null;
    this.pump();
  }
}

function settle(job: Job, a: Analysis | null): void {
  if (job.settled) return;
  job.settled = true;
  job.resolve(a);
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The computer opponent of a game, its hints and its quick evaluations. */
export class ComputerPlayer {
  private readonly engine = new EngineWorker();
  private thinking: Asked | null = null;

  /** The entry to play at `level` (1–8, default 3); null when the question is abandoned or fails. */
  async think(setup: GameSetup, entries: readonly Entry[], level?: number): Promise<Entry | null> {
    this.abandon();
    const lv = levelOf(level);
    const asked = this.engine.ask('think', setup, entries, LEVEL_TIME_MS[lv - 1]!, { level: lv });
    this.thinking = asked;
    const [analysis] = await Promise.all([asked.answer, delay(MIN_THINK_MS)]);
    if (this.thinking !== asked) return null; // abandoned meanwhile
    this.thinking = null;
    return analysis?.best ?? null;
  }

  /** Forget the move asked for (its answer will be dropped). */
  abandon(): void {
    this.thinking?.cancel();
    this.thinking = null;
  }

  /** The best thing to play for the side to move, at full strength in a short time. */
  hint(setup: GameSetup, entries: readonly Entry[]): Asked {
    return this.engine.ask('hint', setup, entries, HINT_TIME_MS);
  }

  /**
   * A quick evaluation of the game's current position: hundredths of a man for the side to move
   * (about 300 ms of search); null when there is no legal move or the question fails.
   */
  async evaluate(setup: GameSetup, entries: readonly Entry[]): Promise<number | null> {
    const analysis = await this.engine.ask('evaluate', setup, entries, EVALUATE_TIME_MS).answer;
    return analysis ? analysis.score : null;
  }

  dispose(): void {
    this.thinking = null;
    this.engine.dispose();
  }
}
