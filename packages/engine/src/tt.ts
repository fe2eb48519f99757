/**
 * The transposition table: a fixed-size, direct-mapped cache of search results in typed arrays.
 *
 * Parallel typed arrays (lock, move, score, depth, bound+age) instead of entry objects: no
 * allocation, no GC pauses, and a table of a million entries costs 12 MB. The size is a power of
 * two chosen at construction so the bench's node counts never depend on the machine.
 */

export const BOUND_NONE = 0;
export const BOUND_UPPER = 1;
export const BOUND_LOWER = 2;
export const BOUND_EXACT = 3;

/** Transposition table indexed by the low key half, confirmed by the high half. */
export class TranspositionTable {
  readonly size: number;
  private readonly mask: number;
  private readonly locks: Int32Array;
  private readonly moves: Int32Array;
  private readonly scores: Int16Array;
  private readonly depths: Int8Array;
  /** bits 0–1 bound, bits 2–7 age. */
  private readonly info: Uint8Array;
  private age = 0;

  /** `bits`: log2 of the number of entries (20 → 1,048,576 entries, 12 MB). */
  constructor(bits = 20) {
    this.size = 1 << bits;
    this.mask = this.size - 1;
    this.locks = new Int32Array(this.size);
    this.moves = new Int32Array(this.size);
    this.scores = new Int16Array(this.size);
    this.depths = new Int8Array(this.size);
    this.info = new Uint8Array(this.size);
  }

  clear(): void {
    this.locks.fill(0);
    this.moves.fill(0);
    this.scores.fill(0);
    this.depths.fill(0);
    this.info.fill(0);
    this.age = 0;
  }

  /** Start a new search: older entries become cheaper to replace. */
  newSearch(): void {
    this.age = (this.age + 1) & 63;
  }

  /** Slot of a key, or -1 when the table holds nothing for it. */
  probe(lo: number, hi: number): number {
    const i = lo & this.mask;
    return this.locks[i] === hi && (this.info[i]! & 3) !== BOUND_NONE ? i : -1;
  }

  move(slot: number): number {
    return this.moves[slot]!;
  }
  score(slot: number): number {
    return this.scores[slot]!;
  }
  depth(slot: number): number {
    return this.depths[slot]!;
  }
  bound(slot: number): number {
    return this.info[slot]! & 3;
  }

  /** Store a result; keeps a deeper entry of the current search for another key. */
  store(lo: number, hi: number, move: number, score: number, depth: number, bound: number): void {
    const i = lo & this.mask;
    const info = this.info[i]!;
    if (
      this.locks[i] !== hi &&
      info !== 0 &&
      info >> 2 === this.age &&
      this.depths[i]! > depth + 2
    ) {
      return;
    }
    if (this.locks[i] === hi && move === 0) move = this.moves[i]!;
    this.locks[i] = hi;
    this.moves[i] = move;
    this.scores[i] = score;
    this.depths[i] = depth > 127 ? 127 : depth < -128 ? -128 : depth;
    this.info[i] = (this.age << 2) | bound;
  }
}
