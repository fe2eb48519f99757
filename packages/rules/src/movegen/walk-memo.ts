/**
 * The capture walk's memory of states it has walked from. Under flying kings and pieces that
 * leave the board as they are taken (Dhamet), a king facing many pieces can take them in a number
 * of orders that grows exponentially with their count, while the distinct moves are few: a move
 * is its start, its end and the set of pieces it takes. The walk below a state — the square
 * reached, the piece as it now is, the direction it came from, the direction it may not go on in,
 * whether its first jump went forward, and the set of pieces taken — is the same whichever order
 * led there, so a second visit could only find the moves of the first again (dropped as
 * duplicates, or below a better capture already found). The walk therefore remembers each state's
 * answer (whether a jump goes on, and the best precedence key found below it) and answers a second
 * visit from it. This holds only where moves with the same captured set are merged and no
 * precedence step reads the order of the pieces taken; the generator asks for the memory only
 * then, and only deep in a capture, where walks repeat.
 *
 * States are kept exactly (the taken set as three 32-bit words, 96 squares at most, and the rest
 * packed in one word), in an open-addressing table stamped per walk so that nothing is cleared
 * between walks. The table starts small and doubles when it is half full, up to a ceiling; a table at its ceiling remembers nothing more (the walk is then only slower, never
 * wrong).
 */

/** log2 of the first and the largest table (64 thousand and a million entries, up to half of them used: 30 MB at most). */
const FIRST_BITS = 16;
const MAX_BITS = 20;
/** Probes before a lookup gives up. */
const PROBES = 32;
/** `lookup`'s answer for a state walked before. */
export const HIT = -2;

export class WalkMemo {
  /** The taken squares, bit `sq & 31` of word `sq >> 5`, of the state last loaded. */
  private readonly taken = new Int32Array(3);
  private bits = 0;
  private mask = 0;
  private w0!: Int32Array;
  private w1!: Int32Array;
  private w2!: Int32Array;
  private meta!: Int32Array;
  private stamp!: Int32Array;
  private found!: Uint8Array;
  private best!: Float64Array;
  private current = 0;
  /** States stored in this walk. */
  private count = 0;
  /** The last answer of `lookup` when it hit. */
  hitFound = false;
  hitBest = -1;

  constructor() {
    this.allocate(FIRST_BITS);
  }

  /**
   * A new generation: the table returns to its first size, so that what a generation remembers,
   * and so the steps it takes (the walk's bound counts them), never depends on the generations
   * before it: the server, the web app and the engine list the same moves for a position whatever
   * each of them met before.
   */
  reset(): void {
    if (this.bits !== FIRST_BITS) this.allocate(FIRST_BITS);
    this.start();
  }

  /** An empty table of 2^bits entries (every stamp 0, so none belongs to a walk). */
  private allocate(bits: number): void {
    const size = 1 << bits;
    this.bits = bits;
    this.mask = size - 1;
    this.w0 = new Int32Array(size);
    this.w1 = new Int32Array(size);
    this.w2 = new Int32Array(size);
    this.meta = new Int32Array(size);
    this.stamp = new Int32Array(size);
    this.found = new Uint8Array(size);
    this.best = new Float64Array(size);
  }

  /** A new walk: every state remembered before is forgotten. */
  start(): void {
    this.current++;
    this.count = 0;
    if (this.current === 0x7fffffff) {
      this.stamp.fill(0);
      this.current = 1;
    }
  }

  /** The taken set of the state: the squares `stack[0..n)`. */
  load(stack: Int16Array, n: number): void {
    const taken = this.taken;
    taken[0] = 0;
    taken[1] = 0;
    taken[2] = 0;
    for (let i = 0; i < n; i++) {
      const sq = stack[i]!;
      taken[sq >> 5] = taken[sq >> 5]! | (1 << (sq & 31));
    }
  }

  private home(packed: number, t0: number, t1: number, t2: number): number {
    let h = Math.imul(t0 ^ Math.imul(packed, 0x9e3779b1), 0x85ebca6b);
    h = Math.imul(h ^ t1 ^ (h >>> 13), 0xc2b2ae35);
    h = Math.imul(h ^ t2 ^ (h >>> 16), 0x27d4eb2f);
    return (h ^ (h >>> 15)) & this.mask;
  }

  /**
   * The state (`packed`, the taken set last loaded): `HIT` when it was walked before (its answer
   * is then in `hitFound`, `hitBest`), else -1.
   */
  lookup(packed: number): number {
    const t0 = this.taken[0]!;
    const t1 = this.taken[1]!;
    const t2 = this.taken[2]!;
    let slot = this.home(packed, t0, t1, t2);
    for (let p = 0; p < PROBES; p++, slot = (slot + 1) & this.mask) {
      if (this.stamp[slot] !== this.current) return -1;
      if (
        this.meta[slot] === packed &&
        this.w0[slot] === t0 &&
        this.w1[slot] === t1 &&
        this.w2[slot] === t2
      ) {
        this.hitFound = this.found[slot] === 1;
        this.hitBest = this.best[slot]!;
        return HIT;
      }
    }
    return -1;
  }

  /** Remember the answer of the state (`packed`, the taken set last loaded). */
  store(packed: number, found: boolean, best: number): void {
    if (this.count * 2 >= this.mask && !this.grow()) return;
    this.put(packed, this.taken[0]!, this.taken[1]!, this.taken[2]!, found ? 1 : 0, best);
  }

  private put(packed: number, t0: number, t1: number, t2: number, found: number, best: number) {
    let slot = this.home(packed, t0, t1, t2);
    for (let p = 0; p < PROBES; p++, slot = (slot + 1) & this.mask) {
      if (this.stamp[slot] === this.current) continue;
      this.stamp[slot] = this.current;
      this.meta[slot] = packed;
      this.w0[slot] = t0;
      this.w1[slot] = t1;
      this.w2[slot] = t2;
      this.found[slot] = found;
      this.best[slot] = best;
      this.count++;
      return;
    }
  }

  /** Double the table, keeping this walk's states; false at the ceiling. */
  private grow(): boolean {
    if (this.bits >= MAX_BITS) return false;
    const { w0, w1, w2, meta, stamp, found, best, current } = this;
    this.allocate(this.bits + 1);
    this.count = 0;
    for (let s = 0; s < stamp.length; s++) {
      if (stamp[s] === current) this.put(meta[s]!, w0[s]!, w1[s]!, w2[s]!, found[s]!, best[s]!);
    }
    return true;
  }
}
