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
 * States are kept exactly (the taken set as three 32-bit words, 96 squares at most, kept by the
 * walk as it jumps, and the rest packed in one word) in an open-addressing table whose entries lie
 * side by side, stamped per walk so that nothing is cleared between walks. The table starts small
 * and doubles when it is half full, up to a ceiling; a table at its ceiling remembers nothing more
 * (the walk is then only slower, never wrong).
 */

/**
 * log2 of the first and the largest table (64 thousand and a million entries, up to half of them
 * used: 28 MB at most).
 */
const FIRST_BITS = 16;
const MAX_BITS = 20;
/** Probes before a lookup gives up. */
const PROBES = 32;
/** `lookup`'s answer for a state walked before. */
export const HIT = -2;
/**
 * Below every precedence key (keys are 0 or more): the best key before any capture is found. Not
 * -1: keys grow past the small integers V8 keeps in a field as they are, and a field that first
 * held such an integer and then a larger key would change its kind in the middle of a search,
 * making V8 drop the compiled capture walk (of every rule set) and compile it again.
 */
export const NO_KEY = -Infinity;
/**
 * Int32 words of one entry, side by side so that a probe reads one cache line: the walk's stamp,
 * the packed state with the answer's "goes on" bit (`FOUND`), and the taken set's three words.
 */
const STRIDE = 5;
/** The answer's "goes on" bit beside a packed state (packed states use bits 0–20). */
const FOUND = 1 << 24;

export class WalkMemo {
  private bits = 0;
  private mask = 0;
  private slots!: Int32Array;
  /** The best precedence key found below each entry's state (read on a hit only). */
  private best!: Float64Array;
  private current = 0;
  /** States stored in this walk. */
  private count = 0;
  /** The last answer of `lookup` when it hit. */
  hitFound = false;
  hitBest = NO_KEY;

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
    this.slots = new Int32Array(size * STRIDE);
    this.best = new Float64Array(size);
  }

  /** A new walk: every state remembered before is forgotten. */
  start(): void {
    this.current++;
    this.count = 0;
    if (this.current === 0x7fffffff) {
      for (let i = 0; i < this.slots.length; i += STRIDE) this.slots[i] = 0;
      this.current = 1;
    }
  }

  private home(packed: number, t0: number, t1: number, t2: number): number {
    let h = Math.imul(t0 ^ Math.imul(packed, 0x9e3779b1), 0x85ebca6b);
    h = Math.imul(h ^ t1 ^ (h >>> 13), 0xc2b2ae35);
    h = Math.imul(h ^ t2 ^ (h >>> 16), 0x27d4eb2f);
    return (h ^ (h >>> 15)) & this.mask;
  }

  /**
   * The state `packed` with the taken set (t0, t1, t2: bit `sq & 31` of word `sq >> 5`): `HIT`
   * when it was walked before (its answer is then in `hitFound`, `hitBest`), else -1.
   */
  lookup(packed: number, t0: number, t1: number, t2: number): number {
    const slots = this.slots;
    const mask = this.mask;
    let slot = this.home(packed, t0, t1, t2);
    for (let p = 0; p < PROBES; p++, slot = (slot + 1) & mask) {
      const at = slot * STRIDE;
      if (slots[at] !== this.current) return -1;
      if (
        (slots[at + 1]! & ~FOUND) === packed &&
        slots[at + 2] === t0 &&
        slots[at + 3] === t1 &&
        slots[at + 4] === t2
      ) {
        this.hitFound = (slots[at + 1]! & FOUND) !== 0;
        this.hitBest = this.best[slot]!;
        return HIT;
      }
    }
    return -1;
  }

  /** Remember the answer of the state (`packed`, taken set t0, t1, t2, as for `lookup`). */
  store(packed: number, t0: number, t1: number, t2: number, found: boolean, best: number): void {
    if (this.count * 2 >= this.mask && !this.grow()) return;
    this.put(found ? packed | FOUND : packed, t0, t1, t2, best);
  }

  private put(word: number, t0: number, t1: number, t2: number, best: number) {
    const slots = this.slots;
    let slot = this.home(word & ~FOUND, t0, t1, t2);
    for (let p = 0; p < PROBES; p++, slot = (slot + 1) & this.mask) {
      const at = slot * STRIDE;
      if (slots[at] === this.current) continue;
      slots[at] = this.current;
      slots[at + 1] = word;
      slots[at + 2] = t0;
      slots[at + 3] = t1;
      slots[at + 4] = t2;
      this.best[slot] = best;
      this.count++;
      return;
    }
  }

  /** Double the table, keeping this walk's states; false at the ceiling. */
  private grow(): boolean {
    if (this.bits >= MAX_BITS) return false;
    const { slots, best, current } = this;
    this.allocate(this.bits + 1);
    this.count = 0;
    for (let s = 0, at = 0; at < slots.length; s++, at += STRIDE) {
      if (slots[at] === current)
        this.put(slots[at + 1]!, slots[at + 2]!, slots[at + 3]!, slots[at + 4]!, best[s]!);
    }
    return true;
  }
}
