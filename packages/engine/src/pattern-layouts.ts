/**
 * The window layouts of the pattern tables (patterns.ts): for each board, how its squares are cut
 * into windows of 8 squares. Bands of 4 ranks by two neighbouring squares of each rank, and
 * further windows given cell by cell (two neighbouring ranks on 8x8 and 10x10; on 8x8 also windows
 * slanted along the diagonals).
 * Kept apart from the tables' reading so that a layout is read in one place and described in one.
 */

/** Windows of the 10x10 board, and states per window. */
export const WINDOWS = 16;
export const STATES = 6561;

/** A board's window layout: squares per rank, ranks, window columns per rank, windows. */
export interface PatternGeometry {
  readonly perRank: number;
  readonly ranks: number;
  readonly columns: number;
  readonly windows: number;
  /** The lowest rank of each band of windows, when not every other rank from 0. */
  readonly bands?: readonly number[];
  /**
   * Windows given cell by cell, after the bands' windows: each is four (rank, column) cells, a
   * column being squares k and k+1 of its rank as in a band, listed by rising rank; the first
   * cell's digit counts 1, the next 9, 81 and 729. A layout holds the mirror of each of its
   * windows (the window a board turned half round reads in its place). The bands are not given
   * so: `scoreBits` reads a band's four ranks once for all its columns, its hot path.
   */
  readonly shapes?: readonly WindowShape[];
}

/** `[rank0, column0, rank1, column1, rank2, column2, rank3, column3]`. */
export type WindowShape = readonly [number, number, number, number, number, number, number, number];

/** The 10x10 board: 5 squares a rank, 4 columns and 4 bands of windows. */
export const TEN: PatternGeometry = { perRank: 5, ranks: 10, columns: 4, windows: 16 };
/** The 10x10 board with a band from every rank (0 to 6): 28 windows, as `EIGHT_DENSE` on 8x8. */
export const TEN_DENSE: PatternGeometry = {
  perRank: 5,
  ranks: 10,
  columns: 4,
  windows: 28,
  bands: [0, 1, 2, 3, 4, 5, 6],
};
/** The 8x8 board: 4 squares a rank, 3 columns and 3 bands of windows. */
export const EIGHT: PatternGeometry = { perRank: 4, ranks: 8, columns: 3, windows: 9 };
/**
 * The 8x8 board with a band from every rank (0 to 4): 15 windows, so that no two neighbouring
 * ranks are seen only in different windows. A table of 15 windows' entries is read this way.
 */
export const EIGHT_DENSE: PatternGeometry = {
  perRank: 4,
  ranks: 8,
  columns: 3,
  windows: 15,
  bands: [0, 1, 2, 3, 4],
};
/**
 * Windows of two neighbouring ranks, four squares of each: for every pair of ranks r and r + 1
 * (r below `ranks` - 1) and every first square c given, squares c to c + 3 of both ranks (their
 * columns c and c + 2), by rising r and then c. On 8x8 (c = 0) the window is the two whole ranks;
 * on 10x10 (c = 0 and 1) squares 0-3 or 1-4, and turned half round the window of squares 0-3 of
 * ranks r, r + 1 is that of squares 1-4 of ranks 8 - r, 9 - r.
 */
function rankPairs(ranks: number, firstSquares: readonly number[]): WindowShape[] {
  return Array.from({ length: ranks - 1 }, (_, r) =>
    firstSquares.map((c) => [r, c, r, c + 2, r + 1, c, r + 1, c + 2] as const),
  ).flat();
}
const RANK_PAIRS = rankPairs(8, [0]);

/**
 * The 8x8 board's 15 windows of `EIGHT_DENSE` and 7 more of two whole ranks each (ranks 0-1 to
 * 6-7): a rank's four squares side by side, which the bands see only two at a time. 22 windows.
 */
export const EIGHT_RANK_PAIRS: PatternGeometry = {
  ...EIGHT_DENSE,
  windows: 22,
  shapes: RANK_PAIRS,
};

/**
 * The 10x10 board's 28 windows of `TEN_DENSE` and 18 of two neighbouring ranks (squares 0-3 or
 * 1-4 of each, which the bands see two at a time): 46 windows.
 */
export const TEN_RANK_PAIRS: PatternGeometry = {
  ...TEN_DENSE,
  windows: 46,
  shapes: rankPairs(10, [0, 1]),
};

/**
 * Windows of 4 ranks that lean along a diagonal: a rank's column shifts by one where the
 * diagonal passes into the next pair. On a board whose even ranks start on the first file (the
 * 8x8 numbering of Damka's boards), square k of an even rank and square k of the rank above are
 * diagonal neighbours, so a diagonal leaning right keeps its column for two ranks from an even
 * rank (columns c, c, c+1, c+1) and shifts at once from an odd one (0, 1, 1, 2); leaning left,
 * the other way round. From each of the five lowest ranks three windows, 15 in all; turned half
 * round, the board's slanted windows are slanted windows again.
 */
const SLANTS: readonly WindowShape[] = (() => {
  const columns: Record<'even' | 'odd', (readonly number[])[]> = {
    even: [
      [0, 0, 1, 1],
      [1, 1, 2, 2],
      [2, 1, 1, 0],
    ],
    odd: [
      [0, 1, 1, 2],
      [1, 1, 0, 0],
      [2, 2, 1, 1],
    ],
  };
  const shapes: WindowShape[] = [];
  for (let b = 0; b <= 4; b++) {
    for (const c of columns[b % 2 === 0 ? 'even' : 'odd']) {
      shapes.push([b, c[0]!, b + 1, c[1]!, b + 2, c[2]!, b + 3, c[3]!]);
    }
  }
  return shapes;
})();

/**
 * The 8x8 board's 22 windows of `EIGHT_RANK_PAIRS` and the 15 slanted windows (`SLANTS`): 37.
 */
export const EIGHT_SLANTS: PatternGeometry = {
  ...EIGHT_DENSE,
  windows: 37,
  shapes: [...RANK_PAIRS, ...SLANTS],
};
/** The 12x12 board: 6 squares a rank, 5 columns and 5 bands of windows. */
export const TWELVE: PatternGeometry = { perRank: 6, ranks: 12, columns: 5, windows: 25 };
/** The 6x6 board: 3 squares a rank, 2 columns and 2 bands of windows. */
export const SIX: PatternGeometry = { perRank: 3, ranks: 6, columns: 2, windows: 4 };
/**
 * Turkish's orthogonal 8x8 board, all 64 squares: 8 a rank, so a window's two squares of a rank
 * are side by side (2 files by 4 ranks); 7 columns and 3 bands of windows.
 */
export const ORTHOGONAL_EIGHT: PatternGeometry = { perRank: 8, ranks: 8, columns: 7, windows: 21 };

/**
 * Dhamet's 9x9 alquerque board, all 81 points, 9 a rank: windows of 2 files by 4 ranks (8
 * columns), in bands starting on ranks 0, 2, 3 and 5 (9 ranks are not covered by bands 2 apart;
 * these four cover them and map onto each other when the board is turned half round); 32 windows.
 * Its lines differ from point to point (diagonals only through every other point), but each
 * window has its own entries, so each learns the shape it sees. Read from the board only: 81
 * points do not fit the two-word bitboards of `scoreBits`.
 */
export const NINE: PatternGeometry = {
  perRank: 9,
  ranks: 9,
  columns: 8,
  windows: 32,
  bands: [0, 2, 3, 5],
};

/** The 10x10 layouts, the default first. */
export const TEN_LAYOUTS: readonly PatternGeometry[] = [TEN, TEN_DENSE, TEN_RANK_PAIRS];

/** The 8x8 layouts, the default first. */
export const EIGHT_LAYOUTS: readonly PatternGeometry[] = [
  EIGHT,
  EIGHT_DENSE,
  EIGHT_RANK_PAIRS,
  EIGHT_SLANTS,
];
