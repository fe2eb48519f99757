/**
 * The domain records of a stored game, apart from how any database lays them out: `GameSetup`
 * (fixed when the game is created: rules, clock setting, the seats' secret hashes) and
 * `GameStatus` (everything that changes, each change bumping `version`). The stores map them to
 * and from table rows (`rows.ts`); the service, the cache and the messages between nodes deal in
 * these records only. A status carries no seat hash, so it may travel between nodes as it is.
 */
import type { Action, ClockSetting, OutcomeInfo } from '@damka/protocol';

export type Color = 'white' | 'black';

/** What a game is: fixed at its creation. */
export interface GameSetup {
  readonly id: string;
  readonly variant: string;
  /** The variant's options, as the rules package normalised them. */
  readonly options: Readonly<Record<string, boolean>>;
  /** The start position when not the variant's usual one. */
  readonly fen: string | null;
  readonly clock: ClockSetting | null;
  /** sha256 (hex) of each seat's secret; the secrets themselves are never stored. */
  readonly whiteHash: string;
  readonly blackHash: string;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
  /** The game this one is a rematch of. */
  readonly rematchOf: string | null;
}

/** Where a game stands: every field a change may touch. Times are ms since the epoch. */
export interface GameStatus {
  /** Actions recorded. */
  readonly ply: number;
  /** Bumped by every change: a node's copy is current when its version is the stored one. */
  readonly version: number;
  /** Time left on each clock when the last action was recorded (ms). */
  readonly whiteMs: number;
  readonly blackMs: number;
  /** When the last action was recorded (the running clock counts from here). */
  readonly lastAt: number;
  readonly outcome: OutcomeInfo | null;
  readonly endedAt: number | null;
  readonly drawOffer: Color | null;
  /** Which players asked for a rematch, and the rematch once both have. */
  readonly rematchWhite: boolean;
  readonly rematchBlack: boolean;
  readonly rematchGame: string | null;
  /**
   * sha256 of the secret each player will hold in the rematch, stored when the player asks: it is
   * derived from the player's own secret (`rematchSecret`), so the server can hand it over again
   * whenever that player comes back, without ever storing a secret.
   */
  readonly rematchWhiteHash: string | null;
  readonly rematchBlackHash: string | null;
  /** Whether each seat has been opened once (the waiting screen ends). */
  readonly joinedWhite: boolean;
  readonly joinedBlack: boolean;
}

/** A whole stored game but its actions. */
export interface GameRecord {
  readonly setup: GameSetup;
  readonly status: GameStatus;
}

/** A committed change of a game, as nodes tell each other and as the cache applies it. */
export interface Change {
  readonly game: string;
  /** The status written with the change (its version is the new version). */
  readonly status: GameStatus;
  /** The action recorded with it, if any (its ply is the status's ply minus one). */
  readonly action: Action | null;
}

/** The status of a game just created, with `ms` on each clock. */
export function initialStatus(now: number, ms: number): GameStatus {
  return {
    ply: 0,
    version: 0,
    whiteMs: ms,
    blackMs: ms,
    lastAt: now,
    outcome: null,
    endedAt: null,
    drawOffer: null,
    rematchWhite: false,
    rematchBlack: false,
    rematchGame: null,
    rematchWhiteHash: null,
    rematchBlackHash: null,
    joinedWhite: false,
    joinedBlack: false,
  };
}
