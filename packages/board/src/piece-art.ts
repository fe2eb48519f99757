/**
 * The drawing of one piece — its body, inner ring, and the mark of its rank (a crown on a king, a
 * five-pointed star on a queen) — shared by the board and by anything that shows a piece beside
 * it, such as an editor's palette, so a piece looks the same everywhere. Plain SVG strings, centred
 * on the origin, in the board's units; the colours come from the `pc-white`/`pc-black` classes.
 */
import type { BoardPiece, BoardRole } from './types.ts';

/** A crown, for a king. */
const CROWN = 'M-21 11 L-25 -13 L-11 -2 L0 -19 L11 -2 L25 -13 L21 11 Z';
/** A five-pointed star, for a queen. */
const STAR = 'M0 -21 L6 -7 L21 -6 L10 4 L13 19 L0 11 L-13 19 L-10 4 L-21 -6 L-6 -7 Z';

/** The mark drawn on a piece of `role` (none on a man). */
export function pieceMarkMarkup(role: BoardRole): string {
  if (role === 'king') return `<path class="mark" d="${CROWN}"/>`;
  if (role === 'queen') return `<path class="mark" d="${STAR}"/>`;
  return '';
}

/** A piece's body, ring and mark, of radius `r`, centred on the origin. */
export function pieceShapesMarkup(role: BoardRole, r: number): string {
  return `<circle class="body" r="${r}"/><circle class="ring" r="${(r * 0.68).toFixed(1)}"/>${pieceMarkMarkup(role)}`;
}

/**
 * A piece on its own, as a small standalone `<svg>` (hidden from assistive technology: the button
 * or text around it names the piece), drawn at the board's own proportions and scaled to its box;
 * style it with `.damka-piece-icon`.
 */
export function pieceIconMarkup(p: BoardPiece): string {
  return (
    `<svg class="damka-piece-icon pc-${p.color}" data-piece="${p.color} ${p.role}" viewBox="-42 -42 84 84" aria-hidden="true" focusable="false">` +
    `${pieceShapesMarkup(p.role, 39)}</svg>`
  );
}
