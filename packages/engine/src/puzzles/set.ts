/**
 * The puzzle set file: one compact JSON file per variant (`packages/web/public/puzzles/<id>.json`),
 * read by the web trainer on demand and by the slow suite that re-verifies it. Plain data, no
 * engine: this module is what the web app imports (through `@damka/engine/puzzles`).
 *
 * A puzzle is a row `[id, fen, line, rating, themes, source, ply]`: the start position, the
 * solution line as move texts in the variant's own notation separated by spaces (the solver's
 * moves and the opponent's answers, alternating, the solver's first and last), the estimated
 * difficulty, themes separated by spaces, an index into `sources` (the game it comes from) and
 * the ply of that game. Rows keep the file about a third the size of keyed objects.
 */

export const PUZZLE_FORMAT = 1;

/** Where a puzzle was found: a real game (event, players, date) or Damka's self-play. */
export interface PuzzleSource {
  readonly event?: string;
  readonly white?: string;
  readonly black?: string;
  readonly date?: string;
  /** Self-play games: the seed of the game. */
  readonly selfPlay?: number;
}

export type PuzzleRow = [
  id: string,
  fen: string,
  line: string,
  rating: number,
  themes: string,
  source: number,
  ply: number,
];

export interface PuzzleSetFile {
  readonly format: number;
  readonly variant: string;
  /** The search depth every first move was verified at. */
  readonly depth: number;
  /**
   * The largest piece count of the endgame tables the set was verified with (its won endings are
   * exact by them, so re-verifying them needs those tables); absent: by search alone.
   */
  readonly egdb?: number;
  readonly sources: readonly PuzzleSource[];
  readonly puzzles: readonly PuzzleRow[];
}

/** One puzzle as the trainer uses it. */
export interface Puzzle {
  readonly id: string;
  readonly fen: string;
  readonly line: readonly string[];
  readonly rating: number;
  readonly themes: readonly string[];
  readonly source: PuzzleSource;
  readonly ply: number;
}

export const THEMES = [
  'shot',
  'sacrifice',
  'breakthrough',
  'capture-choice',
  'ending',
  'king',
  'forced-win',
  'quiet',
] as const;
export type Theme = (typeof THEMES)[number];

/** Read a set file's text; a clear message when it is not one. */
export function parsePuzzleSet(
  text: string,
): { ok: true; value: PuzzleSetFile } | { ok: false; error: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, error: 'puzzle set is not JSON' };
  }
  const d = data as Partial<PuzzleSetFile> | null;
  if (
    !d ||
    d.format !== PUZZLE_FORMAT ||
    typeof d.variant !== 'string' ||
    !Array.isArray(d.puzzles) ||
    !Array.isArray(d.sources) ||
    (d.egdb !== undefined && typeof d.egdb !== 'number')
  ) {
    return { ok: false, error: `not a format-${PUZZLE_FORMAT} puzzle set` };
  }
  for (const row of d.puzzles) {
    if (
      !Array.isArray(row) ||
      row.length !== 7 ||
      typeof row[0] !== 'string' ||
      typeof row[1] !== 'string' ||
      typeof row[2] !== 'string' ||
      typeof row[3] !== 'number' ||
      typeof row[4] !== 'string' ||
      typeof row[5] !== 'number' ||
      typeof row[6] !== 'number'
    ) {
      return { ok: false, error: 'a puzzle row is malformed' };
    }
  }
  return { ok: true, value: d as PuzzleSetFile };
}

/** The puzzles of a set file, rows expanded. */
export function puzzlesOf(set: PuzzleSetFile): Puzzle[] {
  return set.puzzles.map(([id, fen, line, rating, themes, source, ply]) => ({
    id,
    fen,
    line: line.split(' ').filter((m) => m !== ''),
    rating,
    themes: themes.split(' ').filter((t) => t !== ''),
    source: set.sources[source] ?? {},
    ply,
  }));
}
