/**
 * The shape of a variant's rules: one plain record of parameters per variant, each field answering
 * one question a rulebook answers. Variant files fill it in and cite their sources; `compile.ts`
 * turns it into tables once, so move generation never asks which variant it is playing.
 */
import type { Color, Role } from '../types.ts';
import type { TopologyId } from '../topology/topology.ts';

/** Which way a man may step or jump, relative to its own forward direction. */
export type ManDirections = 'forward' | 'forwardAndSideways' | 'all';

/**
 * How the choice between captures is restricted, applied in order (each keeps the best remaining):
 * - `quantity`: most pieces captured (a king counts one);
 * - `quality`: most kings captured;
 * - `withKing`: a capture made by a king beats one made by a man (Italian 6.7);
 * - `earliestKing`: the sequence meeting a king first (Italian 6.9);
 * - `kingPriority`: if a king can capture, a king capture must be chosen (Czech);
 * - `value`: the highest value captured, a king worth more than one man and less than two — with m
 *   men and k kings taken, the larger m + 2k wins, then the fewer kings (Frisian Art. 11).
 */
export type PrecedenceStep =
  'quantity' | 'quality' | 'withKing' | 'earliestKing' | 'kingPriority' | 'value';

/**
 * Where a flying king lands after jumping a piece:
 * - `anyBeyond`: any empty square beyond it (one from which the capture goes on, if there is one);
 * - `rightBehind`: only the square right behind every piece it jumps (Thai);
 * - `rightBehindKing`: as `anyBeyond`, but when the last piece of the capture is a king, the
 *   square right behind it (Killer).
 */
export type KingLanding = 'anyBeyond' | 'rightBehind' | 'rightBehindKing';

/**
 * Whether captures are compulsory:
 * - `mandatory`: a capture must be made when one exists;
 * - `optional`: captures may be ignored (house rule "no forced capture");
 * - `burn`: optional, but the opponent may then burn a piece that could have captured (Israeli);
 * - `souffle`: Dhamet's huff — any capture or part of one may be played; the opponent may punish
 *   a move that did not take the maximum.
 */
export type CaptureObligation = 'mandatory' | 'optional' | 'burn' | 'souffle';

/** What happens when a man reaches the promotion row in the middle of a capture. */
export type MidCapturePromotion =
  /** stays a man and may go on capturing as a man; crowned only if the move ends there (FMJD 4.15) */
  | 'passThrough'
  /** crowned and the move ends there */
  | 'stop'
  /** crowned at once and finishes the capture as a king (Russian) */
  | 'continueAsKing';

export interface PromotionStage {
  readonly from: Role;
  readonly to: Role;
  /** `far`: the opponent's home row; `home`: the piece's own home row (Israeli 6x6 queen → king). */
  readonly zone: 'far' | 'home';
}

/** Draw rules as data; counts are moves per player unless named plies. */
export type DrawRule =
  /** the same position with the same side to move for the `times`-th time */
  | { readonly kind: 'repetition'; readonly times: number }
  /** `moves` moves each with no capture and no man move (only kings or queens moved) */
  | { readonly kind: 'quietMoves'; readonly moves: number }
  /**
   * A strong side against a lone king: drawn after `moves` more moves each.
   * `strongPieces` is the allowed total of the strong side, `minStrongKings` its minimum kings;
   * `longDiagonal`: the lone king must stand on the long diagonal (Russian 7.2.7, Portuguese).
   */
  | {
      readonly kind: 'endgame';
      readonly strongPieces: readonly [min: number, max: number];
      readonly minStrongKings: number;
      readonly moves: number;
      readonly longDiagonal?: 'weak' | 'strong';
    }
  /** both sides have kings and the material is unchanged: `moves` moves per total piece count */
  | {
      readonly kind: 'kingsBothSides';
      readonly byPieces: ReadonlyArray<readonly [min: number, max: number, moves: number]>;
    }
  /** one piece each (any roles) is a draw at once */
  | { readonly kind: 'onePieceEach' }
  /** one king each is a draw at once */
  | { readonly kind: 'oneKingEach' };

export interface Rules {
  readonly id: string;
  readonly name: string;
  /** One line for menus. */
  readonly summary: string;
  readonly topology: TopologyId;
  readonly firstPlayer: Color;
  /** Start position, in the variant's own FEN notation. */
  readonly startFen: string;
  /**
   * The most pieces a side may have in a position set up from a FEN; absent: as many as it starts
   * with (Thai: 12, the three-row start of the published Thai perft table, docs/rules.md §7.6).
   */
  readonly maxPieces?: number;
  readonly notation: {
    /** How squares are named; `numeric-fmjd`: row by row from the top-left playable square. */
    readonly squares: 'numeric-fmjd' | 'numeric-spanish' | 'algebraic';
    /** Also accept numbers (English diagram numbering) for an algebraic 8x8 variant. */
    readonly acceptNumeric: boolean;
    readonly captureSeparator: 'x' | ':';
  };
  /** PDN GameType tag value, standard where one exists. */
  readonly pdnGameType: string;
  readonly man: {
    readonly moves: ManDirections;
    readonly captures: ManDirections;
    /** false: a man may capture men only (Italian 5.3b) */
    readonly capturesKings: boolean;
    /** men capture backward only later in a chain whose first jump was forward (house rule) */
    readonly backwardCaptureOnlyAfterForward: boolean;
    /** a lone man (its side's only piece) may also step backward (house rule) */
    readonly lastPieceMayMoveBackward: boolean;
  };
  /** Kings: short (one step, jump the adjacent piece) or flying (any distance, land anywhere beyond). */
  readonly king: {
    readonly range: 'short' | 'flying';
    /** Landing squares of a flying king's capture; `anyBeyond` when absent. */
    readonly landing?: KingLanding;
  };
  /**
   * The lines a non-capturing move may follow: every line of the board (absent), or only its
   * diagonals where captures also run along orthogonal lines (Frisian Art. 7 and 9).
   */
  readonly stepLines?: 'diagonal';
  readonly capture: {
    readonly obligation: CaptureObligation;
    readonly precedence: readonly PrecedenceStep[];
    /** `endOfMove`: jumped pieces stay (and block) until the move ends; `immediate`: removed at once */
    readonly removal: 'endOfMove' | 'immediate';
    /** may a piece reverse along the line it just travelled between two jumps */
    readonly allowReversal: boolean;
    /** false: every prefix of a legal capture is also legal (house rule) */
    readonly mustComplete: boolean;
  };
  readonly promotion: {
    readonly stages: readonly PromotionStage[];
    readonly midCapture: MidCapturePromotion;
  };
  /** What a player who cannot move on his turn gets. */
  readonly noMoveMeans: 'loss' | 'win';
  /** The first side to crown a king wins at once (Breakthrough); absent: crowning decides nothing. */
  readonly crowningWins?: boolean;
  /**
   * A player with at least one king and one man may make at most this many non-capturing moves in
   * a row with the same king (Frisian Art. 17: 3); absent: no limit. Counted per ply (`ply-state.ts`).
   */
  readonly kingMoveLimit?: number;
  readonly draws: readonly DrawRule[];
  /** A king may split into two men instead of moving (house rule). */
  readonly kingSplit: boolean;
  /** Compulsory opening from the start position, in the variant's notation (Dhamet). */
  readonly forcedOpening: readonly string[];
  /** Any draw is won by the side with more pieces (house rule). */
  readonly materialAdjudication: boolean;
  /** Rulebook sources for this record. */
  readonly sources: readonly string[];
}
