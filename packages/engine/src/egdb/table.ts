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
 * Values are from the side to move's point of view, the game-theoretic result with the rule "a
 * player who cannot move (or has no piece) gets `noMoveMeans`" and no move-count or repetition
 * draws: `DRAW` means neither side can force a win, however long the play.
 */
import { BLACK_BIT, KING, MAN, VARIANTS, getVariant, type Variant } from '@damka/rules';

export const DRAW = 0;
export const WIN = 1;
export const LOSS = 2;
/** Not a position (two pieces on one square); never probed. */
export const INVALID = 3;
/** The prober's answer when no table covers the position. */
export const UNKNOWN = -1;

export const FORMAT_VERSION = 1;
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

const binomials: number[][] = [];
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  while (binomials.length <= n) {
    const m = binomials.length;
    const row = [1];
    for (let j = 1; j <= m; j++)
      row.push((binomials[m - 1]![j - 1] ?? 0) + (binomials[m - 1]![j] ?? 0));
    binomials.push(row);
  }
  return binomials[n]![k]!;
}

/** The index of one signature of one variant: position ↔ number. */
export class MaterialIndex {
  readonly material: Material;
  /** Positions (both sides to move) the table holds. */
  readonly size: number;
  /** Per group (white men, white kings, black men, black kings): its piece code and count. */
  private readonly codes: number[];
  private readonly counts: number[];
  /** Per group, the squares it may stand on, and each square's place in that list (-1: none). */
  private readonly allowed: Int16Array[];
  private readonly place: Int16Array[];
  private readonly spans: number[];
  private readonly boardSize: number;
  private readonly scratch: number[] = [];

  constructor(variant: Variant, material: Material) {
    this.material = material;
    const size = variant.topology.size;
    this.boardSize = size;
    this.codes = [MAN, KING, BLACK_BIT | MAN, BLACK_BIT | KING];
    this.counts = [material.wm, material.wk, material.bm, material.bk];
    this.allowed = [];
    this.place = [];
    this.spans = [];
    let total = 2;
    for (const code of this.codes) {
      const list: number[] = [];
      const place = new Int16Array(size).fill(-1);
      for (let sq = 0; sq < size; sq++) {
        if ((code & 3) === MAN && variant.compiled.promoteEnd[code * size + sq] !== 0) continue;
        place[sq] = list.length;
        list.push(sq);
      }
      this.allowed.push(Int16Array.from(list));
      this.place.push(place);
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
    const ranks = [0, 0, 0, 0];
    const seen = [0, 0, 0, 0];
    for (let sq = 0; sq < this.boardSize; sq++) {
      const code = board[sq]!;
      if (code === 0) continue;
      const g = ((code & BLACK_BIT) !== 0 ? 2 : 0) + ((code & 3) === MAN ? 0 : 1);
      const p = this.place[g]![sq]!;
      if (p < 0) return -1;
      seen[g]!++;
      ranks[g]! += choose(p, seen[g]!);
    }
    let index = 0;
    for (let g = 0; g < 4; g++) index = index * this.spans[g]! + ranks[g]!;
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
    for (let g = 0; g < 4; g++) {
      let r = ranks[g]!;
      const allowed = this.allowed[g]!;
      let p = allowed.length - 1;
      for (let j = this.counts[g]!; j >= 1; j--) {
        while (choose(p, j) > r) p--;
        r -= choose(p, j);
        const sq = allowed[p]!;
        if (board[sq] !== 0) return -1;
        board[sq] = this.codes[g]!;
        p--;
      }
    }
    return side;
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

export interface TableHeader {
  readonly format: number;
  readonly variant: string;
  readonly material: string;
  readonly positions: number;
  readonly checksum: string;
}

/** A table file: a magic line, one JSON header line, then the packed values. */
export function encodeTable(variant: Variant, material: Material, values: Uint8Array): Uint8Array {
  const data = pack(values);
  const header: TableHeader = {
    format: FORMAT_VERSION,
    variant: tablesId(variant),
    material: materialName(material),
    positions: values.length,
    checksum: checksum(data),
  };
  const head = new TextEncoder().encode(`${MAGIC} ${FORMAT_VERSION}\n${JSON.stringify(header)}\n`);
  const out = new Uint8Array(head.length + data.length);
  out.set(head, 0);
  out.set(data, head.length);
  return out;
}

/** Read a table file back, checking that it is the table asked for and intact; else a reason. */
export function decodeTable(
  bytes: Uint8Array,
  variant: Variant,
  material: Material,
): { ok: true; header: TableHeader; data: Uint8Array } | { ok: false; error: string } {
  const first = bytes.indexOf(10);
  const second = first < 0 ? -1 : bytes.indexOf(10, first + 1);
  if (second < 0) return { ok: false, error: 'no header' };
  const text = new TextDecoder();
  if (text.decode(bytes.subarray(0, first)) !== `${MAGIC} ${FORMAT_VERSION}`)
    return { ok: false, error: 'not a Damka endgame table of this format' };
  let header: TableHeader;
  try {
    header = JSON.parse(text.decode(bytes.subarray(first + 1, second))) as TableHeader;
  } catch {
    return { ok: false, error: 'unreadable header' };
  }
  const name = materialName(material);
  const id = tablesId(variant);
  if (header.variant !== id || header.material !== name)
    return {
      ok: false,
      error: `holds ${header.variant} ${header.material}, not ${id} ${name}`,
    };
  const data = bytes.subarray(second + 1);
  const positions = new MaterialIndex(variant, material).size;
  if (header.positions !== positions || data.length !== Math.ceil(positions / 4))
    return { ok: false, error: 'truncated or of another size' };
  if (checksum(data) !== header.checksum) return { ok: false, error: 'checksum mismatch' };
  return { ok: true, header, data };
}
