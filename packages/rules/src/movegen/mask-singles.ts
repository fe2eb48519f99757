/**
 * Captures that take one piece and end there, counted and written from the mask backend's jump
 * masks (mask-moves.ts) without the capture walk (mask-captures.ts). Most positions with a capture
 * have only such captures, and the walk's depth-first search with its route bookkeeping costs many
 * times more than testing each jump's landing square for a second jump.
 *
 * The test, for the pieces of one short-range code: `hasCapture` leaves per direction e the
 * squares from which a jump along e exists (a victim next that way, an empty square beyond),
 * whoever stands there. A capture that began along d goes on exactly when its landing square is
 * such a square for some direction e the piece may jump in next, other than straight back: straight
 * back stands the piece just taken, which may not be jumped twice. The capture's board is the
 * board's but for the mover's own square, now empty, which only straight back reaches; and a man
 * crowned on the landing square goes on as another code, so there the walk decides. When no
 * landing square goes on, every capture is one jump, no two share their start and captured piece
 * (no duplicates to drop), and all take one piece (precedence by quantity keeps them all).
 *
 * Used only under the capture rules the walk on the masks follows (`maskCapturesFit`), for the
 * codes whose later jumps go along their first-jump directions, and never with a flying piece to
 * capture: otherwise the walk decides.
 */
import type { CompiledRules } from '../variants/compile.ts';
import { KIND_CAPTURE, putMove, type MoveList } from './move-list.ts';
import { popcount, rotl, type MaskTables } from './masks.ts';

export class SingleCaptures {
  private readonly c: CompiledRules;
  private readonly bitOf: Int8Array;
  private readonly sqOf: Int8Array;
  private readonly ndirs: number;
  /** `single[code]`: a short-range code whose later jumps go along its first-jump directions. */
  private readonly single: Uint8Array;
  /** `onward[code * ndirs + d]`: where a capture that began along d may go on (not straight back). */
  private readonly onward: Int8Array[] = [];

  /**
   * Rotated layouts (masks.ts) only, else null: `twice[d]`, the rotation that moves a square two
   * steps along d; `onwardBits[code * ndirs + d]`, the directions of `onward` as a bit set;
   * `crownOn[code]`, the squares (bits) where `code` is crowned and goes on as another code.
   */
  private readonly twice: Uint8Array | null;
  private readonly onwardBits: Uint8Array;
  private readonly crownOn: Int32Array;
  private readonly jumpBits: Uint8Array;

  constructor(c: CompiledRules, t: MaskTables) {
    this.c = c;
    this.bitOf = t.bitOf;
    this.sqOf = t.sqOf;
    this.ndirs = c.reverse.length;
    this.single = new Uint8Array(8);
    this.onwardBits = new Uint8Array(8 * this.ndirs);
    this.crownOn = new Int32Array(8);
    this.jumpBits = new Uint8Array(8);
    for (let code = 0; code < 8; code++) {
      const first = [...c.firstJumpDirs[code]!];
      const later = [...new Set([...c.nextJumpDirs[code]!, ...c.afterSidewaysJumpDirs[code]!])];
      this.single[code] = c.flying[code] === 0 && later.every((e) => first.includes(e)) ? 1 : 0;
      for (const d of first) this.jumpBits[code]! |= 1 << d;
      for (let d = 0; d < this.ndirs; d++) {
        const onward = later.filter((e) => e !== c.reverse[d]);
        this.onward.push(Int8Array.from(onward));
        for (const e of onward) this.onwardBits[code * this.ndirs + d]! |= 1 << e;
      }
      for (let sq = 0; sq < c.size && t.rotated; sq++) {
        if (c.promoteMid[code * c.size + sq]! > 0) this.crownOn[code]! |= 1 << t.bitOf[sq]!;
      }
    }
    this.twice =
      t.rotated && this.ndirs === 4
        ? Uint8Array.from({ length: 4 }, (_, d) => (2 * t.shift[d * 2]!) & 31)
        : null;
  }

  /**
   * The number of captures of the side whose piece codes are `codes` when each takes one piece
   * and ends there, else -1. `bits`: the backend's piece masks; `fromLo`/`fromHi` at
   * `code * ndirs + e`: the squares with a jump along e, as `hasCapture` left them.
   */
  count(bits: Int32Array, codes: Int8Array, fromLo: Int32Array, fromHi: Int32Array): number {
    if (this.twice !== null) return this.countRotated(bits, codes, fromLo);
    const c = this.c;
    const nd = this.ndirs;
    let n = 0;
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i]!;
      const pLo = bits[code]!;
      const pHi = bits[8 + code]!;
      if ((pLo | pHi) === 0 || c.flying[code] === 1) continue;
      const dirs = c.firstJumpDirs[code]!;
      const at = code * nd;
      for (let j = 0; j < dirs.length; j++) {
        const d = dirs[j]!;
        const jLo = fromLo[at + d]! & pLo;
        const jHi = fromHi[at + d]! & pHi;
        if ((jLo | jHi) === 0) continue;
        if (this.single[code] === 0) return -1;
        n += popcount(jLo) + popcount(jHi);
        if (this.goesOn(jLo, 0, code, d, fromLo, fromHi)) return -1;
        if (jHi !== 0 && this.goesOn(jHi, 32, code, d, fromLo, fromHi)) return -1;
      }
    }
    return n;
  }

  /**
   * `count` on a rotated layout (one word, four directions), on masks alone: the landing squares
   * of the jumps along d are their squares rotated by `twice[d]` (each has its two steps along d
   * on the board), and a capture goes on where a landing square is one to jump from along an
   * onward direction, or one where the piece is crowned and goes on.
   */
  private countRotated(bits: Int32Array, codes: Int8Array, from: Int32Array): number {
    const twice = this.twice!;
    const flying = this.c.flying;
    let n = 0;
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i]!;
      const p = bits[code]!;
      if (p === 0 || flying[code] === 1) continue;
      const dirs = this.jumpBits[code]!;
      const at = code << 2;
      for (let d = 0; d < 4; d++) {
        if (((dirs >> d) & 1) === 0) continue;
        const jumps = from[at + d]! & p;
        if (jumps === 0) continue;
        if (this.single[code] === 0) return -1;
        n += popcount(jumps);
        const ob = this.onwardBits[at + d]!;
        let on = this.crownOn[code]!;
        if ((ob & 1) !== 0) on |= from[at]!;
        if ((ob & 2) !== 0) on |= from[at + 1]!;
        if ((ob & 4) !== 0) on |= from[at + 2]!;
        if ((ob & 8) !== 0) on |= from[at + 3]!;
        if ((rotl(jumps, twice[d]!) & on) !== 0) return -1;
      }
    }
    return n;
  }

  /** Whether a capture along d of a piece `code` on a bit of `m` (plus `base`) may go on. */
  private goesOn(
    m: number,
    base: number,
    code: number,
    d: number,
    fromLo: Int32Array,
    fromHi: Int32Array,
  ): boolean {
    const c = this.c;
    const size = c.size;
    const next = c.next;
    const at = code * this.ndirs;
    const onward = this.onward[at + d]!;
    while (m !== 0) {
      const low = m & -m;
      m ^= low;
      const sq = this.sqOf[base + 31 - Math.clz32(low)]!;
      const land = next[d * size + next[d * size + sq]!]!;
      if (c.promoteMid[code * size + land]! > 0) return true;
      const bit = this.bitOf[land]!;
      const from = bit < 32 ? fromLo : fromHi;
      for (let k = 0; k < onward.length; k++) {
        if (((from[at + onward[k]!]! >>> bit) & 1) === 1) return true;
      }
    }
    return false;
  }

  /**
   * Write the captures `count` counted, of the pieces on `squares[0..n)` (the side's pieces with a
   * jump, in square order), into `list` as the walk would: pieces in square order, a piece's
   * first-jump directions in table order. Returns their number.
   */
  write(
    board: Int8Array,
    list: MoveList,
    squares: Int16Array,
    n: number,
    fromLo: Int32Array,
    fromHi: Int32Array,
  ): number {
    const c = this.c;
    const next = c.next;
    const size = c.size;
    list.clear();
    for (let k = 0; k < n; k++) {
      const sq = squares[k]!;
      const code = board[sq]!;
      const bit = this.bitOf[sq]!;
      const from = bit < 32 ? fromLo : fromHi;
      const at = code * this.ndirs;
      const dirs = c.firstJumpDirs[code]!;
      for (let j = 0; j < dirs.length; j++) {
        const d = dirs[j]!;
        if (((from[at + d]! >>> bit) & 1) === 0) continue;
        const over = next[d * size + sq]!;
        const to = next[d * size + over]!;
        list.reserve(1);
        const i = list.count++;
        const x = list.used;
        list.capSq[x] = over;
        list.capCode[x] = board[over]!;
        list.land[x] = to;
        list.landCode[x] = code;
        const crowned = c.promoteEnd[code * size + to]!;
        const piece = crowned !== 0 ? crowned : code;
        putMove(list, i, sq, to, code, piece, KIND_CAPTURE, 1, x, c.squareHash[over]!);
        list.used = x + 1;
      }
    }
    return list.count;
  }
}
