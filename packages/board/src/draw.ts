/**
 * The board's SVG markup as plain strings: the board itself (checkered squares, a grid, or
 * alquerque points with their lines), coordinates, highlight shapes and pieces. Pure functions of
 * the geometry and orientation, so `BoardView` only decides what to draw and when.
 */
import { cellOf, squareAtCell } from './layout.ts';
import { pieceShapesMarkup } from './piece-art.ts';
import type { BoardGeometry, BoardPiece, Square } from './types.ts';

/** Size of one cell in SVG user units. */
export const UNIT = 100;

/** What the coordinates need of the board's configuration. */
export interface LabelConfig {
  readonly geometry: BoardGeometry;
  readonly flipped: boolean;
  readonly edgeLabels?: {
    readonly files: readonly string[];
    readonly ranks: readonly string[];
  } | null;
  readonly labels: readonly string[];
}

/** The centre of square `sq` in SVG units. */
export function centre(g: BoardGeometry, flipped: boolean, sq: Square): { x: number; y: number } {
  const { col, row } = cellOf(g, sq, flipped);
  return { x: col * UNIT + UNIT / 2, y: row * UNIT + UNIT / 2 };
}

/** A highlight shape on a square: a full cell on square boards, a disc on alquerque points. */
export function markMarkup(g: BoardGeometry, flipped: boolean, sq: Square, cls: string): string {
  const { x, y } = centre(g, flipped, sq);
  if (g.kind === 'alquerque') {
    return `<circle class="${cls}" cx="${x}" cy="${y}" r="${UNIT * 0.46}"/>`;
  }
  return `<rect class="${cls}" x="${x - UNIT / 2}" y="${y - UNIT / 2}" width="${UNIT}" height="${UNIT}"/>`;
}

/** Escape text for an SVG attribute or text node. */
export function escapeXml(t: string): string {
  return t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

/**
 * The board itself: dark squares, a grid, or alquerque points with their lines. `squareAttrs` adds
 * attributes to each square's shape (the widget names the squares for assistive technology).
 */
export function boardMarkup(
  g: BoardGeometry,
  flipped: boolean,
  squareAttrs: (sq: Square) => string = () => '',
): string {
  const W = g.width * UNIT;
  const H = g.height * UNIT;
  const out: string[] = [];
  if (g.kind === 'diagonal') {
    out.push(`<rect class="sq-light" x="0" y="0" width="${W}" height="${H}"/>`);
    for (let sq = 0; sq < g.size; sq++) {
      const { x, y } = centre(g, flipped, sq);
      out.push(
        `<rect class="sq sq-dark" data-square="${sq}"${squareAttrs(sq)} x="${x - UNIT / 2}" y="${y - UNIT / 2}" width="${UNIT}" height="${UNIT}"/>`,
      );
    }
  } else if (g.kind === 'orthogonal') {
    for (let sq = 0; sq < g.size; sq++) {
      const { x, y } = centre(g, flipped, sq);
      out.push(
        `<rect class="sq sq-plain" data-square="${sq}"${squareAttrs(sq)} x="${x - UNIT / 2}" y="${y - UNIT / 2}" width="${UNIT}" height="${UNIT}"/>`,
      );
    }
    for (let i = 1; i < g.width; i++) {
      out.push(`<line class="grid-line" x1="${i * UNIT}" y1="0" x2="${i * UNIT}" y2="${H}"/>`);
    }
    for (let i = 1; i < g.height; i++) {
      out.push(`<line class="grid-line" x1="0" y1="${i * UNIT}" x2="${W}" y2="${i * UNIT}"/>`);
    }
  } else {
    out.push(`<rect class="sq-plain" x="0" y="0" width="${W}" height="${H}"/>`);
    for (const [a, b] of g.segments ?? []) {
      const p = centre(g, flipped, a);
      const q = centre(g, flipped, b);
      out.push(`<line class="seg" x1="${p.x}" y1="${p.y}" x2="${q.x}" y2="${q.y}"/>`);
    }
    for (let sq = 0; sq < g.size; sq++) {
      const { x, y } = centre(g, flipped, sq);
      out.push(
        `<circle class="sq point" data-square="${sq}"${squareAttrs(sq)} cx="${x}" cy="${y}" r="${UNIT * 0.07}"/>`,
      );
    }
  }
  return out.join('');
}

/**
 * Coordinates: along the edges when the variant names files and ranks, else on each square. Hidden
 * from assistive technology, which hears each square's name instead.
 */
export function labelMarkup(c: LabelConfig, index: Int16Array): string {
  const g = c.geometry;
  const flipped = c.flipped;
  const out: string[] = [];
  const esc = escapeXml;
  if (c.edgeLabels) {
    const bottom = g.height - 1;
    for (let col = 0; col < g.width; col++) {
      const file = c.flipped ? g.width - 1 - col : col;
      const text = c.edgeLabels.files[file];
      if (text === undefined) continue;
      const dark = g.kind === 'diagonal' && squareAtCell(g, index, col, bottom) >= 0;
      const alq = g.kind === 'alquerque';
      const x = alq ? col * UNIT + UNIT / 2 : col * UNIT + UNIT - 6;
      const anchor = alq ? 'middle' : 'end';
      const y = alq ? bottom * UNIT + UNIT - 3 : bottom * UNIT + UNIT - 6;
      out.push(
        `<text class="label${dark ? ' on-dark' : ''}" x="${x}" y="${y}" text-anchor="${anchor}">${esc(text)}</text>`,
      );
    }
    for (let row = 0; row < g.height; row++) {
      const rank = c.flipped ? row : g.height - 1 - row;
      const text = c.edgeLabels.ranks[rank];
      if (text === undefined) continue;
      const dark = g.kind === 'diagonal' && squareAtCell(g, index, 0, row) >= 0;
      const y = g.kind === 'alquerque' ? row * UNIT + UNIT / 2 + 5 : row * UNIT + 17;
      const x = g.kind === 'alquerque' ? 3 : 5;
      out.push(
        `<text class="label${dark ? ' on-dark' : ''}" x="${x}" y="${y}">${esc(text)}</text>`,
      );
    }
  } else {
    for (let sq = 0; sq < g.size; sq++) {
      const text = c.labels[sq];
      if (text === undefined) continue;
      const { x, y } = centre(g, flipped, sq);
      const dark = g.kind === 'diagonal';
      out.push(
        `<text class="label${dark ? ' on-dark' : ''}" x="${x - UNIT / 2 + 4}" y="${y - UNIT / 2 + 16}">${esc(text)}</text>`,
      );
    }
  }
  return `<g aria-hidden="true">${out.join('')}</g>`;
}

/**
 * One piece (a crown on a king, a star on a queen) at its square's centre; hidden from assistive
 * technology, which hears the piece in its square's name.
 */
export function pieceMarkup(
  g: BoardGeometry,
  flipped: boolean,
  sq: Square,
  p: BoardPiece,
  extraClass = '',
): string {
  const { x, y } = centre(g, flipped, sq);
  const r = g.kind === 'alquerque' ? UNIT * 0.33 : UNIT * 0.39;
  const piece = `${p.color} ${p.role}`;
  return (
    `<g class="piece pc-${p.color}${extraClass}" data-square="${sq}" data-piece="${piece}" aria-hidden="true" transform="translate(${x},${y})">` +
    `<g class="inner"><circle class="shadow" cx="0" cy="4" r="${r}"/>` +
    `${pieceShapesMarkup(p.role, r)}</g></g>`
  );
}
