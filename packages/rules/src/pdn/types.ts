/**
 * The PDN game model: what a PDN 3.0 file says, kept as written — tags in their order, the move
 * tree with comments, NAGs and variations, and the result — before any rules have looked at it.
 *
 * Moves are kept as text because a file may name squares in another notation than the variant's
 * (numbers for an algebraic game, a1… for International): replaying (`replay.ts`) is the step that
 * turns text into legal `Move`s, and it reports the first move that is not legal.
 */

/** The results PDN writes, in both the 1-0 and the 2-0 (points) styles. */
export const PDN_RESULTS = ['1-0', '0-1', '1/2-1/2', '*', '2-0', '0-2', '1-1', '0-0'] as const;

export type PdnResult = (typeof PDN_RESULTS)[number];

export function isPdnResult(text: string): text is PdnResult {
  return (PDN_RESULTS as readonly string[]).includes(text);
}

/** A place in the source text; both 1-based. */
export interface SourcePos {
  readonly line: number;
  readonly column: number;
}

/** One move as written, with what follows it. */
export interface PdnMove {
  /** The move text without annotation marks: `32-28`, `28x19x10`, `c3:e5`. */
  readonly text: string;
  /** Annotations in order: `$1`-style NAGs and the marks `!`, `?`, `!!`, `??`, `!?`, `?!`. */
  readonly nags: readonly string[];
  /** Comments written after the move (brace and `;` comments alike). */
  readonly comments: readonly string[];
  /** Alternatives to this move, each starting from the position before it. */
  readonly variations: readonly PdnLine[];
  /** Where the move starts in the source, when it was read from text. */
  readonly at?: SourcePos;
}

/** A sequence of moves with the comments written before its first move. */
export interface PdnLine {
  readonly comments: readonly string[];
  readonly moves: readonly PdnMove[];
}

/** One game of a PDN file. */
export interface PdnGame {
  /** Tag pairs in file order (a repeated tag keeps its first place and its last value). */
  readonly tags: ReadonlyMap<string, string>;
  /** The main line; its `comments` are those written before the first move. */
  readonly moves: PdnLine;
  /** The game termination marker, or the Result tag when the movetext has none, or `*`. */
  readonly result: PdnResult;
  /** The number written before the first move (1 unless the game starts later). */
  readonly startNumber: number;
}

/** A syntax error in a PDN text: where, what was found, and why it is wrong. */
export interface PdnError {
  readonly line: number;
  readonly column: number;
  /** Character offset in the whole input. */
  readonly offset: number;
  /** The offending text (cut to a few dozen characters). */
  readonly text: string;
  readonly message: string;
}

/**
 * Who won according to a result marker: `none` for 0-0 (both lose), `unknown` for `*`.
 * `first` is the side whose score the marker gives first: White's in PDN, but Black's in English
 * draughts as CheckerBoard and the OCA archive write it (`resultFirst`).
 */
export function resultWinner(
  result: PdnResult,
  first: 'white' | 'black' = 'white',
): 'white' | 'black' | 'draw' | 'none' | 'unknown' {
  const second = first === 'white' ? 'black' : 'white';
  switch (result) {
    case '1-0':
    case '2-0':
      return first;
    case '0-1':
    case '0-2':
      return second;
    case '1/2-1/2':
    case '1-1':
      return 'draw';
    case '0-0':
      return 'none';
    default:
      return 'unknown';
  }
}

/**
 * The side whose score a variant's result markers give first: the first player's where Black
 * moves first (English / American draughts: `1-0` is a win for Black, as CheckerBoard and the OCA
 * archive read it), White's everywhere else.
 */
export function resultFirst(firstPlayer: 'white' | 'black'): 'white' | 'black' {
  return firstPlayer;
}

/** The marker Damka writes for a finished game (`*` when it goes on), by `resultFirst`. */
export function resultMarker(
  winner: 'white' | 'black' | 'draw' | undefined,
  firstPlayer: 'white' | 'black',
): PdnResult {
  if (winner === undefined) return '*';
  if (winner === 'draw') return '1/2-1/2';
  return winner === resultFirst(firstPlayer) ? '1-0' : '0-1';
}
