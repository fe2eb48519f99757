/**
 * The transposition table: a fixed-size cache of search results in one typed array, in buckets of
 * two entries (a deepest-result entry and an always-replaced one).
 *
 * A probe's cost is a cache miss: at millions of probes per second into a table of megabytes, the
 * first read of a bucket is most of it. So an entry is three int32 words — lock (the key's high
 * half), score with depth, age and bound packed in one word, and move — and a bucket is 24 bytes
 * side by side: a probe and the reads and the store after it touch one bucket (one cache line,
 * or two for a bucket across a line's end) of a table three quarters the size of one with four
 * words an entry, and the search reads the same values. No entry objects, no allocation, no GC
 * pauses; a table of a million entries costs 12 MB, all of it written once when the table is made
 * (so the memory is mapped before the first search, not during it). The size is a power of two chosen at
 * construction so the bench's node counts never depend on the machine.
 */
import { fromTT, toTT } from './score.ts';

export const BOUND_NONE = 0;
export const BOUND_UPPER = 1;
export const BOUND_LOWER = 2;
export const BOUND_EXACT = 3;

/** `cutoff`'s answer when the stored result does not decide the node. */
export const NO_CUTOFF = -0x8000;

/**
 * A bucket is six words: lock, info and move of the first entry, then of the second. An entry's
 * slot is the index of its lock; info and move follow. Info: score << 16 | (depth & 255) << 8 |
 * age << 2 | bound.
 */
const INFO = 1;
const MOVE = 2;
const BUCKET = 6;

/** Bytes of a table of 2^bits entries. */
export function tableBytes(bits: number): number {
  return (1 << (bits - 1)) * BUCKET * 4;
}

/** A zeroed, mapped buffer for a table of 2^bits entries shared between threads. */
export function sharedTableBuffer(bits: number): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(tableBytes(bits));
  new Int32Array(buffer).fill(0);
  return buffer;
}

/**
 * Transposition table indexed by the low key half, confirmed by the high half. Entries come in
 * buckets of two: the first keeps the deepest result of the current search, the second takes
 * whatever the first turns away, so deep results survive a flood of shallow ones and the newest
 * shallow result is still at hand.
 */
export class TranspositionTable {
  readonly size: number;
  private readonly mask: number;
  /** The buckets (see `BUCKET`). */
  private readonly data: Int32Array;
  private age = 0;
  /**
   * Whether anything was stored since the table was made or cleared: clearing an untouched table
   * (a new engine's, or one cleared twice) skips writing megabytes of zeros.
   */
  private used = false;

  /**
   * `bits`: log2 of the number of entries (20 → 1,048,576 entries, 12 MB). `shared`: a buffer of
   * `tableBytes(bits)` from `sharedTableBuffer`, when the table is shared by the threads of one
   * search (threads.ts); its words are then written by all of them.
   */
  constructor(bits = 20, shared?: SharedArrayBuffer) {
    this.size = 1 << bits;
    this.mask = (this.size >> 1) - 1;
    if (shared !== undefined) {
      if (shared.byteLength !== tableBytes(bits)) throw new Error('shared table of the wrong size');
      this.data = new Int32Array(shared);
      this.used = true;
      return;
    }
    this.data = new Int32Array((this.size >> 1) * BUCKET);
    // Writing every word now makes the system map the table's pages here, when the engine is
    // made, and not one by one at the first touches during the first search: there they cost a
    // few percent of a search's time (the bench's first pass, or a game's first move at 200 ms).
    this.data.fill(0);
  }

  /** The age stamped on new entries (a helper thread takes its main thread's, `setAge`). */
  get currentAge(): number {
    return this.age;
  }

  setAge(age: number): void {
    this.age = age & 63;
  }

  clear(): void {
    if (this.used) this.data.fill(0);
    this.used = false;
    this.age = 0;
  }

  /** Start a new search: older entries become cheaper to replace. */
  newSearch(): void {
    this.age = (this.age + 1) & 63;
  }

  /** Slot of a key, or -1 when the table holds nothing for it. */
  probe(lo: number, hi: number): number {
    const slot = (lo & this.mask) * BUCKET;
    const data = this.data;
    if (data[slot] === hi && (data[slot + INFO]! & 3) !== BOUND_NONE) return slot;
    const second = slot + 3;
    return data[second] === hi && (data[second + INFO]! & 3) !== BOUND_NONE ? second : -1;
  }

  move(slot: number): number {
    return this.data[slot + MOVE]!;
  }
  score(slot: number): number {
    return this.data[slot + INFO]! >> 16;
  }
  depth(slot: number): number {
    return (this.data[slot + INFO]! << 16) >> 24;
  }
  bound(slot: number): number {
    return this.data[slot + INFO]! & 3;
  }

  /**
   * The stored score at `slot` read back at `ply`, when its depth reaches `depth` and its bound
   * decides the window (alpha, beta): exact, a lower bound at or above beta or an upper bound at or
   * below alpha. Otherwise `NO_CUTOFF`.
   */
  cutoff(slot: number, depth: number, alpha: number, beta: number, ply: number): number {
    const info = this.data[slot + INFO]!;
    if ((info << 16) >> 24 < depth) return NO_CUTOFF;
    const s = fromTT(info >> 16, ply);
    const bound = info & 3;
    return bound === BOUND_EXACT ||
      (bound === BOUND_LOWER && s >= beta) ||
      (bound === BOUND_UPPER && s <= alpha)
      ? s
      : NO_CUTOFF;
  }

  /**
   * Store the result `best` of a node searched at `ply` with window (alpha, beta): a lower bound
   * when it reached beta, exact when it rose above alpha, else an upper bound.
   */
  storeResult(
    lo: number,
    hi: number,
    move: number,
    best: number,
    alpha: number,
    beta: number,
    depth: number,
    ply: number,
  ): void {
    const bound = best >= beta ? BOUND_LOWER : best > alpha ? BOUND_EXACT : BOUND_UPPER;
    this.store(lo, hi, move, toTT(best, ply), depth, bound);
  }

  /**
   * Store a result. The first entry of the bucket takes it when it holds the same key, is empty or
   * from an older search, or is not deeper; the entry it held then moves to the second place.
   * Otherwise the second entry takes it. The score keeps its low 16 bits, the depth is held to
   * -128..127.
   */
  store(lo: number, hi: number, move: number, score: number, depth: number, bound: number): void {
    const first = (lo & this.mask) * BUCKET;
    const second = first + 3;
    const data = this.data;
    const info = data[first + INFO]!;
    // every test and read runs on every store, and only the results choose: the compiled search
    // is built from what earlier stores ran, and a test first run late would throw it away
    const sameFirst = data[first] === hi;
    const sameSecond = data[second] === hi;
    const empty = (info & 3) === BOUND_NONE;
    const older = ((info >> 2) & 63) !== this.age;
    const shallower = (info << 16) >> 24 <= depth;
    const secondMove = data[second + MOVE]!;
    const noMove = move === 0;
    let slot: number;
    if (sameFirst) {
      slot = first;
    } else if (empty || older || shallower) {
      if (sameSecond && noMove) move = secondMove;
      data[second] = data[first]!;
      data[second + INFO] = info;
      data[second + MOVE] = data[first + MOVE]!;
      slot = first;
    } else {
      slot = second;
    }
    const kept = data[slot + MOVE]!;
    if (data[slot] === hi && move === 0) move = kept;
    const d = depth > 127 ? 127 : depth < -128 ? -128 : depth;
    this.used = true;
    data[slot] = hi;
    data[slot + INFO] = (score << 16) | ((d & 255) << 8) | (this.age << 2) | bound;
    data[slot + MOVE] = move;
  }
}
