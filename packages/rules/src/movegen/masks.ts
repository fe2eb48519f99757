/**
 * The tables of the mask backend (`mask-moves.ts`), built once per compiled rules, and the test of
 * whether the rules qualify for it.
 *
 * Square `sq` is bit `b = bitOf[sq]`, bit `b & 31` of word `b >> 5`: two 32-bit words hold boards
 * of up to 64 squares (one word is enough up to 32 and the second stays 0). The general generator
 * visits pieces in square order, and so must anything that writes moves.
 * Up to 32 squares the squares are numbered so that each direction is one rotation (+1 and +7 on
 * 8x8, found once per topology), so "every piece one step that way" is one mask and one rotate;
 * where no such numbering exists a square is its own bit, and along a direction the index delta
 * to the neighbour takes at most two values (one per row parity), each with a mask of the squares
 * it applies to. Reading a rotated mask in square order takes one remapping. Above 32 squares
 * a spare bit after every two rows (the "ghost square" layout, bit = sq + (sq + k) / width) makes
 * each direction one shift, when the board fits in 64 bits that way (10x10: 55 bits); a board of
 * more than 32 squares without such a layout goes to the general generator.
 *
 * Qualifying is decided from the compiled rules alone, through explicit lists of the compiled
 * fields and rules-record fields the backend knows (`SUPPORTED_FIELDS`, `SUPPORTED_RULES`): rules
 * with any other field — a feature added after this backend — fall back to the general generator
 * until the backend learns it.
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
  // the later rule features: known here so that their neutral values qualify (see `build`)
  'capturesOffStepLines',
  'captureValue',
  'kingLanding',
  'crowningWins',
  'kingMoveLimit',
]);

/**
 * The fields of the rules record (and of its groups) the compiled rules above are known to carry
 * all of: a record with any other field holds a rule the backend may not follow (a move-count
 * limit, a king that stops after the captured piece...), so it falls back to the general generator.
 */
const SUPPORTED_RULES: ReadonlyMap<string, ReadonlySet<string> | null> = new Map([
  ['id', null],
  ['name', null],
  ['summary', null],
  ['topology', null],
  ['firstPlayer', null],
  ['startFen', null],
  ['notation', null],
  ['pdnGameType', null],
  [
    'man',
    new Set([
      'moves',
      'captures',
      'capturesKings',
      'backwardCaptureOnlyAfterForward',
      'lastPieceMayMoveBackward',
    ]),
  ],
  ['king', new Set(['range'])],
  ['capture', new Set(['obligation', 'precedence', 'removal', 'allowReversal', 'mustComplete'])],
  ['promotion', new Set(['stages', 'midCapture'])],
  ['noMoveMeans', null],
  ['draws', null],
  ['kingSplit', null],
  ['forcedOpening', null],
  ['materialAdjudication', null],
  ['sources', null],
]);

/** True when every field of the rules record (and of its groups) is in `SUPPORTED_RULES`. */
function knownRules(rules: object): boolean {
  for (const [field, value] of Object.entries(rules)) {
    if (!SUPPORTED_RULES.has(field)) return false;
    const inner = SUPPORTED_RULES.get(field);
    if (inner === null || inner === undefined) continue;
    for (const key of Object.keys(value as object)) if (!inner.has(key)) return false;
  }
  return true;
}

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
  /** Every direction is one shift (no part 1). */
  readonly single: boolean;
  /**
   * Boards of at most 32 squares numbered so that each direction is one rotation by `shift[d * 2]`
   * of the squares in `maskLo[d * 2]` (bit order is then not square order: see `sqOf`).
   */
  readonly rotated: boolean;
  /**
   * Rotated layouts (else empty): `squareOrder[k * 256 + v]`, the squares (bit sq for square sq)
   * of the bits `v` of byte k of a mask, so a mask is turned to square order with four loads.
   */
  readonly squareOrder: Int32Array;
  /** `bitOf[sq]`: the square's bit (0–63); `sqOf[bit]`: the bit's square, -1 for a spare bit. */
  readonly bitOf: Int8Array;
  readonly sqOf: Int8Array;
  /** `codes[side]`: the piece codes of that side that move (0 white, 1 black). */
  readonly codes: readonly Int8Array[];
  /** `victims[code]`: the piece codes `code` may jump. */
  readonly victims: readonly Int8Array[];
  /**
   * `victimColour[code]`: the colour bit (0 or 4) when `code` may jump every piece of that colour
   * and nothing else (its victims are then the colour's mask, `bits[word * 8 + colour]`), else -1.
   */
  readonly victimColour: Int8Array;
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
  if (!knownRules(c.rules)) return null;
  // Rules that use one of the later rule features are the general generator's: captures off the
  // step lines and a crowning that ends the game change what exists, and a king's landing, capture
  // value or move limit change which moves are legal.
  if (c.capturesOffStepLines || c.captureValue || c.kingLanding !== 0) return null;
  if (c.crowningWins || c.kingMoveLimit > 0) return null;
  const size = c.size;
  // king splits and a lone man's backward steps are moves outside the direction tables
  if (size > 64 || c.kingSplit) return null;
  // the backend's hot paths are written out for four directions (every board it takes has four)
  if (c.reverse.length !== 4) return null;
  for (let code = 1; code < 8; code++) if (c.lastManDirs[code]!.length > 0) return null;
  const rotated = size <= 32 ? rotatedLayout(c) : null;
  const bitOf =
    rotated?.bitOf ??
    (size > 32 ? ghostLayout(c) : null) ??
    Int8Array.from({ length: size }, (_, i) => i);
  const sqOf = new Int8Array(64).fill(-1);
  for (let sq = 0; sq < size; sq++) sqOf[bitOf[sq]!] = sq;
  let boardLo = 0;
  let boardHi = 0;
  for (let sq = 0; sq < size; sq++) {
    if (bitOf[sq]! < 32) boardLo |= 1 << bitOf[sq]!;
    else boardHi |= 1 << bitOf[sq]!;
  }
  let single = true;
  const ndirs = c.reverse.length;
  const shift = new Int8Array(ndirs * 2);
  const maskLo = new Int32Array(ndirs * 2);
  const maskHi = new Int32Array(ndirs * 2);
  const up = new Uint8Array(ndirs);
  for (let d = 0; d < ndirs; d++) {
    if (rotated !== null) {
      // one rotation per direction; the mask keeps the squares that have a neighbour that way
      for (let sq = 0; sq < size; sq++) {
        if (c.next[d * size + sq]! >= 0) maskLo[d * 2]! |= 1 << bitOf[sq]!;
      }
      shift[d * 2] = rotated.rot[d]!;
      up[d] = 1;
      continue;
    }
    const deltas: number[] = [];
    for (let sq = 0; sq < size; sq++) {
      const to = c.next[d * size + sq]!;
      if (to < 0) continue;
      const from = bitOf[sq]!;
      const delta = bitOf[to]! - from;
      let k = deltas.indexOf(delta);
      if (k < 0) {
        k = deltas.length;
        if (k === 2 || delta === 0 || Math.abs(delta) > 31) return null;
        deltas.push(delta);
      }
      if (from < 32) maskLo[d * 2 + k]! |= 1 << from;
      else maskHi[d * 2 + k]! |= 1 << from;
    }
    if (deltas.length > 1) single = false;
    // above 32 squares the backend shifts two words by one amount per direction
    if (deltas.length > 1 && size > 32) return null;
    if (deltas.length === 2 && deltas[0]! > 0 !== deltas[1]! > 0) return null;
    // above 32 squares the capture test (mask-wide.ts) takes every direction as one shift, up or
    // down (so two up, their reverses down)
    if (size > 32 && deltas.length !== 1) return null;
    up[d] = deltas.length > 0 && deltas[0]! > 0 ? 1 : 0;
    for (let k = 0; k < deltas.length; k++) shift[d * 2 + k] = Math.abs(deltas[k]!);
  }
  const victims: Int8Array[] = [];
  for (let code = 0; code < 8; code++) {
    const out: number[] = [];
    for (let v = 1; v < 8; v++) if (c.capturable[code * 8 + v] === 1) out.push(v);
    victims.push(Int8Array.from(out));
  }
  const victimColour = Int8Array.from({ length: 8 }, (_, code) => {
    const out = victims[code]!;
    const colour = out.length === 3 ? out[0]! & 4 : -1;
    return out.every((v) => (v & 4) === colour) ? colour : -1;
  });
  const codes = [0, 4].map((colour) =>
    Int8Array.from(
      [1, 2, 3]
        .map((role) => colour | role)
        .filter((code) => c.stepDirs[code]!.length > 0 || c.firstJumpDirs[code]!.length > 0),
    ),
  );
  const squareOrder = new Int32Array(rotated !== null ? 1024 : 0);
  for (let k = 0; k < 4 && rotated !== null; k++) {
    for (let v = 1; v < 256; v++) {
      for (let j = 0; j < 8; j++) {
        const sq = sqOf[k * 8 + j]!;
        if (((v >> j) & 1) !== 0 && sq >= 0) squareOrder[k * 256 + v]! |= 1 << sq;
      }
    }
  }
  return {
    size,
    boardLo,
    squareOrder,
    boardHi,
    single,
    rotated: rotated !== null,
    bitOf,
    sqOf,
    shift,
    maskLo,
    maskHi,
    up,
    codes,
    victims,
    victimColour,
  };
}

/**
 * A numbering of the squares on 32 bits where each direction adds a fixed amount modulo 32, or
 * null. Only for four directions in two opposite pairs: the two amounts are searched (31 x 31).
 */
function rotatedLayout(c: CompiledRules): { bitOf: Int8Array; rot: Int8Array } | null {
  const size = c.size;
  const next = c.next;
  const reverse = c.reverse;
  if (reverse.length !== 4 || size > 32 || size === 0) return null;
  const d0 = 0;
  let d1 = 1;
  while (d1 < 4 && (d1 === d0 || d1 === reverse[d0])) d1++;
  if (reverse[d0] === d0 || reverse[d1] === d1 || reverse[d1] === reverse[d0]) return null;
  const rot = new Int8Array(4);
  const index = new Int8Array(size);
  const queue = new Int16Array(size);
  for (let a = 1; a < 32; a++) {
    for (let b = 1; b < 32; b++) {
      rot[d0] = a;
      rot[reverse[d0]!] = 32 - a;
      rot[d1] = b;
      rot[reverse[d1]!] = 32 - b;
      index.fill(-1);
      index[0] = 0;
      queue[0] = 0;
      let head = 0;
      let tail = 1;
      let ok = true;
      while (head < tail && ok) {
        const sq = queue[head++]!;
        for (let d = 0; d < 4; d++) {
          const to = next[d * size + sq]!;
          if (to < 0) continue;
          const bit = (index[sq]! + rot[d]!) & 31;
          if (index[to] === -1) {
            index[to] = bit;
            queue[tail++] = to;
          } else if (index[to] !== bit) {
            ok = false;
            break;
          }
        }
      }
      if (!ok || tail !== size) continue;
      let seen = 0;
      for (let sq = 0; sq < size && ok; sq++) {
        const bit = 1 << index[sq]!;
        if ((seen & bit) !== 0) ok = false;
        seen |= bit;
      }
      if (ok) return { bitOf: Int8Array.from(index), rot: Int8Array.from(rot) };
    }
  }
  return null;
}

/**
 * The ghost-square layout of a board of more than 32 squares, bit = sq + floor((sq + k) / width)
 * for the first k (0 <= k < width) that makes every direction one delta and fits in 64 bits: a
 * spare bit after every two rows, placed where the numbering's rows pair up (International's
 * square 0 starts a row that pairs with the one before it: k = 5). Null when no k works (square =
 * bit is used).
 */
function ghostLayout(c: CompiledRules): Int8Array | null {
  const width = c.topology.width;
  for (let k = 0; k < width; k++) {
    const bitOf = Int8Array.from({ length: c.size }, (_, sq) => sq + Math.floor((sq + k) / width));
    if (bitOf[c.size - 1]! <= 63 && oneDeltaEach(c, bitOf)) return bitOf;
  }
  return null;
}

/** Whether each direction moves every square's bit by the same amount under `bitOf`. */
function oneDeltaEach(c: CompiledRules, bitOf: Int8Array): boolean {
  for (let d = 0; d < c.reverse.length; d++) {
    let delta = 0;
    for (let sq = 0; sq < c.size; sq++) {
      const to = c.next[d * c.size + sq]!;
      if (to < 0) continue;
      const dd = bitOf[to]! - bitOf[sq]!;
      if (delta !== 0 && dd !== delta) return false;
      delta = dd;
    }
  }
  return true;
}

/**
 * The squares in word `word` (0 low, 1 high) of the pieces `code` may jump, from the backend's
 * masks: `bits[word * 8 + code]` per piece code and `bits[word * 8 + colour]` per colour (0, 4).
 */
export function victimMask(t: MaskTables, bits: Int32Array, code: number, word: number): number {
  const base = word << 3;
  const colour = t.victimColour[code]!;
  if (colour >= 0) return bits[base + colour]!;
  const codes = t.victims[code]!;
  let m = 0;
  for (let v = 0; v < codes.length; v++) m |= bits[base + codes[v]!]!;
  return m;
}

/** Number of set bits of a 32-bit value. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * The squares of one-word mask `x` (a board of at most 32 squares) moved one step along direction
 * `d`: one rotation on the rotated layout, else a shift per row parity (see `MaskTables.shift`).
 * The one form of the step for the backend's one-word code (mask-moves.ts, mask-routes.ts).
 */
export function along(t: MaskTables, d: number, x: number): number {
  const k = d * 2;
  const shift = t.shift;
  const mask = t.maskLo;
  if (t.rotated) return rotl(x & mask[k]!, shift[k]!);
  return t.up[d] === 1
    ? ((x & mask[k]!) << shift[k]!) | ((x & mask[k + 1]!) << shift[k + 1]!)
    : ((x & mask[k]!) >>> shift[k]!) | ((x & mask[k + 1]!) >>> shift[k + 1]!);
}

/** x rotated left by r (1–31) bits on 32 bits. */
export function rotl(x: number, r: number): number {
  return (x << r) | (x >>> (32 - r));
}
