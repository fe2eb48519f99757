/**
 * Zobrist keys: a random pair of 32-bit words per (piece code, square) plus one pair for the side
 * to move, XORed into a 64-bit position key kept as two int32 halves.
 *
 * Two int32 halves instead of a BigInt keep hashing allocation-free in the search's hot loop; the
 * low half indexes the transposition table and the high half is the lock that confirms a hit.
 * Keys come from a fixed seed so node counts are identical on every run and machine.
 */
import { mulberry32, type Variant } from '@damka/rules';

/** The keys of one board size: `lo/hi[code * size + square]`, and the side-to-move pair. */
export interface ZobristKeys {
  readonly size: number;
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  readonly sideLo: number;
  readonly sideHi: number;
}

const cache = new Map<number, ZobristKeys>();

/** Keys for boards of `size` squares (shared by every variant on that board). */
export function zobristKeys(size: number): ZobristKeys {
  const hit = cache.get(size);
  if (hit) return hit;
  const rand = mulberry32(0x5eed0000 + size);
  const lo = new Int32Array(8 * size);
  const hi = new Int32Array(8 * size);
  for (let i = 0; i < lo.length; i++) {
    lo[i] = rand();
    hi[i] = rand();
  }
  const keys = { size, lo, hi, sideLo: rand(), sideHi: rand() };
  cache.set(size, keys);
  return keys;
}

/** The full key of `board` with `side` (0 white, 1 black) to move, as [lo, hi]. */
export function hashBoard(keys: ZobristKeys, board: Int8Array, side: number): [number, number] {
  let lo = 0;
  let hi = 0;
  for (let sq = 0; sq < keys.size; sq++) {
    const code = board[sq]!;
    if (code === 0) continue;
    lo ^= keys.lo[code * keys.size + sq]!;
    hi ^= keys.hi[code * keys.size + sq]!;
  }
  if (side === 1) {
    lo ^= keys.sideLo;
    hi ^= keys.sideHi;
  }
  return [lo, hi];
}

/** Keys for a variant's board. */
export function variantKeys(variant: Variant): ZobristKeys {
  return zobristKeys(variant.topology.size);
}
