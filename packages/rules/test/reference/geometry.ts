/**
 * The reference generator's board: points as (file, rank) coordinates, the board as a `Map` from a
 * coordinate's key to its piece, and the lines through each point computed from coordinates
 * (diagonal boards, Turkish orthogonal lines, Dhamet's alquerque lines, Frisian's rows and columns
 * of dark squares), never from the topology's link tables, so that the fast generator's tables are
 * checked rather than reused. Part of the test-only reference generator (generator.ts).
 */
import type { Color, Role, Topology } from '@damka/rules';

/** A piece on the reference board. */
export interface RefPiece {
  readonly color: Color;
  readonly role: Role;
}

/** A point of the board: file 0 = a, rank 0 = White's home row. */
export interface Coord {
  readonly file: number;
  readonly rank: number;
}

/** The reference board: coordinate key (see `key`) → piece. Empty points are absent. */
export type RefBoard = Map<number, RefPiece>;

/** One jump of a capture: the piece jumped and where the capturing piece lands. */
export interface RefJump {
  readonly over: Coord;
  readonly victim: RefPiece;
  readonly land: Coord;
  readonly dx: number;
  readonly dy: number;
}

/** A reference move: a step, a full capture sequence (or a permitted prefix), or a king split. */
export interface RefMove {
  readonly kind: 'step' | 'capture' | 'split';
  readonly from: Coord;
  readonly to: Coord;
  readonly jumps: readonly RefJump[];
  /** The moving piece before the move and after it (promotion applied). */
  readonly moved: RefPiece;
  readonly piece: RefPiece;
}

export interface Dir {
  readonly dx: number;
  readonly dy: number;
}

const DIAGONAL: readonly Dir[] = [
  { dx: 1, dy: 1 },
  { dx: -1, dy: 1 },
  { dx: 1, dy: -1 },
  { dx: -1, dy: -1 },
];
const ORTHOGONAL: readonly Dir[] = [
  { dx: 0, dy: 1 },
  { dx: 0, dy: -1 },
  { dx: 1, dy: 0 },
  { dx: -1, dy: 0 },
];

/** The orthogonal lines of a checkered board: same-coloured neighbours are two cells apart. */
const ORTHOGONAL_BY_TWO: readonly Dir[] = [
  { dx: 0, dy: 2 },
  { dx: 0, dy: -2 },
  { dx: 2, dy: 0 },
  { dx: -2, dy: 0 },
];

/** Map key of a coordinate. */
export function key(c: Coord): number {
  return c.file * 32 + c.rank;
}

export function coordOfKey(k: number): Coord {
  return { file: Math.floor(k / 32), rank: k % 32 };
}

export function same(a: Coord, b: Coord): boolean {
  return a.file === b.file && a.rank === b.rank;
}

export function forward(color: Color): number {
  return color === 'white' ? 1 : -1;
}

export function other(color: Color): Color {
  return color === 'white' ? 'black' : 'white';
}

/** The board's shape: which cells exist and which lines run through them. */
export class Geometry {
  readonly kind: 'diagonal' | 'orthogonal' | 'alquerque';
  readonly width: number;
  readonly height: number;
  /** A diagonal board whose rows and columns of dark squares are lines too (Frisian). */
  readonly darkLines: boolean;
  private readonly playable: boolean[];

  constructor(topology: Topology) {
    this.kind = topology.kind;
    this.darkLines = topology.id === 'diagonal-orthogonal-10x10';
    this.width = topology.width;
    this.height = topology.height;
    this.playable = [];
    for (let rank = 0; rank < this.height; rank++) {
      for (let file = 0; file < this.width; file++) {
        this.playable.push((topology.grid[rank * this.width + file] ?? -1) >= 0);
      }
    }
  }

  onBoard(c: Coord): boolean {
    if (c.file < 0 || c.rank < 0 || c.file >= this.width || c.rank >= this.height) return false;
    return this.playable[c.rank * this.width + c.file] === true;
  }

  /** The directions of the lines through a point. */
  directionsAt(c: Coord): readonly Dir[] {
    if (this.kind === 'diagonal')
      return this.darkLines ? [...DIAGONAL, ...ORTHOGONAL_BY_TWO] : DIAGONAL;
    if (this.kind === 'orthogonal') return ORTHOGONAL;
    // alquerque: rows and columns everywhere; diagonals only through "open" points
    return (c.file + c.rank) % 2 === 0 ? [...ORTHOGONAL, ...DIAGONAL] : ORTHOGONAL;
  }

  /** The next point along a line from `c`, or undefined where the line ends or does not exist. */
  next(c: Coord, d: Dir): Coord | undefined {
    if (!this.directionsAt(c).some((e) => e.dx === d.dx && e.dy === d.dy)) return undefined;
    const n = { file: c.file + d.dx, rank: c.rank + d.dy };
    return this.onBoard(n) ? n : undefined;
  }

  /** Every point of the board. */
  points(): Coord[] {
    const out: Coord[] = [];
    for (let rank = 0; rank < this.height; rank++) {
      for (let file = 0; file < this.width; file++) {
        if (this.onBoard({ file, rank })) out.push({ file, rank });
      }
    }
    return out;
  }
}
