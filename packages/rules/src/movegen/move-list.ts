/**
 * A reusable, preallocated list of moves in typed arrays.
 *
 * The generator writes here instead of allocating objects, so perft and the engine's search do no
 * per-node allocation. Each move has fixed fields (from, to, codes, kind) and a variable run of
 * jumps (captured square, captured piece code, landing square, code after landing) stored in
 * shared arrays at `start[i]`. The arrays double when a position needs more room (rare).
 */

export const KIND_STEP = 0;
export const KIND_CAPTURE = 1;
/** A king split into two men (house rule): `to` is where the second man appears. */
export const KIND_SPLIT = 2;

export class MoveList {
  count = 0;
  /** Jump slots used so far. */
  used = 0;
  from: Int16Array;
  to: Int16Array;
  /** Piece code before the move. */
  moved: Int8Array;
  /** Piece code after the move (promotion applied). */
  piece: Int8Array;
  kind: Int8Array;
  /** Number of pieces captured. */
  ncap: Int16Array;
  /** Offset of the move's first jump in the jump arrays. */
  start: Int32Array;
  /** XOR of the captured squares' hashes: a quick identity check. */
  hash: Int32Array;
  capSq: Int16Array;
  capCode: Int8Array;
  land: Int16Array;
  /** Code of the capturing piece after each landing (before end-of-move promotion). */
  landCode: Int8Array;

  constructor(capacity = 128, jumpCapacity = 512) {
    this.from = new Int16Array(capacity);
    this.to = new Int16Array(capacity);
    this.moved = new Int8Array(capacity);
    this.piece = new Int8Array(capacity);
    this.kind = new Int8Array(capacity);
    this.ncap = new Int16Array(capacity);
    this.start = new Int32Array(capacity);
    this.hash = new Int32Array(capacity);
    this.capSq = new Int16Array(jumpCapacity);
    this.capCode = new Int8Array(jumpCapacity);
    this.land = new Int16Array(jumpCapacity);
    this.landCode = new Int8Array(jumpCapacity);
  }

  clear(): void {
    this.count = 0;
    this.used = 0;
  }

  /** Make room for one more move with `jumps` jumps. */
  reserve(jumps: number): void {
    if (this.count >= this.from.length) this.reserveMoves(this.count + 1);
    if (this.used + jumps > this.capSq.length) {
      const n = Math.max(this.capSq.length * 2, this.used + jumps);
      this.capSq = grow16(this.capSq, n);
      this.capCode = grow8(this.capCode, n);
      this.land = grow16(this.land, n);
      this.landCode = grow8(this.landCode, n);
    }
  }

  /** Make room for at least `moves` moves in all (the per-move arrays; jumps are separate). */
  reserveMoves(moves: number): void {
    if (moves <= this.from.length) return;
    let n = Math.max(this.from.length * 2, 16);
    while (n < moves) n *= 2;
    this.from = grow16(this.from, n);
    this.to = grow16(this.to, n);
    this.moved = grow8(this.moved, n);
    this.piece = grow8(this.piece, n);
    this.kind = grow8(this.kind, n);
    this.ncap = grow16(this.ncap, n);
    const start = new Int32Array(n);
    start.set(this.start);
    this.start = start;
    const hash = new Int32Array(n);
    hash.set(this.hash);
    this.hash = hash;
  }

  /** Append a non-capturing move. */
  addStep(from: number, to: number, moved: number, piece: number, kind: number): void {
    if (this.count >= this.from.length) this.reserve(0);
    putStep(this, this.count++, from, to, moved, piece, kind, this.used);
  }

  /** True when moves i and j capture the same set of squares. */
  sameCaptures(i: number, j: number): boolean {
    const n = this.ncap[i]!;
    if (n !== this.ncap[j] || this.hash[i] !== this.hash[j]) return false;
    const a = this.start[i]!;
    const b = this.start[j]!;
    for (let x = 0; x < n; x++) {
      const sq = this.capSq[a + x];
      let found = false;
      for (let y = 0; y < n; y++) {
        if (this.capSq[b + y] === sq) {
          found = true;
          break;
        }
      }
      if (!found) return false;
    }
    return true;
  }
}

/**
 * Write the fixed fields of move `i` of `list`, which has room for it: a capture's jumps are
 * written by the caller at `start` (`ncap` of them; `hash` the XOR of their squares' hashes).
 */
export function putMove(
  list: MoveList,
  i: number,
  from: number,
  to: number,
  moved: number,
  piece: number,
  kind: number,
  ncap: number,
  start: number,
  hash: number,
): void {
  list.from[i] = from;
  list.to[i] = to;
  list.moved[i] = moved;
  list.piece[i] = piece;
  list.kind[i] = kind;
  list.ncap[i] = ncap;
  list.start[i] = start;
  list.hash[i] = hash;
}

/**
 * Write a non-capturing move at index `n` of `list`, which has room for it (callers reserve room
 * for a whole piece's moves once); `used`: the list's jump slots in use, the move's empty run.
 */
export function putStep(
  list: MoveList,
  n: number,
  from: number,
  to: number,
  moved: number,
  piece: number,
  kind: number,
  used: number,
): void {
  putMove(list, n, from, to, moved, piece, kind, 0, used, 0);
}

function grow16(a: Int16Array, n: number): Int16Array {
  const b = new Int16Array(n);
  b.set(a);
  return b;
}

function grow8(a: Int8Array, n: number): Int8Array {
  const b = new Int8Array(n);
  b.set(a);
  return b;
}
