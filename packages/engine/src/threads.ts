/**
 * Searching on several threads ("lazy SMP"): helper threads search the same root as the engine's
 * own search, each on its own board and move-ordering tables, and all of them read and write one
 * shared transposition table. The helpers' results are never played; what they store in the table
 * (cutoffs, scores, best moves a ply or two deeper) makes the main search reach further in the
 * same time. No messages pass during a search: the table is the only channel, so nothing waits.
 *
 * This module is the platform-free half: what a helper is asked (`HelperTask`, plain data a
 * thread can receive), the control words shared with the helpers, and the loop a helper thread
 * runs (`createHelperRunner`), and the pool of helpers one engine gets (`startHelperPool`),
 * which `threads-node.ts` fills with Node worker threads and `threads-browser.ts` with browser
 * module workers; a thread builds its searcher in `threads-helper.ts`. The engine sees only the
 * `SearchHelpers` interface.
 *
 * Helpers join only searches bounded by time or by a stop (a move time, a game clock, an infinite
 * analysis) at full strength: a search to a fixed depth or node count stays on one thread, so its
 * node count and its move are the same on every run (the bench, the levels, the puzzles).
 *
 * The table's words are written without locks. Two threads storing one bucket at once can leave
 * an entry whose lock belongs to one position and whose score or move to another; as in other
 * engines that share a table so, this is rare and its cost small: a move read from the table is
 * only an ordering hint (the search plays moves of its own list), and the move the engine plays
 * always comes from the main search.
 */
import type { KingRuns, Variant } from '@damka/rules';
import type { Searcher } from './search.ts';
import type { Weights } from './weights.ts';
import type { PatternTable } from './patterns.ts';
import { sharedTableBuffer } from './tt.ts';

/** The most threads one engine may search on. */
export const MAX_THREADS = 64;

/** One search for the helpers: the main search's root and the game's keys before it. */
export interface HelperTask {
  readonly board: Int8Array;
  readonly side: number;
  readonly historyLo: Int32Array;
  readonly historyHi: Int32Array;
  readonly reversiblePlies: number;
  readonly openingPly: number;
  readonly kingRuns: KingRuns;
  /** The age the main search stamps on its table entries (the helpers stamp the same). */
  readonly age: number;
}

/** The helper threads of one engine, as the engine uses them. */
export interface SearchHelpers {
  /** How many helper threads (the engine's own search is one more). */
  readonly count: number;
  /** The transposition table the engine and its helpers share, and its size (log2 entries). */
  readonly table: SharedArrayBuffer;
  readonly ttBits: number;
  /** Start every helper on `task`; they search until `stop`. */
  start(task: HelperTask): void;
  /**
   * Stop the helpers, returning once every one of them has stopped searching, with the nodes they
   * searched since `start`.
   */
  stop(): number;
  /** A new game: each helper forgets its move-ordering history. */
  newGame(): void;
  /** End the helper threads. */
  close(): Promise<void>;
}

/**
 * The control words shared with the helpers: word 0 is the stop flag, word 1 the number of the
 * current search (each task carries the number it was posted with), word `2 + i` helper i's busy
 * flag, which the helper itself sets while it holds a task, and word `2 + count + i` the nodes it
 * searched for its last task (written before its busy flag is cleared).
 *
 * A helper still loading its code when a search starts takes the task when it is ready, if that
 * search is still running: it sets its busy flag first, then reads the stop flag and the search
 * number, and drops the task when either says that search is over. The main thread sets the stop
 * flag first, then reads the busy flags: so a helper it did not see busy reads the stop (or, once
 * the next search has started, a new number) and never searches an old root.
 */
export function controlBuffer(helpers: number): SharedArrayBuffer {
  return new SharedArrayBuffer(4 * (2 + 2 * helpers));
}

/** The settings a helper thread builds its searcher from (sent to the thread at its start). */
export interface HelperSettings {
  readonly variant: string;
  readonly options: Variant['options'];
  readonly ttBits: number;
  readonly table: SharedArrayBuffer;
  readonly control: SharedArrayBuffer;
  /** 1-based: the main search is thread 0. */
  readonly index: number;
  readonly weights?: Partial<Weights>;
  /** The men's pattern table as data (`PatternTable.weights` and `geometry`); null for none. */
  readonly patterns?: { weights: Int16Array; geometry: PatternTable['geometry'] } | null;
  /** A folder of endgame databases to probe (the Node helper opens it), as the engine does. */
  readonly egdbDir?: string;
}

/** A message to a helper thread; a task carries the number of its search (`controlBuffer`). */
export type HelperMessage =
  | { readonly type: 'task'; readonly task: HelperTask; readonly search: number }
  | { readonly type: 'new-game' };

/** What starting helper threads takes, on any platform. */
export interface HelperOptions {
  /** Threads in all, the engine's own included (2 or more to start any helper). */
  readonly threads: number;
  /** The shared table's size, log2 entries (default 20, as an engine's). */
  readonly ttBits?: number;
  readonly weights?: Partial<Weights>;
  /** The engine's pattern table when it is not the variant's own (null: none). */
  readonly patterns?: PatternTable | null;
  /** The folder of endgame databases the engine probes, for the helpers to probe too. */
  readonly egdbDir?: string;
}

/** A started helper thread, as the pool drives it. */
export interface HelperThread {
  post(message: HelperMessage): void;
  end(): Promise<void>;
}

/**
 * The helpers of an engine of `variant`: the shared table and control words, each thread's
 * settings, and the steering of `helperControl`. `spawn` starts one thread on the platform (Node
 * worker threads, browser module workers) and calls `lost` if it fails or ends: a lost helper
 * only loses its help, it is not posted to or waited for again.
 */
export function startHelperPool(
  variant: Variant,
  options: HelperOptions,
  spawn: (settings: HelperSettings, lost: () => void) => HelperThread,
): SearchHelpers {
  const count = Math.min(MAX_THREADS, Math.max(1, Math.floor(options.threads))) - 1;
  if (count < 1) throw new Error('helper threads need threads of 2 or more');
  const ttBits = options.ttBits ?? 20;
  const table = sharedTableBuffer(ttBits);
  const control = controlBuffer(count);
  const words = new Int32Array(control);
  const alive = new Array<boolean>(count).fill(true);
  const patterns = options.patterns;
  const threads = Array.from({ length: count }, (_, i) =>
    spawn(
      {
        variant: variant.id,
        options: variant.options,
        ttBits,
        table,
        control,
        index: i + 1,
        ...(options.weights ? { weights: options.weights } : {}),
        ...(patterns !== undefined
          ? { patterns: patterns && { weights: patterns.weights, geometry: patterns.geometry } }
          : {}),
        ...(options.egdbDir !== undefined ? { egdbDir: options.egdbDir } : {}),
      },
      () => {
        alive[i] = false;
        Atomics.store(words, 2 + i, 0);
      },
    ),
  );
  const steer = helperControl(control, count, (i, message) => {
    if (alive[i]) threads[i]!.post(message);
  });
  return {
    count,
    table,
    ttBits,
    ...steer,
    async close() {
      await Promise.all(threads.map((t) => t.end()));
    },
  };
}

/** The longest `stop` waits for one helper (a thread that died mid-search never answers). */
export const STOP_WAIT_MS = 1000;

/**
 * The main thread's side of the control words: post a task to every helper, stop them all and
 * wait. `post(i, message)` sends to helper i (0-based); a thread that has ended is not posted to.
 */
export function helperControl(
  control: SharedArrayBuffer,
  count: number,
  post: (i: number, message: HelperMessage) => void,
): Pick<SearchHelpers, 'start' | 'stop' | 'newGame'> {
  const words = new Int32Array(control);
  return {
    start(task) {
      const search = (Atomics.load(words, 1) + 1) | 0;
      Atomics.store(words, 1, search);
      Atomics.store(words, 0, 0);
      for (let i = 0; i < count; i++) post(i, { type: 'task', task, search });
    },
    stop() {
      Atomics.store(words, 0, 1);
      const deadline = Date.now() + STOP_WAIT_MS;
      let nodes = 0;
      for (let i = 0; i < count; i++) {
        // a helper polls the flag every 256 nodes: this waits well under a millisecond
        while (Atomics.load(words, 2 + i) !== 0) {
          const left = deadline - Date.now();
          if (left <= 0) break;
          Atomics.wait(words, 2 + i, 1, Math.min(left, 20));
        }
        nodes += Atomics.exchange(words, 2 + count + i, 0);
      }
      return nodes;
    },
    newGame() {
      for (let i = 0; i < count; i++) post(i, { type: 'new-game' });
    },
  };
}

/**
 * A helper thread's loop: `handle` runs each message from the main thread on `searcher` (built
 * on the shared table, `settings.table`). A task whose search is over (the main search was
 * quicker than the message, or than the thread's start) is dropped at once.
 */
export function createHelperRunner(
  searcher: Searcher,
  settings: HelperSettings,
): { handle(message: HelperMessage): void } {
  const words = new Int32Array(settings.control);
  const stopFlag = words.subarray(0, 1);
  const busy = 1 + settings.index; // helper i's busy word is 2 + (i - 1)
  const nodesWord = busy + (words.length - 2) / 2;
  return {
    handle(message) {
      if (message.type === 'new-game') {
        searcher.clear(false);
        return;
      }
      const task = message.task;
      // busy first, then the stop and the number (see `controlBuffer`)
      Atomics.store(words, busy, 1);
      try {
        if (Atomics.load(stopFlag, 0) === 0 && Atomics.load(words, 1) === message.search) {
          // the search's start moves the age on by one: start from the one before the main's
          searcher.tt.setAge(task.age - 1);
          const result = searcher.run(task.board, task.side, {
            limits: { infinite: true },
            historyLo: task.historyLo,
            historyHi: task.historyHi,
            reversiblePlies: task.reversiblePlies,
            openingPly: task.openingPly,
            kingRuns: task.kingRuns,
            stopFlag,
            analysis: true,
            helper: settings.index,
          });
          Atomics.store(words, nodesWord, Math.min(result.nodes, 0x7fffffff));
        }
      } finally {
        Atomics.store(words, busy, 0);
        Atomics.notify(words, busy);
      }
    },
  };
}
