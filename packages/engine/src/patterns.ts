/**
 * Learned pattern evaluation for the boards numbered rank by rank (diagonal 12x12, 10x10, 8x8,
 * 6x6 and Turkish's orthogonal 8x8): the men's structure scored by tables fitted to self-play
 * positions (their search scores and results) instead of hand-set terms.
 *
 * The board is covered by overlapping windows of 4 ranks by 2 adjacent squares of each rank (rank
 * origins 0, 2, 4, …; every pair of neighbouring squares of a rank): 25 windows on 12x12, 16 on
 * 10x10, 9 on 8x8, 4 on 6x6, 21 on Turkish's board (where a window is 2 files by 4 ranks), 32 on
 * Dhamet's 9x9 points (bands from ranks 0, 2, 3 and 5: see `NINE`). 8x8 and 10x10 also have a
 * layout with a band from every rank (`EIGHT_DENSE`: 15 windows; `TEN_DENSE`: 28), one that adds
 * windows of two neighbouring ranks (`EIGHT_RANK_PAIRS`: 7 more, 22; `TEN_RANK_PAIRS`: 18 more,
 * 46), and 8x8 one that adds to those 15 windows slanted along the diagonals (`EIGHT_SLANTS`: 37).
 * A table's size tells its layout.
 * Each window holds 8 squares; a square is empty, a white man or a
 * black man (kings count as empty: material and the king terms of the hand-set evaluation price
 * them), so a window has 3^8 = 6561 states and the table one score per window and state, in
 * hundredths of a man from White's side. The score of a position is the sum of its windows'
 * entries, added to the hand-set evaluation (a table may also have two phases, opening and
 * ending, mixed by the men on the board: see `PatternTable`).
 *
 * Reading a window from bitboards: squares are numbered rank by rank, `perRank` to a rank, so a
 * rank's men are consecutive bits. Each rank's white and black bits give, through `pairDigits`, the
 * two-square digit (0-8) of every window column `k` (squares k and k+1 of the rank); a window is 4
 * such digits in base 9. Tables are fitted by `tune/patterns.ts` (docs/tuning.md) and stored as
 * generated modules (`patterns-*.data.ts`, little-endian Int16 in base64). The layouts themselves
 * are described in `pattern-layouts.ts` (re-exported here).
 */
import { BLACK_BIT, MAN, err, ok, type Result, type Variant } from '@damka/rules';
import { PATTERN_TEXTS, loadPatternText } from '#pattern-data';
import {
  STATES,
  TEN,
  EIGHT,
  TWELVE,
  SIX,
  ORTHOGONAL_EIGHT,
  NINE,
  EIGHT_LAYOUTS,
  TEN_LAYOUTS,
  type PatternGeometry,
} from './pattern-layouts.ts';
export {
  WINDOWS,
  STATES,
  TEN,
  TEN_DENSE,
  TEN_RANK_PAIRS,
  EIGHT,
  EIGHT_DENSE,
  EIGHT_RANK_PAIRS,
  EIGHT_SLANTS,
  TWELVE,
  SIX,
  ORTHOGONAL_EIGHT,
  NINE,
  type PatternGeometry,
  type WindowShape,
} from './pattern-layouts.ts';

/**
 * A rank's men as an index into a pair-digit table: `(k << 2b) | (black << b) | white` with `b`
 * bits a mask. 8x8 and 10x10 ranks share the 5-bit table (4 KB, the evaluation's hot path), wider
 * ranks get their own.
 */
interface PairDigits {
  /** `digit[(k << 2b) | (black << b) | white]`: the digit of squares k, k+1 of a rank (0-8). */
  readonly digit: Uint8Array;
  /** `b`: bits of a rank's mask in the index. */
  readonly bits: number;
}

function pairDigits(bits: number): PairDigits {
  const size = 1 << bits;
  const digit = new Uint8Array((bits - 1) << (2 * bits));
  for (let k = 0; k < bits - 1; k++) {
    for (let black = 0; black < size; black++) {
      for (let white = 0; white < size; white++) {
        const state = (j: number) => ((white >> (k + j)) & 1 ? 1 : (black >> (k + j)) & 1 ? 2 : 0);
        digit[(k << (2 * bits)) | (black << bits) | white] = state(0) + 3 * state(1);
      }
    }
  }
  return { digit, bits };
}

const pairTables = new Map<number, PairDigits>();

/** The pair-digit table for ranks of `perRank` squares (at least 5 bits, built once). */
function pairDigitsFor(perRank: number): PairDigits {
  const bits = Math.max(5, perRank);
  let table = pairTables.get(bits);
  if (table === undefined) pairTables.set(bits, (table = pairDigits(bits)));
  return table;
}

/**
 * Tables stored for a variant id: base64 of little-endian Int16, `WINDOWS * STATES` entries, or
 * twice that for a table with two phases (see `PatternTable`). Every table from the start outside
 * the browser; in the web app's build only those loaded (`loadPatterns`).
 */
const STORED: Readonly<Record<string, string>> = PATTERN_TEXTS;

/**
 * Variants that read another variant's table, by id: their rules compile to the same move tables
 * (the endgame databases share tables for the same reason, `tablesId`) and their hand-set weights
 * are the same, so the other's fit is theirs; each was kept only after it won in self-play against
 * no table (docs/tuning.md). The table has one home, under the variant it was fitted for.
 */
export const SHARED_PATTERNS: Readonly<Record<string, string>> = {
  'arab-dama': 'english',
  portuguese: 'spanish',
};

/**
 * The window layout of this board (diagonal 12x12, 10x10, 8x8 or 6x6, Turkish's orthogonal 8x8
 * and Dhamet's 9x9 points, all numbered rank by rank as every such board of Damka is), or null.
 * `entries`, a table's length: on 10x10 and 8x8 the layout whose windows' states it holds once
 * or twice (`TEN_LAYOUTS`, `EIGHT_LAYOUTS`; the board's first when none or no length).
 */
export function patternGeometry(variant: Variant, entries?: number): PatternGeometry | null {
  const t = variant.topology;
  if (t.kind === 'alquerque') return t.width === 9 && t.height === 9 && t.size === 81 ? NINE : null;
  if (t.kind === 'orthogonal') {
    return t.width === 8 && t.height === 8 && t.size === 64 ? ORTHOGONAL_EIGHT : null;
  }
  if (t.kind !== 'diagonal') return null;
  if (t.width === 12 && t.height === 12 && t.size === 72) return TWELVE;
  if (t.width === 10 && t.height === 10 && t.size === 50) return bySize(TEN_LAYOUTS, entries);
  if (t.width === 8 && t.height === 8 && t.size === 32) return bySize(EIGHT_LAYOUTS, entries);
  if (t.width === 6 && t.height === 6 && t.size === 18) return SIX;
  return null;
}

/** Of a board's layouts, the one whose windows' states a table of `entries` holds once or twice. */
function bySize(layouts: readonly PatternGeometry[], entries: number | undefined): PatternGeometry {
  const one = (g: PatternGeometry) => g.windows * STATES;
  if (entries === undefined) return layouts[0]!;
  return layouts.find((g) => entries === one(g) || entries === 2 * one(g)) ?? layouts[0]!;
}

/** Every window layout this board reads, the default first (a table's size picks one). */
function boardLayouts(variant: Variant): readonly PatternGeometry[] {
  const first = patternGeometry(variant)!;
  if (first === TEN) return TEN_LAYOUTS;
  if (first === EIGHT) return EIGHT_LAYOUTS;
  return [first];
}

/** Whether pattern windows fit this board. */
export function patternBoard(variant: Variant): boolean {
  return patternGeometry(variant) !== null;
}

/**
 * Makes the variant's stored table available to `storedPatterns` (the engines made afterwards):
 * at once outside the browser, where every table is loaded with the program; in the web app the
 * table's own chunk is fetched the first time. Resolves true when the variant has a table; a
 * failed fetch rejects (an engine made anyway plays without the table).
 */
export function loadPatterns(variant: Variant): Promise<boolean> {
  if (patternGeometry(variant) === null) return Promise.resolve(false);
  return loadPatternText(SHARED_PATTERNS[variant.id] ?? variant.id);
}

/** Decoded stored tables by variant id: decoded once, shared (a table is never written). */
const decoded = new Map<string, Int16Array>();

/** The stored table of a variant, or null when it has none. */
export function storedPatterns(variant: Variant): PatternTable | null {
  const id = SHARED_PATTERNS[variant.id] ?? variant.id;
  const text = STORED[id];
  if (text === undefined || text === '' || patternGeometry(variant) === null) return null;
  let weights = decoded.get(id);
  if (weights === undefined) {
    weights = decodeWeights(text);
    decoded.set(id, weights);
  }
  return new PatternTable(weights, patternGeometry(variant, weights.length)!);
}

/**
 * A table from the text of a generated module (`tune patterns --out FILE`: its quoted base64
 * lines), for a variant whose board has windows: a fitted table tried against the stored one in
 * `damka match` before it is committed. Errors name what is wrong with the text.
 */
export function patternsFromModule(variant: Variant, text: string): Result<PatternTable, string> {
  if (patternGeometry(variant) === null) return err(`${variant.id} has no pattern windows`);
  const base64 = [...text.matchAll(/'([A-Za-z0-9+/=]*)'/g)].map((m) => m[1]!).join('');
  if (base64 === '') return err('no table in the text (expected the quoted lines of a .data.ts)');
  const bytes = base64ToBytes(base64);
  const geometry = patternGeometry(variant, bytes.length >> 1)!;
  const one = geometry.windows * STATES * 2;
  if (bytes.length !== one && bytes.length !== 2 * one) {
    const layouts = boardLayouts(variant);
    return err(
      `${variant.id}'s tables have ${either(layouts.map((g) => g.windows * STATES))} ` +
        `entries a phase (${either(layouts.map((g) => g.windows))} windows); ` +
        `this one has ${bytes.length >> 1}`,
    );
  }
  return ok(new PatternTable(decodeWeights(base64), geometry));
}

/** "a", "a or b", "a, b or c". */
function either(items: readonly number[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

export function decodeWeights(base64: string): Int16Array {
  const bytes = base64ToBytes(base64);
  const out = new Int16Array(bytes.length >> 1);
  for (let i = 0; i < out.length; i++) {
    const v = bytes[2 * i]! | (bytes[2 * i + 1]! << 8);
    out[i] = v >= 0x8000 ? v - 0x10000 : v;
  }
  if (out.length === 0 || out.length % STATES !== 0)
    throw new Error('pattern table of the wrong size');
  return out;
}

export function encodeWeights(weights: Int16Array): string {
  const bytes = new Uint8Array(weights.length * 2);
  for (let i = 0; i < weights.length; i++) {
    bytes[2 * i] = weights[i]! & 0xff;
    bytes[2 * i + 1] = (weights[i]! >> 8) & 0xff;
  }
  return bytesToBase64(bytes);
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63]! : '=';
    out += i + 2 < bytes.length ? ALPHABET[n & 63]! : '=';
  }
  return out;
}

/** Bytes of a base64 text (characters outside the alphabet are skipped). */
export function base64ToBytes(text: string): Uint8Array {
  const clean = text.replace(/[^A-Za-z0-9+/]/g, '');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let o = 0;
  for (let i = 0; i < clean.length; i++) {
    value = (value << 6) | ALPHABET.indexOf(clean[i]!);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (value >> bits) & 0xff;
    }
  }
  return out;
}

/** Men on the board at which a two-phase table reads its first phase alone. */
export const FULL_PHASE = 40;

/**
 * A fitted table and the two ways of reading it (board array, bitboards). A table has one phase
 * (`weights[window * STATES + state]`) or two: then the entries for the opening are followed by
 * those for the ending (`weights[windows * STATES + window * STATES + state]`), and the score is
 * the mix `(men * opening + (FULL_PHASE - men) * ending) / FULL_PHASE` by the men on the board
 * (structure matters differently with 40 men and with 10). Window w covers ranks
 * `2 * floor(w / columns)` to 3 more (or from its band's start, `PatternGeometry.bands`), and
 * squares `w % columns` and the next of each; the windows given cell by cell follow
 * (`PatternGeometry.shapes`).
 */
export class PatternTable {
  /** Hundredths of a man from White's side. */
  readonly weights: Int16Array;
  readonly phases: 1 | 2;
  readonly geometry: PatternGeometry;
  /** Windows of the board (`geometry.windows`). */
  readonly windows: number;
  /** Scratch: the digit of every (rank, column) pair, `digits[rank * columns + k]`. */
  private readonly digits: Int32Array;
  /** Per window, the index in `digits` of its lowest rank's pair. */
  private readonly origin: Int32Array;
  /** The pair-digit table for this board's ranks (for `scoreBits`: none past 8 squares a rank). */
  private readonly pairs: PairDigits | null;
  /** Scratch of `scoreBits`: each rank's pair-table index. */
  private readonly rankIndex: Int32Array;
  /** The geometry's numbers, copied to fields for `scoreBits`. */
  private readonly perRank: number;
  private readonly ranks: number;
  private readonly columns: number;
  /** The lowest rank of each band of windows. */
  private readonly bandStarts: Int32Array;
  /** The cells of the windows given cell by cell: rank and column, 8 numbers a window. */
  private readonly shapeCells: Int32Array;
  /** The same with each column shifted into a pair-table index (`scoreBits`). */
  private readonly shapeKeys: Int32Array;
  /** Windows of the bands; the shapes' follow. */
  private readonly bandWindows: number;
  private men = 0;

  constructor(weights: Int16Array, geometry: PatternGeometry = TEN) {
    const one = geometry.windows * STATES;
    if (weights.length === one) this.phases = 1;
    else if (weights.length === 2 * one) this.phases = 2;
    else throw new Error('pattern table of the wrong size');
    this.weights = weights;
    this.geometry = geometry;
    this.windows = geometry.windows;
    this.digits = new Int32Array(geometry.ranks * geometry.columns);
    this.pairs = geometry.perRank <= 8 ? pairDigitsFor(geometry.perRank) : null;
    this.rankIndex = new Int32Array(geometry.ranks);
    this.perRank = geometry.perRank;
    this.ranks = geometry.ranks;
    this.columns = geometry.columns;
    const c = geometry.columns;
    const shapes = geometry.shapes ?? [];
    this.shapeCells = Int32Array.from(shapes.flat());
    for (let i = 0; i < this.shapeCells.length; i += 2) {
      if (this.shapeCells[i]! >= geometry.ranks || this.shapeCells[i + 1]! >= c)
        throw new Error('pattern layout: a window cell off the board');
    }
    const shift = 2 * (this.pairs?.bits ?? 0);
    this.shapeKeys = this.shapeCells.map((v, i) => (i % 2 === 0 ? v : v << shift));
    this.bandWindows = this.windows - shapes.length;
    this.bandStarts = Int32Array.from(
      geometry.bands ?? Array.from({ length: this.bandWindows / c }, (_, band) => 2 * band),
    );
    if (this.bandStarts.length * c !== this.bandWindows)
      throw new Error('pattern layout: windows do not match its bands');
    this.origin = Int32Array.from({ length: this.bandWindows }, (_, w) => {
      const band = Math.floor(w / c);
      return this.bandStarts[band]! * c + (w - band * c);
    });
  }

  /**
   * The score from the men's masks (squares 0-31 in the low word, the rest in the high one): the
   * evaluation's hot path. Each rank's men become one pair-table index, and each window reads its
   * four ranks' digits straight from the pair table (no digits written and read back); the sum is
   * the one `sum` gives, window by window in the same order. Boards of at most 64 squares.
   */
  scoreBits(whiteLo: number, whiteHi: number, blackLo: number, blackHi: number): number {
    const rankIndex = this.rankIndex;
    const perRank = this.perRank;
    const ranks = this.ranks;
    const columns = this.columns;
    const pairs = this.pairs!;
    const digit = pairs.digit;
    const bits = pairs.bits;
    const mask = (1 << perRank) - 1;
    for (let r = 0; r < ranks; r++) {
      const s = r * perRank;
      let white: number;
      let black: number;
      if (s + perRank <= 32) {
        white = (whiteLo >>> s) & mask;
        black = (blackLo >>> s) & mask;
      } else if (s >= 32) {
        white = (whiteHi >>> (s - 32)) & mask;
        black = (blackHi >>> (s - 32)) & mask;
      } else {
        white = ((whiteLo >>> s) | (whiteHi << (32 - s))) & mask;
        black = ((blackLo >>> s) | (blackHi << (32 - s))) & mask;
      }
      rankIndex[r] = (black << bits) | white;
    }
    const weights = this.weights;
    const two = this.phases === 2;
    // the ending's entries (a one-phase table reads its only entry twice and ignores the second)
    const ending = two ? this.windows * STATES : 0;
    const shift = 2 * bits;
    let open = 0;
    let end = 0;
    const bandStarts = this.bandStarts;
    let w = 0;
    for (let b = 0; b < bandStarts.length; b++) {
      const band = bandStarts[b]!;
      const r0 = rankIndex[band]!;
      const r1 = rankIndex[band + 1]!;
      const r2 = rankIndex[band + 2]!;
      const r3 = rankIndex[band + 3]!;
      for (let k = 0; k < columns; k++, w++) {
        const col = k << shift;
        const i =
          w * STATES +
          digit[col | r0]! +
          9 * digit[col | r1]! +
          81 * digit[col | r2]! +
          729 * digit[col | r3]!;
        open += weights[i]!;
        end += weights[ending + i]!;
      }
    }
    // the windows given cell by cell: each cell a rank's pair-table index and its column
    const keys = this.shapeKeys;
    for (let at = 0; at < keys.length; at += 8, w++) {
      const i =
        w * STATES +
        digit[keys[at + 1]! | rankIndex[keys[at]!]!]! +
        9 * digit[keys[at + 3]! | rankIndex[keys[at + 2]!]!]! +
        81 * digit[keys[at + 5]! | rankIndex[keys[at + 4]!]!]! +
        729 * digit[keys[at + 7]! | rankIndex[keys[at + 6]!]!]!;
      open += weights[i]!;
      end += weights[ending + i]!;
    }
    if (!two) return open;
    const men = Math.min(
      popcount(whiteLo) + popcount(whiteHi) + popcount(blackLo) + popcount(blackHi),
      FULL_PHASE,
    );
    return Math.trunc((men * open + (FULL_PHASE - men) * end) / FULL_PHASE);
  }

  /** The score of a board array (piece codes per square; kings count as empty). */
  scoreBoard(board: Int8Array): number {
    this.boardDigits(board);
    return this.sum(this.digits);
  }

  /** The states of a board, window by window, into `out` (for fitting). */
  states(board: Int8Array, out: Int32Array): void {
    this.boardDigits(board);
    for (let w = 0; w < this.windows; w++) out[w] = this.state(this.digits, w);
  }

  /** Men on the board of the last reading. */
  menOf(board: Int8Array): number {
    this.boardDigits(board);
    return this.men;
  }

  /**
   * Every (rank, column) digit of a board array, squares k and k+1 of a rank giving `s(k) + 3 *
   * s(k + 1)` (the pair table's digit, computed: the arithmetic is cheaper than a look-up in the
   * larger tables of wide ranks), and the men counted.
   */
  private boardDigits(board: Int8Array): void {
    const digits = this.digits;
    const { perRank, ranks, columns } = this.geometry;
    let men = 0;
    for (let r = 0, at = 0; r < ranks; r++) {
      let before = 0;
      for (let i = 0; i < perRank; i++) {
        const code = board[at++]!;
        let state = 0;
        if ((code & 3) === MAN) {
          men++;
          state = code & BLACK_BIT ? 2 : 1;
        }
        if (i > 0) digits[r * columns + i - 1] = before + 3 * state;
        before = state;
      }
    }
    this.men = men;
  }

  /** Window w's state from the digits. */
  private state(digits: Int32Array, w: number): number {
    const c = this.geometry.columns;
    if (w >= this.bandWindows) {
      const cells = this.shapeCells;
      const at = 8 * (w - this.bandWindows);
      let state = 0;
      for (let i = 3; i >= 0; i--) {
        state = 9 * state + digits[cells[at + 2 * i]! * c + cells[at + 2 * i + 1]!]!;
      }
      return state;
    }
    const at = this.origin[w]!;
    return digits[at]! + 9 * digits[at + c]! + 81 * digits[at + 2 * c]! + 729 * digits[at + 3 * c]!;
  }

  private sum(digits: Int32Array): number {
    const weights = this.weights;
    const windows = this.windows;
    let score = 0;
    if (this.phases === 1) {
      for (let w = 0; w < windows; w++) score += weights[w * STATES + this.state(digits, w)]!;
      return score;
    }
    let ending = 0;
    for (let w = 0; w < windows; w++) {
      const i = w * STATES + this.state(digits, w);
      score += weights[i]!;
      ending += weights[windows * STATES + i]!;
    }
    const men = Math.min(this.men, FULL_PHASE);
    return Math.trunc((men * score + (FULL_PHASE - men) * ending) / FULL_PHASE);
  }
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
