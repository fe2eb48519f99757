/**
 * Move identity for duplicate merging (docs/decisions.md item 13): a capture is its start, its end
 * and the set of squares it takes. `IdentityIndex` finds an entry of a list with a given identity in
 * constant time: a board crowded with flying kings can stop in tens of thousands of places, and a
 * linear search per stop made generation quadratic (seconds per position).
 */
import type { MoveList } from './move-list.ts';

/**
 * An open-addressing hash set of a MoveList's entry indices, keyed by move identity (from, to,
 * number of captures, hash of the captured set), so duplicate stops are found in constant time.
 */
export class IdentityIndex {
  private slots = new Int32Array(256).fill(-1);
  private count = 0;

  clear(): void {
    if (this.count === 0) return;
    this.slots.fill(-1);
    this.count = 0;
  }

  /** The index in `list` of the entry with this identity, or -1. */
  find(
    list: MoveList,
    from: number,
    to: number,
    n: number,
    hash: number,
    squares: Int16Array,
  ): number {
    const slots = this.slots;
    const mask = slots.length - 1;
    for (let s = identitySlot(from, to, n, hash) & mask; ; s = (s + 1) & mask) {
      const j = slots[s]!;
      if (j < 0) return -1;
      if (
        list.from[j] === from &&
        list.to[j] === to &&
        list.ncap[j] === n &&
        list.hash[j] === hash &&
        sameSquares(list, j, squares, n)
      ) {
        return j;
      }
    }
  }

  /** Records entry `j` of `list` (not already recorded). */
  add(list: MoveList, j: number): void {
    if ((this.count + 1) * 2 > this.slots.length) {
      const old = this.slots;
      this.slots = new Int32Array(old.length * 2).fill(-1);
      for (let s = 0; s < old.length; s++) if (old[s]! >= 0) this.place(list, old[s]!);
    }
    this.place(list, j);
    this.count++;
  }

  private place(list: MoveList, j: number): void {
    const slots = this.slots;
    const mask = slots.length - 1;
    let s = identitySlot(list.from[j]!, list.to[j]!, list.ncap[j]!, list.hash[j]!) & mask;
    while (slots[s]! >= 0) s = (s + 1) & mask;
    slots[s] = j;
  }
}

function identitySlot(from: number, to: number, n: number, hash: number): number {
  const h = Math.imul(hash ^ (from << 20) ^ (to << 8) ^ n, 0x9e3779b1);
  return h ^ (h >>> 15);
}

/** True when move j of `list` captures exactly the `n` squares of `squares`. */
function sameSquares(list: MoveList, j: number, squares: Int16Array, n: number): boolean {
  const bj = list.start[j]!;
  for (let x = 0; x < n; x++) {
    const sq = squares[x];
    let found = false;
    for (let y = 0; y < n; y++) {
      if (list.capSq[bj + y] === sq) {
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}
