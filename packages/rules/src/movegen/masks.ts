/**
 * The tables of the mask backend (`mask-moves.ts`), built once per compiled rules, and the test of
 * whether the rules qualify for it.
 *
 * Square `sq` is bit `sq & 31` of word `sq >> 5`: two 32-bit words hold boards of up to 64 squares
 * (one word is enough up to 32 and the second stays 0), and bit order is square order, so reading
 * a mask low bit first visits squares in the order the general generator does. Along a direction,
 * the index delta to the neighbour takes at most two values (one per row parity on a diagonal
 * board, one on an orthogonal board); each value has a mask of the squares it applies to, so "every
 * piece one step that way" is two masked shifts of a two-word value.
 *
 * Qualifying is decided from the compiled rules alone, through an explicit list of the compiled
 * fields the backend knows (`SUPPORTED_FIELDS`): rules compiled with any other field — a feature
 * added after this backend — fall back to the general generator until the backend learns it.
 */
import type { CompiledRules } from '../variants/compile.ts';

/**
 * The compiled fields whose meaning the mask backend covers. Capture fields are listed because the
 * backend hands every position with a capture to the general generator, and needs only the first
 * jump (`firstJumpDirs`, `capturable`, `flying`) to know that one exists.
 */
const SUPPORTED_FIELDS: ReadonlySet<string> = new Set([
  'rules',
  'topology',
  'size',
  'next',
  'reverse',
  'stepDirs',
  'lastManDirs',
  'firstJumpDirs',
  'nextJumpDirs',
  'afterSidewaysJumpDirs',
  'forwardDir',
  'flying',
  'capturable',
  'promoteEnd',
  'promoteMid',
  'precedence',
  'immediateRemoval',
  'allowReversal',
  'obligation',
  'prefixes',
  'kingSplit',
  'splitTargets',
  'squareHash',
  'strict',
]);

export interface MaskTables {
  readonly size: number;
  /** Squares of the board, per word. */
  readonly boardLo: number;
  readonly boardHi: number;
  /**
   * Direction d, part k (index `d * 2 + k`): the squares of `maskLo`/`maskHi` move by `shift`
   * index positions, up when `up[d]` is 1. A part with shift 0 is unused.
   */
  readonly shift: Int8Array;
  readonly maskLo: Int32Array;
  readonly maskHi: Int32Array;
  readonly up: Uint8Array;
  /** `codes[side]`: the piece codes of that side that move (0 white, 1 black). */
  readonly codes: readonly Int8Array[];
  /** `victims[code]`: the piece codes `code` may jump. */
  readonly victims: readonly Int8Array[];
}

const cache = new WeakMap<CompiledRules, MaskTables | null>();

/** The tables for `c`, or null when its rules or board do not qualify (see module note). */
export function maskTablesFor(c: CompiledRules): MaskTables | null {
  const hit = cache.get(c);
  if (hit !== undefined) return hit;
  const tables = build(c);
  cache.set(c, tables);
  return tables;
}

function build(c: CompiledRules): MaskTables | null {
  for (const field of Object.keys(c)) if (!SUPPORTED_FIELDS.has(field)) return null;
  const size = c.size;
  // king splits and a lone man's backward steps are moves outside the direction tables
  if (size > 64 || c.kingSplit) return null;
  for (let code = 1; code < 8; code++) if (c.lastManDirs[code]!.length > 0) return null;
  const ndirs = c.reverse.length;
  const shift = new Int8Array(ndirs * 2);
  const maskLo = new Int32Array(ndirs * 2);
  const maskHi = new Int32Array(ndirs * 2);
  const up = new Uint8Array(ndirs);
  for (let d = 0; d < ndirs; d++) {
    const deltas: number[] = [];
    for (let sq = 0; sq < size; sq++) {
      const to = c.next[d * size + sq]!;
      if (to < 0) continue;
      let k = deltas.indexOf(to - sq);
      if (k < 0) {
        k = deltas.length;
        if (k === 2 || to === sq || Math.abs(to - sq) > 31) return null;
        deltas.push(to - sq);
      }
      if (sq < 32) maskLo[d * 2 + k]! |= 1 << sq;
      else maskHi[d * 2 + k]! |= 1 << (sq - 32);
    }
    if (deltas.length === 2 && deltas[0]! > 0 !== deltas[1]! > 0) return null;
    up[d] = deltas.length > 0 && deltas[0]! > 0 ? 1 : 0;
    for (let k = 0; k < deltas.length; k++) shift[d * 2 + k] = Math.abs(deltas[k]!);
  }
  const victims: Int8Array[] = [];
  for (let code = 0; code < 8; code++) {
    const out: number[] = [];
    for (let v = 1; v < 8; v++) if (c.capturable[code * 8 + v] === 1) out.push(v);
    victims.push(Int8Array.from(out));
  }
  const codes = [0, 4].map((colour) =>
    Int8Array.from(
      [1, 2, 3]
        .map((role) => colour | role)
        .filter((code) => c.stepDirs[code]!.length > 0 || c.firstJumpDirs[code]!.length > 0),
    ),
  );
  return {
    size,
    boardLo: size >= 32 ? -1 : (1 << size) - 1,
    boardHi: size <= 32 ? 0 : size === 64 ? -1 : (1 << (size - 32)) - 1,
    shift,
    maskLo,
    maskHi,
    up,
    codes,
    victims,
  };
}

/** Number of set bits of a 32-bit value. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
