/**
 * The small vocabulary every Damka module speaks: colours, roles, pieces and squares.
 *
 * A `Square` is always an internal 0-based index into a `Topology`; field numbers and algebraic
 * names exist only in notation code. Pieces are small integers so that a board is a plain
 * `Int8Array` the move generator can read without allocating.
 */

export type Color = 'white' | 'black';

/** `queen` exists only where a variant has a middle stage between man and king (Israeli 6x6). */
export type Role = 'man' | 'queen' | 'king';

export interface Piece {
  readonly color: Color;
  readonly role: Role;
}

/** Internal 0-based square index into a topology. */
export type Square = number;

/** Colour index as stored in piece codes: 0 = white, 1 = black. */
export type ColorIndex = 0 | 1;

/**
 * Piece codes stored on a board. Bits 0–1 hold the role (1 man, 2 queen, 3 king), bit 2 the colour
 * (0 white, 1 black). 0 is an empty square.
 */
export const EMPTY = 0;
export const MAN = 1;
export const QUEEN = 2;
export const KING = 3;
export const BLACK_BIT = 4;

export type PieceCode = number;

export function pieceCode(color: Color, role: Role): PieceCode {
  return (color === 'white' ? 0 : BLACK_BIT) | roleIndex(role);
}

export function roleIndex(role: Role): number {
  return role === 'man' ? MAN : role === 'queen' ? QUEEN : KING;
}

export function roleOf(code: PieceCode): Role {
  const r = code & 3;
  return r === MAN ? 'man' : r === QUEEN ? 'queen' : 'king';
}

export function colorOf(code: PieceCode): Color {
  return code & BLACK_BIT ? 'black' : 'white';
}

export function colorIndex(color: Color): ColorIndex {
  return color === 'white' ? 0 : 1;
}

export function opposite(color: Color): Color {
  return color === 'white' ? 'black' : 'white';
}

export function pieceOf(code: PieceCode): Piece | undefined {
  return code === EMPTY ? undefined : { color: colorOf(code), role: roleOf(code) };
}

/** A value or a reason: user input is never answered with an exception. */
export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function err<E>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}
