/**
 * Where each square appears on screen. Squares and points sit on a grid of `width` x `height`
 * cells; the screen column/row of a square depends only on its file, rank and whether the board is
 * flipped. Kept apart from the DOM so that the keyboard cursor (which moves in screen directions,
 * not board directions) can be tested in plain Node.
 */
import type { BoardGeometry, Square } from './types.ts';

/** Screen cell of a square: column from the left, row from the top. */
export interface Cell {
  readonly col: number;
  readonly row: number;
}

export type Arrow = 'up' | 'down' | 'left' | 'right';

/** The screen cell of `sq`. White's home row is at the bottom unless `flipped`. */
export function cellOf(g: BoardGeometry, sq: Square, flipped: boolean): Cell {
  const file = g.file[sq] ?? 0;
  const rank = g.rank[sq] ?? 0;
  return flipped ? { col: g.width - 1 - file, row: rank } : { col: file, row: g.height - 1 - rank };
}

/** A lookup from screen cell (`row * width + col`) to square, -1 for cells without one. */
export function cellIndex(g: BoardGeometry, flipped: boolean): Int16Array {
  const out = new Int16Array(g.width * g.height).fill(-1);
  for (let sq = 0; sq < g.size; sq++) {
    const { col, row } = cellOf(g, sq, flipped);
    out[row * g.width + col] = sq;
  }
  return out;
}

/** The square shown at screen cell (col, row), or -1. */
export function squareAtCell(
  g: BoardGeometry,
  index: Int16Array,
  col: number,
  row: number,
): Square {
  if (col < 0 || row < 0 || col >= g.width || row >= g.height) return -1;
  return index[row * g.width + col] ?? -1;
}

/**
 * The square the keyboard cursor reaches from `from` with an arrow key. Up/down go to the nearest
 * row in that direction holding a square, choosing the closest column (on a checkered board the
 * tie between the two diagonal neighbours goes toward the centre, so repeated presses zig-zag up
 * the middle instead of drifting to an edge); left/right stay on the same row. Returns `from` when
 * nothing lies that way.
 */
export function moveCursor(g: BoardGeometry, flipped: boolean, from: Square, arrow: Arrow): Square {
  if (from < 0 || from >= g.size) return g.size > 0 ? 0 : -1;
  const here = cellOf(g, from, flipped);
  const vertical = arrow === 'up' || arrow === 'down';
  const sign = arrow === 'up' || arrow === 'left' ? -1 : 1;
  const centre = (g.width - 1) / 2;
  let best = from;
  let bestPrimary = Infinity;
  let bestPerp = Infinity;
  let bestCentre = Infinity;
  for (let sq = 0; sq < g.size; sq++) {
    if (sq === from) continue;
    const c = cellOf(g, sq, flipped);
    const primary = vertical ? (c.row - here.row) * sign : (c.col - here.col) * sign;
    const perp = vertical ? Math.abs(c.col - here.col) : Math.abs(c.row - here.row);
    if (primary <= 0) continue;
    if (!vertical && perp !== 0) continue;
    const toCentre = Math.abs(c.col - centre);
    if (
      primary < bestPrimary ||
      (primary === bestPrimary && perp < bestPerp) ||
      (primary === bestPrimary && perp === bestPerp && toCentre < bestCentre)
    ) {
      best = sq;
      bestPrimary = primary;
      bestPerp = perp;
      bestCentre = toCentre;
    }
  }
  return best;
}
