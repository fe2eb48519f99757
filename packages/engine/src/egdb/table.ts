/**
 * Endgame databases: the material signature, the index of a position within it, the 2-bit
 * win/draw/loss table and its file format. Shared by the builder (build.ts), the prober
 * (probe.ts) and the Node file layer (files-node.ts); no Node or DOM API here, so the prober can
 * run in a browser worker too.
 *
 * A signature is the count of white men, white kings, black men and black kings. Within one, each
 * of the four groups of like pieces is a sorted set of squares, ranked by the combinatorial number
 * system over the squares that group may stand on (men never on their crowning row), and the four
 * ranks and the side to move are mixed into one number. The index is near-perfect: only positions
 * where two groups share a square are wasted (they are stored as `INVALID`).
 *
 * On disk (format 2) the 2-bit values are cut into 4 KiB blocks, each deflated alone: most tables
 * are long runs of one value, so a file is about a third of the packed size or less, and a probe
 * inflates only its block (`BlockTable`, with inflate.ts, no zlib needed in a browser). Format 1
 * (packed, uncompressed) is still read and written on request.
 *
 * Values are from the side to move's point of view, the game-theoretic result with the rule "a
 * player who cannot move (or has no piece) gets `noMoveMeans`" and no move-count or repetition
 * draws: `DRAW` means neither side can force a win, however long the play.
 */
import { BLACK_BIT, KING, MAN, VARIANTS, getVariant, type Variant } from '@damka/rules';
import { inflateRaw } from './inflate.ts';

export const DRAW = 0;
export const WIN = 1;
export const LOSS = 2;
/** Not a position (two pieces on one square); never probed. */
export const INVALID = 3;
/** The prober's answer when no table covers the position. */
export const UNKNOWN = -1;

/** The newest format written (table files of format 1, uncompressed, are read too). */
export const FORMAT_VERSION = 2;
const MAGIC = 'DAMKA-EGDB';

/** Men and kings of each side. */
export interface Material {
  readonly wm: number;
  readonly wk: number;
  readonly bm: number;
  readonly bk: number;
}

export function materialName(m: Material): string {
  return `w${m.wm}m${m.wk}k-b${m.bm}m${m.bk}k`;
}

export function totalPieces(m: Material): number {
  return m.wm + m.wk + m.bm + m.bk;
}

/** Every signature of `pieces` pieces in all with at least one piece per side. */
export function materialsOf(pieces: number): Material[] {
  const out: Material[] = [];
  for (let white = 1; white < pieces; white++) {
    const black = pieces - white;
    for (let wm = 0; wm <= white; wm++)
      for (let bm = 0; bm <= black; bm++) out.push({ wm, wk: white - wm, bm, bk: black - bm });
  }
  // a man's crowning leads to a signature with one man fewer: those are built first
  return out.sort((a, b) => a.wm + a.bm - (b.wm + b.bm));
}

/**
 * Why a variant cannot have databases, or undefined. A table holds one value per board and side to
 * move, so every rule that makes the result depend on more than that is refused here, by name:
 * house-rule options (untested combinations), Dhamet's souffle (what the last move cut short),
 * the king split (a move that adds pieces), a three-stage promotion (a queen's home row), the
 * king-move limit (Frisian: how many moves a king has made in a row), material adjudication (a
 * draw is decided by counting) and boards over 64 squares. The burn rule (Israeli) is supported:
 * a burn right is a choice made before the move, from a board the tables already hold (build.ts).
 */
export function unsupportedReason(variant: Variant): string | undefined {
  const r = variant.rules;
  if (Object.keys(variant.options).length > 0) return 'house-rule options are not supported';
  if (r.capture.obligation === 'souffle')
    return "the 'souffle' capture rule needs per-ply state (what the last move cut short)";
  if (r.kingSplit) return 'the king split adds pieces';
  if (r.promotion.stages.some((s) => s.to === 'queen' || s.from === 'queen'))
    return 'a three-stage promotion is not supported';
  if (variant.compiled.kingMoveLimit > 0)
    return 'the king-move limit needs per-ply state (how many moves a king made in a row)';
  if (r.materialAdjudication) return 'material adjudication changes the result of draws';
  if (variant.topology.size > 64) return 'boards above 64 squares are not supported';
  return undefined;
}

/**
 * Everything the tables' values depend on: the compiled rules (move tables, precedence, captures,
 * promotion, the strict rules a burn is measured against) with the names, sources and draw rules
 * left out, the board, and what a player without a move gets.
 */
function rulesFingerprint(variant: Variant): string {
  const plain = (x: unknown): unknown => {
    if (ArrayBuffer.isView(x)) return Array.from(x as unknown as ArrayLike<number>);
    if (Array.isArray(x)) return x.map(plain);
    if (x !== null && typeof x === 'object') {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(x).sort()) {
        if (k === 'rules' || k === 'strict' || k === 'topology' || k === 'squareHash') continue;
        out[k] = plain((x as Record<string, unknown>)[k]);
      }
      return out;
    }
    return x;
  };
  const c = variant.compiled;
  return JSON.stringify([
    variant.topology.id,
    variant.rules.noMoveMeans,
    plain(c),
    c.strict === c ? 'same' : plain(c.strict),
  ]);
}

const sharing = new Map<string, string>();

/**
 * The variant whose tables `variant` uses: the first in the catalogue whose rules compile to the
 * same tables (Arab Dama plays by English rules, so it reads English's tables), else its own id.
 * Decided from the compiled rules each time a process first asks, never from a list kept by hand.
 */
export function tablesId(variant: Variant): string {
  if (Object.keys(variant.options).length > 0) return variant.id;
  const hit = sharing.get(variant.id);
  if (hit !== undefined) return hit;
  const mine = rulesFingerprint(variant);
  let id = variant.id;
  for (const rules of VARIANTS) {
    if (rules.id === variant.id) break;
    const other = getVariant(rules.id);
    if (other.ok && rulesFingerprint(other.value) === mine) {
      id = rules.id;
      break;
    }
  }
  sharing.set(variant.id, id);
  return id;
}

/** Binomial coefficients C(n, k) for n ≤ 64, k < 16, flat: `BINOMIAL[n * 16 + k]` (exact below 2^53). */
const BINOMIAL = (() => {
  const t = new Float64Array(65 * 16);
  for (let n = 0; n <= 64; n++) {
    t[n * 16] = 1;
    for (let k = 1; k < 16 && k <= n; k++)
      t[n * 16 + k] = t[(n - 1) * 16 + k - 1]! + t[(n - 1) * 16 + k]!;
  }
  return t;
})();
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  return BINOMIAL[n * 16 + k]!;
}

/** Group of a piece code (white man, white king, black man, black king), -1 for none. */
const GROUP = Int8Array.from({ length: 8 }, (_, code) =>
  code === MAN
    ? 0
    : code === KING
      ? 1
      : code === (BLACK_BIT | MAN)
        ? 2
        : code === (BLACK_BIT | KING)
          ? 3
          : -1,
);

/** The index of one signature of one variant: position ↔ number. */
export class MaterialIndex {
  readonly material: Material;
  /** Positions (both sides to move) the table holds. */
  readonly size: number;
  /** Per group (white men, white kings, black men, black kings): its piece code and count. */
  private readonly codes: number[];
  private readonly counts: number[];
  /** Per group, the squares it may stand on. */
  private readonly allowed: Int16Array[];
  /** Each square's place in its group's list, -1 for none: `places[group * boardSize + sq]`. */
  private readonly places: Int16Array;
  private readonly spans: number[];
  private readonly boardSize: number;
  private readonly scratch: number[] = [0, 0, 0, 0];
  private readonly ranks = new Float64Array(4);
  private readonly seen = new Int32Array(4);
  /** What the last `decode` found: each group's places, ascending (`group * 16 + j`), and rank. */
  private readonly lastPlaces = new Int16Array(64);
  private readonly lastRanks = new Float64Array(4);

  constructor(variant: Variant, material: Material) {
    this.material = material;
    const size = variant.topology.size;
    this.boardSize = size;
    this.codes = [MAN, KING, BLACK_BIT | MAN, BLACK_BIT | KING];
    this.counts = [material.wm, material.wk, material.bm, material.bk];
    this.allowed = [];
    this.spans = [];
    this.places = new Int16Array(4 * size);
    let total = 2;
    for (const [g, code] of this.codes.entries()) {
      const list: number[] = [];
      const place = new Int16Array(size).fill(-1);
      for (let sq = 0; sq < size; sq++) {
        if ((code & 3) === MAN && variant.compiled.promoteEnd[code * size + sq] !== 0) continue;
        place[sq] = list.length;
        list.push(sq);
      }
      this.places.set(place, g * size);
      this.allowed.push(Int16Array.from(list));
    }
    for (let g = 0; g < 4; g++) {
      const span = choose(this.allowed[g]!.length, this.counts[g]!);
      this.spans.push(span);
      total *= span;
    }
    this.size = total;
  }

  /** The index of `board` with `side` (0 white, 1 black) to move; -1 if a man stands where none may. */
  encode(board: Int8Array, side: number): number {
    const ranks = this.ranks;
    const seen = this.seen;
    ranks.fill(0);
    seen.fill(0);
    const places = this.places;
    const size = this.boardSize;
    for (let sq = 0; sq < size; sq++) {
      const code = board[sq]!;
      if (code === 0) continue;
      const g = GROUP[code & 7]!;
      const p = places[g * size + sq]!;
      if (p < 0) return -1;
      const k = ++seen[g]!;
      ranks[g]! += BINOMIAL[p * 16 + k]!;
    }
    const spans = this.spans;
    const index =
      ((ranks[0]! * spans[1]! + ranks[1]!) * spans[2]! + ranks[2]!) * spans[3]! + ranks[3]!;
    return index * 2 + side;
  }

  /** Write the position of `index` on `board` (cleared first); returns its side to move, or -1 when two pieces would share a square. */
  decode(index: number, board: Int8Array): number {
    board.fill(0);
    const side = index % 2;
    let rest = (index - side) / 2;
    const ranks = this.scratch;
    for (let g = 3; g >= 0; g--) {
      const span = this.spans[g]!;
      ranks[g] = rest % span;
      rest = (rest - ranks[g]!) / span;
    }
    const last = this.lastPlaces;
    for (let g = 0; g < 4; g++) {
      let r = ranks[g]!;
      this.lastRanks[g] = r;
      const allowed = this.allowed[g]!;
      const code = this.codes[g]!;
      let p = allowed.length - 1;
      for (let j = this.counts[g]!; j >= 1; j--) {
        while (BINOMIAL[p * 16 + j]! > r) p--;
        r -= BINOMIAL[p * 16 + j]!;
        last[g * 16 + j - 1] = p;
        const sq = allowed[p]!;
        if (board[sq] !== 0) return -1;
        board[sq] = code;
        p--;
      }
    }
    return side;
  }

  /**
   * `encode` of the position the last `decode` wrote after a move that only carries a piece
   * (`code`) from `from` to `to` (no capture, no crowning), with `side` to move: the moved
   * group's rank is recomputed from its few squares instead of scanning the board.
   */
  encodeAfterStep(code: number, from: number, to: number, side: number): number {
    const g = GROUP[code & 7]!;
    const size = this.boardSize;
    const a = this.places[g * size + from]!;
    const b = this.places[g * size + to]!;
    if (b < 0) return -1;
    const last = this.lastPlaces;
    const n = this.counts[g]!;
    let r = 0;
    let j = 1;
    let inserted = false;
    for (let i = g * 16, end = i + n; i < end; i++) {
      const p = last[i]!;
      if (p === a) continue;
      if (!inserted && b < p) {
        r += BINOMIAL[b * 16 + j++]!;
        inserted = true;
      }
      r += BINOMIAL[p * 16 + j++]!;
    }
    if (!inserted) r += BINOMIAL[b * 16 + j]!;
    const k = this.lastRanks;
    const s = this.spans;
    const r0 = g === 0 ? r : k[0]!;
    const r1 = g === 1 ? r : k[1]!;
    const r2 = g === 2 ? r : k[2]!;
    const r3 = g === 3 ? r : k[3]!;
    return (((r0 * s[1]! + r1) * s[2]! + r2) * s[3]! + r3) * 2 + side;
  }
}

/** The material on `board`. */
export function materialOf(board: Int8Array): Material {
  let wm = 0;
  let wk = 0;
  let bm = 0;
  let bk = 0;
  for (let sq = 0; sq < board.length; sq++) {
    const code = board[sq]!;
    if (code === 0) continue;
    const man = (code & 3) === MAN;
    if ((code & BLACK_BIT) !== 0) {
      if (man) bm++;
      else bk++;
    } else if (man) wm++;
    else wk++;
  }
  return { wm, wk, bm, bk };
}

/** 2-bit value `index` of a packed table. */
export function valueAt(data: Uint8Array, index: number): number {
  return (data[index >>> 2]! >>> ((index & 3) * 2)) & 3;
}

/** Pack one byte per position into 2 bits per position. */
export function pack(values: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(values.length / 4));
  for (let i = 0; i < values.length; i++) out[i >>> 2]! |= (values[i]! & 3) << ((i & 3) * 2);
  return out;
}

/** FNV-1a, 32 bits, as 8 hex digits: the table's checksum. */
export function checksum(data: Uint8Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < data.length; i++) h = Math.imul(h ^ data[i]!, 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** Packed bytes per compressed block (16,384 positions). */
export const BLOCK_BYTES = 4096;
/** Blocks a `BlockTable` keeps inflated (direct-mapped by block number, each made on first use). */
const CACHE_BLOCKS = 128;

/**
 * A compressed table (format 2) probed in place: a value's 4 KiB block is inflated on first use
 * and kept in a small cache, so a probe costs one inflate of 4 KiB at most and the table's memory
 * is its compressed size plus at most 512 KiB. A search in an ending probes a few tables all over:
 * once a table's probes have inflated as many blocks as it holds, the cache is not paying, so the
 * table is unpacked whole (its packed size, 2 bits a position) and probed directly from then on.
 */
export class BlockTable {
  /** Compressed bytes (the file's body past the header). */
  readonly bytes: number;
  private readonly body: Uint8Array;
  private readonly offsets: Uint32Array;
  private readonly packedBytes: number;
  private readonly tags: Int32Array;
  private readonly cache: (Uint8Array | undefined)[];
  /** Blocks inflated so far (a statistic). */
  inflated = 0;
  /** The whole packed table, once probes have inflated as many blocks as it holds. */
  private resident: Uint8Array | null = null;

  constructor(body: Uint8Array, offsets: Uint32Array, packedBytes: number) {
    this.body = body;
    this.offsets = offsets;
    this.packedBytes = packedBytes;
    this.bytes = body.length;
    const slots = Math.min(CACHE_BLOCKS, offsets.length - 1);
    this.tags = new Int32Array(slots).fill(-1);
    this.cache = new Array<Uint8Array | undefined>(slots);
  }

  /** Inflate block `b` into `out` (at least its size). */
  inflateBlock(b: number, out: Uint8Array): void {
    const size = Math.min(BLOCK_BYTES, this.packedBytes - b * BLOCK_BYTES);
    const stored = this.body.subarray(this.offsets[b]!, this.offsets[b + 1]!);
    if (stored.length === size) out.set(stored);
    else if (inflateRaw(stored, out.subarray(0, size)) !== size)
      throw new Error('a table block inflates to the wrong size');
    this.inflated++;
  }

  valueAt(index: number): number {
    const resident = this.resident;
    if (resident !== null) return valueAt(resident, index);
    const byte = index >>> 2;
    const b = Math.floor(byte / BLOCK_BYTES);
    const slot = b % this.tags.length;
    let block = this.cache[slot];
    if (this.tags[slot] !== b || block === undefined) {
      if (this.inflated >= this.offsets.length - 1) return this.settle(index);
      block ??= this.cache[slot] = new Uint8Array(BLOCK_BYTES);
      this.inflateBlock(b, block);
      this.tags[slot] = b;
    }
    return (block[byte % BLOCK_BYTES]! >>> ((index & 3) * 2)) & 3;
  }

  /** Whether the table is held unpacked (see the class). */
  get isResident(): boolean {
    return this.resident !== null;
  }

  /** Unpack the table for good, free the cache, and read `index`. */
  private settle(index: number): number {
    this.resident = this.unpack();
    this.cache.fill(undefined);
    return valueAt(this.resident, index);
  }

  /** The whole packed table. */
  unpack(): Uint8Array {
    const out = new Uint8Array(this.packedBytes);
    for (let b = 0; b * BLOCK_BYTES < this.packedBytes; b++)
      this.inflateBlock(b, out.subarray(b * BLOCK_BYTES));
    return out;
  }
}

/** A table's values as read: packed bytes (format 1, or unpacked) or compressed blocks. */
export type TableValues = Uint8Array | BlockTable;

/** The 2-bit value `index` of a table, either kind. */
export function tableValue(data: TableValues, index: number): number {
  return data instanceof Uint8Array ? valueAt(data, index) : data.valueAt(index);
}

export interface TableHeader {
  readonly format: number;
  readonly variant: string;
  readonly material: string;
  readonly positions: number;
  /** FNV-1a of the packed values (both formats). */
  readonly checksum: string;
  /** Format 2: bytes per block before compression, their number, FNV-1a of the body. */
  readonly block?: number;
  readonly blocks?: number;
  readonly body?: string;
}

/** Compress one block (raw DEFLATE), e.g. Node's `zlib.deflateRawSync`. */
export type Deflate = (block: Uint8Array) => Uint8Array;

/**
 * A table file: a magic line, one JSON header line, then the values. Format 1 (no `deflate`):
 * the packed values. Format 2: the packed values cut into 4 KiB blocks, each deflated alone
 * (stored as is when that saves nothing), after an index of `blocks + 1` little-endian 32-bit
 * offsets into the body (the index included).
 */
export function encodeTable(
  variant: Variant,
  material: Material,
  values: Uint8Array,
  deflate?: Deflate,
): Uint8Array {
  const data = pack(values);
  let body = data;
  const header: TableHeader = {
    format: deflate ? 2 : 1,
    variant: tablesId(variant),
    material: materialName(material),
    positions: values.length,
    checksum: checksum(data),
  };
  if (deflate) {
    const blocks = Math.ceil(data.length / BLOCK_BYTES);
    const parts: Uint8Array[] = [];
    const offsets = new Uint32Array(blocks + 1);
    let at = offsets.byteLength;
    for (let b = 0; b < blocks; b++) {
      offsets[b] = at;
      const raw = data.subarray(b * BLOCK_BYTES, (b + 1) * BLOCK_BYTES);
      const z = deflate(raw);
      const part = z.length < raw.length ? z : raw;
      parts.push(part);
      at += part.length;
    }
    offsets[blocks] = at;
    body = new Uint8Array(at);
    const view = new DataView(body.buffer);
    for (let b = 0; b <= blocks; b++) view.setUint32(b * 4, offsets[b]!, true);
    for (let b = 0; b < blocks; b++) body.set(parts[b]!, offsets[b]!);
    Object.assign(header, { block: BLOCK_BYTES, blocks, body: checksum(body) });
  }
  const head = new TextEncoder().encode(`${MAGIC} ${header.format}\n${JSON.stringify(header)}\n`);
  const out = new Uint8Array(head.length + body.length);
  out.set(head, 0);
  out.set(body, head.length);
  return out;
}

/**
 * Read a table file (format 1 or 2) back, checking that it is the table asked for and intact;
 * else a reason. `lazy`: a format-2 table stays compressed (a `BlockTable`, its body checked);
 * otherwise the values come back packed, every block inflated and the values' checksum checked.
 */
export function openTable(
  bytes: Uint8Array,
  variant: Variant,
  material: Material,
  lazy = true,
): { ok: true; header: TableHeader; data: TableValues } | { ok: false; error: string } {
  const first = bytes.indexOf(10);
  const second = first < 0 ? -1 : bytes.indexOf(10, first + 1);
  if (second < 0) return { ok: false, error: 'no header' };
  const text = new TextDecoder();
  const magic = text.decode(bytes.subarray(0, first));
  if (magic !== `${MAGIC} 1` && magic !== `${MAGIC} 2`)
    return { ok: false, error: 'not a Damka endgame table of a known format' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.decode(bytes.subarray(first + 1, second)));
  } catch {
    return { ok: false, error: 'unreadable header' };
  }
  // valid JSON that is not an object (`null`, a number, a list) is no header either
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { ok: false, error: 'unreadable header' };
  const header = parsed as TableHeader;
  const name = materialName(material);
  const id = tablesId(variant);
  if (header.variant !== id || header.material !== name)
    return {
      ok: false,
      error: `holds ${header.variant} ${header.material}, not ${id} ${name}`,
    };
  const body = bytes.subarray(second + 1);
  const positions = new MaterialIndex(variant, material).size;
  const packed = Math.ceil(positions / 4);
  if (header.positions !== positions) return { ok: false, error: 'of another size' };
  if (header.format === 1 && magic === `${MAGIC} 1`) {
    if (body.length !== packed) return { ok: false, error: 'truncated or of another size' };
    if (checksum(body) !== header.checksum) return { ok: false, error: 'checksum mismatch' };
    return { ok: true, header, data: body };
  }
  if (header.format !== 2 || magic !== `${MAGIC} 2` || header.block !== BLOCK_BYTES)
    return { ok: false, error: 'a header of an unknown format' };
  const blocks = Math.ceil(packed / BLOCK_BYTES);
  if (header.blocks !== blocks || body.length < (blocks + 1) * 4)
    return { ok: false, error: 'truncated or of another size' };
  if (checksum(body) !== header.body) return { ok: false, error: 'checksum mismatch' };
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const offsets = new Uint32Array(blocks + 1);
  for (let b = 0; b <= blocks; b++) offsets[b] = view.getUint32(b * 4, true);
  for (let b = 0; b < blocks; b++)
    if (offsets[b]! > offsets[b + 1]! || offsets[b]! < (blocks + 1) * 4)
      return { ok: false, error: 'a damaged block index' };
  if (offsets[blocks] !== body.length) return { ok: false, error: 'truncated or of another size' };
  const table = new BlockTable(body, offsets, packed);
  if (lazy) return { ok: true, header, data: table };
  let data: Uint8Array;
  try {
    data = table.unpack();
  } catch (e) {
    return { ok: false, error: `a damaged block: ${(e as Error).message}` };
  }
  if (checksum(data) !== header.checksum) return { ok: false, error: 'checksum mismatch' };
  return { ok: true, header, data };
}

/** Read a table file (either format) back as packed values; else a reason (see `openTable`). */
export function decodeTable(
  bytes: Uint8Array,
  variant: Variant,
  material: Material,
): { ok: true; header: TableHeader; data: Uint8Array } | { ok: false; error: string } {
  const read = openTable(bytes, variant, material, false);
  if (!read.ok) return read;
  return { ok: true, header: read.header, data: read.data as Uint8Array };
}
