/**
 * The plain data the board widget receives and reports. The widget knows no rules and imports no
 * other Damka package: the geometry mirrors the fields of a rules `Topology`, pieces are
 * `{color, role}` records and legal moves are `{from, to, path, captures}` — so any topology object
 * or hand-written fixture can be passed in unchanged.
 */

/** Internal 0-based square index, as used by the caller's topology. */
export type Square = number;

export type BoardColor = 'white' | 'black';
export type BoardRole = 'man' | 'queen' | 'king';

/** `diagonal`: checkered board played on one colour; `orthogonal`: every square used (Turkish);
 * `alquerque`: pieces on points joined by drawn lines (Dhamet). */
export type BoardKind = 'diagonal' | 'orthogonal' | 'alquerque';

/** The board's shape: the fields of a `Topology` the widget needs (a topology can be passed as is). */
export interface BoardGeometry {
  readonly kind: BoardKind;
  readonly width: number;
  readonly height: number;
  readonly size: number;
  /** File (0-based, left to right from White's side) of each square. */
  readonly file: ArrayLike<number>;
  /** Rank (0-based, White's home row = 0) of each square. */
  readonly rank: ArrayLike<number>;
  /** Drawn lines between squares (used for alquerque boards). */
  readonly segments?: ReadonlyArray<readonly [Square, Square]>;
}

export interface BoardPiece {
  readonly color: BoardColor;
  readonly role: BoardRole;
}

/** One legal move: `path` is the landing square after each jump (for a step, `[to]`). */
export interface BoardMove {
  readonly from: Square;
  readonly to: Square;
  readonly path: readonly Square[];
  readonly captures: readonly Square[];
}

/** A user's attempt that matched no legal move; `to` is -1 when a piece that cannot move was picked. */
export interface RefusedAttempt {
  readonly from: Square;
  readonly to: Square;
}

/** The last move to mark on the board. */
export interface LastMove {
  readonly from: Square;
  readonly to: Square;
  readonly path?: readonly Square[];
}

/**
 * What the board says to screen readers; `describe` turns it into words. A `cursor` sentence is a
 * square's accessible name (read as the keyboard cursor reaches it); the others go to the live
 * region: `move` for a move the user made on this board, `played` for one that arrived from the
 * caller (the opponent's or the computer's, or a step forward through a game).
 */
export type Announcement =
  | {
      readonly type: 'cursor';
      readonly square: Square;
      readonly label: string;
      readonly piece: BoardPiece | undefined;
      readonly destination: boolean;
    }
  | {
      readonly type: 'select';
      readonly square: Square;
      readonly label: string;
      readonly piece: BoardPiece | undefined;
      readonly destinations: readonly string[];
    }
  | {
      readonly type: 'narrow';
      readonly square: Square;
      readonly label: string;
      readonly destinations: readonly string[];
    }
  | { readonly type: 'cancel' }
  | {
      readonly type: 'move';
      readonly from: string;
      readonly to: string;
      readonly captures: number;
    }
  | {
      readonly type: 'played';
      readonly from: string;
      readonly to: string;
      readonly captures: number;
      /** The piece that moved, as it stands on `to`. */
      readonly piece: BoardPiece | undefined;
    };
