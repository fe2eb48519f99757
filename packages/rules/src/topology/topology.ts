/**
 * One board graph type for every Damka board: diagonal (6x6, 8x8 in both colourings, 10x10,
 * 12x12), the 10x10 diagonal board with its orthogonal lines too (Frisian captures), orthogonal
 * (Turkish 8x8, all 64 squares) and the 9x9 alquerque point graph (Dhamet).
 *
 * A topology is a set of squares with coordinates plus, for each direction, a link table
 * `next[dir * size + square]` giving the neighbouring square along that direction or -1. A "line"
 * is what you get by following one direction repeatedly, so flying pieces walk link tables and
 * never compute coordinates in the hot path. Rank 0 is White's home row; "forward" for White is
 * +y and for Black -y.
 */
import type { Square } from '../types.ts';

export type TopologyId =
  | 'diagonal-6x6'
  | 'diagonal-8x8'
  | 'diagonal-8x8-mirrored'
  | 'diagonal-10x10'
  | 'diagonal-orthogonal-10x10'
  | 'diagonal-12x12'
  | 'orthogonal-8x8'
  | 'alquerque-9x9';

export type TopologyKind = 'diagonal' | 'orthogonal' | 'alquerque';

export interface Direction {
  readonly dx: number;
  readonly dy: number;
}

export interface Topology {
  readonly id: TopologyId;
  readonly kind: TopologyKind;
  /** Files and ranks of the grid (cells for square boards, points for alquerque). */
  readonly width: number;
  readonly height: number;
  /** Number of squares (playable cells or points). */
  readonly size: number;
  /** File (0-based, a = 0) of each square. */
  readonly file: Int8Array;
  /** Rank (0-based, White's home row = 0) of each square. */
  readonly rank: Int8Array;
  /** `grid[rank * width + file]` = square, or -1 for an unplayable cell. */
  readonly grid: Int16Array;
  readonly directions: readonly Direction[];
  /** `next[dir * size + sq]`: the neighbour of `sq` along `dir`, or -1. */
  readonly next: Int16Array;
  /** `reverse[dir]`: the index of the opposite direction. */
  readonly reverse: Int8Array;
  /** Drawn lines between neighbouring squares, each pair once (for board rendering). */
  readonly segments: ReadonlyArray<readonly [Square, Square]>;
}

/** The square at (file, rank), or -1 if off the board or unplayable. */
export function squareAt(t: Topology, file: number, rank: number): Square {
  if (file < 0 || rank < 0 || file >= t.width || rank >= t.height) return -1;
  return t.grid[rank * t.width + file] ?? -1;
}

/** Follow one direction from a square; -1 if the line ends. */
export function step(t: Topology, dir: number, sq: Square): Square {
  return t.next[dir * t.size + sq] ?? -1;
}

const DIAGONALS: readonly Direction[] = [
  { dx: 1, dy: 1 },
  { dx: -1, dy: 1 },
  { dx: 1, dy: -1 },
  { dx: -1, dy: -1 },
];
/**
 * The orthogonal lines of a checkered board: a playable square's horizontal and vertical
 * neighbours of the same colour are two cells away (Frisian: 26-27-28-29-30, 8-18-28-38-48).
 */
const ORTHOGONALS_OF_DIAGONAL_BOARD: readonly Direction[] = [
  { dx: 0, dy: 2 },
  { dx: 0, dy: -2 },
  { dx: 2, dy: 0 },
  { dx: -2, dy: 0 },
];
const ORTHOGONALS: readonly Direction[] = [
  { dx: 0, dy: 1 },
  { dx: 0, dy: -1 },
  { dx: 1, dy: 0 },
  { dx: -1, dy: 0 },
];

function build(
  id: TopologyId,
  kind: TopologyKind,
  width: number,
  height: number,
  playable: (file: number, rank: number) => boolean,
  directions: readonly Direction[],
  linked: (file: number, rank: number, d: Direction) => boolean,
): Topology {
  const grid = new Int16Array(width * height).fill(-1);
  const files: number[] = [];
  const ranks: number[] = [];
  for (let rank = 0; rank < height; rank++) {
    for (let file = 0; file < width; file++) {
      if (!playable(file, rank)) continue;
      grid[rank * width + file] = files.length;
      files.push(file);
      ranks.push(rank);
    }
  }
  const size = files.length;
  const next = new Int16Array(directions.length * size).fill(-1);
  const segments: Array<readonly [Square, Square]> = [];
  directions.forEach((d, di) => {
    for (let sq = 0; sq < size; sq++) {
      const f = files[sq]!;
      const r = ranks[sq]!;
      const nf = f + d.dx;
      const nr = r + d.dy;
      if (nf < 0 || nr < 0 || nf >= width || nr >= height) continue;
      const to = grid[nr * width + nf]!;
      if (to < 0 || !linked(f, r, d)) continue;
      next[di * size + sq] = to;
      if (sq < to) segments.push([sq, to]);
    }
  });
  const reverse = new Int8Array(directions.length);
  directions.forEach((d, di) => {
    reverse[di] = directions.findIndex((e) => e.dx === -d.dx && e.dy === -d.dy);
  });
  return {
    id,
    kind,
    width,
    height,
    size,
    file: Int8Array.from(files),
    rank: Int8Array.from(ranks),
    grid,
    directions,
    next,
    reverse,
    segments,
  };
}

/**
 * A checkered board played on one colour. `a1Playable` = the usual orientation (International,
 * English, Russian…); false = the mirrored Italian / Spanish board whose a1 is unused.
 */
export function diagonalBoard(
  id: TopologyId,
  size: number,
  a1Playable: boolean,
  orthogonalLines = false,
): Topology {
  const parity = a1Playable ? 0 : 1;
  return build(
    id,
    'diagonal',
    size,
    size,
    (f, r) => (f + r) % 2 === parity,
    // the diagonals come first, so direction indices 0-3 mean the same on both 10x10 boards
    orthogonalLines ? [...DIAGONALS, ...ORTHOGONALS_OF_DIAGONAL_BOARD] : DIAGONALS,
    () => true,
  );
}

/** Whether direction `d` runs along a diagonal (the lines of a non-capturing move in Frisian). */
export function isDiagonal(d: Direction): boolean {
  return Math.abs(d.dx) === Math.abs(d.dy);
}

/** Turkish: all 64 squares, orthogonal lines only. */
export function orthogonalBoard(): Topology {
  return build(
    'orthogonal-8x8',
    'orthogonal',
    8,
    8,
    () => true,
    ORTHOGONALS,
    () => true,
  );
}

/**
 * Dhamet: 81 points; every row and column is a line, and diagonals pass through the "open" points
 * whose file + rank is even (a1, e3, e5…), alquerque style.
 */
export function alquerqueBoard(): Topology {
  return build(
    'alquerque-9x9',
    'alquerque',
    9,
    9,
    () => true,
    [...ORTHOGONALS, ...DIAGONALS],
    (f, r, d) => d.dx === 0 || d.dy === 0 || (f + r) % 2 === 0,
  );
}

const cache = new Map<TopologyId, Topology>();

/** The shared, immutable topology for an id. */
export function topology(id: TopologyId): Topology {
  let t = cache.get(id);
  if (!t) {
    switch (id) {
      case 'diagonal-6x6':
        t = diagonalBoard(id, 6, true);
        break;
      case 'diagonal-8x8':
        t = diagonalBoard(id, 8, true);
        break;
      case 'diagonal-8x8-mirrored':
        t = diagonalBoard(id, 8, false);
        break;
      case 'diagonal-10x10':
        t = diagonalBoard(id, 10, true);
        break;
      case 'diagonal-orthogonal-10x10':
        t = diagonalBoard(id, 10, true, true);
        break;
      case 'diagonal-12x12':
        t = diagonalBoard(id, 12, true);
        break;
      case 'orthogonal-8x8':
        t = orthogonalBoard();
        break;
      case 'alquerque-9x9':
        t = alquerqueBoard();
        break;
    }
    cache.set(id, t);
  }
  return t;
}
