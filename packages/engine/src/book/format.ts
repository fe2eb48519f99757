/**
 * The opening book's file format: positions keyed by the engine's Zobrist key, each with the good
 * moves found for it, their weights (how often to play each) and their search scores.
 *
 * Binary and small because a book travels to the browser: a position costs 9 bytes and a move
 * 6 plus its captured squares, so a few thousand positions make tens of kilobytes. A move is kept
 * as the rules name it on the wire (from, to, captured squares as a set, the king-split flag),
 * not as an index into a move list, so a book survives changes to the move generator's order and
 * is checked against the rules when read (`OpeningBook` drops a move that is not legal).
 *
 * Layout (little-endian): "DKBK", version (1), the variant id (length byte, ASCII), search depth,
 * ply limit, margin (u16), entry count (u32); then per entry its key (lo, hi as int32), its move
 * count and per move: from, to, flags (bit 7: split; bits 0–5: number of captures), the captured
 * squares, weight (0–255; 0 for a reply known but never played) and score (int16, hundredths of a man for the side to move).
 */
import { colorIndex, err, ok, type Position, type Result } from '@damka/rules';
import { hashBoard, variantKeys } from '../zobrist.ts';

export const BOOK_VERSION = 1;
const MAGIC = [0x44, 0x4b, 0x42, 0x4b]; // "DKBK"

/** One move of a book position. */
export interface BookMove {
  readonly from: number;
  readonly to: number;
  /** Captured squares, in any order (compared as a set). */
  readonly captures: readonly number[];
  /** A king split (same squares as a king step, another move). */
  readonly split: boolean;
  /** Relative frequency, 0–255; 0: a reply the book knows but never plays. */
  readonly weight: number;
  /** The builder's search score, hundredths of a man for the side to move. */
  readonly score: number;
}

/** A book position: its key and its moves, best first. */
export interface BookEntry {
  readonly lo: number;
  readonly hi: number;
  readonly moves: readonly BookMove[];
}

/** A whole book as stored. */
export interface BookFile {
  readonly variant: string;
  /** The search depth that scored the moves. */
  readonly depth: number;
  /** Plies from the start position the builder went to, at most. */
  readonly plies: number;
  /** Moves within this many hundredths of a man of the best were kept. */
  readonly margin: number;
  readonly entries: readonly BookEntry[];
}

/**
 * The book key of a position, [lo, hi], or undefined when no book applies to it: a position with
 * a burn pending (huff rules) has the same pieces as one without but other moves. The Zobrist key
 * of the board and side is mixed with the compulsory opening's ply (Dhamet), where the same board
 * may have other legal moves.
 */
export function bookKey(position: Position): [number, number] | undefined {
  if (position.burnable.length > 0) return undefined;
  const [lo, hi] = hashBoard(
    variantKeys(position.variant),
    position.board(),
    colorIndex(position.turn),
  );
  if (position.openingPly < 0) return [lo, hi];
  const mix = Math.imul(position.openingPly + 1, 0x9e3779b1);
  return [lo ^ mix, hi ^ Math.imul(mix, 0x85ebca6b)];
}

/** The book as bytes. */
export function encodeBook(book: BookFile): Uint8Array {
  const id = [...book.variant].map((c) => c.charCodeAt(0) & 0x7f);
  let size = 4 + 1 + 1 + id.length + 1 + 1 + 2 + 4;
  for (const e of book.entries) {
    size += 9;
    for (const m of e.moves) size += 6 + m.captures.length;
  }
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let o = 0;
  for (const b of MAGIC) out[o++] = b;
  out[o++] = BOOK_VERSION;
  out[o++] = id.length;
  for (const c of id) out[o++] = c;
  out[o++] = book.depth;
  out[o++] = book.plies;
  view.setUint16(o, book.margin, true);
  o += 2;
  view.setUint32(o, book.entries.length, true);
  o += 4;
  for (const e of book.entries) {
    view.setInt32(o, e.lo, true);
    view.setInt32(o + 4, e.hi, true);
    out[o + 8] = e.moves.length;
    o += 9;
    for (const m of e.moves) {
      out[o++] = m.from;
      out[o++] = m.to;
      out[o++] = (m.split ? 0x80 : 0) | m.captures.length;
      for (const c of m.captures) out[o++] = c;
      out[o++] = Math.max(0, Math.min(255, Math.round(m.weight)));
      view.setInt16(o, Math.max(-32768, Math.min(32767, Math.round(m.score))), true);
      o += 2;
    }
  }
  return out;
}

/** Read a book; an error names what is wrong (a foreign or damaged file, another variant's). */
export function decodeBook(bytes: Uint8Array, variantId?: string): Result<BookFile, string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const need = (o: number, n: number) => o + n <= bytes.length;
  if (!need(0, 6) || MAGIC.some((b, i) => bytes[i] !== b)) return err('not an opening book');
  if (bytes[4] !== BOOK_VERSION) return err(`book version ${bytes[4]}, expected ${BOOK_VERSION}`);
  const idLength = bytes[5]!;
  let o = 6;
  if (!need(o, idLength + 8)) return err('book header cut short');
  const variant = String.fromCharCode(...bytes.subarray(o, o + idLength));
  o += idLength;
  if (variantId !== undefined && variant !== variantId)
    return err(`book of ${variant}, not ${variantId}`);
  const depth = bytes[o++]!;
  const plies = bytes[o++]!;
  const margin = view.getUint16(o, true);
  o += 2;
  const count = view.getUint32(o, true);
  o += 4;
  const entries: BookEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (!need(o, 9)) return err(`book cut short at entry ${i}`);
    const lo = view.getInt32(o, true);
    const hi = view.getInt32(o + 4, true);
    const n = bytes[o + 8]!;
    o += 9;
    const moves: BookMove[] = [];
    for (let j = 0; j < n; j++) {
      if (!need(o, 3)) return err(`book cut short at entry ${i}`);
      const from = bytes[o++]!;
      const to = bytes[o++]!;
      const flags = bytes[o++]!;
      const k = flags & 0x3f;
      if (!need(o, k + 3)) return err(`book cut short at entry ${i}`);
      const captures = [...bytes.subarray(o, o + k)];
      o += k;
      const weight = bytes[o++]!;
      const score = view.getInt16(o, true);
      o += 2;
      moves.push({ from, to, captures, split: (flags & 0x80) !== 0, weight, score });
    }
    entries.push({ lo, hi, moves });
  }
  if (o !== bytes.length) return err('bytes after the last book entry');
  return ok({ variant, depth, plies, margin, entries });
}
