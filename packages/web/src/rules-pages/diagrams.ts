/**
 * Worked positions for the rules pages, built for each variant from its topology and answered by
 * the rules package's own move generator — so a diagram shows what the game will really allow.
 *
 * - `choiceDiagram`: a man that can take one piece one way or two pieces another way. Under a
 *   "most pieces" or a capture-value rule (Frisian) only the double capture is legal; under free
 *   choice both are; where men
 *   capture forward only or sideways (Turkish), the pattern follows the men's directions.
 * - `kingDiagram`: a king next to an enemy man with open squares beyond it: a flying king may land
 *   on any of them, a short king (or Thai's, which stops right behind) only on the first.
 *
 * The patterns are written in the moving side's frame (its forward is up) and turned 180° for
 * Black, then placed on the first spot of the board where they fit, nearest the middle.
 */
import {
  Position,
  formatMove,
  pieceCode,
  squareAt,
  type Color,
  type Piece,
  type Role,
  type Square,
  type Variant,
} from '@damka/rules';

export interface DiagramCapture {
  /** The capture in the variant's notation, the whole route written out. */
  readonly text: string;
  readonly from: Square;
  readonly to: Square;
  readonly taken: number;
}

export interface Diagram {
  readonly pieces: ReadonlyArray<Piece | undefined>;
  readonly mover: Color;
  /** The legal captures of the position, as the generator gives them. */
  readonly captures: readonly DiagramCapture[];
  /** Capturing is optional in this variant: quiet moves are legal too. */
  readonly optional: boolean;
}

type Placed = readonly [dx: number, dy: number, who: 'mover' | 'enemy' | 'empty', role: Role];

/** Choice of captures, for boards played on the diagonals: one capture left, two to the right. */
const DIAGONAL_CHOICE: readonly Placed[] = [
  [0, 0, 'mover', 'man'],
  [-1, 1, 'enemy', 'man'],
  [-2, 2, 'empty', 'man'],
  [1, 1, 'enemy', 'man'],
  [2, 2, 'empty', 'man'],
  [1, 3, 'enemy', 'man'],
  [0, 4, 'empty', 'man'],
];

/** Choice of captures along ranks and files: one sideways, two forward then sideways. */
const ORTHOGONAL_CHOICE: readonly Placed[] = [
  [0, 0, 'mover', 'man'],
  [-1, 0, 'enemy', 'man'],
  [-2, 0, 'empty', 'man'],
  [0, 1, 'enemy', 'man'],
  [0, 2, 'empty', 'man'],
  [1, 2, 'enemy', 'man'],
  [2, 2, 'empty', 'man'],
];

function kingPattern(dx: number, dy: number): Placed[] {
  return [
    [0, 0, 'mover', 'king'],
    [dx, dy, 'enemy', 'man'],
    [2 * dx, 2 * dy, 'empty', 'man'],
    [3 * dx, 3 * dy, 'empty', 'man'],
    [4 * dx, 4 * dy, 'empty', 'man'],
  ];
}

function opposite(c: Color): Color {
  return c === 'white' ? 'black' : 'white';
}

/**
 * Place `pattern` on the variant's board for `mover`, nearest the middle, with no man on or
 * landing on a crowning row; undefined when it fits nowhere.
 */
function place(variant: Variant, pattern: readonly Placed[], mover: Color): Int8Array | undefined {
  const topo = variant.topology;
  const { width, height } = topo;
  const cells: Array<[number, number]> = [];
  for (let rank = 0; rank < height; rank++) {
    for (let file = 0; file < width; file++) cells.push([file, rank]);
  }
  // nearest the middle file first, then lowest rank (the pattern grows upward)
  cells.sort(
    ([fa, ra], [fb, rb]) => Math.abs(2 * fa - width + 1) - Math.abs(2 * fb - width + 1) || ra - rb,
  );
  for (const [file, rank] of cells) {
    const board = new Int8Array(topo.size);
    let fits = true;
    for (const [dx, dy, who, role] of pattern) {
      const f = file + dx;
      const r = rank + dy;
      // the mover's frame: its forward is +r; Black's pattern is the same turned 180°
      const sq =
        mover === 'white' ? squareAt(topo, f, r) : squareAt(topo, width - 1 - f, height - 1 - r);
      // men stay off the last row (they would crown) and off the first (the enemy's crowning row)
      if (sq < 0 || (role === 'man' && (r <= 0 || r >= height - 1) && who !== 'mover')) {
        fits = false;
        break;
      }
      if (who === 'mover' && role === 'man' && r >= height - 1) {
        fits = false;
        break;
      }
      if (who !== 'empty') {
        board[sq] = pieceCode(who === 'mover' ? mover : opposite(mover), role);
      }
    }
    if (fits) return board;
  }
  return undefined;
}

function diagramOf(variant: Variant, board: Int8Array, mover: Color): Diagram | undefined {
  const position = Position.fromSetup(variant, { turn: mover, board });
  if (!position.ok) return undefined;
  const p = position.value;
  const moves = p.legalMoves();
  const pieces: Array<Piece | undefined> = [];
  for (let sq = 0; sq < variant.topology.size; sq++) pieces.push(p.pieceAt(sq));
  return {
    pieces,
    mover,
    captures: moves
      .filter((m) => m.kind === 'capture')
      .map((m) => ({
        text: formatMove(p, m, { full: true }),
        from: m.from,
        to: m.to,
        taken: m.captures.length,
      })),
    optional: moves.some((m) => m.kind !== 'capture'),
  };
}

/** The start position's pieces. */
export function startPieces(variant: Variant): Array<Piece | undefined> {
  const p = Position.start(variant);
  const pieces: Array<Piece | undefined> = [];
  for (let sq = 0; sq < variant.topology.size; sq++) pieces.push(p.pieceAt(sq));
  return pieces;
}

/** A man choosing between a single and a double capture; undefined if the board has no room. */
export function choiceDiagram(variant: Variant): Diagram | undefined {
  const mover = variant.rules.firstPlayer;
  const pattern = variant.topology.kind === 'diagonal' ? DIAGONAL_CHOICE : ORTHOGONAL_CHOICE;
  const board = place(variant, pattern, mover);
  return board && diagramOf(variant, board, mover);
}

/**
 * A king beside an enemy man with three empty squares beyond it; undefined if the board has no
 * room, or where crowning ends the game (Breakthrough), since a king then never moves.
 */
export function kingDiagram(variant: Variant): Diagram | undefined {
  if (variant.rules.crowningWins === true) return undefined;
  const mover = variant.rules.firstPlayer;
  const pattern = variant.topology.kind === 'diagonal' ? kingPattern(1, 1) : kingPattern(0, 1);
  const board = place(variant, pattern, mover);
  return board && diagramOf(variant, board, mover);
}
